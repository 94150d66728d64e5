// The page's side of the storage: each answer's commit stored in one task (every write or none,
// if the stamp is still its base), and the room measured at the start. It decides nothing:
// kismet/app/keeping/commit.py makes the commits (what the browser says of the site's storage
// is static/kept.mjs's).
import { closed, stamps } from "./database.mjs"; // before PyScript's cache, in a browser blocking site data

// One commit per answer, decided here and nowhere else (the CPython tests run this under Node):
// the spare's writes; if the stamp is still its base, every write or none; unless refused, `spared`.
const SHARED = __SHARED__; // kismet/page/shared.py, as build.py wrote it
const [PREFIX, STAMP, PROBE] = [SHARED.prefix, SHARED.stamp, SHARED.probe];
/**
 * A write: a key, and its new value (null: removed).
 * @typedef {[string, string | null]} Write
 * A commit as kismet/app/keeping/commit.py makes it: its writes, made against the stamp `base`;
 * the spare's writes before (`spare`) and after, unless refused (`spared`).
 * @typedef {{ id: number, base: string | null, writes: Write[], spare: Write[], spared: Write[] }} Commit
 * The page's answer (kismet.app.keeping.commit.Answer).
 * @typedef {{ id: number, outcome: string, values?: Record<string, string | null> | null, room?: number }} Answer
 */
/** @param {() => Storage} area the site's keys in it, or null where the browser refuses it */
const site = (area) => {
  try {
    const opened = area(); // a browser blocking the site's data throws at the name
    return Object.fromEntries(
      Object.keys(opened)
        .filter((k) => k.startsWith(PREFIX))
        .map((k) => [k, opened.getItem(k)]),
    );
  } catch {
    // no storage here: the game plays on, and says so
    return null;
  }
};
/** @type {(area: Storage, key: string, value: string | null | undefined) => void} */
const write = (area, key, value) => (value == null ? area.removeItem(key) : area.setItem(key, value));
/** @type {(key: string, value: string | null | undefined) => number} */
const weight = (key, value) => (value == null ? 0 : key.length + value.length);
/** @param {number} size */
const fits = (size) => {
  try {
    localStorage.setItem(PROBE, "x".repeat(Math.max(0, size - PROBE.length)));
    return true;
  } catch {
    return false;
  }
};
/** @param {number} below */
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
/** @param {Write[]} spare */
const keep = (spare) => {
  for (const [key, value] of spare)
    try {
      write(sessionStorage, key, value);
    } catch {
      /* a second chance */
    }
};
/**
 * @param {Commit} commit
 * @returns {Answer}
 */
function store(commit) {
  keep(commit.spare);
  const answer = storeWrites(commit);
  if (!["full", "off"].includes(answer.outcome)) keep(commit.spared);
  return answer;
}
/**
 * @param {Commit} commit
 * @returns {Answer}
 */
function storeWrites({ id, base, writes }) {
  if (!writes.length) return { id, outcome: "stored" };
  /** @type {Map<string, string | null>} */
  let olds;
  try {
    if (localStorage.getItem(STAMP) !== base) return { id, outcome: "stale", values: site(() => localStorage) };
    olds = new Map(writes.map(([key]) => [key, localStorage.getItem(key)]));
  } catch {
    return { id, outcome: "off" };
  }
  /** @param {Write} write */
  const grows = ([key, value]) => weight(key, value) - weight(key, olds.get(key));
  /** @type {string[]} */
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
    if (!/quota/i.test(`${/** @type {Error} */ (error)?.name} ${error}`)) return { id, outcome: "off" }; // Firefox: NS_ERROR_DOM_QUOTA_REACHED
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
/** @type {((value?: unknown) => void) | null} the wait on a commit's transaction under way (one at a time) */
let ending = null;
closed.then(() => ending?.()); // one reaction for every wait, not one a try (2 ms apart)
/**
 * @param {() => Answer} work
 * @returns {Promise<Answer>}
 */
const guarded = async (work, since = performance.now()) => {
  for (;;) {
    /** @type {{ value: Answer } | { error: unknown } | undefined} */
    let done;
    /** @type {IDBTransaction} */
    let trans;
    try {
      if (!stamps) return work(); // none: site data blocked
      trans = stamps.transaction("stamp", "readwrite", { durability: "relaxed" });
    } catch {
      return work(); // none
    }
    const asked = trans.objectStore("stamp").get("recent");
    asked.onsuccess = () => {
      const result = asked.result;
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
    // Cleared site data closes the database under a transaction: Chromium then may say only
    // "error", never "abort", so that too (or the close itself: `ending`) ends the wait.
    await new Promise((settle) => {
      trans.oncomplete = trans.onabort = trans.onerror = ending = settle;
    });
    ending = null;
    const over = /** @type {{ value: Answer } | { error: unknown } | undefined} */ (done);
    if (over) return "error" in over ? Promise.reject(over.error) : over.value;
    await new Promise((again) => setTimeout(again, 2)); // the page's other tasks first
  }
};

export { guarded, roomAtStart, STAMP, site, store };
