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

// The storage relay (kismet/app/relay.py says the protocol): a worker of this page asks
// for its storage with a synchronous request to relay/<token>; the service worker passes
// it to every page of the site, and the page holding that token answers from its
// localStorage (the others answer null). Kismet.relay is this page's token.
(() => {
  if (!("serviceWorker" in navigator) || !globalThis.crypto?.getRandomValues) return;
  const token = Array.from(crypto.getRandomValues(new Uint8Array(12)),
    (byte) => byte.toString(16).padStart(2, "0")).join("");
  const wrong = JSON.stringify({ error: "not a request" });
  const answer = (text) => {
    let asked;
    try { asked = JSON.parse(text); } catch { return wrong; }
    if (!Array.isArray(asked) || !asked.length || asked.some((a) => typeof a !== "string")) {
      return wrong;
    }
    const [op, ...args] = asked;
    try {
      let value = null;
      if (op === "get" && args.length === 1) value = localStorage.getItem(args[0]);
      else if (op === "set" && args.length === 2) localStorage.setItem(args[0], args[1]);
      else if (op === "remove" && args.length === 1) localStorage.removeItem(args[0]);
      else if (op === "keys" && !args.length) {
        value = Array.from({ length: localStorage.length }, (_, i) => localStorage.key(i));
      } else return wrong;
      return JSON.stringify({ value });
    } catch (error) { // Firefox named a full storage NS_ERROR_DOM_QUOTA_REACHED
      const full = /quota/i.test(`${error?.name} ${error}`);
      return JSON.stringify({ refused: full ? "full" : "off" });
    }
  };
  navigator.serviceWorker.addEventListener("message", (event) => {
    const { relay, request } = event.data ?? {};
    if (typeof relay !== "string") return;
    event.ports[0]?.postMessage(relay === token ? answer(String(request)) : null);
  });
  globalThis.Kismet = { ...globalThis.Kismet, relay: token };
})();
