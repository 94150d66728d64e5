// Kismet's service worker (build.py fills in CACHE_NAME and FILES and writes dist/sw.js).
// Every file of the site is kept in its cache and served cache-first, so after one visit
// the game opens and plays with no network. The cache name carries a hash of all the files:
// a new deployment installs a whole new cache, and the old ones are deleted when it takes
// over, so old and new files never mix. The Pyodide memory snapshot's cache
// ("kismet-snapshot-...") belongs to static/start-worker.mjs, which replaces it itself.
//
// It also relays the page's storage to the game's Python in the page's start worker
// (relay/<token>, below), which needs it from the first visit on: so the first install takes
// over at once and caches the site only when the page asks ("precache", once the game is
// ready: precaching never competes with the start), while a new version installs its whole
// cache first and waits until the player takes it (the page offers a reload).
const CACHE_NAME = "__CACHE_NAME__";
const FILES = __FILES__;

// Every file of the site in the cache (those already there are not fetched again).
const precache = async () => {
  const cache = await caches.open(CACHE_NAME);
  const missing = [];
  for (const file of FILES) if (!(await cache.match(file))) missing.push(file);
  await cache.addAll(missing);
};

self.addEventListener("install", (event) => {
  if (!self.registration.active) {
    self.skipWaiting(); // the first: at once (it relays the storage)
  } else {
    event.waitUntil(precache()); // a new version: whole before it is offered
  }
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

self.addEventListener("message", (event) => {
  if (event.data === "skip-waiting") {
    self.skipWaiting(); // the player accepts the update
  } else if (event.data === "precache") {
    event.waitUntil(precache().catch(() => {})); // offline at once: the next visit tries
  } else if (event.data === "claim") {
    event.waitUntil(self.clients.claim()); // a page loaded without this worker
  }
});

// A worker's storage request (kismet/app/relay.py): relay/<token> (or relay/<token>/session
// for that tab's sessionStorage), a POST whose body is the request. Passed to every page of
// the site, those the service worker does not control too; the one holding the token
// answers (the others answer null), and the worker, which waits for it, gets that answer.
// No answer in 5 s (no such page) is a refused storage. (Only pages are asked: asking every
// client, workers included, made Firefox wait for ever on the worker that is waiting.)
const RELAY_WAIT_MS = 5000;
const relayed = async (token, area, request) => {
  const body = await request.text();
  const pages = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const asked = pages.map((page) => new Promise((resolve, reject) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = ({ data }) => (data === null ? reject() : resolve(data));
    page.postMessage({ relay: token, area, request: body }, [channel.port2]);
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
  const relay = url.pathname.match(/\/relay\/([0-9a-f]+)(\/session)?$/);
  if (relay && request.method === "POST") {
    event.respondWith(relayed(relay[1], relay[2] ? "session" : "local", request));
    return;
  }
  if (request.method !== "GET") return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE_NAME);
    const hit = await cache.match(request, { ignoreSearch: true })
      || (request.mode === "navigate" ? await cache.match("./index.html") : undefined);
    if (hit) return hit;
    // A file not yet kept (a first visit, or the strategy table, fetched only when
    // needed): kept for offline play. The worker stays alive until it is stored, even if
    // the page is closed or goes offline the moment the response reaches it.
    const response = await fetch(request);
    if (response.ok) event.waitUntil(cache.put(request, response.clone()));
    return response;
  })());
});
