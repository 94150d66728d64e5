// Kismet's page: starts the game's Python in a worker through PyScript (static/main.py, on
// the Pyodide of static/interpreter.mjs), sends it every event as data, and for each answer
// stores its commit and carries out its ops (static/paint.js). It decides nothing about the
// game (kismet/page/page.py does): it reads what an event carries, stops a browser's default
// for the keys the game takes, does what browsers allow only within a tap, and the storage.
import { stamps } from "./database.mjs"; // before PyScript's cache, in a browser blocking site data

const CONFIG = __PYSCRIPT_CONFIG__; // pyscript.toml, as build.py read it
const root = document.documentElement;
/** @type {(name: string) => HTMLInputElement} the element of a data-testid (a field, a button or a line) */
const byTestid = (name) => document.querySelector(`[data-testid="${name}"]`);
const Kismet = globalThis.Kismet;

// ------------------------------------------------------------------- the storage
// One commit per answer, as kismet/app/keeping/storing.py's `store` (the tests hold them alike):
// the spare's writes; if the stamp is still its base, every write or none; unless refused, `spared`.
const SHARED = __SHARED__; // kismet/page/shared.py, as build.py wrote it
const [PREFIX, STAMP, PROBE] = [SHARED.prefix, SHARED.stamp, SHARED.probe];
const site = (area) => {
  try {
    area = area(); // a browser blocking the site's data throws at the name
    return Object.fromEntries(
      Object.keys(area)
        .filter((k) => k.startsWith(PREFIX))
        .map((k) => [k, area.getItem(k)]),
    );
  } catch {
    // no storage here: the game plays on, and says so
    return null;
  }
};
const write = (area, key, value) => (value === null ? area.removeItem(key) : area.setItem(key, value));
const weight = (key, value) => (value === null ? 0 : key.length + value.length);
const fits = (size) => {
  try {
    localStorage.setItem(PROBE, "x".repeat(Math.max(0, size - PROBE.length)));
    return true;
  } catch {
    return false;
  }
};
const measure = (below) => {
  // the longest probe the storage takes (less than `below`)
  let [low, high] = [0, Math.max(below, 1)];
  while (high - low > 1)
    if (fits((low + high) >> 1)) low = (low + high) >> 1;
    else high = (low + high) >> 1;
  try {
    localStorage.removeItem(PROBE);
  } catch {
    /* refused all along */
  }
  return low;
};
const roomAtStart = () => {
  if (!fits(SHARED.room)) return measure(SHARED.room);
  localStorage.removeItem(PROBE);
  return null;
};
const keep = (spare) => {
  for (const [key, value] of spare)
    try {
      write(sessionStorage, key, value);
    } catch {
      /* a second chance */
    }
};
function store(commit) {
  keep(commit.spare);
  const answer = storeWrites(commit);
  if (!["full", "off"].includes(answer.outcome)) keep(commit.spared);
  return answer;
}
function storeWrites({ id, base, writes }) {
  if (!writes.length) return { id, outcome: "stored" };
  let olds;
  try {
    if (localStorage.getItem(STAMP) !== base) return { id, outcome: "stale", values: site(() => localStorage) };
    olds = new Map(writes.map(([key]) => [key, localStorage.getItem(key)]));
  } catch {
    return { id, outcome: "off" };
  }
  const grows = ([key, value]) => weight(key, value) - weight(key, olds.get(key));
  const done = []; // those that free room first; the stamp last (other tabs hear in order)
  try {
    for (const [key, value] of [...writes].sort(
      (a, b) => Number(a[0] === STAMP) - Number(b[0] === STAMP) || grows(a) - grows(b),
    )) {
      done.push(key);
      write(localStorage, key, value);
    }
  } catch (error) {
    // each step back is a state that fitted before
    for (const key of done.reverse()) write(localStorage, key, olds.get(key));
    if (!/quota/i.test(`${error?.name} ${error}`)) return { id, outcome: "off" }; // Firefox: NS_ERROR_DOM_QUOTA_REACHED
    return { id, outcome: "full", room: measure(writes.reduce((sum, w) => sum + grows(w), 0)) };
  }
  return { id, outcome: "stored" };
}
// A tab's localStorage is a copy that hears other tabs late: a commit waits in an IndexedDB
// transaction (one at a time for all tabs) until the copy shows the last stamp recorded there, up
// to 10 s if it shows one before, else 1 s (the record is wrong) (docs/storage.md: "The stamp").
const stamp = () => {
  try {
    return localStorage.getItem(STAMP);
  } catch {
    return undefined;
  }
};
const guarded = async (work, since = performance.now()) => {
  for (;;) {
    let done, trans;
    try {
      trans = stamps.transaction("stamp", "readwrite", { durability: "relaxed" });
    } catch {
      return work();
    } // none
    trans.objectStore("stamp").get("recent").onsuccess = ({ target: { result } }) => {
      const [last, ...before] = Array.isArray(result) ? result : []; // the last commit's stamp first
      const bound = before.includes(stamp()) ? 10000 : 1000;
      if (![undefined, stamp()].includes(last) && stamp() !== undefined && performance.now() - since < bound) return;
      try {
        done = { value: work() };
      } catch (error) {
        done = { error };
      }
      const recent = [stamp(), last, ...before].filter((s, i) => !i || s).slice(0, 17);
      if (![last, undefined].includes(stamp())) trans.objectStore("stamp").put(recent, "recent");
    };
    await new Promise((settle) => {
      trans.oncomplete = trans.onabort = settle;
    });
    if (done) return "error" in done ? Promise.reject(done.error) : done.value;
    await new Promise((again) => setTimeout(again, 2)); // the page's other tasks first
  }
};

// --------------------------------------------------------------------- the game
let worker = null;
let chain = Promise.resolve();
let pending = 0;
const ask = async (event) => JSON.parse(await worker.sync.handle(JSON.stringify(event)));
// An answer: its commit stored, its ops carried out (not a stale commit's: they painted what
// another tab overtook), then the game told how the commit went, which it answers in turn.
async function take(answer) {
  for (;;) {
    const { ops, commit } = answer;
    if (answer.root) Object.assign(root.dataset, answer.root);
    const stored =
      commit &&
      (await guarded(() => {
        const result = store(commit);
        if (result.outcome !== "stale") Kismet.apply(ops);
        return result;
      }));
    if (!commit) return Kismet.apply(ops);
    answer = await ask({ kind: "stored", answer: stored });
  }
}
// Every event waits for the answer to the one before (commits are stored in turn); a function is
// read when its turn comes.
const send = (event) => {
  if (root.dataset.ready !== "true" && event.kind !== "due") return; // static/before-ready.js
  pending += 1;
  chain = chain
    .then(async () => take(await ask(typeof event === "function" ? event() : event)))
    .catch((error) => console.error("The game could not answer:", error))
    .finally(() => {
      pending -= 1;
    });
};
// What the browser says of the site's storage: kept for good, and what the whole site takes.
const storageWord = async () => {
  const manager = navigator.storage;
  const persisted = (await manager?.persisted?.().catch(() => false)) === true;
  const usage = await manager?.estimate?.().then(
    (found) => found.usage,
    () => undefined,
  );
  return { persisted, site_bytes: Number.isFinite(usage) ? Math.round(usage) : -1 };
};
// Whether a commit was ever recorded here (IndexedDB outlives a cleared localStorage).
const playedBefore = () =>
  new Promise((done) => {
    try {
      const asked = stamps.transaction("stamp").objectStore("stamp").get("recent");
      asked.onsuccess = () => done(Array.isArray(asked.result) && asked.result.some(Boolean));
      asked.onerror = () => done(false);
    } catch {
      done(false);
    }
  });
// Safari (not the app on the Home Screen) deletes a site's data after seven days unvisited.
const clearsUnvisited = () =>
  /^((?!chrome|chromium|android|crios|fxios|edg).)*safari/i.test(navigator.userAgent) &&
  !matchMedia("(display-mode: standalone)").matches &&
  navigator.standalone !== true;
Object.assign(Kismet, {
  settled: async () => {
    while (pending) await chain;
  },
  persist: () => {
    root.dataset.persistAsked = "true"; // for the tests: the browser was asked, on this visit
    return navigator.storage
      ?.persist?.()
      .catch(() => false)
      .then(async () => send({ kind: "kept", ...(await storageWord()) }));
  },
  python: (code) => worker.sync.python(code),
  store, // the page's side of a commit, for the tests (tests/test_commit.py)
});

(async () => {
  if (location.protocol === "file:") return; // index.html says how to serve it
  const at = (path) => new URL(path, import.meta.url).href;
  const { PyWorker } = await import("../pyscript/core.js");
  // `version`: the interpreter's module, which PyScript's worker takes (its own types leave it out).
  const options = { config: CONFIG, version: at("./interpreter.mjs") };
  worker = await PyWorker(at("./main.py"), options);
  // A first visit is ready once the service worker keeps the site: a reload offline works.
  const kept = Promise.race([Kismet.precached?.(), new Promise((done) => setTimeout(done, 15000))]);
  worker.addEventListener("message", ({ data }) => {
    if (data?.root) Object.assign(root.dataset, data.root);
    else if (typeof data === "string" && data.startsWith('{"due"')) send({ kind: "due", timer: JSON.parse(data).due });
  });
  const local = site(() => localStorage);
  const answer = JSON.parse(
    await worker.sync.start(
      JSON.stringify({
        lang: root.lang,
        search: location.search,
        hash: location.hash,
        base: document.baseURI,
        address: location.origin + location.pathname,
        can_share: !!navigator.share,
        ...(await storageWord()),
        can_persist: !!navigator.storage?.persist,
        clears_unvisited: clearsUnvisited(),
        played_before: await playedBefore(),
        reduced_motion: matchMedia("(prefers-reduced-motion: reduce)").matches,
        local,
        session: site(() => sessionStorage),
        room: local && roomAtStart(),
      }),
    ),
  );
  chain = chain
    .then(() => take(answer))
    .then(() => kept)
    .then(() => Kismet.apply(answer.ready));
  await chain;
  Kismet.shown?.(); // the game is on screen: the service worker keeps the rest of the site,
  await worker.sync.ready(); // and the worker its snapshot
})().catch((error) => console.error("The game could not start:", error));

// -------------------------------------------------------------- events, as data
const FIELDS = ["entry-faces", "stats-player", "challenge-name", "coach-margin", "language", "print-players"]; // kismet.page.events.VALUES
const values = () =>
  Object.fromEntries(
    [
      ...FIELDS.map((name) => [name, byTestid(name)?.value]),
      ["print-what", /** @type {HTMLInputElement} */ (document.querySelector("input[name=print-what]:checked"))?.value],
    ].filter(([, v]) => v !== undefined),
  );
const roster = () =>
  /** @type {HTMLDialogElement} */ (document.getElementById("new-game-dialog"))?.open
    ? [...document.querySelectorAll("#player-list li")].map((row) => [
        row.querySelector("input").value,
        row.querySelector("select").value,
      ])
    : null;
const withFields = (event) => ({ ...event, values: values(), roster: roster() });

// What the page does within the player's tap; its words come with the Share dialog.
const shareDone = (key) => {
  byTestid("share-done").textContent = byTestid("share-done").getAttribute(`data-${key}`) ?? "";
};
const copyByHand = () => {
  byTestid("share-link").select();
  shareDone("share.failed");
};
const ON_THE_PAGE = {
  "send-share": () =>
    navigator.share({ text: byTestid("share-text").textContent, url: byTestid("share-link").value }).then(
      () => shareDone("share.shared"),
      () => {},
    ),
  "copy-share": () => {
    try {
      navigator.clipboard
        .writeText(`${byTestid("share-text").textContent} ${byTestid("share-link").value}`)
        .then(() => shareDone("share.copied"), copyByHand);
    } catch {
      copyByHand();
    }
  },
  restore: () => byTestid("restore-file").click(),
};

document.addEventListener("click", (event) => {
  if (root.dataset.ready !== "true") return;
  const clicked = /** @type {HTMLElement} */ (event.target);
  if (clicked.tagName === "DIALOG" && clicked.hasAttribute("data-light-dismiss")) {
    const box = clicked.getBoundingClientRect(); // a tap on the backdrop closes it
    const { clientX: x, clientY: y } = event;
    if (!(box.left <= x && x <= box.right && box.top <= y && y <= box.bottom))
      return Kismet.apply([["close", `#${clicked.id}`]]);
  }
  /** @type {HTMLButtonElement} */
  const target = clicked.closest("[data-action]");
  const disabled = !!target?.disabled;
  if (!disabled) ON_THE_PAGE[target?.dataset.action]?.();
  send(
    withFields({
      kind: "click", // and the element's data: action, die, box, index, id, day
      ...target?.dataset,
      action: target?.dataset.action ?? "",
      disabled,
      today: new Date(Date.now() - new Date().getTimezoneOffset() * 6e4).toISOString().slice(0, 10), // the daily's day here (no Intl: its first use holds a first tap up)
      in_header: !!clicked.closest("header.top"),
      dialog: clicked.closest("dialog")?.id ?? "",
    }),
  );
});

document.addEventListener("keydown", (event) => {
  if (!Kismet.keys) return;
  const on = /** @type {HTMLElement} */ (event.target);
  const typing =
    ["INPUT", "SELECT", "TEXTAREA"].includes(on.tagName) && (!on.closest("dialog") || !!on.closest("dialog[open]"));
  const pressed = {
    key: event.key,
    modified: event.ctrlKey || event.metaKey || event.altKey,
    typing,
    in_dialog: !!document.querySelector("dialog[open]"),
    on_button: on.tagName === "BUTTON",
  };
  const flags = [pressed.modified, typing, pressed.in_dialog, pressed.on_button].map(Number).join("");
  if (!Kismet.keys.answered.has(`${event.key}|${flags}`)) return;
  if (Kismet.keys.taken.has(`${event.key}|${flags}`)) event.preventDefault();
  send({ kind: "key", pressed });
});

const on = (selector, kind, handler) => document.querySelector(selector)?.addEventListener(kind, handler);
for (const [selector, form] of [
  [".new-game-form", "new-game"],
  ["form.entry", "entry"],
  ["form.print-form", "print"],
]) {
  on(selector, "submit", (event) => {
    event.preventDefault();
    send(withFields({ kind: "submit", form }));
  });
}
on('[data-testid="entry-faces"]', "input", () => send(withFields({ kind: "input" })));
for (const field of ["language", "coach-margin", "stats-player"]) {
  on(`[data-testid="${field}"]`, "change", () => send(withFields({ kind: "change", field })));
}
on(
  "#player-list",
  "change",
  (event) => event.target.tagName === "SELECT" && send(withFields({ kind: "change", field: "seat" })),
);
on('[data-testid="restore-file"]', "change", async ({ target }) => {
  const chosen = target.files?.[0];
  target.value = ""; // the same file may be chosen again
  if (chosen) send(withFields({ kind: "restore", text: await chosen.text().catch(() => null) })); // null: unreadable
});
on("#confirm-dialog", "cancel", () => send({ kind: "cancel" })); // Escape: "Go back"
for (const dialog of document.querySelectorAll("dialog")) {
  // focus leaves at "cancel" (Escape)
  dialog.addEventListener("cancel", () => Kismet.apply([["focus-back", `#${dialog.id}`]]));
  dialog.addEventListener("close", () => {
    Kismet.apply([["focus-back", `#${dialog.id}`]]);
    send({ kind: "closed", dialog: dialog.id });
  });
}
addEventListener("hashchange", () => send({ kind: "hash", text: location.hash }));
// Another tab of the site wrote (a null key: the storage was cleared): what is there when the game
// hears of it (after this tab's commits before), with a stamp all the keys, which agree with it.
addEventListener("storage", ({ key }) =>
  send(() => ({
    kind: "storage",
    key,
    text: key && localStorage.getItem(key),
    stored: key === STAMP || key === null ? site(() => localStorage) : undefined,
  })),
);
addEventListener("online", () => send({ kind: "online" }));
addEventListener("appinstalled", () => Kismet.persist()); // installed: the moment a browser grants it
