// The browser's verifier, in a Web Worker: the WebAssembly build of the
// core (crates/proofpack-web), instantiated from the module the page
// compiled once and sent here, answering the page's calls (backend-web.js)
// one at a time. A pack is read here, a slice of its File at a time
// (FileReaderSync), so neither the page nor this worker ever holds it
// whole; a verification is cancelled by terminating this worker.
//
// Messages in: {module} first, then {id, call, args}. Out: {ready}, then
// per call {id, progress}... and one of {id, ok} (JSON text, or bytes),
// {id, error} (an AppError's JSON, the UI switches on its kind) or
// {id, trap} (the module stopped: this worker is not used again).

import {
  Verifier, check_verification, explanations, folder_packs, initSync, is_verification,
  language_for, register_words, trust_store_view, ui_strings, verifier,
} from 'proofpack-web';

let session = null;

const CALLS = {
  verifier: () => verifier(),
  language_for: (a) => language_for(a.tags),
  ui_strings: (a) => ui_strings(a.language),
  explanations: (a) => explanations(a.language),
  register_words: (a) => register_words(a.language),
  trust_store_view: (a) => trust_store_view(a.bytes, a.name, a.modified),
  is_verification: (a) => is_verification(a.file),
  folder_packs: (a) => folder_packs(a.paths),
  check_verification: (a) => check_verification(a.envelope, a.name, a.keys, a.keys_name, a.pack ?? undefined, a.language),
  verify: (a, progress) => session.verify(a.job, a.pack, a.trust?.bytes, a.trust?.name, a.trust?.modified,
    a.language, (read) => progress({ read })),
  shown: (a) => session.shown(a.job, a.language),
  export_report: (a) => session.export_report(a.job, a.format, a.language),
  register: (a, progress) => session.register(a.job, a.packs, a.names, a.handles, a.trust.bytes, a.trust.name,
    a.as_of ?? undefined, a.language, (done, total) => progress({ done, total })),
  export_register: (a) => session.export_register(a.job, a.format),
  close: (a) => session.close(a.job),
};

self.onmessage = (event) => {
  const message = event.data;
  if (message.module) {
    initSync({ module: message.module });
    session = new Verifier();
    self.postMessage({ ready: true });
    return;
  }
  const { id, call, args } = message;
  try {
    const ok = CALLS[call](args, (progress) => self.postMessage({ id, progress }));
    // Bytes go over without a copy.
    self.postMessage({ id, ok }, ok instanceof Uint8Array ? [ok.buffer] : []);
  } catch (thrown) {
    // The bindings throw an AppError's JSON; anything else is the module
    // itself stopping (a trap), after which it is not called again.
    if (typeof thrown === 'string') self.postMessage({ id, error: JSON.parse(thrown) });
    else self.postMessage({ id, trap: String(thrown && thrown.message ? thrown.message : thrown) });
  }
};
