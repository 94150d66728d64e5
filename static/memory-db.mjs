// PyScript keeps caches in IndexedDB (on the page and in its worker), which a browser that
// blocks the site's data refuses: it would never start. Then it gets one in memory, with
// just the calls it makes (the game plays on, unsaved, and says so). Awaited before PyScript.
const usable = () => new Promise((done) => {
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
const store = (data) => ({
  get: (key) => answer(data.get(key)), getKey: (key) => answer(data.has(key) ? key : undefined),
  getAllKeys: () => answer([...data.keys()]), count: () => answer(data.size),
  put: (value, key) => answer(data.set(key, value) && key),
  delete: (key) => answer(data.delete(key) && undefined), clear: () => answer(data.clear()),
});
const open = () => {
  const data = new Map();
  return answer({ objectStoreNames: { length: 1 }, close() {}, transaction: () => ({ objectStore: () => store(data) }) });
};
if (!(await usable())) Object.defineProperty(globalThis, "indexedDB", { value: { open }, configurable: true });
