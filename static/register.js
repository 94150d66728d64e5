// The service worker (static/service-worker.js): it serves and keeps the site for offline
// play. On a first visit the game asks it to keep every file once Python has started, and
// is ready only once it has (Kismet.precached): a reload offline right after works. A new
// version waiting is offered as a reload (the game is stored after every action).
(() => {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  const first = !navigator.serviceWorker.controller;
  const root = document.documentElement;
  const whenReady = (then) => {
    if (root.dataset.ready === "true") return then();
    const watch = new MutationObserver(() => {
      if (root.dataset.ready === "true") { watch.disconnect(); then(); }
    });
    watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  };
  const notice = document.querySelector('[data-testid="update"]');
  const offer = (waiting) => {
    notice.hidden = false;
    notice.querySelector("button").onclick = () => waiting.postMessage("skip-waiting");
  };
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!notice.hidden) location.reload();
  });
  const registering = navigator.serviceWorker.register("./sw.js");
  const precache = (registration, part) => new Promise((done) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = done;
    const to = registration.active ?? registration.installing;
    if (to) to.postMessage({ precache: part }, [channel.port2]); else done();
  });
  // Resolves once the files a start needs are kept (at once where there is nothing to wait for).
  globalThis.Kismet = { ...globalThis.Kismet,
    precached: () => first && registering.then((r) => r && precache(r, "start"), () => {}) };
  registering.then((registration) => {
    if (!registration) return; // refused (a browser blocking them)
    whenReady(() => {
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      precache(registration, "all"); // and the rest (or what an earlier visit did not keep)
    });
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      installing.addEventListener("statechange", () => {
        if (installing.state === "installed" && navigator.serviceWorker.controller) {
          whenReady(() => offer(installing));
        }
      });
    });
  }).catch(() => {}); // none here: the game plays on, online only
})();
