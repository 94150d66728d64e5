// The service worker (static/service-worker.js) keeps the site for offline play: a first visit is
// ready once it keeps what a start needs (Kismet.precached), so a reload offline works, the rest once
// the game is on screen (Kismet.shown). A new version is offered as a reload (nothing is lost).
(() => {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const first = !navigator.serviceWorker.controller;
  const notice = /** @type {HTMLElement} */ (document.querySelector('[data-testid="update"]'));
  const registering = navigator.serviceWorker.register("./sw.js").catch(() => null); // none: online only
  let shown = false;
  /** @type {ServiceWorker | null} the new version waiting to be taken */
  let waiting = null;
  /** @param {ServiceWorker | null} worker */
  const offer = (worker) => {
    waiting = worker;
    if (!shown || !worker) return;
    notice.hidden = false;
    /** @type {HTMLButtonElement} */ (notice.querySelector("button")).onclick = () =>
      worker.postMessage("skip-waiting");
  };
  navigator.serviceWorker.addEventListener("controllerchange", () => notice.hidden || location.reload());
  /** @type {(registration: ServiceWorkerRegistration, part: string, channel?: MessageChannel) => Promise<unknown>} */
  const precache = (registration, part, channel = new MessageChannel()) =>
    new Promise((done) => {
      channel.port1.onmessage = done;
      const to = registration.active ?? registration.installing;
      if (to) to.postMessage({ precache: part }, [channel.port2]);
      else done(null);
    });
  globalThis.Kismet = {
    ...globalThis.Kismet,
    precached: () => first && registering.then((r) => r && precache(r, "start")),
    shown: () =>
      registering.then((registration) => {
        if (!registration) return;
        shown = true;
        offer(registration.waiting && navigator.serviceWorker.controller ? registration.waiting : waiting);
        precache(registration, "all"); // and the rest (or what an earlier visit did not keep)
      }),
  };
  registering.then((registration) =>
    registration?.addEventListener("updatefound", () => {
      const installing = registration.installing;
      installing?.addEventListener("statechange", () => {
        if (installing.state === "installed" && navigator.serviceWorker.controller) offer(installing);
      });
    }),
  );
})();
