// Kismet's start worker: the heavy part of Python's start, off the page's main thread
// (static/boot.mjs starts it and says why). It answers one "start" message with the memory
// snapshot the page restores, as {kind, bytes} (bytes transferred, not copied):
// - "stored": the snapshot kept by an earlier visit, read and unpacked here (unpacking 31 MB
//   on the page took about 180 ms of its main thread);
// - "made": a fresh one. Pyodide starts Python here (about 1.8 s of CPU on a laptop, many
//   seconds on a phone, that used to freeze the page) and the snapshot is taken at once,
//   before any code of PyScript or the game runs; the worker keeps a copy, and packs and
//   stores it when the page sends "save" (once the game is on screen);
// - "none": neither could be had; the page starts Python itself, the old way.
// Once the page says it has painted ({painted: true}), the worker also fetches and compiles
// the WebAssembly and posts the page the compiled module ({module}), for its restore.
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

// The WebAssembly, compiled here (V8 and the others stream the compile off the page's main
// thread only in part: the page's share took up to 80 ms tasks) once the page says it has
// painted, and posted to the page, which instantiates it to restore the snapshot: one
// download and one compile serve both. Null if it could not be compiled or posted: then
// each side fetches and compiles it itself.
let painted;
const paint = new Promise((resolve) => { painted = resolve; });

async function compile(url) {
  await paint;
  let compiled = null;
  try {
    compiled = await WebAssembly.compileStreaming(fetch(url));
  } catch (error) {
    // no file, or an engine that cannot: each side leaves it to Pyodide
  }
  try {
    self.postMessage({ module: compiled });
  } catch (error) {
    self.postMessage({ module: null });  // an engine that cannot post a module
  }
  return compiled;
}

async function make(config, compiling) {
  const pyodide = await import(config.indexURL + "pyodide.mjs");
  // Fetched here first; once it is in the browser's cache, the page loads it too (it needs
  // it to restore the snapshot) while Python starts here.
  await import(config.indexURL + "pyodide.asm.mjs");
  self.postMessage({ fetched: true });
  const compiled = await compiling;
  // Pyodide instantiates its WebAssembly with instantiateStreaming: from the module above.
  if (compiled) {
    WebAssembly.instantiateStreaming = async (source, imports) => (
      { instance: await WebAssembly.instantiate(compiled, imports), module: compiled });
  }
  const python = await pyodide.loadPyodide({ ...config, _makeSnapshot: true });
  return python.makeMemorySnapshot();
}

// Cache Storage exists only on https:// and localhost pages: without it, nothing is kept.
const KEEPS = !!(globalThis.caches && globalThis.CompressionStream);

async function start({ config, cacheName, entry }) {
  const compiling = compile(config.indexURL + "pyodide.asm.wasm");
  try {
    const bytes = KEEPS ? await stored({ cacheName, entry }) : null;
    if (bytes) return { kind: "stored", bytes };
  } catch (error) {
    await caches.delete(cacheName).catch(() => {});
  }
  try {
    const bytes = await make(config, compiling);
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
  if (data.painted) painted();
  if (data.start) {
    where = data.start;
    const answer = await start(data.start);
    self.postMessage(answer, answer.bytes ? [answer.bytes.buffer] : []);
  } else if (data.save) {
    self.postMessage({ state: await keep(data.save, data.where) });
  }
};
