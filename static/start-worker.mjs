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

async function make(config) {
  const pyodide = await import(config.indexURL + "pyodide.mjs");
  const python = await pyodide.loadPyodide({ ...config, _makeSnapshot: true });
  return python.makeMemorySnapshot();
}

// Cache Storage exists only on https:// and localhost pages: without it, nothing is kept.
const KEEPS = !!(globalThis.caches && globalThis.CompressionStream);

async function start({ config, cacheName, entry }) {
  try {
    const bytes = KEEPS ? await stored({ cacheName, entry }) : null;
    if (bytes) return { kind: "stored", bytes };
  } catch (error) {
    await caches.delete(cacheName).catch(() => {});
  }
  try {
    const bytes = await make(config);
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
  if (data.start) {
    where = data.start;
    const answer = await start(data.start);
    self.postMessage(answer, answer.bytes ? [answer.bytes.buffer] : []);
  } else if (data === "save" && made) {
    const bytes = made;
    made = null;
    self.postMessage({ state: await keep(bytes, where) });
  } else if (data.save) {
    self.postMessage({ state: await keep(data.save, data.where) });
  }
};
