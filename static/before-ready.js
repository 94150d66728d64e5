// Before the game's Python is ready, the page still answers (it is drawn whole at build:
// the dice, the sheet, the rules). A few lines that decide nothing about the game:
// - the menu opens and closes, and the rules (Help) open and close;
// - a tap on Roll is kept: the status line says it comes, and once the game is ready the
//   Roll button is clicked for the player, which the game answers like any click (a game
//   where Roll cannot be pressed just shows itself).
// From ready on, every click is the game's own (static/glue/events.py); this does nothing.
(function () {
  // Opened as a file, the game never starts (index.html says how to serve it).
  if (location.protocol === "file:") return;
  const root = document.documentElement;
  const ready = () => root.dataset.ready === "true";
  // Disabled in the page as built (without scripts nothing would answer them): enabled here.
  for (const testid of ["menu", "help", "roll"]) {
    document.querySelector(`[data-testid="${testid}"]`).disabled = false;
  }
  const toggleMenu = (open) => {
    const header = document.querySelector("header.top");
    header.dataset.menu = open ? "open" : "closed";
    document.querySelector('[data-testid="menu"]').setAttribute("aria-expanded", String(open));
  };
  const queueRoll = () => {
    root.dataset.queued = "roll";
    const status = document.querySelector('[data-testid="status"]');
    const roll = document.querySelector('[data-testid="roll"]');
    status.lastChild.textContent = roll.dataset.queuedText;
  };
  document.addEventListener("click", (event) => {
    if (ready()) return;
    const target = event.target.closest("[data-action]");
    const action = target ? target.dataset.action : "";
    const menuOpen = document.querySelector("header.top").dataset.menu === "open";
    if (action === "menu") return toggleMenu(!menuOpen);
    if (menuOpen) toggleMenu(false);
    if (action === "help") {
      const help = document.getElementById("help-dialog");
      if (!help.open) help.showModal();
    } else if (action === "close-dialog") {
      target.closest("dialog").close();
    } else if (action === "roll") {
      queueRoll();
    }
  });
  new MutationObserver(() => {
    if (!ready() || root.dataset.queued !== "roll") return;
    delete root.dataset.queued;
    document.querySelector('[data-testid="roll"]').click();
  }).observe(root, { attributes: true, attributeFilter: ["data-ready"] });
})();
