// Kismet's Pyodide for PyScript: the interpreter module of the game's worker (build.py fills in
// KEY and INFO). It starts Pyodide from the memory snapshot an earlier visit kept in Cache Storage,
// or afresh (much slower), importing the game's modules (static/glue's
// prepare) and taking a snapshot to keep; KEY hashes all it holds. <html data-snapshot>: "restored",
// "saving" then "saved" or "failed", or "off"; data-game: "snapshot" or "worker"; data-stdlib: "core"
// then "complete" (docs/design.md, "How Python starts").
import { tell } from "./telling.mjs"; // first: before Pyodide's module runs
import "./database.mjs"; // before PyScript's cache, in a browser blocking site data
import * as pyodide from "../pyodide/pyodide.mjs";

export const version = pyodide.version;
const KEY = "__SNAPSHOT_KEY__";
/** @typedef {import("pyodide").PyodideAPI} Python */
/** @param {string} path */
const at = (path) => new URL(path, import.meta.url).href;
const CONFIG = {
  indexURL: at("../pyodide/"),
  stdLibURL: at("../pyodide/stdlib-core.zip"),
  lockFileContents: { info: __LOCK_INFO__, packages: {} },
};
const SHARED = __SHARED__; // kismet/page/shared.py, as build.py wrote it
const SNAPSHOT = { cache: `${SHARED.snapshot_cache}${KEY}`, entry: at("../pyodide/memory-snapshot") };
const GAME = { url: at(`../${SHARED.game}`), path: `/home/pyodide/${SHARED.game}` };
/** @type {{ url: string, fetch?: () => Promise<unknown> }} */
const REST = { url: at(`../${SHARED.rest}`) };
const KEEPS = !!(globalThis.caches && globalThis.CompressionStream);
// How far a start's downloads are, for the page (data-loading, 0 to 1): the runtime's
// WebAssembly, the core standard library and the game's archive, counted as they arrive
// against their sizes (build.py writes them in), told at most every 100 ms (the last share
// always) on the start's broadcast channel (PyScript hands the page this worker only once
// Python is ready, so its own messages come too late), with this worker's start, so that a
// page takes no older one's.
/** @type {Record<string, number>} each file (its address's end) and its size */
const SIZES = __START_SIZES__;
/** @param {Iterable<number>} sizes */
const sum = (sizes) => [...sizes].reduce((a, b) => a + b, 0);
const TOTAL = sum(Object.values(SIZES));
/** @type {Map<string, number>} the bytes of each that arrived */
const arrived = new Map();
let toldAt = -1;
/** @type {ReturnType<typeof setTimeout> | undefined} the share's tell, put off */
let later;
const share = () => {
  clearTimeout(later);
  later = undefined;
  toldAt = performance.now();
  const part = Math.min(1, sum(arrived.values()) / TOTAL);
  starting ??= globalThis.BroadcastChannel ? new BroadcastChannel(SHARED.start_channel) : null;
  starting?.postMessage({ loading: part.toFixed(2), since: performance.timeOrigin });
};
const arriving = () => {
  const wait = toldAt + 100 - performance.now();
  if (wait <= 0 || sum(arrived.values()) >= TOTAL) share();
  else later ??= setTimeout(share, wait);
};
/** @type {BroadcastChannel | null | undefined} made with the first share told */
let starting;
const fetched = globalThis.fetch;
// The answer itself goes on untouched (its address keeps V8's cache of the compiled
// WebAssembly); a copy of its body is counted.
/** @type {typeof fetch} */
globalThis.fetch = async (input, init) => {
  const response = await fetched(input, init);
  const name = Object.keys(SIZES).find((end) => String(input instanceof Request ? input.url : input).endsWith(end));
  const body = name && response.ok && response.clone().body;
  if (name && body) count(name, body.getReader()).catch(() => {}); // a download cut off: its own fetch says so
  return response;
};
/** @type {(name: string, reader: ReadableStreamDefaultReader<Uint8Array>) => Promise<void>} */
const count = async (name, reader) => {
  let seen = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    seen += value.byteLength;
    arrived.set(name, seen);
    arriving();
  }
};

/** @type {Promise<Uint8Array> | null} the game's archive, fetched once (again if it failed) */
let archive = null;
const game = () =>
  (archive ??= fetch(GAME.url)
    .then(async (got) =>
      got.ok ? new Uint8Array(await got.arrayBuffer()) : Promise.reject(new Error(`${GAME.url}: HTTP ${got.status}`)),
    )
    .catch((error) => {
      archive = null;
      throw error;
    }));

async function stored() {
  const found = KEEPS && (await (await caches.open(SNAPSHOT.cache)).match(SNAPSHOT.entry));
  if (!found?.body) return null;
  const unpacked = found.body.pipeThrough(new DecompressionStream("gzip")); // checksummed
  return new Uint8Array(await new Response(unpacked).arrayBuffer());
}

// A file of the site, for the glue (static/glue/host.py): its body as text or an ArrayBuffer. A
// failure is always an Error, which Pyodide raises as an exception (WebKit's fetch, offline, has
// rejected with a non-Error, which failed Pyodide's own callback outside the awaiting code, and
// that code waited for ever). The promise is made and settled here: a Python-held promise
// handed to JavaScript to wrap is not safe to await in Pyodide (its proxy can go first).
/** @type {(url: string, base: string, how: "text" | "arrayBuffer") => Promise<{ ok: boolean, status: number, body: unknown }>} */
globalThis.kismetFetch = (url, base, how) =>
  fetch(new URL(url, base))
    .then(async (response) => ({
      ok: response.ok,
      status: response.status,
      body: response.ok ? await response[how]() : null,
    }))
    .catch((reason) => {
      throw reason instanceof Error ? reason : new Error(String(reason));
    });

let heard = 0; // when the game last answered the page (static/glue/worker.py): a first visit's snapshot
globalThis.kismetHeard = () => (heard = performance.now()); // is packed in the page's pauses (PyScript hides its messages)
const quiet = async () => {
  do await new Promise((go) => setTimeout(go, Math.max(0, 500 - (performance.now() - heard))));
  while (performance.now() - heard < 500);
};
// 64 KB a task, half a second after the page's last call (in one go, it held a first roll up:
// docs/figures.md, "Python off the main thread").
/** @type {(bytes: Uint8Array, zip?: CompressionStream, slice?: number) => Promise<ArrayBuffer>} */
const gzip = async (bytes, zip = new CompressionStream("gzip"), slice = 1 << 16) => {
  const writer = zip.writable.getWriter(),
    packed = new Response(zip.readable).arrayBuffer();
  for (let at = 0; at < bytes.length; at += slice)
    await quiet().then(() => writer.write(/** @type {Uint8Array<ArrayBuffer>} */ (bytes.subarray(at, at + slice))));
  return writer.close().then(() => packed);
};
/** @type {Uint8Array | null} a fresh snapshot's bytes, until the page says the game is on screen */
let made = null;
globalThis.kismetKeep = async (bytes = made) => {
  made = null;
  try {
    if (!bytes) return;
    const packed = await gzip(bytes);
    for (const name of await caches.keys())
      if (name.startsWith(SHARED.snapshot_cache) && name !== SNAPSHOT.cache) await caches.delete(name);
    await (await caches.open(SNAPSHOT.cache)).put(
      SNAPSHOT.entry,
      new Response(packed, { headers: { "content-type": "application/gzip" } }),
    );
    tell({ snapshot: "saved" });
  } catch {
    // most likely a full quota: the next visit starts Python afresh
    await caches.delete(SNAPSHOT.cache).catch(() => {});
    tell({ snapshot: "failed" });
  }
};

// The game's archive on sys.path (a snapshot's importer read the copy that made it: it
// reads this one).
/**
 * @param {Python} python
 * @param {Uint8Array} bytes
 */
function mount(python, bytes) {
  python.FS.writeFile(GAME.path, bytes);
  const sys = python.pyimport("sys");
  if (!sys.path.includes(GAME.path)) sys.path.insert(0, GAME.path);
  sys.path_importer_cache.get(GAME.path)?.invalidate_caches();
}

/** @param {import("pyodide").PyodideConfig} options */
async function fresh(options) {
  if (!KEEPS) return pyodide.loadPyodide(options);
  const python = await pyodide.loadPyodide({
    ...options,
    _makeSnapshot: true,
    fsInit: () =>
      game().then(
        () => {},
        () => {},
      ),
  });
  try {
    mount(python, await game());
    python.pyimport("glue").prepare();
  } catch (error) {
    // the snapshot is taken all the same; the game imports the rest later
    console.warn("The game's modules were not imported into the snapshot:", error);
  }
  made = python.makeMemorySnapshot();
  python.registerJsModule("js", globalThis); // in snapshot mode Python had a stand-in
  python.pyimport("sys").modules.pop("js", null);
  return python;
}

// The rest of the standard library (static/stdlib_rest.py): on a later visit, from the
// service worker's cache (if it has it) while Pyodide restores, so offline visits have it
// before they are ready; else once the game is on screen; or at once, synchronously, when
// a module of it is imported before (a worker's synchronous requests reach the service
// worker).
const restBytes = () =>
  fetch(REST.url)
    .then((got) => (got.ok ? got.arrayBuffer() : null))
    .catch(() => null);
/**
 * @param {Python} python
 * @param {Promise<ArrayBuffer | null | undefined> | null} early the rest's bytes kept by the service worker
 */
async function withTheRest(python, early) {
  const finder = python.pyimport("stdlib_rest").install(
    () => {
      console.warn("A module asked for the rest of the standard library before it arrived");
      const request = new XMLHttpRequest();
      request.open("GET", `${REST.url}?now`, false); // Chromium holds back a 2nd request of a URL in flight
      request.overrideMimeType("text/plain; charset=x-user-defined");
      request.send();
      if (request.status !== 200) throw new Error(`${REST.url}: HTTP ${request.status}`);
      put(Uint8Array.from(request.responseText, (c) => c.charCodeAt(0)));
    },
    /** @param {string} name */
    (name) => console.warn(`Python module ${name} is not in the core standard library`),
  );
  /** @param {Uint8Array} bytes */
  const put = (bytes) => {
    if (python.FS.analyzePath(finder.archive).exists) return;
    python.FS.writeFile(finder.archive, bytes);
    tell({ stdlib: "complete" });
  };
  tell({ stdlib: "core" });
  REST.fetch = () => restBytes().then((bytes) => bytes && put(new Uint8Array(bytes)));
  const bytes = await early;
  return bytes && put(new Uint8Array(bytes));
}
globalThis.kismetRest = () => REST.fetch?.();

export async function loadPyodide(options = {}) {
  const config = { ...options, ...CONFIG };
  /** @type {Python | null} */
  let python = null;
  /** @type {Promise<ArrayBuffer | null | undefined> | null} */
  let rest = null;
  try {
    const bytes = await stored();
    if (bytes) {
      globalThis.fetch = fetched; // a start from the snapshot: its files come from the caches at once
      game().catch(() => {}); // meanwhile
      rest =
        KEEPS &&
        caches
          .match(REST.url)
          .then((got) => got?.arrayBuffer())
          .catch(() => null);
      python = await pyodide.loadPyodide({ ...config, _loadSnapshot: bytes });
      tell({ snapshot: "restored" });
    }
  } catch {
    await caches.delete(SNAPSHOT.cache).catch(() => {});
  }
  if (!python) {
    python = await fresh(config);
    tell({ snapshot: made ? "saving" : "off" });
  }
  if (!made) mount(python, await game());
  // One way in: PyScript's worker; the game's modules came imported with the snapshot, or not.
  tell({ start: "pyscript", game: python.pyimport("sys").modules.has("glue") ? "snapshot" : "worker" });
  // The snapshot froze `random`'s state: a new one for each visit (the dice use os.urandom).
  python.pyimport("random").seed();
  await withTheRest(python, rest);
  return python;
}
