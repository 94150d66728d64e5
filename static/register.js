// The service worker (static/service-worker.js): it serves and keeps the site for offline
// play. A first visit has it keep every file once the game is on screen (precaching then
// never competes with the start); a new version waiting is offered as a reload (the game
// is stored after every action, so nothing is lost).
(() => {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
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
  navigator.serviceWorker.register("./sw.js").then((registration) => {
    whenReady(() => {
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      (registration.active ?? registration.installing)?.postMessage("precache");
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
