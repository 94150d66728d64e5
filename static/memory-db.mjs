// PyScript keeps caches in IndexedDB (on the page and in its worker), which a browser that
// blocks the site's data refuses: it would never start. Then it gets one in memory, with
// just the calls it makes (the game plays on, unsaved, and says so). Awaited before PyScript.
const usable = await new Promise((done) => {
  try {
    const asked = indexedDB.open("kismet-probe");
    asked.onsuccess = () => { asked.result.close(); done(true); };
    asked.onerror = () => done(false);
  } catch { done(false); }
});
const answer = (result) => {
  const request = {};
  setTimeout(() => request.onsuccess?.({ target: { result } }));
  return request;
};
const open = (_, data = new Map()) => answer({ objectStoreNames: { length: 1 }, close() {}, transaction: () => ({ objectStore: () => ({
  get: (key) => answer(data.get(key)), getKey: (key) => answer(data.has(key) ? key : undefined),
  getAllKeys: () => answer([...data.keys()]), count: () => answer(data.size), clear: () => answer(data.clear()),
  put: (value, key) => answer(data.set(key, value) && key), delete: (key) => answer(data.delete(key) && undefined),
}) }) });
if (!usable) Object.defineProperty(globalThis, "indexedDB", { value: { open }, configurable: true });
