// Kismet's service worker (build.py fills in CACHE_NAME and FILES and writes dist/sw.js).
// Every file of the site is precached on install and served cache-first, so after one
// visit the game opens and plays with no network. The cache name carries a hash of all the
// files: a new deployment installs a whole new cache, and the old ones are deleted when it
// takes over, so old and new files never mix. The Pyodide memory snapshot's cache
// ("kismet-snapshot-...") belongs to static/boot.mjs, which replaces it itself.
const CACHE_NAME = "__CACHE_NAME__";
const FILES = __FILES__;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE_NAME).then((cache) => cache.addAll(FILES)));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    caches.keys()
      .then((names) => Promise.all(names
        .filter((name) => name.startsWith("kismet-") && name !== CACHE_NAME
          && !name.startsWith("kismet-snapshot-"))
        .map((name) => caches.delete(name))))
      .then(() => self.clients.claim()),
  );
});

// The page asks the waiting worker to take over when the player accepts the update.
self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") self.skipWaiting();
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE_NAME);
    const hit = await cache.match(request, { ignoreSearch: true })
      || (request.mode === "navigate" ? await cache.match("./index.html") : undefined);
    if (hit) return hit;
    // A file fetched only when needed (the strategy table): keep it for offline play. The
    // worker stays alive until it is stored, even if the page is closed or goes offline
    // the moment the response reaches it.
    const response = await fetch(request);
    if (response.ok) event.waitUntil(cache.put(request, response.clone()));
    return response;
  })());
});
