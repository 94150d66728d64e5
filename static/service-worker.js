// Kismet's service worker (build.py fills in CACHE_NAME and FILES, writes dist/sw.js): every file
// of the site in one cache, served cache-first, so the game plays offline after one visit. The name
// hashes the files: a new deployment installs a new cache, the old ones go when it takes over. The
// first install takes over at once and keeps what the page asks ("precache": a start's, then all); a
// new version keeps all of it first, then waits for the player's reload. (The snapshot's cache is
// static/interpreter.mjs's.)
const CACHE_NAME = "__CACHE_NAME__";
const FILES = __FILES__;
const SHARED = __SHARED__; // kismet/page/shared.py, as build.py wrote it
const sw = /** @type {ServiceWorkerGlobalScope} */ (/** @type {unknown} */ (self));
const LATER = [`./${SHARED.rest}`, `./${SHARED.late}`]; // never needed to start

// For a start: what the first visit itself loaded (its page too, `own`: its address may have
// a query), from the browser's own cache (nothing downloaded twice, or before the game is
// ready), and the pages; then all of it.
/** @type {(start: boolean, own?: string) => Promise<unknown>} */
const precache = async (start, own) => {
  const cache = await caches.open(CACHE_NAME);
  const missing = /** @type {string[]} */ (
    (
      await Promise.all(
        FILES.map(async (file) => ((start && LATER.includes(file)) || (await cache.match(file)) ? null : file)),
      )
    ).filter(Boolean)
  );
  /** @param {string} file */
  const page = (file) => !start || file === "./" || file.endsWith(".html");
  /** @type {[string, string][]} */
  const pages = own ? [[own.split("?")[0], own]] : [];
  await Promise.all(
    [...missing.map((file) => [file, file]), ...pages].map(([file, from]) =>
      fetch(
        new Request(
          from,
          page(file) && from === file ? { cache: "force-cache" } : { cache: "only-if-cached", mode: "same-origin" },
        ),
      ).then(
        (got) => (got.ok ? cache.put(file, got) : undefined),
        () => {},
      ),
    ),
  );
};

sw.addEventListener(
  "install",
  (
    event, // a new version: whole first
  ) => (sw.registration.active ? event.waitUntil(precache(false)) : sw.skipWaiting()),
);

sw.addEventListener("activate", (event) =>
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter(
              (name) =>
                name.startsWith(SHARED.site_cache) && name !== CACHE_NAME && !name.startsWith(SHARED.snapshot_cache),
            )
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => sw.clients.claim()),
  ),
);

sw.addEventListener("message", (event) => {
  if (event.data === "skip-waiting")
    sw.skipWaiting(); // the player takes the update
  else if (event.data?.precache) {
    // the page hears when it is done (offline: next time)
    event.waitUntil(
      precache(event.data.precache === "start", /** @type {Client} */ (event.source)?.url)
        .catch(() => {})
        .then(() => event.ports[0]?.postMessage("kept")),
    );
  }
});

sw.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== sw.location.origin) return;
  event.respondWith(
    (async () => {
      const cache = await caches.open(CACHE_NAME);
      const hit =
        (await cache.match(request, { ignoreSearch: true })) ||
        (request.mode === "navigate" ? await cache.match("./index.html") : undefined);
      if (hit) return hit;
      // Not kept yet (a first visit, or a table fetched only when needed): kept from now on,
      // even if the page goes away the moment the answer reaches it.
      const response = await fetch(request);
      if (response.ok) event.waitUntil(cache.put(request, response.clone()));
      return response;
    })(),
  );
});
