// The browser's verifier, in a Web Worker: the WebAssembly build of the
// core (crates/proofpack-web), instantiated from the module the page
// compiled once and sent here, answering the page's calls (backend-web.js)
// one at a time. A pack is read here, a slice of its File at a time
// (FileReaderSync), so neither the page nor this worker ever holds it
// whole; a verification is cancelled by terminating this worker.
//
// The same script is also a pool worker's hashing worker, which hashes the
// content of large members while the verifying worker inflates
// (crates/proofpack-web/src/elsewhere.rs): it gets {module, hashing: port}
// and then talks only over that port.
//
// Messages in: {module, hasher?: port} first, then {id, call, args}. Out: {ready}, then
// per call {id, progress}... and one of {id, ok} (JSON text, or bytes),
// {id, error} (an AppError's JSON, the UI switches on its kind) or
// {id, trap} (the module stopped: this worker is not used again).

import {
  MemberDigest, Verifier, check_verification, explanations, folder_packs, initSync, is_verification,
  language_for, register_words, trust_store_view, ui_strings, verifier,
} from 'proofpack-web';
// Bundled only (scripts/build-web.sh): crates/proofpack-web/js/hasher.js,
// the module instance the WebAssembly module imports from.
import { begin, connect } from 'proofpack-hasher';

let session = null;
// `run_prepared` through WebAssembly.promising, when this worker has a
// hashing worker beside it and the browser has JSPI
// (crates/proofpack-web/src/elsewhere.rs).
let runPrepared = null;

/** Verifies a pack, its large members hashed by the hashing worker if there is one. */
async function verify(a, progress) {
  const onProgress = (read) => progress({ read });
  if (!runPrepared) {
    return session.verify(a.job, a.pack, a.trust?.bytes, a.trust?.name, a.trust?.modified,
      a.language, onProgress);
  }
  begin();
  session.prepare(a.pack, a.trust?.bytes, a.trust?.name, a.trust?.modified, onProgress);
  await runPrepared();
  return session.finish_prepared(a.job, a.language);
}

/**
 * The hashing worker's side: each member's bytes as they come, acknowledged
 * as they are hashed (the verifying worker waits when too many are in
 * flight), and its SHA-256 when asked.
 */
function serveHashing(port) {
  let run = 0;
  let hashed = 0;
  let digest = new MemberDigest();
  port.onmessage = ({ data }) => {
    if (data.run !== run) {
      // A new verification: whatever a stopped one left is dropped.
      run = data.run;
      hashed = 0;
      digest.free();
      digest = new MemberDigest();
    }
    if (data.bytes) {
      digest.update(new Uint8Array(data.bytes, 0, data.length));
      hashed += data.length;
      port.postMessage({ run, hashed, spare: data.bytes }, [data.bytes]);
    } else if (data.finish) {
      const bytes = digest.finish();
      port.postMessage({ run, digest: bytes }, [bytes.buffer]);
    }
  };
}

const CALLS = {
  verifier: () => verifier(),
  language_for: (a) => language_for(a.tags),
  ui_strings: (a) => ui_strings(a.language),
  explanations: (a) => explanations(a.language),
  register_words: (a) => (a.job === undefined ? register_words(a.language) : session.register_words(a.job, a.language)),
  trust_store_view: (a) => trust_store_view(a.bytes, a.name, a.modified),
  is_verification: (a) => is_verification(a.file),
  folder_packs: (a) => folder_packs(a.paths),
  check_verification: (a) => check_verification(a.envelope, a.name, a.keys, a.keys_name, a.pack ?? undefined, a.language),
  verify,
  shown: (a) => session.shown(a.job, a.language),
  export_report: (a) => session.export_report(a.job, a.format, a.language),
  register: (a, progress) => session.register(a.job, a.packs, a.names, a.handles, a.trust.bytes, a.trust.name,
    a.as_of ?? undefined, a.language, (done, total) => progress({ done, total })),
  export_register: (a) => session.export_register(a.job, a.format),
  close: (a) => session.close(a.job),
};

// Calls run one at a time, in order: a verification suspended in JSPI
// must not have another call run in the module meanwhile.
let turn = Promise.resolve();
self.onmessage = (event) => {
  // A failure outside a call's own answer (the module not starting) is
  // thrown again outside the chain: an uncaught error is the worker's
  // `error` event, which the page stops it on; the chain goes on.
  turn = turn.then(() => answer(event.data)).catch((failure) => setTimeout(() => { throw failure; }));
};

async function answer(message) {
  if (message.module) {
    const exports = initSync({ module: message.module });
    if (message.hashing) {
      serveHashing(message.hashing);
      return;
    }
    session = new Verifier();
    if (message.hasher && connect(exports.memory, message.hasher)) {
      runPrepared = WebAssembly.promising(exports.run_prepared);
    }
    self.postMessage({ ready: true });
    return;
  }
  const { id, call, args } = message;
  try {
    const ok = await CALLS[call](args, (progress) => self.postMessage({ id, progress }));
    // Bytes go over without a copy.
    self.postMessage({ id, ok }, ok instanceof Uint8Array ? [ok.buffer] : []);
  } catch (thrown) {
    // The bindings throw an AppError's JSON; anything else is the module
    // itself stopping (a trap), after which it is not called again.
    if (typeof thrown === 'string') self.postMessage({ id, error: JSON.parse(thrown) });
    else self.postMessage({ id, trap: String(thrown && thrown.message ? thrown.message : thrown) });
  }
}
