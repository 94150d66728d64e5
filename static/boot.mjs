// Kismet's Pyodide loader: PyScript imports this module as its interpreter (pyscript.toml)
// and calls loadPyodide() from it; build.py fills in SNAPSHOT_KEY and writes
// dist/static/boot.mjs.
//
// Why it exists: starting Python inside Pyodide takes about 1.8 s of CPU on a laptop (many
// seconds on a phone), in one task that froze the page. So Python is started in a worker
// (static/start-worker.mjs), which takes a memory snapshot of the fresh interpreter at once
// (Pyodide's own makeMemorySnapshot: 31 MB, 6 MB gzipped) and hands it over; the page only
// restores it, about 0.2 s in three or four tasks. The worker keeps the snapshot in Cache
// Storage once the game is on screen, and later visits restore that one (the worker reads
// and unpacks it) instead of starting Python at all. The snapshot holds Pyodide's start-up
// state and the game's own modules, imported (static/main.py's prepare()), taken before
// PyScript or the page run any code, so nothing of a game is ever in it (Python's
// string-hash seed is fixed within one snapshot; nothing here depends on it).
// The game itself runs on the page: its storage (localStorage) can only be read and written
// there, at once, as its save logic needs (README, "Python off the main thread").
//
// SNAPSHOT_KEY is a hash of the Pyodide files, of the core standard library, of this module
// and of the start worker: a new Pyodide, a new core (which the snapshot's import caches
// describe) or a change here makes a new key, and the old snapshot is deleted when the new
// one is saved.
// Anything that goes wrong with a snapshot or the worker (no Cache Storage, a full quota, a
// damaged or foreign entry, no module workers) only means a slower start: Python is then
// started here, on the page, as before the worker. What happened is written to
// <html data-snapshot="...">: "restored"; "saving" then "saved" or "failed" (kept nothing);
// or "off" (no Cache Storage); and where Python started to <html data-start>.
//
// makeMemorySnapshot needs Pyodide started with _makeSnapshot, an option Pyodide marks as
// internal; it is pinned (package-lock.json), and tests/test_offline.py checks both ways
// in. When the page starts Python itself in that mode, Pyodide hands Python a proxy of the
// JavaScript globals through which the DOM's getters fail ("Illegal invocation"), so once
// the snapshot is taken the `js` module is registered again as the real globals, before any
// other Python code runs.
import * as pyodide from "../pyodide/pyodide.mjs";

export const version = pyodide.version;

const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
const CACHE_PREFIX = "kismet-snapshot-";
const CACHE_NAME = CACHE_PREFIX + SNAPSHOT_KEY;
// The key of the snapshot's entry in its cache; nothing is ever fetched from this address.
const ENTRY = new URL("../pyodide/memory-snapshot", import.meta.url).href;
const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

// The standard library arrives in two parts (static/stdlib_rest.py says why): the core, which
// Pyodide mounts as its library, and the rest, fetched by restFetched().
const CORE_URL = new URL("../pyodide/stdlib-core.zip", import.meta.url).href;
const REST_URL = new URL("../pyodide/stdlib-rest.zip", import.meta.url).href;
// Pyodide reads its lock file (356 packages, 114 KB) only to install packages, and the page
// installs none: it gets the lock's own header with no packages, and the file is not shipped.
// (If PyScript is ever given packages to install, it passes its own lock, which wins.)
const LOCK = { info: __LOCK_INFO__, packages: {} };

const report = (state) => {
  if (globalThis.document) document.documentElement.dataset.snapshot = state;
};
// Where Python was started, in <html data-start>: "worker" (the start worker), or "page".
const startedIn = (where) => {
  if (globalThis.document) document.documentElement.dataset.start = where;
};

const whenReady = () => new Promise((resolve) => {
  const root = document.documentElement;
  if (root.dataset.ready === "true") return resolve();
  const watch = new MutationObserver(() => {
    if (root.dataset.ready === "true") { watch.disconnect(); resolve(); }
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
});

// The page's own snapshot (when it had to start Python itself) is saved once the game is on
// screen, by the start worker, so packing and writing it neither delays the start nor holds
// up the first clicks.
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

// The game's archive, and where the page mounts it (pyscript.toml): the start worker
// imports the game's modules from it into the snapshot.
const GAME = { archive: new URL("../kismet.zip", import.meta.url).href,
               path: "/home/pyodide/kismet.zip" };

// Cache Storage exists only on https:// and localhost pages.
const KEEPS = !!(globalThis.caches && globalThis.CompressionStream);
const WHERE = { cacheName: CACHE_NAME, cachePrefix: CACHE_PREFIX, entry: ENTRY };
const startWorker = () => new Worker(new URL("./start-worker.mjs", import.meta.url),
                                     { type: "module" });

// Python's start, off the main thread: the start worker (static/start-worker.mjs) either
// reads and unpacks the snapshot an earlier visit kept, or starts Python itself (the 1.8 s
// that froze a first visit) and takes the snapshot there; the page then only restores it.
// It begins as this module is first run (index.html runs it before PyScript's own module),
// so Python starts while PyScript loads. Resolves to
// {kind: "stored" | "made", bytes, worker}, or null: then the page starts Python itself.
// Without Cache Storage (a plain http:// page of another host) the worker still starts
// Python; only nothing is kept for the next visit.
function fromWorker() {
  if (!globalThis.document || !globalThis.Worker) return Promise.resolve(null);
  return new Promise((resolve) => {
    let worker;
    try {
      worker = startWorker();
    } catch (error) {
      resolve(null);
      return;
    }
    worker.onmessage = ({ data }) => {
      if (data.fetched) {
        import("../pyodide/pyodide.asm.mjs").catch(() => {});
      } else if (data.state) {
        report(data.state);
        worker.terminate();
      } else if (data.bytes) {
        resolve({ ...data, worker });
      } else {
        worker.terminate();
        resolve(null);
      }
    };
    worker.onerror = () => {
      worker.terminate();
      resolve(null);
    };
    const config = { lockFileContents: LOCK, indexURL: INDEX_URL, stdLibURL: CORE_URL };
    worker.postMessage({ start: { config, game: GAME, ...WHERE } });
    // The runtime's files, fetched once: by the page (once it has painted), which hands the
    // worker the compiled WebAssembly and the core library's bytes (null: the worker fetches
    // them). Fetched by both side by side, they were downloaded twice.
    const hand = (name, value) => {
      try {
        worker.postMessage({ [name]: value });
      } catch (error) {
        worker.postMessage({ [name]: null });  // an engine that cannot send a module
      }
    };
    compiled.then((module) => hand("module", module));
    coreBytes.then((bytes) => hand("core", bytes));
  });
}

// The WebAssembly, compiled once (off the main thread, as the browser streams it) and shared
// with the worker, so that what the worker compiled while starting Python serves the page.
const WASM_URL = new URL("../pyodide/pyodide.asm.wasm", import.meta.url).href;
// Fetched once the page has painted: the board and the sheet come first. (A tab opened in
// the background paints nothing until it is shown: there, a moment's wait instead.)
const painted = new Promise((resolve) => {
  setTimeout(resolve, 200);
  if (globalThis.requestAnimationFrame) requestAnimationFrame(() => setTimeout(resolve, 0));
});
const compiled = globalThis.Worker
  ? painted.then(() => WebAssembly.compileStreaming(fetch(WASM_URL))).catch(() => null)
  : Promise.resolve(null);
// The game's archive (build.py's preload_tags says why it is not preloaded in the head):
// PyScript fetches it once Python has started, and finds it preloaded.
if (globalThis.document) painted.then(() => {
  const link = document.createElement("link");
  Object.assign(link, { rel: "preload", as: "fetch", crossOrigin: "anonymous",
                        href: GAME.archive });
  document.head.append(link);
});
const coreBytes = globalThis.Worker
  ? painted.then(() => fetch(CORE_URL)).then((r) => (r.ok ? r.arrayBuffer() : null))
    .catch(() => null)
  : Promise.resolve(null);

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

// Pyodide instantiates its WebAssembly with WebAssembly.instantiateStreaming: while `load`
// runs, that call is answered from the module compiled above (when there is one). Pyodide's
// start on the page is one chain of promises that never waits, so it would be one task; the
// page gets its turn before and after the instantiation, which cuts it in three.
async function withModule(module, load) {
  if (!module) return load();
  const streaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    WebAssembly.instantiateStreaming = streaming;
    await breathe();
    const instance = await WebAssembly.instantiate(module, imports);
    await breathe();
    return { instance, module };
  };
  try {
    return await load();
  } finally {
    WebAssembly.instantiateStreaming = streaming;
  }
}

const started = fromWorker();

// The rest of the standard library, written where static/stdlib_rest.py looks for it. The page
// says how far it has come in <html data-stdlib>: "core", then "complete".
function mount(python, finder, bytes) {
  if (python.FS.analyzePath(finder.archive).exists) return;
  python.FS.writeFile(finder.archive, bytes);
  if (globalThis.document) document.documentElement.dataset.stdlib = "complete";
}

// An import of a module of the rest before it arrived: fetch it now. A synchronous request
// can only read text on a page, so each byte comes as one character (x-user-defined).
// Browsers do not pass synchronous requests to the service worker, so this works online
// only; offline visits have the rest before they are ready (restFetched).
function fetchRestNow(python, finder, name) {
  console.warn(`Python module ${name} asked for the rest of the standard library before it ` +
               "arrived: fetching it at once");
  const request = new XMLHttpRequest();
  request.open("GET", REST_URL, false);
  request.overrideMimeType("text/plain; charset=x-user-defined");
  request.send();
  if (request.status !== 200) throw new Error(`${REST_URL}: HTTP ${request.status}`);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  mount(python, finder, bytes);
}

// When the rest is fetched: at once when the service worker holds the site (it comes from
// its cache while Pyodide starts, costing the start nothing, and the page waits for it
// before any of its own Python runs, so offline visits always have it); on a first visit
// only once the game is ready, so that it never competes with what the start needs. Null if
// it could not be fetched (the finder tries again when needed).
const SERVED_BY_WORKER = !!globalThis.navigator?.serviceWorker?.controller;

async function restFetched() {
  if (!SERVED_BY_WORKER) await whenReady();
  try {
    const response = await fetch(REST_URL);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    return null;
  }
}

function withTheRest(python, rest) {
  const module = python.pyimport("stdlib_rest");
  const finder = module.install(
    (name) => fetchRestNow(python, finder, name),
    // Harmless, but worth knowing: tools/stdlib.py measures the core again.
    (name) => console.warn(`Python module ${name} is not in the core standard library, ` +
                           "so it came from the rest (tools/stdlib.py lists the core)"),
  );
  module.destroy();
  if (globalThis.document) document.documentElement.dataset.stdlib = "core";
  rest.then((bytes) => bytes && mount(python, finder, bytes));
  // The page's Python, for tests and for anyone curious in the browser's console.
  globalThis.kismetPython = python;
  return python;
}

export async function loadPyodide(options = {}) {
  const rest = restFetched();
  const python = await startPyodide(options);
  if (SERVED_BY_WORKER) await rest;
  return withTheRest(python, rest);
}

async function startPyodide(options) {
  const config = {
    lockFileContents: LOCK, ...options, indexURL: INDEX_URL, stdLibURL: CORE_URL,
  };
  const handed = await started;
  if (handed) {
    // The 31 MB are the interpreter's memory once restored: nothing here keeps them.
    const snapshot = handed.bytes;
    handed.bytes = null;
    try {
      const restored = await withModule(await compiled, () => pyodide.loadPyodide({
        ...config, _loadSnapshot: snapshot, fsInit: breatheThen(config.fsInit),
      }));
      // The snapshot froze the state of `random` (seeded when Pyodide imported it): seed it
      // again from the system's randomness so no two visits share it. (The dice never use
      // `random`: kismet.rules.rng seeds from os.urandom when a game starts.)
      // Whether the game's modules came imported with it, in <html data-game>: "snapshot"
      // (the start worker's prepare()), else "page" (the page imports them).
      const prepared = restored.runPython("import random, sys\nrandom.seed()\n" +
                                          "'main' in sys.modules");
      document.documentElement.dataset.game = prepared ? "snapshot" : "page";
      // Pyodide keeps its options, the snapshot's bytes among them: let them go.
      if (restored._api?.config) restored._api.config._loadSnapshot = null;
      startedIn("worker");
      if (handed.kind === "made" && !KEEPS) {
        report("off");
        handed.worker.terminate();
      } else if (handed.kind === "made") {
        report("saving");
        whenReady().then(() => handed.worker.postMessage("save"));
      } else {
        report("restored");
        handed.worker.terminate();
      }
      return restored;
    } catch (error) {
      handed.worker.terminate();
      await caches.delete(CACHE_NAME).catch(() => {});
    }
  }
  return startHere(config);
}

// Python started on the page itself: where the start worker could not run, or its snapshot
// could not be restored.
async function startHere(config) {
  startedIn("page");
  if (globalThis.document) document.documentElement.dataset.game = "page";
  if (!KEEPS || !globalThis.document) {
    report("off");
    return pyodide.loadPyodide(config);
  }
  let started;
  try {
    // The WebAssembly compiled for the worker serves here too (it is not compiled twice).
    const module = await compiled;
    started = await withModule(module, () => pyodide.loadPyodide({
      ...config, _makeSnapshot: true,
    }));
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
