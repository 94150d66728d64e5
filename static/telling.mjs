// What the game's worker tells the page of itself (`tell`): how its start went (static/interpreter.mjs)
// and what the content policy refused here, kept in `said` for the page's first answer too. And
// the policy's part in the worker (docs/security.md), which must come before Pyodide's module runs:
// static/interpreter.mjs imports this module first.

/** @type {Record<string, string>} what the worker has told the page, as marks on <html> */
export const said = {};
globalThis.kismetSaid = said; // static/glue/worker.py reads it
/** @param {Record<string, string>} root */
export const tell = (root) => self.postMessage({ root: Object.assign(said, root) && root });

// Pyodide tells a module worker from a classic one as its module loads, by trying importScripts()
// on an empty script, which a module worker refuses, as Pyodide expects. Trusted Types would see
// that plain string first, and report it: the worker's own default policy passes this one address,
// and no other (script-src refuses it anyway).
const EMPTY_SCRIPT = "data:text/javascript,";
self.trustedTypes?.createPolicy("default", {
  createScriptURL: (/** @type {string} */ url) => (url === EMPTY_SCRIPT ? url : null),
});

// The page's content policy holds here too (a worker from a blob: address takes its page's): what
// it refuses is told to the page (data-worker-blocked, each directive once), as index.html marks
// the page's own refusals.
self.addEventListener("securitypolicyviolation", (event) => {
  const seen = (said.workerBlocked ?? "").split(" ").filter(Boolean);
  if (!seen.includes(event.violatedDirective)) tell({ workerBlocked: [...seen, event.violatedDirective].join(" ") });
});
