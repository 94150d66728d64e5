// Kismet's page: starts the game's Python in a worker through PyScript (static/main.py, on
// the Pyodide of static/interpreter.mjs), sends it every event of the page as data, and for
// each answer stores its commit and carries out its ops (static/paint.js). It decides
// nothing about the game (kismet/page/page.py does); it does what only the page can do at
// once: read what an event carries, stop a browser's default for the keys the game takes,
// what browsers allow only within a tap (share, copy, choose a file), and the storage.
import "./memory-db.mjs"; // before PyScript's cache, in a browser blocking site data

const CONFIG = __PYSCRIPT_CONFIG__; // pyscript.toml, as build.py read it
const root = document.documentElement;
const byTestid = (name) => document.querySelector(`[data-testid="${name}"]`);

// ------------------------------------------------------------------- the storage
// One commit per answer (kismet/app/commit.py, whose `store` this follows and the tests
// hold it to): the spare writes whatever happens; then, if the stamp is still the commit's
// base, every write (those that free room first) or none, and the page's word on it.
const PREFIX = "kismet:v1:";
const STAMP = `${PREFIX}stamp`;
const PROBE = `${PREFIX}probe`;
const site = (area) => {
  try {
    area = area(); // a browser blocking the site's data throws at the name
    const found = {};
    for (let i = 0; i < area.length; i++) {
      const key = area.key(i);
      if (key?.startsWith(PREFIX)) found[key] = area.getItem(key);
    }
    return found;
  } catch { // no storage here: the game plays on, and says so
    return null;
  }
};
const write = (area, key, value) => (value === null ? area.removeItem(key) : area.setItem(key, value));
const weight = (key, value) => (value === null ? 0 : key.length + value.length);
const measure = (below) => { // the longest probe the storage takes (less than `below`)
  let [low, high] = [0, Math.max(below, 1)];
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    try { localStorage.setItem(PROBE, "x".repeat(Math.max(0, middle - PROBE.length))); low = middle; } catch { high = middle; }
  }
  try { localStorage.removeItem(PROBE); } catch { /* refused all along */ }
  return low;
};
// A kilobyte of room, or how much less (one write and its removal, most of the time).
const roomAtStart = () => {
  try { localStorage.setItem(PROBE, "x".repeat(1024)); localStorage.removeItem(PROBE); return null; } catch { return measure(1024); }
};
function store({ id, base, writes, spare }) {
  for (const [key, value] of spare) try { write(sessionStorage, key, value); } catch { /* a second chance only */ }
  if (!writes.length) return { id, outcome: "stored" };
  let olds;
  try {
    if (localStorage.getItem(STAMP) !== base) return { id, outcome: "stale", values: site(() => localStorage) };
    olds = new Map(writes.map(([key]) => [key, localStorage.getItem(key)]));
  } catch {
    return { id, outcome: "off" };
  }
  // Those that free room first; the stamp last (other tabs hear of the writes in order).
  const grows = ([key, value]) => (key === STAMP ? Infinity : weight(key, value) - weight(key, olds.get(key)));
  const done = [];
  try {
    for (const [key, value] of [...writes].sort((a, b) => grows(a) - grows(b))) {
      done.push(key);
      write(localStorage, key, value);
    }
  } catch (error) { // each step back is a state that fitted before
    for (const key of done.reverse()) write(localStorage, key, olds.get(key));
    if (!/quota/i.test(`${error?.name} ${error}`)) return { id, outcome: "off" }; // Firefox: NS_ERROR_DOM_QUOTA_REACHED
    const total = writes.reduce((sum, [key, value]) => sum + weight(key, value) - weight(key, olds.get(key)), 0);
    return { id, outcome: "full", room: measure(total) };
  }
  return { id, outcome: "stored" };
}
// Tabs in other processes see a write a moment after it is made: a commit is stored under
// a lock of all the site's tabs, held a little after, so that the next tab's check sees it
// (timed by messages: a background tab's timers wait a second, and would hold the others).
const HOLD_MS = 10;
let holding = null;
const locked = (work) => {
  if (holding || !navigator.locks) {
    holding?.();
    return Promise.resolve(work());
  }
  return new Promise((done) => navigator.locks.request(`${PREFIX}storage`, () => new Promise((release) => {
    done(work());
    const channel = new MessageChannel();
    let until;
    channel.port1.onmessage = () => {
      if (performance.now() < until) channel.port2.postMessage(null);
      else { holding = null; channel.port1.close(); release(); }
    };
    holding = () => { until = performance.now() + HOLD_MS; };
    holding();
    channel.port2.postMessage(null);
  })));
};

// --------------------------------------------------------------------- the game
let worker = null;
let chain = Promise.resolve();
let pending = 0;
const ask = async (event) => JSON.parse(await worker.sync.handle(JSON.stringify(event)));
// An answer: its commit stored, its ops carried out (not a stale commit's: they painted
// what another tab overtook), then the game told how the commit went, which it answers.
async function take(answer) {
  for (;;) {
    const { ops, commit } = answer;
    if (answer.root) Object.assign(root.dataset, answer.root);
    const stored = commit && await locked(() => {
      const result = store(commit);
      if (result.outcome !== "stale") globalThis.Kismet.apply(ops);
      return result;
    });
    if (!commit) globalThis.Kismet.apply(ops);
    if (!stored) return;
    answer = await ask({ kind: "stored", answer: stored });
  }
}
// Every event waits for the answer to the one before (commits are stored in turn).
const send = (event) => {
  if (root.dataset.ready !== "true" && event.kind !== "due") return; // static/before-ready.js
  pending += 1;
  chain = chain.then(async () => take(await ask(event)))
    .catch((error) => console.error("The game could not answer:", error))
    .finally(() => { pending -= 1; });
};
globalThis.Kismet = {
  ...globalThis.Kismet,
  settled: async () => { while (pending) await chain; },
  store, // the page's side of a commit, for the tests (tests/test_commit.py)
  python: async (code) => { const got = await worker.sync.python(code); return got?.toJs?.() ?? got; },
};

const switched = (() => { // loaded only to change language: no welcome (and forget it)
  try {
    const was = sessionStorage.getItem("kismet:switched") === "1";
    sessionStorage.removeItem("kismet:switched");
    return was;
  } catch {
    return false;
  }
})();

(async () => {
  if (location.protocol === "file:") return; // index.html says how to serve it
  const at = (path) => new URL(path, import.meta.url).href;
  const { PyWorker } = await import("../pyscript/core.js");
  worker = await PyWorker(at("./main.py"), { config: CONFIG, version: at("./interpreter.mjs") });
  // A first visit is ready once the service worker keeps the site: a reload offline works.
  const kept = Promise.race([globalThis.Kismet.precached?.(), new Promise((done) => setTimeout(done, 15000))]);
  worker.addEventListener("message", ({ data }) => {
    if (data?.root) Object.assign(root.dataset, data.root);
    else if (typeof data === "string" && data.startsWith('{"due"')) send({ kind: "due", timer: JSON.parse(data).due });
  });
  const local = site(() => localStorage);
  const start = {
    lang: root.lang, search: location.search, hash: location.hash, base: document.baseURI,
    address: location.origin + location.pathname, greet: !switched,
    reduced_motion: matchMedia("(prefers-reduced-motion: reduce)").matches,
    can_share: typeof navigator.share === "function",
    local, session: site(() => sessionStorage), room: local && roomAtStart(),
  };
  const answer = JSON.parse(await worker.sync.start(JSON.stringify(start)));
  const ready = answer.ops.filter((op) => op[0] === "ready");
  answer.ops = answer.ops.filter((op) => op[0] !== "ready");
  chain = chain.then(() => take(answer)).then(() => kept).then(() => globalThis.Kismet.apply(ready));
  await chain;
  await worker.sync.ready(); // the game is on screen: the worker keeps its snapshot now
})().catch((error) => console.error("The game could not start:", error));

// -------------------------------------------------------------- events, as data
const FIELDS = ["entry-faces", "stats-player", "challenge-name", "coach-margin", "language",
                "print-players"]; // kismet.page.events.VALUES
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
const roster = () => (document.getElementById("new-game-dialog")?.open
  ? [...document.querySelectorAll("#player-list li")].map((row) => [
    row.querySelector("input").value, row.querySelector("select").value])
  : null);
const withFields = (event) => ({ ...event, values: values(), roster: roster() });
const attribute = (element, name) => element?.getAttribute(name) ?? undefined;

// What the page does within the player's tap; its words come with the Share dialog.
const shareDone = (key) => {
  const notice = byTestid("share-done");
  notice.textContent = notice.getAttribute(`data-${key}`) ?? "";
};
const copyByHand = () => {
  byTestid("share-link").select();
  shareDone("share.failed");
};
const ON_THE_PAGE = {
  "send-share": () => navigator.share({ text: byTestid("share-text").textContent, url: byTestid("share-link").value })
    .then(() => shareDone("share.shared"), () => {}),
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
    const box = clicked.getBoundingClientRect(); // a tap on the backdrop closes it
    const { clientX: x, clientY: y } = event;
    if (!(box.left <= x && x <= box.right && box.top <= y && y <= box.bottom)) {
      globalThis.Kismet.apply([["close", `#${clicked.id}`]]);
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
    in_header: !!clicked.closest("header.top"), dialog: clicked.closest("dialog")?.id ?? "",
  }));
});

const typingIn = (element) => ["INPUT", "SELECT", "TEXTAREA"].includes(element.tagName)
  && (!element.closest("dialog") || !!element.closest("dialog[open]"));
document.addEventListener("keydown", (event) => {
  const keys = globalThis.Kismet.keys;
  if (!keys) return;
  const pressed = {
    key: event.key, modified: event.ctrlKey || event.metaKey || event.altKey,
    typing: typingIn(event.target), in_dialog: !!document.querySelector("dialog[open]"),
    on_button: event.target.tagName === "BUTTON",
  };
  const code = `${pressed.key}|${[pressed.modified, pressed.typing, pressed.in_dialog,
    pressed.on_button].map((flag) => (flag ? 1 : 0)).join("")}`;
  if (!keys.answered.has(code)) return;
  if (keys.taken.has(code)) event.preventDefault();
  send({ kind: "key", pressed });
});

const on = (selector, kind, handler) => document.querySelector(selector)?.addEventListener(kind, handler);
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
  const text = await chosen.text().catch(() => null); // moved, unreadable
  send(withFields({ kind: "import", text }));
});
on("#confirm-dialog", "cancel", () => send({ kind: "cancel" })); // Escape: "Go back"
for (const dialog of document.querySelectorAll("dialog")) {
  // Escape fires "cancel" at once and "close" a moment later: focus leaves at the first.
  dialog.addEventListener("cancel", () => globalThis.Kismet.apply([["focus-back", `#${dialog.id}`]]));
  dialog.addEventListener("close", () => {
    globalThis.Kismet.apply([["focus-back", `#${dialog.id}`]]);
    send({ kind: "closed", dialog: dialog.id });
  });
}
addEventListener("hashchange", () => send({ kind: "hash", text: location.hash }));
// Another tab of the site wrote (a null key: the storage was cleared): what is there now.
addEventListener("storage", ({ key }) => send({ kind: "storage", key, text: key && localStorage.getItem(key) }));
addEventListener("online", () => send({ kind: "online" }));
