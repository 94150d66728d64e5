// The page's events, as data: every click, key, form, field, file, dialog and storage change is
// sent to the game (`listen(send)`), with the fields it reads; what browsers allow only within a
// tap (share, copy, open the file picker) is done here. kismet/page/events.py reads them.
import { STAMP, site } from "./storing.mjs";

const root = document.documentElement;
/** @type {(name: string) => HTMLInputElement} the element of a data-testid (a field, a button or a line) */
const byTestid = (name) => /** @type {HTMLInputElement} */ (document.querySelector(`[data-testid="${name}"]`));
const Kismet = globalThis.Kismet;
// The local calendar date, as the game's worker reads it too (static/glue/host.py): the daily's
// day here. Not by Intl, whose first use holds a first tap up.
const today = (now = new Date()) =>
  [now.getFullYear(), now.getMonth() + 1, now.getDate()].map((n) => String(n).padStart(2, "0")).join("-");

const SHARED = __SHARED__; // kismet/page/shared.py, as build.py wrote it
// The fields an event carries (kismet.page.events.VALUES): each element's by its data-testid,
// and the choice of what to print by its checked radio.
const values = () =>
  Object.fromEntries(
    [
      ...SHARED.fields.map((name) => [name, byTestid(name)?.value]),
      ["print-what", /** @type {HTMLInputElement} */ (document.querySelector("input[name=print-what]:checked"))?.value],
    ].filter(([, v]) => v !== undefined),
  );
const roster = () =>
  /** @type {HTMLDialogElement} */ (document.getElementById("new-game-dialog"))?.open
    ? [...document.querySelectorAll("#player-list li")].map((row) => [
        /** @type {HTMLInputElement} */ (row.querySelector("input")).value,
        /** @type {HTMLSelectElement} */ (row.querySelector("select")).value,
      ])
    : null;
/** @type {(event: import("./client.mjs").PageEvent) => import("./client.mjs").PageEvent} */
const withFields = (event) => ({ ...event, values: values(), roster: roster() });

// What the page does within the player's tap; its words come with the Share dialog.
/** @param {string} key */
const shareDone = (key) => {
  byTestid("share-done").textContent = byTestid("share-done").getAttribute(`data-${key}`) ?? "";
};
const copyByHand = () => {
  byTestid("share-link").select();
  shareDone("share.failed");
};
// The clicks the browser allows only within the tap itself, named only here (the game's
// Python names its own: tests/test_page_decisions.py checks none is in two places).
/** @type {Record<string, () => unknown>} */
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

/**
 * Send every event of the page to the game through `send` (once, when the page starts).
 * @param {(event: import("./client.mjs").PageEvent | (() => import("./client.mjs").PageEvent)) => void} send
 */
export function listen(send) {
  document.addEventListener("click", (event) => {
    if (root.dataset.ready !== "true") return;
    const clicked = /** @type {HTMLElement} */ (event.target);
    if (clicked.tagName === "DIALOG" && clicked.hasAttribute("data-light-dismiss")) {
      const box = clicked.getBoundingClientRect(); // a tap on the backdrop closes it
      const { clientX: x, clientY: y } = event;
      if (!(box.left <= x && x <= box.right && box.top <= y && y <= box.bottom))
        return Kismet.apply([["close", `#${clicked.id}`]]);
    }
    /** @type {HTMLButtonElement | null} */
    const target = clicked.closest("[data-action]");
    const disabled = !!target?.disabled;
    if (!disabled) ON_THE_PAGE[target?.dataset.action ?? ""]?.();
    send(
      withFields({
        kind: "click", // and the element's data: action, die, box, index, id, day
        ...target?.dataset,
        action: target?.dataset.action ?? "",
        disabled,
        today: today(),
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

  /** @type {(selector: string, kind: string, handler: (event: Event) => void) => void} */
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
    (event) =>
      /** @type {HTMLElement} */ (event.target).tagName === "SELECT" &&
      send(withFields({ kind: "change", field: "seat" })),
  );
  on('[data-testid="restore-file"]', "change", async (event) => {
    const target = /** @type {HTMLInputElement} */ (event.target);
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
}
