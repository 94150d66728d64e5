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

// A worker's storage request (kismet/app/relay.py): relay/<token>, a POST whose body is the
// request. Passed to every page of the site; the one holding the token answers (the others
// answer null), and the worker, which waits for it, gets that answer. No answer in 5 s (no
// such page) is a refused storage.
const RELAY_WAIT_MS = 5000;
const relayed = async (token, request) => {
  const body = await request.text();
  const pages = await self.clients.matchAll({ type: "window" });
  const asked = pages.map((page) => new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => (data === null ? reject() : resolve(data));
    page.postMessage({ relay: token, request: body }, [channel.port2]);
  }));
  const late = new Promise((resolve) => setTimeout(resolve, RELAY_WAIT_MS));
  const answer = await Promise.race([Promise.any(asked).catch(() => null), late]);
  return new Response(answer ?? JSON.stringify({ refused: "off" }), {
    headers: { "content-type": "application/json", "cache-control": "no-store" },
  });
};

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const relay = url.pathname.match(/\/relay\/([0-9a-f]+)$/);
  if (relay && request.method === "POST") {
    event.respondWith(relayed(relay[1], request));
    return;
  }
  if (request.method !== "GET") return;
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
