// Packs (gzip) and stores the Pyodide memory snapshot for static/boot.mjs, off the page's
// main thread: compressing 31 MB takes about half a second of CPU, which on the page would
// hold up the player's first clicks. Answers "saved" or "failed".
self.onmessage = async ({ data }) => {
  const { bytes, cacheName, cachePrefix, entry } = data;
  try {
    const packing = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
    const packed = await new Response(packing).arrayBuffer();
    // One snapshot at a time: those of other keys (an older Pyodide) go.
    for (const name of await caches.keys()) {
      if (name.startsWith(cachePrefix) && name !== cacheName) await caches.delete(name);
    }
    const cache = await caches.open(cacheName);
    await cache.put(entry, new Response(packed, { headers: { "content-type": "application/gzip" } }));
    self.postMessage("saved");
  } catch (error) {
    // Most likely a full quota: the next visit simply starts Python the normal way.
    await caches.delete(cacheName).catch(() => {});
    self.postMessage("failed");
  }
};
