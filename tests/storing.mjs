// The page's storing (static/storing.mjs, as the build writes it) run under Node for the CPython
// tests, so that they store each commit by the page's own code: one request a line on stdin, one
// answer a line on stdout. The storage is a browser's as the tests hold it: the site's keys, a
// quota counted in UTF-16 code units (keys and values), or none at all (refused).
// Usage: node tests/storing.mjs DIR (DIR holds storing.mjs and database.mjs, as built).
import { createInterface } from "node:readline";
import { pathToFileURL } from "node:url";

const QUOTA = Symbol("quota");
/** A storage area: its keys are its own properties, as `Object.keys(localStorage)` gives them. */
class Area {
  /** @param {Record<string, string>} items @param {number | null} quota */
  constructor(items, quota) {
    Object.defineProperty(this, QUOTA, { value: quota });
    Object.assign(this, items);
  }
  /** @param {string} key */
  getItem(key) {
    return Object.hasOwn(this, key) ? this[key] : null;
  }
  /** @param {string} key @param {string} value */
  setItem(key, value) {
    const text = String(value);
    const others = Object.entries(this).filter(([k]) => k !== key);
    const used = others.reduce((sum, [k, v]) => sum + k.length + v.length, 0);
    if (this[QUOTA] !== null && used + key.length + text.length > this[QUOTA])
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this[key] = text;
  }
  /** @param {string} key */
  removeItem(key) {
    delete this[key];
  }
}
/** A storage the browser refuses: any use of it throws, as a browser blocking site data does. */
const refused = () => {
  throw new DOMException("The operation is insecure.", "SecurityError");
};
/** @param {string} name @param {{ items: Record<string, string>, quota: number | null } | null} given */
const open = (name, given) => {
  const area = given && new Area(given.items, given.quota);
  Object.defineProperty(globalThis, name, { get: area ? () => area : refused, configurable: true });
  return area;
};

const storing = await import(pathToFileURL(`${process.argv[2]}/storing.mjs`).href);
for await (const line of createInterface({ input: process.stdin })) {
  const asked = JSON.parse(line);
  const local = open("localStorage", asked.local);
  const session = open("sessionStorage", asked.session);
  const said = asked.commit ? { answer: storing.store(asked.commit) } : { room: storing.roomAtStart() };
  const items = (/** @type {Area | null} */ area) => area && { ...area };
  process.stdout.write(`${JSON.stringify({ ...said, local: items(local), session: items(session) })}\n`);
}
