// Before the game's Python is ready, the page still answers (it is drawn whole at build:
// the dice, the sheet, the rules). A few lines that decide nothing about the game: the menu
// and the rules (Help) open and close; a tap on Roll is kept (the status line says it comes)
// and once the game is ready Roll is clicked for the player, which the game answers like any
// click. From ready on, every click is the game's own (static/events.mjs): this does nothing.
(() => {
  if (location.protocol === "file:") return; // opened as a file, the game never starts
  const SHARED = __SHARED__; // kismet/page/shared.py, as build.py wrote it
  const root = document.documentElement;
  const ready = () => root.dataset.ready === "true";
  /** @type {(testid: string) => HTMLButtonElement} the element of a data-testid (a button, but the status) */
  const $ = (testid) => /** @type {HTMLButtonElement} */ (document.querySelector(`[data-testid="${testid}"]`));
  /** @type {() => HTMLElement} */
  const header = () => /** @type {HTMLElement} */ (document.querySelector("header.top"));
  // Disabled in the page as built (without scripts nothing would answer them): enabled here.
  for (const testid of ["menu", "help", "roll"]) $(testid).disabled = false;
  /** @param {boolean | null} open the menu open or closed (null: the other way) */
  const toggleMenu = (open) => {
    const shown = open === null ? header().dataset.menu !== "open" : open;
    header().dataset.menu = shown ? "open" : "closed";
    $("menu").setAttribute("aria-expanded", String(shown));
  };
  globalThis.Kismet = { ...globalThis.Kismet, toggleMenu }; // the same once ready (paint.js's "menu")
  document.addEventListener("click", (event) => {
    if (ready()) return;
    /** @type {HTMLElement | null} */
    const target = /** @type {Element} */ (event.target).closest("[data-action]");
    const action = target ? target.dataset.action : "";
    const menuOpen = header().dataset.menu === "open";
    if (action === "menu") return toggleMenu(!menuOpen);
    if (menuOpen) toggleMenu(false);
    const help = /** @type {HTMLDialogElement} */ (document.getElementById("help-dialog"));
    if (action === "help" && !help.open) help.showModal();
    else if (action === "close-dialog") target?.closest("dialog")?.close();
    else if (action === "roll") {
      root.dataset.queued = "roll";
      const status = $("status").lastChild;
      if (status) status.textContent = $("roll").dataset.queuedText ?? "";
    }
  });
  new MutationObserver(() => {
    if (!ready() || root.dataset.queued !== "roll") return;
    delete root.dataset.queued;
    $("roll").click();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
  // How far the start's downloads are, as the game's worker counts them (static/interpreter.mjs,
  // on the start's channel; a worker started before this page is another page's): the share
  // after the words "Loading the game…" and a bar along Roll; once all is here, the words say
  // the game is starting.
  // (A page the service worker serves starts from its copy and the snapshot: nothing to show.)
  const first = globalThis.BroadcastChannel && !navigator.serviceWorker?.controller;
  const starting = first ? new BroadcastChannel(SHARED.start_channel) : null;
  if (starting)
    starting.onmessage = ({ data }) => {
      if (ready()) return starting.close();
      if (data?.since >= performance.timeOrigin) root.dataset.loading = String(data.loading);
    };
  new MutationObserver(() => {
    if (ready()) return;
    const share = Number(root.dataset.loading) || 0;
    const percent = Math.round(share * 100);
    root.style.setProperty("--loaded", `${percent}%`);
    const [line, loaded] = [$("current-player"), $("loaded")];
    if (share < 1 && loaded) loaded.textContent = ` ${percent}%`;
    else if (share >= 1) line.textContent = line.dataset.startingText ?? ""; // the share's span goes
  }).observe(root, { attributes: true, attributeFilter: ["data-loading"] });
})();
