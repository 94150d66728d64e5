// Kismet's painter on the page: carries out the ops Python's kismet.html.paint decides (it lists
// them), a whole paint in one call, Kismet.apply(ops). It decides nothing about the game: only how
// each change is made, and what Python cannot see from its worker (the focus, the page's layout).
// biome-ignore lint/suspicious/noRedundantUseStrict: a classic script (deferred), not a module
"use strict";

(() => {
  const SHARED = __SHARED__; // kismet/page/shared.py, as build.py wrote it
  // The page's Trusted Types, where the browser has them (docs/security.md). The one door into
  // the page's HTML is this painter's own policy: it passes the HTML that Python built
  // (kismet/html/, where every text from outside is escaped), and a plain string written as
  // HTML anywhere else is refused. The default policy passes the address of a worker of this
  // site only: the service worker's, and the game's, which PyScript makes as a blob: URL.
  const trust = globalThis.trustedTypes;
  const door = trust?.createPolicy("kismet", { createHTML: (/** @type {string} */ html) => html });
  /** @type {(html: string) => string} HTML the game built, as the page takes it */
  const trusted = (html) => /** @type {string} */ (/** @type {unknown} */ (door ? door.createHTML(html) : html));
  trust?.createPolicy("default", {
    createScriptURL: (/** @type {string} */ url) =>
      new URL(url, location.href).origin === location.origin ? url : null,
  });
  /** @type {Map<string, HTMLElement | null>} a dialog's id -> what had the focus when it opened */
  const returning = new Map();

  /** @type {(selector: string) => HTMLElement} an element the page always has */
  const find = (selector) =>
    /** @type {HTMLElement | null} */ (document.querySelector(selector)) ??
    (() => {
      throw new Error(`The page has no ${selector}`);
    })();

  /** @param {HTMLDialogElement} dialog */
  const giveFocusBack = (dialog) => {
    const previous = returning.get(dialog.id);
    returning.delete(dialog.id);
    if (previous?.isConnected && !previous.closest("dialog")) previous.focus();
    const active = /** @type {HTMLElement} */ (document.activeElement);
    if (active && dialog.contains(active)) active.blur(); // nothing to return to: leave
  };

  // Many players: bring the column of the player to move into sight, measured once the
  // page is laid out (so the paint never waits for it).
  const showCurrentColumn = () => {
    /** @type {HTMLTableCellElement | null} */
    const head = document.querySelector("table.sheet thead th.current");
    if (!head) return;
    const scroller = find(".sheet-scroll");
    const right = head.offsetLeft + head.offsetWidth;
    if (right > scroller.scrollLeft + scroller.clientWidth) {
      scroller.scrollLeft = right - scroller.clientWidth;
    } else if (head.offsetLeft < scroller.scrollLeft) {
      scroller.scrollLeft = Math.max(0, head.offsetLeft - 120);
    }
  };

  /** @type {(element: HTMLElement, ms: number) => void} */
  const countUp = (element, ms) => {
    const target = Number(element.dataset.count);
    if (!(target > 0)) return;
    const start = performance.now();
    /** @param {number} now */
    const frame = (now) => {
      const share = Math.min(1, (now - start) / ms);
      element.textContent = String(Math.round(target * share * (2 - share))); // eases out
      if (share < 1) requestAnimationFrame(frame);
    };
    element.textContent = "0";
    requestAnimationFrame(frame);
  };

  const fanfare = () => {
    try {
      // three rising notes and a short buzz
      const audio = new AudioContext();
      [523.25, 659.25, 783.99].forEach((pitch, step) => {
        const [tone, gain, start] = [audio.createOscillator(), audio.createGain(), audio.currentTime + step * 0.12];
        tone.frequency.value = pitch;
        gain.gain.value = 0.12;
        tone.connect(gain).connect(audio.destination);
        tone.start(start);
        tone.stop(start + 0.18);
      });
      navigator.vibrate?.(180);
    } catch {
      // no sound or vibration here: the banner says it all
    }
  };

  // Arrow keys: the focus to the next (or previous) open box of the sheet.
  /** @param {number} step */
  const moveFocus = (step) => {
    const buttons = /** @type {NodeListOf<HTMLButtonElement>} */ (
      document.querySelectorAll("table.sheet button.option")
    );
    const options = [...buttons];
    if (!options.length) return;
    const here = options.indexOf(/** @type {HTMLButtonElement} */ (document.activeElement));
    options[here < 0 ? 0 : (here + step + options.length) % options.length].focus();
  };

  /** @type {(name: string, text: string) => void} */
  const download = (name, text) => {
    const link = Object.assign(document.createElement("a"), {
      href: URL.createObjectURL(new Blob([text], { type: "application/json" })),
      download: name,
    });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  };
  // The backup file: to the share sheet where the browser shares such a file (the player's own
  // mail, cloud or chat), else downloaded; a share that fails (not one the player cancelled) too.
  // The game hears whether it left the page: a cancelled share sheet is no backup.
  /** @type {(name: string, text: string) => void} */
  const backup = (name, text) => {
    /** @type {(made: boolean) => void} */
    const left = (made) => globalThis.Kismet.send({ kind: "backup", made }); // static/client.mjs
    const downloaded = () => {
      download(name, text);
      left(true);
    };
    const file = new File([text], name, { type: "application/json" });
    if (!navigator.canShare?.({ files: [file] })) return downloaded();
    navigator.share({ files: [file], title: name }).then(
      () => left(true),
      (error) => (error?.name === "AbortError" ? left(false) : downloaded()),
    );
  };

  /** @typedef {(el: any, ...args: any[]) => unknown} Op an op: its element (null for some), then its values */
  /** @type {Record<string, Op>} */
  const OPS = {
    /** @type {(el: HTMLElement, value: string) => void} */
    text: (el, value) => {
      el.textContent = value;
    },
    /** @type {(el: HTMLElement, value: string) => void} */
    html: (el, value) => {
      el.innerHTML = trusted(value);
    },
    /** @type {(el: HTMLElement, value: boolean) => void} */
    hidden: (el, value) => {
      el.hidden = value;
    },
    /** @type {(el: HTMLButtonElement, value: boolean) => void} */
    disabled: (el, value) => {
      el.disabled = value;
    },
    /** @type {(el: HTMLElement, name: string, value: string) => void} */
    attr: (el, name, value) => el.setAttribute(name, value),
    /** @type {(el: HTMLElement, key: string, value: string) => void} */
    data: (el, key, value) => {
      el.dataset[key] = value;
    },
    /** @type {(el: HTMLElement, name: string, on: boolean) => void} */
    class: (el, name, on) => el.classList.toggle(name, on),
    /** @type {(el: HTMLInputElement, value: string) => void} */
    value: (el, value) => {
      if (document.activeElement !== el) el.value = value;
    },
    /** @type {(el: HTMLElement, lines: string[]) => void} */
    list: (el, lines) =>
      el.replaceChildren(...lines.map((line) => Object.assign(document.createElement("li"), { textContent: line }))),
    /** @type {(dialog: HTMLDialogElement, focus: string | null) => void} */
    open: (dialog, focus) => {
      if (dialog.open) return;
      returning.set(dialog.id, /** @type {HTMLElement | null} */ (document.activeElement));
      dialog.showModal();
      if (focus) find(focus).focus();
    },
    /** @type {(dialog: HTMLDialogElement) => void} */
    close: (dialog) => {
      if (!dialog.open) return;
      giveFocusBack(dialog); // before closing, so no key lands in a closed dialog
      dialog.close();
    },
    "focus-back": giveFocusBack,
    /** @type {(el: HTMLElement) => void} */
    focus: (el) => el.focus(),
    /** @type {(table: HTMLElement, html: string) => void} */
    sheet: (table, html) => {
      // a redraw keeps the keyboard's place in the sheet
      /** @type {HTMLElement | null | undefined} */
      const cell = document.activeElement?.closest("table.sheet [data-testid]");
      const place = cell?.dataset.testid;
      table.innerHTML = trusted(html);
      if (place) /** @type {HTMLElement | null} */ (table.querySelector(`[data-testid="${place}"] button`))?.focus();
    },
    /** @type {(el: HTMLElement | null, block: ScrollLogicalPosition) => void} */
    scroll: (el, block) => el?.scrollIntoView({ block }),
    count: countUp,
    column: () => requestAnimationFrame(showCurrentColumn),
    fanfare,
    /** @type {(_: null, open: boolean | null) => void} */
    menu: (_, open) => globalThis.Kismet.toggleMenu(open), // static/before-ready.js
    /** @type {(_: null, step: number) => void} */
    "move-focus": (_, step) => moveFocus(step),
    /** @type {(el: HTMLElement) => void} */
    blur: (el) => el.blur(),
    /** @type {(_: null, name: string, text: string) => void} */
    backup: (_, name, text) => backup(name, text),
    persist: () => globalThis.Kismet.persist?.(), // static/client.mjs
    /** @type {(_: null, which: string) => void} */
    print: (_, which) => {
      document.body.dataset.print = which;
      window.print();
    },
    // A change of language: each language has its own page; the game is saved, so load
    // it, without the welcome of a new visit (the mark is for that page only).
    /** @type {(_: null, page: string) => void} */
    navigate: (_, page) => {
      try {
        sessionStorage.setItem(SHARED.switched, "1");
      } catch {
        /* welcomed back */
      }
      location.replace(page + location.search);
    },
    // A challenge link has been read: the address keeps no fragment.
    address: () => history.replaceState(null, "", location.pathname + location.search),
    // The game answers from now on: every control of the header too, and the keys.
    /** @type {(_: null, answered: string[], taken: string[]) => void} */
    ready: (_, answered, taken) => {
      const controls = /** @type {NodeListOf<HTMLButtonElement>} */ (
        document.querySelectorAll("header button, header select")
      );
      for (const control of controls) control.disabled = false;
      globalThis.Kismet.keys = { answered: new Set(answered), taken: new Set(taken) };
      document.documentElement.dataset.ready = "true";
      performance.mark(SHARED.ready_mark); // for profilers and Lighthouse's user timings
    },
  };
  // The ops whose element may be missing (they then do nothing); every other op's element
  // is always on the page, and a missing one is an error.
  const OPTIONAL = new Set(["scroll"]);

  /** @param {[string, string | null, ...unknown[]][]} ops each op: its name, the element's selector, its values */
  const apply = (ops) => {
    for (const [name, selector, ...args] of ops) {
      if (!OPS[name]) throw new Error(`No such paint op: ${name}`);
      const element = selector === null ? null : OPTIONAL.has(name) ? document.querySelector(selector) : find(selector);
      OPS[name](element, ...args);
    }
  };

  globalThis.Kismet = { ...globalThis.Kismet, apply };
})();
