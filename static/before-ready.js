// Before the game's Python is ready, the page still answers (it is drawn whole at build:
// the dice, the sheet, the rules). A few lines that decide nothing about the game: the menu
// and the rules (Help) open and close; a tap on Roll is kept (the status line says it comes)
// and once the game is ready Roll is clicked for the player, which the game answers like any
// click. From ready on, every click is the game's own (static/events.mjs): this does nothing.
(() => {
  if (location.protocol === "file:") return; // opened as a file, the game never starts
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
})();
