// Registers the service worker once the game is ready (so its precache of the whole site
// never competes with the start-up), and offers a reload when a new version is waiting.
// The game is saved after every action, so reloading for an update loses nothing.
const whenReady = (start) => {
  const root = document.documentElement;
  if (root.dataset.ready === "true") return start();
  const watch = new MutationObserver(() => {
    if (root.dataset.ready === "true") { watch.disconnect(); start(); }
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
};

if ("serviceWorker" in navigator && location.protocol !== "file:") whenReady(() => {
  const notice = document.querySelector('[data-testid="update"]');
  const offer = (worker) => {
    notice.hidden = false;
    notice.querySelector("button").onclick = () => worker.postMessage("skip-waiting");
  };
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!reloading && notice && !notice.hidden) { reloading = true; location.reload(); }
  });
  navigator.serviceWorker.register("./sw.js").then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) offer(worker);
      });
    });
  }).catch(() => {});
});
