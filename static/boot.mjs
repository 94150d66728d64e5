// Kismet's Pyodide for the page, where the game's Python must run on the page itself: the
// start worker (static/start-worker.mjs) runs it wherever it can reach the page's storage,
// that is wherever a service worker relays it; elsewhere (a plain http:// host other than
// localhost, a browser refusing service workers) static/client.mjs hands over what the
// worker had (handOver) and starts PyScript, which imports this module as its interpreter
// (pyscript.toml) and calls loadPyodide() from it.
//
// What the worker hands over: {kind: "stored", bytes} (the snapshot an earlier visit kept),
// {kind: "made", bytes, worker} (a fresh one, which that worker packs and stores once the
// game is on screen), or {kind: "none"}: then Python is started here, and its own snapshot
// kept for the next visit by a worker of its own. Restoring takes about 0.2 s of the page's
// main thread, cut into tasks; starting Python here takes seconds and froze the page.
// What happened is written to <html data-snapshot>: "restored"; "saving" then "saved" or
// "failed"; or "off" (no Cache Storage); where Python started to <html data-start>
// ("worker": its snapshot; or "page"), and whether the game's modules came imported with
// the snapshot to <html data-game> ("snapshot", else "page").
//
// makeMemorySnapshot needs Pyodide started with _makeSnapshot, an option Pyodide marks as
// internal; it is pinned (package-lock.json), and tests/test_offline.py checks both ways
// in. When the page starts Python itself in that mode, Pyodide hands Python a proxy of the
// JavaScript globals through which the DOM's getters fail ("Illegal invocation"), so once
// the snapshot is taken the `js` module is registered again as the real globals, before any
// other Python code runs.
import * as pyodide from "../pyodide/pyodide.mjs";
import { CONFIG, KEEPS, RESEED, WHERE, restFetched, withTheRest } from "./python.mjs";

export const version = pyodide.version;

const root = document.documentElement;
const report = (state) => { root.dataset.snapshot = state; };

const whenReady = () => new Promise((resolve) => {
  if (root.dataset.ready === "true") return resolve();
  const watch = new MutationObserver(() => {
    if (root.dataset.ready === "true") { watch.disconnect(); resolve(); }
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
});

let handed;
const received = new Promise((resolve) => { handed = resolve; });

// What the start worker had: static/client.mjs hands it over before it starts PyScript.
export function handOver(what) {
  handed(what);
}

const startWorker = () => new Worker(new URL("./start-worker.mjs", import.meta.url),
                                     { type: "module" });

// The page's own snapshot (when it had to start Python itself) is saved once the game is on
// screen, by a worker, so packing and writing it neither delays the start nor holds up the
// first clicks.
async function keep(bytes) {
  await whenReady();
  try {
    const worker = startWorker();
    worker.onmessage = ({ data }) => { report(data.state); worker.terminate(); };
    worker.onerror = () => { report("failed"); worker.terminate(); };
    worker.postMessage({ save: bytes, where: WHERE }, [bytes.buffer]);
  } catch (error) {
    report("failed");
  }
}

// The page's turn: a task of its own for whatever waits (a tap, a frame, the spinner), then
// the work goes on. A message, not a timer: timers wait a second in a background tab.
const breathe = () => new Promise((resolve) => {
  const channel = new MessageChannel();
  channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
  channel.port2.postMessage(null);
});

// Pyodide's hook for the file system runs once the WebAssembly is instantiated and before
// the snapshot is restored: the page gets its turn there too (then any hook PyScript gave).
const breatheThen = (hook) => async (fs, info) => {
  await breathe();
  if (hook) await hook(fs, info);
};

// Pyodide's start on the page is one chain of promises that never waits, so it would be
// one task: the page gets its turn before and after the instantiation, which cuts it in
// three.
async function breathing(load) {
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    WebAssembly.instantiateStreaming = streaming;
    await breathe();
    const made = await streaming(source, imports);
    await breathe();
    return made;
  };
  try {
    return await load();
  } finally {
    WebAssembly.instantiateStreaming = streaming;
  }
}

export async function loadPyodide(options = {}) {
  // The rest of the standard library: from the service worker's cache at once (so offline
  // visits have it before their Python runs), else once the game is ready.
  const served = !!navigator.serviceWorker?.controller;
  const rest = restFetched(served ? null : whenReady());
  const python = await startPyodide(options);
  if (served) await rest;
  withTheRest(python, rest, (stage) => { root.dataset.stdlib = stage; });
  // The page's Python, for tests and for anyone curious in the browser's console.
  globalThis.kismetPython = python;
  return python;
}

async function startPyodide(options) {
  const config = { lockFileContents: CONFIG.lockFileContents, ...options,
                   indexURL: CONFIG.indexURL, stdLibURL: CONFIG.stdLibURL };
  const { kind, bytes, worker } = await received;
  if (bytes) {
    try {
      const restored = await breathing(() => pyodide.loadPyodide({
        ...config, _loadSnapshot: bytes, fsInit: breatheThen(config.fsInit),
      }));
      const prepared = restored.runPython(RESEED);
      root.dataset.game = prepared ? "snapshot" : "page";
      // Pyodide keeps its options, the snapshot's bytes among them: let them go.
      if (restored._api?.config) restored._api.config._loadSnapshot = null;
      root.dataset.start = "worker";
      if (kind === "made" && KEEPS && worker) {
        report("saving");
        whenReady().then(() => worker.postMessage("save"));
      } else {
        report(kind === "stored" ? "restored" : "off");
        worker?.terminate();
      }
      return restored;
    } catch (error) {
      worker?.terminate();
      await caches.delete(WHERE.cacheName).catch(() => {});
    }
  }
  return startHere(config);
}

// Python started on the page itself: where the start worker could not run, or its snapshot
// could not be restored.
async function startHere(config) {
  root.dataset.start = "page";
  root.dataset.game = "page";
  if (!KEEPS) {
    report("off");
    return pyodide.loadPyodide(config);
  }
  let started;
  try {
    started = await breathing(() => pyodide.loadPyodide({ ...config, _makeSnapshot: true }));
  } catch (error) {
    // A browser where the snapshot mode itself fails still gets the game, started normally.
    report("failed");
    return pyodide.loadPyodide(config);
  }
  let bytes = null;
  try {
    bytes = started.makeMemorySnapshot();
  } catch (error) {
    report("failed");
  }
  started.registerJsModule("js", globalThis);
  started.runPython("import sys\nsys.modules.pop('js', None)");
  if (bytes) {
    report("saving");
    keep(bytes);
  }
  return started;
}
