// The service worker: registered at once, so that it relays the page's storage to the game's
// Python in the start worker (it takes control of a first visit within a moment, long before
// Python is ready); it caches the whole site once the game is ready (so that precaching never
// competes with the start), and a new version waiting is offered as a reload. The game is
// saved after every action, so reloading for an update loses nothing.
const whenReady = (start) => {
  const root = document.documentElement;
  if (root.dataset.ready === "true") return start();
  const watch = new MutationObserver(() => {
    if (root.dataset.ready === "true") { watch.disconnect(); start(); }
  });
  watch.observe(root, { attributes: true, attributeFilter: ["data-ready"] });
};

const canServe = "serviceWorker" in navigator && location.protocol !== "file:"
  && !!globalThis.crypto?.getRandomValues && globalThis.isSecureContext !== false;

if (canServe) {
  const notice = document.querySelector('[data-testid="update"]');
  const offer = (worker) => {
    notice.hidden = false;
    notice.querySelector("button").onclick = () => worker.postMessage("skip-waiting");
  };
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!reloading && notice && !notice.hidden) { reloading = true; location.reload(); }
  });
  const registering = navigator.serviceWorker.register("./sw.js");
  globalThis.Kismet = { ...globalThis.Kismet, registered: registering.then(() => true, () => false) };
  registering.then((registration) => {
    // A page loaded without it (a reload that bypassed it) asks it to take the page over.
    if (!navigator.serviceWorker.controller) registration.active?.postMessage("claim");
    whenReady(() => {
      if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
      (registration.active ?? registration.installing)?.postMessage("precache");
    });
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) {
          whenReady(() => offer(worker));
        }
      });
    });
  }).catch(() => {});
}

// The storage relay (kismet/app/relay.py says the protocol): the game's Python in a worker
// of this page asks for the page's storage with a synchronous request to relay/<token> (this
// tab's sessionStorage: relay/<token>/session); the service worker passes it to every page
// of the site, and the page holding that token answers (the others answer null).
// Kismet.relay is this page's token; Kismet.serviceWorker says one is coming.
(() => {
  if (!canServe) return;
  const token = Array.from(crypto.getRandomValues(new Uint8Array(12)),
    (byte) => byte.toString(16).padStart(2, "0")).join("");
  const wrong = JSON.stringify({ error: "not a request" });
  const answer = (store, text) => {
    let asked;
    try { asked = JSON.parse(text); } catch { return wrong; }
    if (!Array.isArray(asked) || !asked.length || asked.some((a) => typeof a !== "string")) {
      return wrong;
    }
    const [op, ...args] = asked;
    try {
      let value = null;
      if (op === "get" && args.length === 1) value = store().getItem(args[0]);
      else if (op === "set" && args.length === 2) store().setItem(args[0], args[1]);
      else if (op === "remove" && args.length === 1) store().removeItem(args[0]);
      else if (op === "keys" && !args.length) {
        value = Array.from({ length: store().length }, (_, i) => store().key(i));
      } else if (op === "all" && args.length === 1) {
        value = {};
        for (let i = 0; i < store().length; i++) {
          const key = store().key(i);
          if (key?.startsWith(args[0])) value[key] = store().getItem(key);
        }
      } else return wrong;
      return JSON.stringify({ value });
    } catch (error) { // Firefox named a full storage NS_ERROR_DOM_QUOTA_REACHED
      const full = /quota/i.test(`${error?.name} ${error}`);
      return JSON.stringify({ refused: full ? "full" : "off" });
    }
  };
  const stores = { local: () => localStorage, session: () => sessionStorage };
  navigator.serviceWorker.addEventListener("message", (event) => {
    const { relay, area, request } = event.data ?? {};
    if (typeof relay !== "string") return;
    const store = stores[area] ?? stores.local;
    event.ports[0]?.postMessage(relay === token ? answer(store, String(request)) : null);
  });
  // Messages from the service worker wait until the page starts them (or until it is
  // parsed): the relay's may come before.
  navigator.serviceWorker.startMessages();
  globalThis.Kismet = { ...globalThis.Kismet, relay: token, serviceWorker: true };
})();
