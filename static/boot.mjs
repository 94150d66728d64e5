// Kismet's Pyodide loader: PyScript imports this module as its interpreter (pyscript.toml)
// and calls loadPyodide() from it; build.py fills in SNAPSHOT_KEY and writes
// dist/static/boot.mjs.
//
// Why it exists: starting Python inside Pyodide takes about 1.8 s of CPU on every visit,
// even when every file comes from the service worker's cache. So the first visit takes a
// memory snapshot of the freshly started interpreter (Pyodide's own makeMemorySnapshot:
// 31 MB, 6 MB gzipped) and keeps it in Cache Storage; later visits restore it instead of
// starting Python again, which takes about 0.3 s. The snapshot holds only Pyodide's start-up state,
// taken before PyScript or the game run any code, so nothing of a game is ever in it
// (Python's string-hash seed is fixed within one snapshot; nothing here depends on it).
//
// SNAPSHOT_KEY is a hash of the Pyodide files, of the core standard library and of this
// module: a new Pyodide, a new core (which the snapshot's import caches describe) or a change
// here makes a new key, and the old snapshot is deleted when the new one is saved.
// Anything that goes wrong with a snapshot (no Cache Storage, a full quota, a damaged or
// foreign entry) only means the normal, slower start: the snapshot is an optimisation and
// never stands between the player and the game. What happened is written to
// <html data-snapshot="...">: "restored"; "saving" then "saved" or "failed" (kept nothing);
// or "off" (no Cache Storage).
//
// makeMemorySnapshot needs Pyodide started with _makeSnapshot, an option Pyodide marks as
// internal; it is pinned (package-lock.json), and tests/test_offline.py checks both ways
// in. In that mode Pyodide hands Python a proxy of the JavaScript globals through which the
// DOM's getters fail ("Illegal invocation"), so once the snapshot is taken the `js` module
// is registered again as the real globals, before any other Python code runs.
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

const whenReady = () => new Promise((resolve) => {
  const root = document.documentElement;
  if (root.dataset.ready === "true") return resolve();
  const watch = new MutationObserver(() => {
    if (root.dataset.ready === "true") { watch.disconnect(); resolve(); }
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
});

// The snapshot is kept gzipped: 31 MB of memory packs to about 6 MB, and gzip's checksum
// rejects an entry that was damaged or cut short before Pyodide ever sees it.
async function storedSnapshot() {
  const cache = await caches.open(CACHE_NAME);
  const response = await cache.match(ENTRY);
  if (!response) return null;
  const unpacking = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacking).arrayBuffer());
}

// Saved once the game is on screen, by a worker (static/snapshot-worker.js), so packing
// and writing it neither delays the start nor holds up the first clicks.
async function keep(bytes) {
  await whenReady();
  try {
    const worker = new Worker(new URL("./snapshot-worker.js", import.meta.url));
    worker.onmessage = ({ data }) => { report(data); worker.terminate(); };
    worker.onerror = () => { report("failed"); worker.terminate(); };
    const message = { bytes, cacheName: CACHE_NAME, cachePrefix: CACHE_PREFIX, entry: ENTRY };
    worker.postMessage(message, [bytes.buffer]);
  } catch (error) {
    report("failed");
  }
}

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
  // Cache Storage exists only on https:// and localhost pages.
  if (!globalThis.caches || !globalThis.document || !globalThis.CompressionStream) {
    report("off");
    return pyodide.loadPyodide(config);
  }
  let snapshot = null;
  try {
    snapshot = await storedSnapshot();
  } catch (error) {
    await caches.delete(CACHE_NAME).catch(() => {});
  }
  if (snapshot) {
    try {
      const restored = await pyodide.loadPyodide({ ...config, _loadSnapshot: snapshot });
      // The snapshot froze the state of `random` (seeded when Pyodide imported it): seed it
      // again from the system's randomness so no two visits share it. (The dice never use
      // `random`: kismet.rules.rng seeds from os.urandom when a game starts.)
      restored.runPython("import random\nrandom.seed()");
      report("restored");
      return restored;
    } catch (error) {
      await caches.delete(CACHE_NAME).catch(() => {});
    }
  }
  let started;
  try {
    started = await pyodide.loadPyodide({ ...config, _makeSnapshot: true });
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
