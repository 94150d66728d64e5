// Kismet's page: starts the game's Python in a worker through PyScript (static/main.py, on
// the Pyodide of static/interpreter.mjs), sends it every event as data (static/events.mjs), and
// for each answer stores its commit (static/storing.mjs) and carries out its ops (static/paint.js).
// It decides nothing about the game (kismet/page/page.py does).
import { listen } from "./events.mjs";
import { clearsUnvisited, playedBefore, storageWord } from "./kept.mjs";
import { guarded, roomAtStart, site, store } from "./storing.mjs";

const CONFIG = __PYSCRIPT_CONFIG__; // pyscript.toml, as build.py read it
const root = document.documentElement;
const Kismet = globalThis.Kismet;

/**
 * The game's worker as PyScript gives it: the calls static/main.py exports (JSON in and out).
 * @typedef {{ sync: { start(text: string): Promise<string>, handle(text: string): Promise<string>,
 *   ready(): Promise<void>, python(code: string): Promise<string> },
 *   addEventListener(kind: "message", then: (event: MessageEvent) => void): void }} GameWorker
 * An event of the page, as data (kismet/page/events.py reads it).
 * @typedef {{ kind: string, [field: string]: unknown }} PageEvent
 * The game's answer: its ops, its commit (kismet.page.page.Page.handle), and at the start
 * what the page's marks on <html> say and the ops that make it ready.
 * @typedef {{ ops: unknown[], commit: import("./storing.mjs").Commit | null,
 *   root?: Record<string, string>, ready?: unknown[] }} GameAnswer
 */
/** @type {GameWorker | null} */
let worker = null;
let chain = Promise.resolve();
let pending = 0;
/** @type {(event: PageEvent) => Promise<GameAnswer>} */
const ask = async (event) => JSON.parse(await /** @type {GameWorker} */ (worker).sync.handle(JSON.stringify(event)));
// An answer: its commit stored, its ops carried out (not a stale commit's: they painted what
// another tab overtook), then the game told how the commit went, which it answers in turn.
/** @param {GameAnswer} answer */
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
/** @param {PageEvent | (() => PageEvent)} event */
const send = (event) => {
  if (root.dataset.ready !== "true" && (typeof event === "function" || event.kind !== "due")) return; // static/before-ready.js
  pending += 1;
  chain = chain
    .then(async () => take(await ask(typeof event === "function" ? event() : event)))
    .catch((error) => console.error("The game could not answer:", error))
    .finally(() => {
      pending -= 1;
    });
};
Object.assign(Kismet, {
  send, // an outcome the page learns after its ops (static/paint.js: the backup file left)
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
  /** @param {string} code */
  python: (code) => /** @type {GameWorker} */ (worker).sync.python(code),
  store, // the page's side of a commit, for the tests (tests/test_commit.py)
});

(async () => {
  if (location.protocol === "file:") return; // index.html says how to serve it
  /** @param {string} path */
  const at = (path) => new URL(path, import.meta.url).href;
  const { PyWorker } = await import("../pyscript/core.js");
  // `version`: the interpreter's module, which PyScript's worker takes (its own types leave it out).
  const options = { config: CONFIG, version: at("./interpreter.mjs") };
  const started = /** @type {GameWorker} */ (/** @type {unknown} */ (await PyWorker(at("./main.py"), options)));
  worker = started;
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

listen(send);
