// Kismet's start worker: the heavy part of Python's start, off the page's main thread
// (static/boot.mjs starts it and says why). It answers one "start" message with the memory
// snapshot the page restores, as {kind, bytes} (bytes transferred, not copied):
// - "stored": the snapshot kept by an earlier visit, read and unpacked here (unpacking 31 MB
//   on the page took about 180 ms of its main thread);
// - "made": a fresh one. Pyodide starts Python here (about 1.8 s of CPU on a laptop, many
//   seconds on a phone, that used to freeze the page), the game's own modules are imported
//   (prepare() below), and the snapshot is taken before any code of PyScript or of the
//   page runs; the worker keeps a copy, and packs and stores it when the page sends "save"
//   (once the game is on screen);
// - "none": neither could be had; the page starts Python itself, the old way.
// A {save: bytes} message (the page's own snapshot, when it had to start Python itself) is
// packed and stored the same way. Storing answers {state: "saved"} or {state: "failed"}.
// Anything that goes wrong here only means a slower start: the page falls back.

let made = null;
let where = null;

async function stored({ cacheName, entry }) {
  const cache = await caches.open(cacheName);
  const response = await cache.match(entry);
  if (!response) return null;
  // gzip's checksum rejects an entry that was damaged or cut short.
  const unpacking = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacking).arrayBuffer());
}

// What the page hands over: the compiled WebAssembly and the core library's bytes (each
// null when the page could not have it: then the worker fetches it itself).
const handed = {};
const arrival = (name) => new Promise((resolve) => { handed[name] = resolve; });
const module = arrival("module");
const core = arrival("core");

async function make(config, game) {
  const pyodide = await import(config.indexURL + "pyodide.mjs");
  // Fetched here first; once it is in the browser's cache, the page loads it too (it needs
  // it to restore the snapshot) while Python starts here.
  await import(config.indexURL + "pyodide.asm.mjs");
  self.postMessage({ fetched: true });
  const bytes = await core;
  const stdLibURL = bytes ? URL.createObjectURL(new Blob([bytes])) : config.stdLibURL;
  const compiled = await module;
  // Pyodide instantiates its WebAssembly with instantiateStreaming: from the page's module.
  if (compiled) {
    WebAssembly.instantiateStreaming = async (source, imports) => (
      { instance: await WebAssembly.instantiate(compiled, imports), module: compiled });
  }
  const python = await pyodide.loadPyodide({ ...config, stdLibURL, _makeSnapshot: true });
  if (bytes) URL.revokeObjectURL(stdLibURL);
  await prepare(python, game);
  return python.makeMemorySnapshot();
}

// The game's own modules, imported into the snapshot (static/main.py's prepare(): pure
// Python, nothing of the page, no state of a game), so the page restores them imported
// instead of importing them on its main thread: about a third of the page's start there.
// The archive is the one the page mounts at the same place (pyscript.toml), and its hash
// is in the snapshot's key. If anything here fails the snapshot is taken all the same, and
// the page imports what is missing.
async function prepare(python, { archive, path }) {
  try {
    const response = await fetch(archive);
    if (!response.ok) return;
    python.FS.writeFile(path, new Uint8Array(await response.arrayBuffer()));
    python.runPython(`import sys\nsys.path.insert(0, ${JSON.stringify(path)})\n` +
                     "import main\nmain.prepare()");
  } catch (error) {
    console.warn("The game's modules were not imported into the snapshot:", error);
  }
}

// Cache Storage exists only on https:// and localhost pages: without it, nothing is kept.
const KEEPS = !!(globalThis.caches && globalThis.CompressionStream);

async function start({ config, game, cacheName, entry }) {
  try {
    const bytes = KEEPS ? await stored({ cacheName, entry }) : null;
    if (bytes) return { kind: "stored", bytes };
  } catch (error) {
    await caches.delete(cacheName).catch(() => {});
  }
  try {
    const bytes = await make(config, game);
    if (KEEPS) made = bytes.slice();
    return { kind: "made", bytes };
  } catch (error) {
    return { kind: "none", bytes: null };
  }
}

async function keep(bytes, { cacheName, cachePrefix, entry }) {
  try {
    const packing = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
    const packed = await new Response(packing).arrayBuffer();
    // One snapshot at a time: those of other keys (an older Pyodide) go.
    for (const name of await caches.keys()) {
      if (name.startsWith(cachePrefix) && name !== cacheName) await caches.delete(name);
    }
    const cache = await caches.open(cacheName);
    const headers = { "content-type": "application/gzip" };
    await cache.put(entry, new Response(packed, { headers }));
    return "saved";
  } catch (error) {
    // Most likely a full quota: the next visit simply starts Python here again.
    await caches.delete(cacheName).catch(() => {});
    return "failed";
  }
}

self.onmessage = async ({ data }) => {
  if (data === "save") {
    if (!made) return;
    const bytes = made;
    made = null;
    self.postMessage({ state: await keep(bytes, where) });
    return;
  }
  for (const name of ["module", "core"]) if (name in data) handed[name](data[name]);
  if (data.start) {
    where = data.start;
    const answer = await start(data.start);
    self.postMessage(answer, answer.bytes ? [answer.bytes.buffer] : []);
  } else if (data.save) {
    self.postMessage({ state: await keep(data.save, data.where) });
  }
};
