// Registers the service worker and offers a reload when a new version is waiting.
// The game is saved after every action, so reloading for an update loses nothing.
if ("serviceWorker" in navigator && location.protocol !== "file:") {
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
}
