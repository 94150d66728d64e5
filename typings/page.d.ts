// What the page's scripts (static/) find around them, for TypeScript's check of them
// (tsconfig.json): the values build.py writes in, and the modules the build copies beside.

/** kismet/page/shared.py's names, written in by build.py. */
declare const __SHARED__: {
  prefix: string;
  stamp: string;
  probe: string;
  switched: string;
  room: number;
  database: string;
  game: string;
  late: string;
  rest: string;
  site_cache: string;
  snapshot_cache: string;
  ready_mark: string;
  start_channel: string;
  fields: string[];
};
/** pyscript.toml, as build.py read it. */
declare const __PYSCRIPT_CONFIG__: Record<string, unknown>;
/** The files a start downloads (each address's end), and their sizes. */
declare const __START_SIZES__: Record<string, number>;
/** The header of Pyodide's lock file. */
declare const __LOCK_INFO__: import("pyodide").LockfileInfo;
/** The service worker's list of the site's files. */
declare const __FILES__: string[];

/** What the page's scripts share on the window (static/before-ready.js, paint.js, client.mjs). */
// biome-ignore lint/suspicious/noExplicitAny: filled by three scripts, each its own part
declare var Kismet: Record<string, any>;

/** Trusted Types, where the browser has them (static/paint.js makes the page's two policies). */
interface TrustedTypePolicyFactory {
  createPolicy(
    name: string,
    rules: { createHTML?: (html: string) => string; createScriptURL?: (url: string) => string | null },
  ): { createHTML(html: string): unknown };
}
declare var trustedTypes: TrustedTypePolicyFactory | undefined;

interface Navigator {
  /** Safari on iOS: the page runs from the Home Screen. */
  readonly standalone?: boolean;
}

// The game's worker (static/interpreter.mjs) and its glue (static/glue/worker.py) share these.
/** How the start went, for the page's first answer. */
declare var kismetSaid: Record<string, string>;
/** The game answered the page (a first visit's snapshot is packed in the pauses). */
declare var kismetHeard: () => number;
/** Keep a first visit's snapshot, once the game is on screen. */
declare var kismetKeep: (bytes?: Uint8Array | null) => Promise<void>;
/** A file of the site, for the glue (static/glue/host.py). */
declare var kismetFetch: (
  url: string,
  base: string,
  how: "text" | "arrayBuffer",
) => Promise<{ ok: boolean; status: number; body: unknown }>;
/** Fetch the rest of the standard library now. */
declare var kismetRest: () => Promise<unknown> | undefined;
