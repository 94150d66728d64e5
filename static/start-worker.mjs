// Kismet's start worker: the game's Python, off the page's main thread.
//
// Python starts here, never on the page: from the memory snapshot an earlier visit kept in
// Cache Storage (read, unpacked and restored here), or afresh (about 1.8 s of CPU on a
// laptop, many seconds on a phone), importing the game's own modules (prepare(), below) and
// taking a snapshot of that interpreter, before any game exists, to keep for the next visit.
//
// Then the game runs here too (static/main.py's start_worker): the page (static/client.mjs)
// sends each event as JSON, and this sends back the ops that paint it. The game's storage
// is the page's localStorage, which a worker cannot reach by itself: each read and write is
// a synchronous request to relay/<token>, which the site's service worker passes to the
// page holding that token (static/register.js), so every write is answered, a refusal
// included, before the next line of Python runs (kismet/app/relay.py).
//
// Where the relay cannot answer (no service worker: a plain http:// host other than
// localhost, a browser that refuses them), the page runs the game itself, as it did before
// this worker: it gets the snapshot's bytes and restores them (static/boot.mjs, through
// PyScript). The answer to "start" is then {fallback: {kind, bytes}}: "stored" (the kept
// snapshot), "made" (a fresh one: this worker keeps a copy, and packs and stores it when the
// page sends "save"), or "none" (no snapshot could be had: the page starts Python itself).
//
// A {save: bytes, where} message (a snapshot to keep, sent by the page to a worker of its
// own) is packed and stored; storing answers {state: "saved"} or {state: "failed"}.
// Pyodide's loader is imported at once, beside python.mjs (one round trip less before the
// runtime's large files are asked for).
import * as pyodide from "../pyodide/pyodide.mjs";
import { CONFIG, GAME, GAME_ON_PATH, KEEPS, RESEED, WHERE, restFetched,
         withTheRest } from "./python.mjs";

const post = (message, transfer = []) => self.postMessage(message, transfer);
const root = (values) => post({ root: values });

async function stored({ cacheName, entry }) {
  const cache = await caches.open(cacheName);
  const response = await cache.match(entry);
  if (!response) return null;
  // gzip's checksum rejects an entry that was damaged or cut short.
  const unpacking = response.body.pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(unpacking).arrayBuffer());
}

// Python afresh, the game's modules imported, and the snapshot taken: {python, bytes}.
async function make() {
  // The game's archive is fetched once the runtime has downloaded (Pyodide's hook for the
  // file system runs then), while Python starts: its bytes never slow the runtime's.
  const python = await pyodide.loadPyodide({
    ...CONFIG, _makeSnapshot: true, fsInit: () => { archive().catch(() => {}); },
  });
  await prepare(python);
  const bytes = python.makeMemorySnapshot();
  // In snapshot mode Pyodide hands Python a proxy of the globals made for the snapshot;
  // from here on Python gets the real ones.
  python.registerJsModule("js", globalThis);
  python.runPython("import sys\nsys.modules.pop('js', None)");
  return { python, bytes };
}

// The game's own modules, imported into the snapshot (static/main.py's prepare(): pure
// Python, nothing of the page, no state of a game), so a later visit restores them imported.
// If anything here fails the snapshot is taken all the same, and what is missing is
// imported when the game starts.
async function prepare(python) {
  try {
    python.FS.writeFile(GAME.path, await archive());
    python.runPython(`${GAME_ON_PATH}\nimport main\nmain.prepare()`);
  } catch (error) {
    console.warn("The game's modules were not imported into the snapshot:", error);
  }
}

let archiveFetch = null;
// The game's archive, fetched once.
function archive() {
  archiveFetch ??= fetch(GAME.archive).then(async (response) => {
    if (!response.ok) throw new Error(`${GAME.archive}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }).catch((error) => {
    archiveFetch = null; // asked again, fetched again
    throw error;
  });
  return archiveFetch;
}

// Python ready to run the game: {python, kind, bytes}, bytes being the snapshot's (kept for
// the next visit, or for the page if it must run the game itself).
async function python() {
  try {
    const bytes = KEEPS ? await stored(WHERE) : null;
    if (bytes) {
      archive().catch(() => {}); // meanwhile
      // Pyodide reads the snapshot into its memory; the copy stays for the page, if the
      // page must run the game.
      const restored = await pyodide.loadPyodide({ ...CONFIG, _loadSnapshot: bytes.slice() });
      if (restored._api?.config) restored._api.config._loadSnapshot = null;
      return { python: restored, kind: "stored", bytes };
    }
  } catch (error) {
    await caches.delete(WHERE.cacheName).catch(() => {});
  }
  const { python, bytes } = await make();
  return { python, kind: "made", bytes };
}

// ------------------------------------------------------------------- the relay

let relayURL = null;

// One request of the storage relay (kismet/app/relay.py), answered before it returns: the
// page's localStorage ("local") or this tab's sessionStorage ("session").
self.kismetRelay = (area, request) => {
  const xhr = new XMLHttpRequest();
  xhr.open("POST", area === "session" ? `${relayURL}/session` : relayURL, false);
  xhr.send(request);
  if (xhr.status !== 200) throw new Error(`the storage relay answered HTTP ${xhr.status}`);
  return xhr.responseText;
};

// Whether the relay answers: the service worker controls this worker and the page holds
// the token. It may take a moment on a first visit (the service worker is installed while
// Python starts): asked again every RELAY_POLL_MS until RELAY_WAIT_MS have gone.
const RELAY_POLL_MS = 100;
const RELAY_WAIT_MS = 4000;
const PROBE = JSON.stringify(["get", "kismet:v1:probe"]);

function relayAnswers() {
  try {
    const answer = JSON.parse(self.kismetRelay("local", PROBE));
    return !!answer && ("value" in answer || "refused" in answer);
  } catch (error) {
    return false;
  }
}

let serviceWorker = true; // false once the page says none could be registered
let relaying = false; // the relay has answered

// The page says the service worker controls it: from then on the relay should answer, so
// it is asked now, while Python still starts (a worker passed over asks to be taken over),
// not once Python is ready.
async function controlled(tries = 0) {
  if (relaying || !relayURL || tries > 20) return;
  relaying = relayAnswers();
  if (relaying) return;
  post({ claim: true });
  setTimeout(() => controlled(tries + 1), RELAY_POLL_MS);
}

async function relayReady(page) {
  if (!page.relay || !page.serviceWorker) return false;
  const until = performance.now() + RELAY_WAIT_MS;
  for (let tries = 0; !(relaying ||= relayAnswers()); tries++) {
    if (performance.now() > until || !serviceWorker) return false;
    // A worker still starting when the service worker took over the page is passed over
    // (browsers claim only clients that run): the page asks it to take over again.
    if (tries % 5 === 0) post({ claim: true });
    await new Promise((resolve) => setTimeout(resolve, RELAY_POLL_MS));
  }
  return true;
}

// ------------------------------------------------------------------- the game

// The ops of a paint (JSON), for the page's Kismet.apply.
self.kismetDeliver = (ops) => post({ ops });

let handle = null;
let made = null;
let readied;
const pageReady = new Promise((resolve) => { readied = resolve; });

// Python starts as this worker does (the page starts it from its first lines, index.html),
// not when the page's client sends "start": the runtime's files are asked for while the
// page is still being parsed and painted. A worker the page starts only to keep a snapshot
// (named KEEPER) starts no Python.
const KEEPER = "kismet-keeper";
const starting = self.name === KEEPER ? null : python();
starting?.catch(() => {}); // answered when "start" comes

async function start(page) {
  let got;
  try {
    got = await starting;
  } catch (error) {
    post({ fallback: { kind: "none", bytes: null } });
    return;
  }
  if (!(await relayReady(page))) {
    if (got.kind === "made" && KEEPS) made = got.bytes.slice();
    post({ fallback: { kind: got.kind, bytes: got.bytes } }, [got.bytes.buffer]);
    return;
  }
  const py = got.python;
  const prepared = py.runPython(RESEED);
  root({ start: "worker", game: prepared ? "snapshot" : "worker", python: "worker" });
  // Said before the game paints (the page is ready with its first ops): a snapshot made
  // here is stored after (below), the others are known now.
  const making = got.kind === "made" && KEEPS;
  if (!making) root({ snapshot: got.kind === "stored" ? "restored" : "off" });
  // The rest of the standard library: from the service worker's cache at once, or on a
  // first visit once the page says the game is ready.
  withTheRest(py, restFetched(page.controlled ? null : pageReady),
              (stage) => root({ stdlib: stage }));
  if (got.kind === "stored") py.FS.writeFile(GAME.path, await archive());
  py.runPython(GAME_ON_PATH);
  try {
    handle = py.runPython("import main\nmain.start_worker")(JSON.stringify(page));
  } catch (error) {
    console.error("The game could not start:", error);
    post({ error: String(error) });
    return;
  }
  self.kismetPython = py;
  if (making) post({ save: got.bytes }, [got.bytes.buffer]);
}

// What the page sends once the game runs here: its events, and (for the tests and anyone
// curious) Python to run.
function event(json) {
  try {
    handle(json);
  } catch (error) {
    post({ error: `${error}\nwhile answering ${json}` });
  }
  post({ answered: true }); // after its ops
}

async function runPython({ id, code }) {
  try {
    const result = await self.kismetPython.runPythonAsync(code);
    post({ python: id, result: result?.toJs ? result.toJs() : result });
  } catch (error) {
    post({ python: id, error: String(error) });
  }
}

// ------------------------------------------------------------- keeping a snapshot

async function keep(bytes, { cacheName, cachePrefix, entry }) {
  try {
    const packing = new Blob([bytes]).stream().pipeThrough(new CompressionStream("gzip"));
    const packed = await new Response(packing).arrayBuffer();
    // One snapshot at a time: those of other keys (an older Pyodide) go.
    for (const name of await caches.keys()) {
      if (name.startsWith(cachePrefix) && name !== cacheName) await caches.delete(name);
    }
    const cache = await caches.open(cacheName);
    const headers = { "content-type": "application/gzip" };
    await cache.put(entry, new Response(packed, { headers }));
    return "saved";
  } catch (error) {
    // Most likely a full quota: the next visit simply starts Python here again.
    await caches.delete(cacheName).catch(() => {});
    return "failed";
  }
}

self.onmessage = async ({ data }) => {
  if (data.event) {
    event(data.event);
  } else if (data.python) {
    runPython(data.python);
  } else if (data === "save") {
    if (!made) return;
    const bytes = made;
    made = null;
    post({ state: await keep(bytes, WHERE) });
  } else if (data.start) {
    const page = data.start;
    if (page.relay) relayURL = new URL(`relay/${page.relay}`, page.base).href;
    start(page);
  } else if (data.controlled) {
    controlled();
  } else if (data.ready) {
    readied();
  } else if (data.serviceWorker === false) {
    serviceWorker = false;
  } else if (data.save) {
    post({ state: await keep(data.save, data.where ?? WHERE) });
  }
};
