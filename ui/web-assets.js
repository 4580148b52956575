// Where the browser's backend finds its worker script and its WebAssembly
// module. This is the hosted build's (target/web/index.html): files beside
// the page, fetched from its own origin and nowhere else. The single-file
// build (target/web/proofpack-verify.html) replaces this module with one
// that carries both inline (scripts/build-web.sh).

/** Which build this is: `hosted` or `single`. */
export const build = 'hosted';

/** The worker script's URL and the compiled module, which every worker instantiates. */
export async function assets() {
  const response = await fetch('proofpack_web_bg.wasm');
  if (!response.ok) throw new Error(`proofpack_web_bg.wasm: ${response.status}`);
  // Compiled from bytes, not streamed: any static server will do, whatever
  // type it gives .wasm files.
  const module = await WebAssembly.compile(await response.arrayBuffer());
  return { workerUrl: 'worker.js', module };
}
