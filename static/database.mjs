// The site's IndexedDB: the last commit's stamp (static/storing.mjs) and PyScript's caches. A
// browser blocking site data refuses it and PyScript would never start: then `stamps` is null
// and PyScript gets one in memory with just the calls it makes (unsaved play, said).
const SHARED = __SHARED__; // kismet/page/shared.py, as build.py wrote it
/** @type {IDBDatabase | null} */
export const stamps = await new Promise((done) => {
  try {
    const asked = indexedDB.open(SHARED.database, 1);
    asked.onupgradeneeded = () => asked.result.createObjectStore("stamp");
    asked.onsuccess = () => done(asked.result);
    asked.onerror = asked.onblocked = () => done(null);
  } catch {
    done(null);
  }
});
/** Settles once the browser closes the database under the page (the site's data cleared). */
export const closed = new Promise((settle) => stamps?.addEventListener("close", settle));
/** @typedef {{ onsuccess?: (event: { target: { result: unknown } }) => void }} Request a request's answer, later */
/** @type {(result: unknown, request?: Request) => Request} */
const answer = (result, request = {}) => {
  setTimeout(() => request.onsuccess?.({ target: { result } }));
  return request;
};
/** @type {(name: string, data?: Map<unknown, unknown>) => Request} */
const open = (_, data = new Map()) =>
  answer({
    objectStoreNames: { length: 1 },
    close() {},
    transaction: () => ({
      objectStore: () => ({
        /** @param {unknown} key */
        get: (key) => answer(data.get(key)),
        /** @param {unknown} key */
        getKey: (key) => answer(data.has(key) ? key : undefined),
        getAllKeys: () => answer([...data.keys()]),
        count: () => answer(data.size),
        clear: () => answer(data.clear()),
        /** @type {(value: unknown, key: unknown) => Request} */
        put: (value, key) => answer(data.set(key, value) && key),
        /** @param {unknown} key */
        delete: (key) => answer(data.delete(key) && undefined),
      }),
    }),
  });
if (!stamps) Object.defineProperty(globalThis, "indexedDB", { value: { open }, configurable: true });
