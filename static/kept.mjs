// What the browser says of the site's storage, for the game's word on keeping it
// (kismet/app/keeping/safekeeping.py): kept for good, what the whole site takes, whether this
// device played here before, and whether the browser deletes a site's data left unvisited.
import { closed, stamps } from "./database.mjs";

// Kept for good, and what the whole site takes (-1: the browser does not say).
const storageWord = async () => {
  const manager = navigator.storage;
  const persisted = (await manager?.persisted?.().catch(() => false)) === true;
  const usage = await manager?.estimate?.().then(
    (found) => found.usage,
    () => undefined,
  );
  return { persisted, site_bytes: typeof usage === "number" && Number.isFinite(usage) ? Math.round(usage) : -1 };
};
// Whether a commit was ever recorded here (IndexedDB outlives a cleared localStorage).
const playedBefore = () =>
  new Promise((done) => {
    closed.then(() => done(false)); // the site's data cleared meanwhile: no word on the transaction
    try {
      if (!stamps) return done(false);
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

export { clearsUnvisited, playedBefore, storageWord };
