// Kismet's page: starts the game's Python in the start worker, sends it every event of the
// page as data, and carries out the ops it answers with (static/paint.js). It decides
// nothing about the game: what a click, a key or a form does is the game's
// (kismet/page/page.py), and so is every change to the page. What it does itself is what
// only the page can do at once: read what an event carries (an element's data, the fields'
// values), stop a browser's default for the keys the game takes (from the game's own table,
// kismet/app/keys.py), and what browsers allow only within a player's tap (share, copy,
// choose a file).
//
// Where the worker cannot run the game (it cannot reach the page's storage without a
// service worker), it hands over its Python's snapshot and the page runs the game itself,
// through PyScript (static/boot.mjs); the events go to it the same way.

const root = document.documentElement;
const byTestid = (name) => document.querySelector(`[data-testid="${name}"]`);

// ----------------------------------------------------------------- the page's start

// Whether this page was loaded only to change language (then: no welcome), and forget it.
const switched = (() => {
  try {
    const was = sessionStorage.getItem("kismet:switched") === "1";
    sessionStorage.removeItem("kismet:switched");
    return was;
  } catch {
    return false;
  }
})();

// What the game's Python needs of the page and cannot read where it runs
// (kismet.page.host.Start), and how to reach the page's storage from a worker.
const start = () => ({
  lang: root.lang,
  search: location.search,
  hash: location.hash,
  address: location.origin + location.pathname,
  reduced_motion: matchMedia("(prefers-reduced-motion: reduce)").matches,
  greet: !switched,
  can_share: typeof navigator.share === "function",
  base: document.baseURI,
  relay: globalThis.Kismet?.relay ?? null,
  serviceWorker: !!globalThis.Kismet?.serviceWorker,
  controlled: !!navigator.serviceWorker?.controller,
});

// ------------------------------------------------------------------ the transport

let deliver = null; // an event (JSON) to the game's Python, once it answers
const apply = (ops) => globalThis.Kismet.apply(ops);

const asked = new Map(); // Python run for the tests: id -> [resolve, reject]
let asking = 0;

let told = false; // the worker knows the game is on screen

function fromWorker(worker) {
  return ({ data }) => {
    if (data.ops) {
      apply(data.ops);
      if (root.dataset.ready === "true" && !told) { // the game is on screen: the worker may
        told = true; // fetch what it needs only after (the rest of the standard library)
        worker.postMessage({ ready: true });
      }
    } else if (data.answered) answered();
    else if (data.root) Object.assign(root.dataset, data.root);
    else if (data.python !== undefined) {
      const [resolve, reject] = asked.get(data.python);
      asked.delete(data.python);
      if ("error" in data) reject(new Error(data.error)); else resolve(data.result);
    } else if (data.error) {
      console.error(`The game's Python failed: ${data.error}`);
    } else if (data.claim) { // the worker is not yet the service worker's
      navigator.serviceWorker?.ready.then((registration) => registration.active?.postMessage("claim"));
    } else if (data.save) {
      keep(data.save);
    } else if (data.state) { // the snapshot the page restored, stored by the worker
      root.dataset.snapshot = data.state;
      worker.terminate();
    } else if (data.fallback) {
      onThePage(worker, data.fallback);
    }
  };
}

// A fresh snapshot, packed and stored by a worker of its own once the game is on screen
// (so the game's worker is never busy with it); <html data-snapshot> says how it went.
function keep(bytes) {
  root.dataset.snapshot = "saving";
  try {
    const saver = startWorker("kismet-keeper"); // starts no Python (start-worker.mjs)
    saver.onmessage = ({ data }) => { root.dataset.snapshot = data.state; saver.terminate(); };
    saver.onerror = () => { root.dataset.snapshot = "failed"; saver.terminate(); };
    saver.postMessage({ save: bytes }, [bytes.buffer]); // where: the worker knows
  } catch (error) {
    root.dataset.snapshot = "failed";
  }
}

const startWorker = (name = "") => new Worker(new URL("./start-worker.mjs", import.meta.url),
                                              { type: "module", name });

// The game on the page itself: PyScript runs index.html's script, with static/boot.mjs as
// its Pyodide, which restores the snapshot handed over (or starts Python here).
async function onThePage(worker, { kind, bytes }) {
  root.dataset.python = "page";
  if (worker && kind !== "made") worker.terminate();
  const boot = await import("./boot.mjs");
  boot.handOver({ kind, bytes, worker: kind === "made" ? worker : null });
  await import("../pyscript/core.js");
}

// The page's Python connects itself (static/main.py's start).
globalThis.Kismet = {
  ...globalThis.Kismet,
  start: () => JSON.stringify(start()),
  connect: (handler) => { deliver = (json) => handler(json); },
};

let worker = null;
try {
  if (location.protocol === "file:") throw new Error("no modules from files");
  // The worker index.html started in its first lines (Python starts there while the page
  // is parsed), else one started now.
  const early = globalThis.Kismet?.early;
  worker = early?.worker ?? startWorker();
  worker.onmessage = fromWorker(worker);
  const failed = (event) => {
    event?.preventDefault?.();
    // The worker could not run at all (no module workers): unless the game runs already.
    if (!root.dataset.python) onThePage(worker, { kind: "none", bytes: null });
  };
  worker.onerror = failed;
  if (early?.failed) failed();
  worker.postMessage({ start: start() });
  // The service worker controls the page (at once on a later visit, in a moment on a first):
  // the worker may reach the storage from now on.
  const controlled = () => worker.postMessage({ controlled: true });
  if (navigator.serviceWorker?.controller) controlled();
  else navigator.serviceWorker?.addEventListener("controllerchange", controlled, { once: true });
  // No service worker after all (it could not be registered): the worker need not wait.
  globalThis.Kismet.registered?.then((ok) => ok || worker.postMessage({ serviceWorker: false }));
  globalThis.Kismet.python = (code) => new Promise((resolve, reject) => {
    if (root.dataset.python === "page") {
      globalThis.kismetPython.runPythonAsync(code).then(resolve, reject);
      return;
    }
    asking += 1;
    asked.set(asking, [resolve, reject]);
    worker.postMessage({ python: { id: asking, code } });
  });
} catch (error) {
  if (location.protocol !== "file:") onThePage(null, { kind: "none", bytes: null });
}
// Events sent to the worker and not yet answered; Kismet.settled() resolves once there are
// none (the tests wait for it after each action, as a player waits for the screen).
let pending = 0;
let settling = [];
const answered = () => {
  pending = Math.max(0, pending - 1);
  if (pending) return;
  const waiting = settling;
  settling = [];
  for (const resolve of waiting) resolve();
};
globalThis.Kismet.settled = () => new Promise((resolve) => {
  if (pending) settling.push(resolve); else resolve();
});
const toWorker = (json) => {
  pending += 1;
  worker.postMessage({ event: json });
};

// ----------------------------------------------------------------- events, as data

// What the storage holds under the keys the game asked for (the stamp every action
// compares: read here, at once, it costs the worker's relay a round trip less).
const stored = () => {
  const found = {};
  try {
    for (const key of globalThis.Kismet.keys?.told ?? []) found[key] = localStorage.getItem(key);
  } catch { // no storage: the game finds out itself
  }
  return found;
};

const send = (event) => {
  if (root.dataset.ready !== "true") return; // static/before-ready.js answers until then
  const to = root.dataset.python === "page" ? deliver : toWorker;
  if (to) to(JSON.stringify({ ...event, stored: stored() }));
};

// The fields whose values go with every event (kismet.page.events.VALUES).
const FIELDS = ["entry-faces", "stats-player", "challenge-name", "coach-margin", "language",
                "print-players"];
const values = () => {
  const found = {};
  for (const name of FIELDS) {
    const field = byTestid(name);
    if (field) found[name] = field.value;
  }
  const what = document.querySelector("input[name=print-what]:checked");
  if (what) found["print-what"] = what.value;
  return found;
};

// The New game dialog's seats, while it is open.
const roster = () => {
  if (!document.getElementById("new-game-dialog")?.open) return null;
  return [...document.querySelectorAll("#player-list li")].map((row) => [
    row.querySelector("input").value, row.querySelector("select").value,
  ]);
};

const withFields = (event) => ({ ...event, values: values(), roster: roster() });

const attribute = (element, name) => element?.getAttribute(name) ?? undefined;

// What the page does within the player's tap: share, copy, choose a file. Their words come
// with the Share dialog (data-share.shared and so on, on its notice).
const shareDone = (key) => {
  const notice = byTestid("share-done");
  notice.textContent = notice.getAttribute(`data-${key}`) ?? "";
};
const copyByHand = () => {
  byTestid("share-link").select();
  shareDone("share.failed");
};
const ON_THE_PAGE = {
  "send-share": () => {
    navigator.share({ text: byTestid("share-text").textContent, url: byTestid("share-link").value })
      .then(() => shareDone("share.shared"), () => {});
  },
  "copy-share": () => {
    const words = `${byTestid("share-text").textContent} ${byTestid("share-link").value}`;
    try {
      navigator.clipboard.writeText(words).then(() => shareDone("share.copied"), copyByHand);
    } catch {
      copyByHand();
    }
  },
  import: () => byTestid("import-file").click(),
};

document.addEventListener("click", (event) => {
  if (root.dataset.ready !== "true") return;
  const clicked = event.target;
  if (clicked.tagName === "DIALOG" && clicked.hasAttribute("data-light-dismiss")) {
    // A tap on the backdrop (outside the dialog's box, though it is the target) closes it.
    const box = clicked.getBoundingClientRect();
    const { clientX: x, clientY: y } = event;
    if (!(box.left <= x && x <= box.right && box.top <= y && y <= box.bottom)) {
      apply(JSON.stringify([["close", `#${clicked.id}`]]));
      return;
    }
  }
  const target = clicked.closest("[data-action]");
  const action = target ? target.dataset.action : "";
  const disabled = !!target?.disabled;
  if (!disabled) ON_THE_PAGE[action]?.();
  send(withFields({
    kind: "click", action, disabled,
    die: attribute(target, "data-die"), box: attribute(target, "data-box"),
    index: attribute(target, "data-index"), id: attribute(target, "data-id"),
    day: attribute(target, "data-day"),
    today: new Date().toLocaleDateString("en-CA"), // the daily game's, on this device
    in_header: !!clicked.closest("header.top"),
    dialog: clicked.closest("dialog")?.id ?? "",
  }));
});

const typingIn = (element) => ["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName)
  && (!element.closest("dialog") || !!element.closest("dialog[open]"));

document.addEventListener("keydown", (event) => {
  const keys = globalThis.Kismet.keys;
  if (!keys) return;
  const target = event.target;
  const pressed = {
    key: event.key,
    modified: event.ctrlKey || event.metaKey || event.altKey,
    typing: typingIn(target),
    in_dialog: !!document.querySelector("dialog[open]"),
    on_button: target.tagName === "BUTTON",
  };
  const code = `${pressed.key}|${[pressed.modified, pressed.typing, pressed.in_dialog,
    pressed.on_button].map((flag) => (flag ? 1 : 0)).join("")}`;
  if (!keys.answered.has(code)) return;
  if (keys.taken.has(code)) event.preventDefault();
  send({ kind: "key", pressed });
});

const on = (selector, kind, handler) => {
  const element = document.querySelector(selector);
  if (element) element.addEventListener(kind, handler);
};

for (const [selector, form] of [[".new-game-form", "new-game"], ["form.entry", "entry"],
                                ["form.print-form", "print"]]) {
  on(selector, "submit", (event) => {
    event.preventDefault();
    send(withFields({ kind: "submit", form }));
  });
}
on('[data-testid="entry-faces"]', "input", () => send(withFields({ kind: "input" })));
for (const field of ["language", "coach-margin", "stats-player"]) {
  on(`[data-testid="${field}"]`, "change", () => send(withFields({ kind: "change", field })));
}
on("#player-list", "change", (event) => {
  if (event.target.tagName === "SELECT") send(withFields({ kind: "change", field: "seat" }));
});
on('[data-testid="import-file"]', "change", async (event) => {
  const field = event.target;
  const chosen = field.files?.[0];
  field.value = ""; // the same file may be chosen again
  if (!chosen) return;
  let text = null;
  try {
    text = await chosen.text();
  } catch { // the browser could not read it (moved, unreadable)
  }
  send(withFields({ kind: "import", text }));
});
// Escape on the question before a zero keeps the turn going, like "Go back".
on("#confirm-dialog", "cancel", () => send({ kind: "cancel" }));
for (const dialog of document.querySelectorAll("dialog")) {
  // Escape fires "cancel" at once and "close" a moment later: focus leaves at the first.
  dialog.addEventListener("cancel", () => apply(JSON.stringify([["focus-back", `#${dialog.id}`]])));
  dialog.addEventListener("close", () => {
    apply(JSON.stringify([["focus-back", `#${dialog.id}`]]));
    send({ kind: "closed", dialog: dialog.id });
  });
}
addEventListener("hashchange", () => send({ kind: "hash", text: location.hash }));
// Another tab of the site wrote (a null key: the storage was cleared).
addEventListener("storage", (event) => send({ kind: "storage", key: event.key }));
addEventListener("online", () => send({ kind: "online" }));
