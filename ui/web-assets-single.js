// Where the browser's backend finds its worker script and its WebAssembly
// module in the single-file page (target/web/proofpack-verify.html): in the
// page itself, so that it works from disk with no server and no network.
// `proofpack-web-inline` is written by scripts/build-web.sh: the worker's
// bundled script and the module's bytes in base64, as two strings.

import { WASM_BASE64, WORKER_SOURCE } from 'proofpack-web-inline';

/** Which build this is: `hosted` or `single`. */
export const build = 'single';

/** The worker script's URL (a blob: of this page) and the compiled module. */
export async function assets() {
  const workerUrl = URL.createObjectURL(new Blob([WORKER_SOURCE], { type: 'text/javascript' }));
  const bytes = Uint8Array.from(atob(WASM_BASE64), (c) => c.charCodeAt(0));
  return { workerUrl, module: await WebAssembly.compile(bytes) };
}
