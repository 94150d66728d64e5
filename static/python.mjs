// What the page and the start worker share about Python: where the pinned Pyodide and the
// game's files are, the snapshot's key and cache, and the rest of the standard library.
// build.py fills in SNAPSHOT_KEY and LOCK_INFO and writes dist/static/python.mjs.
//
// SNAPSHOT_KEY is a hash of the Pyodide files, of the core standard library, of the game's
// archive and of the modules that start Python (this one, the start worker, boot.mjs): a
// new Pyodide, a new core (which the snapshot's import caches describe), a new game or a
// change here makes a new key, and the old snapshot is deleted when the new one is saved.

export const SNAPSHOT_KEY = "__SNAPSHOT_KEY__";
const CACHE_PREFIX = "kismet-snapshot-";
// The key of the snapshot's entry in its cache; nothing is ever fetched from this address.
export const WHERE = {
  cacheName: CACHE_PREFIX + SNAPSHOT_KEY,
  cachePrefix: CACHE_PREFIX,
  entry: new URL("../pyodide/memory-snapshot", import.meta.url).href,
};

export const INDEX_URL = new URL("../pyodide/", import.meta.url).href;
// The standard library arrives in two parts (static/stdlib_rest.py says why): the core, which
// Pyodide mounts as its library, and the rest, fetched by restFetched().
export const CORE_URL = new URL("../pyodide/stdlib-core.zip", import.meta.url).href;
const REST_URL = new URL("../pyodide/stdlib-rest.zip", import.meta.url).href;
// Pyodide reads its lock file (356 packages, 114 KB) only to install packages, and the page
// installs none: it gets the lock's own header with no packages, and the file is not shipped.
// (If PyScript is ever given packages to install, it passes its own lock, which wins.)
const LOCK = { info: __LOCK_INFO__, packages: {} };

export const CONFIG = { lockFileContents: LOCK, indexURL: INDEX_URL, stdLibURL: CORE_URL };

// The game's archive (kismet.zip: the kismet package, static/main.py and the glue, as
// bytecode) and where Python finds it; pyscript.toml mounts it at the same place.
export const GAME = { archive: new URL("../kismet.zip", import.meta.url).href,
                      path: "/home/pyodide/kismet.zip" };

// Cache Storage exists only on https:// and localhost pages: without it, nothing is kept.
export const KEEPS = !!(globalThis.caches && globalThis.CompressionStream);

// The rest of the standard library, written where static/stdlib_rest.py looks for it.
// `report` says how far it has come ("core", then "complete": <html data-stdlib>).
function mount(python, finder, bytes, report) {
  if (python.FS.analyzePath(finder.archive).exists) return;
  python.FS.writeFile(finder.archive, bytes);
  report("complete");
}

// An import of a module of the rest before it arrived: fetch it now. A synchronous request
// can only read text on a page, so each byte comes as one character (x-user-defined). A
// page's synchronous requests never reach the service worker, so there this works online
// only (offline visits have the rest before they are ready: restFetched); a worker's do.
function fetchRestNow(python, finder, name, report) {
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
  mount(python, finder, bytes, report);
}

// The rest's bytes, once `when` resolves (at once when the service worker holds the site:
// it comes from its cache while Pyodide starts; on a first visit once the game is ready, so
// that it never competes with what the start needs). Null if it could not be fetched (the
// finder tries again when needed).
export async function restFetched(when) {
  await when;
  try {
    const response = await fetch(REST_URL);
    return response.ok ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch (error) {
    return null;
  }
}

// Python's imports of the rest of the standard library go to static/stdlib_rest.py's finder,
// which finds them in the archive once `rest` (restFetched) has brought it, or fetches it
// at once.
export function withTheRest(python, rest, report) {
  const module = python.pyimport("stdlib_rest");
  const finder = module.install(
    (name) => fetchRestNow(python, finder, name, report),
    // Harmless, but worth knowing: tools/stdlib.py measures the core again.
    (name) => console.warn(`Python module ${name} is not in the core standard library, ` +
                           "so it came from the rest (tools/stdlib.py lists the core)"),
  );
  module.destroy();
  report("core");
  rest.then((bytes) => bytes && mount(python, finder, bytes, report));
  return python;
}

// The snapshot froze the state of `random` (seeded when Pyodide imported it): seed it again
// from the system's randomness so no two visits share it (the dice never use `random`:
// kismet.rules.rng seeds from os.urandom when a game starts). Answers whether the game's
// modules came imported with the snapshot (static/main.py's prepare(), in the start worker).
export const RESEED = "import random, sys\nrandom.seed()\n'main' in sys.modules";

// The game's archive on sys.path, once written where GAME.path says; a snapshot whose
// importer read another copy of it (the start worker's, when it was made) reads this one.
export const GAME_ON_PATH = `import sys
if ${JSON.stringify(GAME.path)} not in sys.path:
    sys.path.insert(0, ${JSON.stringify(GAME.path)})
elif ${JSON.stringify(GAME.path)} in sys.path_importer_cache:
    sys.path_importer_cache[${JSON.stringify(GAME.path)}].invalidate_caches()`;
