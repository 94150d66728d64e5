// static/storing.mjs's `guarded` (a commit stored inside an IndexedDB transaction) run under
// Node, on an IndexedDB that ends the commit's transaction as a browser may (argv[3]):
// - "complete": as it should;
// - "abort": an error, the abort, then the database closed (the site's data cleared under a
//   busy transaction);
// - "error": the database closed, then an error and never an abort (Chromium, when the clearing
//   overtakes a transaction just made: it once froze the page's every later move);
// - "close": the database closed, and no word on the transaction at all.
// Prints what `guarded` answered and how often its work ran; a wait that never ends prints
// nothing (Node exits on an await that nothing can settle).
// Usage: node tests/guarded.mjs DIR ENDING (DIR holds storing.mjs and database.mjs, as built).
import { pathToFileURL } from "node:url";

const ending = process.argv[3];
/** @param {() => void} then */
const later = (then) => setTimeout(then, 1);
let open = true;
/** @type {(() => void)[]} */
const closers = [];
const close = () => {
  open = false;
  for (const then of closers) then();
};
/** @typedef {{ result?: unknown, onsuccess?: () => void, onerror?: () => void }} Asked */
/** @typedef {{ oncomplete?: () => void, onabort?: () => void, onerror?: () => void }} Ends */
const database = {
  /** @param {string} kind @param {() => void} then */
  addEventListener: (kind, then) => kind === "close" && closers.push(then),
  transaction() {
    if (!open) throw new DOMException("The database connection is closing.", "InvalidStateError");
    /** @type {Ends & { objectStore?: () => unknown }} */
    const ends = {};
    const store = {
      get() {
        /** @type {Asked} */
        const asked = {};
        later(() => {
          if (ending === "complete") {
            asked.onsuccess?.();
            later(() => ends.oncomplete?.());
          } else if (ending === "abort") {
            ends.onerror?.();
            ends.onabort?.();
            close();
          } else {
            close();
            if (ending === "error") ends.onerror?.();
          }
        });
        return asked;
      },
      put() {},
    };
    ends.objectStore = () => store;
    return ends;
  },
};
Object.defineProperty(globalThis, "indexedDB", {
  value: {
    open() {
      /** @type {Asked & { onupgradeneeded?: () => void }} */
      const asked = {};
      later(() => {
        asked.result = database;
        asked.onsuccess?.();
      });
      return asked;
    },
  },
});

const { guarded } = await import(pathToFileURL(`${process.argv[2]}/storing.mjs`).href);
let ran = 0;
const answer = await guarded(() => {
  ran += 1;
  return { id: 1, outcome: "stored" };
});
process.stdout.write(`${JSON.stringify({ outcome: answer.outcome, ran })}\n`);
