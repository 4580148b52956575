// The backend the page talks to, chosen once at start: the desktop app's
// Tauri commands and events, or, in a browser, the verifier compiled to
// WebAssembly and run in Web Workers (backend-web.js). Both take the same
// commands with the same arguments and give the same JSON, so app.js and
// register.js never ask which one they have, except for what only one of
// them can do (paths, dialogs, authoring): `can`.

let chosen = null;

/**
 * Chooses the backend: Tauri's when the page runs in the desktop app, the
 * browser's otherwise. Marks <html data-backend> so that the style shows
 * each backend's controls only (`.desktop-only`, `.browser-only`).
 */
export async function connect() {
  if (window.__TAURI__) {
    const tauri = window.__TAURI__;
    chosen = {
      kind: 'desktop',
      invoke: (cmd, args) => tauri.core.invoke(cmd, args),
      listen: (name, handler) => tauri.event.listen(name, handler),
      // Files have paths, dialogs pick them, and Author mode signs.
      can: { paths: true, author: true, sign: true },
    };
  } else {
    const { webBackend } = await import('./backend-web.js');
    chosen = await webBackend();
  }
  document.documentElement.dataset.backend = chosen.kind;
  return chosen;
}

/** Calls the command `cmd` with `args`; its result, or the typed error it throws. */
export const invoke = (cmd, args) => chosen.invoke(cmd, args);

/** Calls `handler` with each event `name` ({payload}). */
export const listen = (name, handler) => chosen.listen(name, handler);

/** What the backend can do beyond verifying: `{paths, author, sign}`. */
export const can = () => chosen.can;
