// The browser's backend: the desktop app's commands (src-tauri/src/
// commands.rs) answered by the WebAssembly build of the verifier
// (crates/proofpack-web) in Web Workers (worker.js), with the same
// arguments and the same JSON, so the same app.js and register.js run on
// it. What differs is what a page can do:
//
// - Files have no paths: each File the reader chooses or drops gets a
//   handle (its name, made unique), which stands where the app has a path.
// - Each verification and register runs in a worker of a small pool and is
//   read from its File a slice at a time; Cancel terminates that worker
//   (a worker blocked in a verification cannot be told anything else), and
//   a fresh one takes its place. The reports a worker made stay in it for
//   export and for showing in another language; those of a terminated
//   worker are gone, as the app's oldest reports are ("no longer kept").
// - Exports are downloads. Authoring and signing stay in the desktop app.
// - The hosted build remembers the trust store in the page's storage; the
//   single file does not (every file:// page shares one storage).
//
// Pack text never reaches the DOM here: this module only moves data.

// Bundled only (scripts/build-web.sh): `proofpack-web-assets` is
// web-assets.js in the hosted build, web-assets-single.js in the single file.
import { assets, build } from 'proofpack-web-assets';

/** How many verifications run at once (each in a worker of its own). */
const POOL = Math.max(1, Math.min(navigator.hardwareConcurrency || 2, 4));
/** How many finished reports and registers are kept, as in the app. */
const KEPT = 32;
const LANGUAGE_KEY = 'proofpack.language';
const TRUST_KEY = 'proofpack.trust';

/** Whether a verifying worker can wait for a hashing worker (JSPI). */
const SUSPENDS = typeof WebAssembly.Suspending === 'function' && typeof WebAssembly.promising === 'function';

/**
 * A worker running the verifier, its calls answered in turn; with
 * `hashing`, and a browser with JSPI, a second worker beside it hashes the
 * content of large members while it inflates (worker.js).
 */
class VerifierWorker {
  constructor(url, module, { hashing = false } = {}) {
    this.worker = new Worker(url);
    this.hasher = null;
    this.pending = new Map();
    this.next = 1;
    this.running = null; // the job it runs
    this.holds = new Set(); // the jobs whose results it keeps
    this.dead = false;
    this.ready = new Promise((resolve, reject) => {
      this.started = resolve;
      this.failed = reject;
    });
    // Nobody may be waiting when a worker that never started is stopped.
    this.ready.catch(() => {});
    this.worker.onmessage = (event) => this.answer(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.stop({ kind: 'internal', message: event.message || 'the verifier stopped' });
    };
    if (hashing && SUSPENDS) {
      this.hasher = new Worker(url);
      this.hasher.onerror = (event) => {
        event.preventDefault();
        this.stop({ kind: 'internal', message: event.message || 'the hashing worker stopped' });
      };
      const channel = new MessageChannel();
      this.hasher.postMessage({ module, hashing: channel.port2 }, [channel.port2]);
      this.worker.postMessage({ module, hasher: channel.port1 }, [channel.port1]);
    } else {
      this.worker.postMessage({ module });
    }
  }

  answer(message) {
    if (message.ready) {
      this.started();
      return;
    }
    const call = this.pending.get(message.id);
    if (!call) return;
    if (message.progress) {
      call.progress?.(message.progress);
      return;
    }
    this.pending.delete(message.id);
    if ('ok' in message) call.resolve(message.ok);
    else if (message.error) call.reject(message.error);
    else this.stop({ kind: 'internal', message: message.trap }, call);
  }

  async call(name, args, progress) {
    await this.ready;
    if (this.dead) throw { kind: 'internal', message: 'the verifier stopped' };
    return new Promise((resolve, reject) => {
      const id = this.next++;
      this.pending.set(id, { resolve, reject, progress });
      this.worker.postMessage({ id, call: name, args });
    });
  }

  /** Ends the worker: every call still waiting fails with `error`. */
  stop(error, also = null) {
    this.dead = true;
    this.worker.terminate();
    this.hasher?.terminate();
    this.failed(error);
    also?.reject(error);
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }
}

const json = (text) => JSON.parse(text);
const desktopOnly = () => { throw { kind: 'bad_request', message: 'only the desktop app does this' }; };

/** The backend, once its module is compiled and its first worker runs. */
export async function webBackend() {
  const { workerUrl, module } = await assets();
  const spawn = () => new VerifierWorker(workerUrl, module);
  // Short calls (words, trust stores, signed verifications) have a worker
  // of their own, never stopped by a Cancel.
  let session = spawn();
  const quick = async (name, args) => {
    if (session.dead) session = spawn();
    return session.call(name, args);
  };

  const listeners = new Map();
  const emit = (name, payload) => {
    for (const handler of listeners.get(name) ?? []) handler({ payload });
  };

  // -- Files: each chosen or dropped File under a handle.
  const files = new Map(); // handle -> File, or File[] for a folder
  const bytes = new Map(); // handle -> Uint8Array of a trust store
  function handleOf(file) {
    for (const [handle, known] of files) {
      if (known instanceof File && known.name === file.name && known.size === file.size
        && known.lastModified === file.lastModified) {
        files.set(handle, file);
        return handle;
      }
    }
    let handle = file.name;
    for (let n = 2; files.has(handle); n += 1) handle = `${file.name} (${n})`;
    files.set(handle, file);
    return handle;
  }
  function folderOf(list) {
    const name = (list[0]?.webkitRelativePath ?? '').split('/')[0] || 'folder';
    let handle = `${name}/`;
    for (let n = 2; files.has(handle); n += 1) handle = `${name} (${n})/`;
    files.set(handle, list);
    return handle;
  }
  function fileOf(handle) {
    const file = files.get(handle);
    if (!file) throw { kind: 'read', path: String(handle), message: 'not chosen in this page' };
    return file;
  }
  async function trustOf(handle) {
    if (handle === null || handle === undefined) return null;
    const file = fileOf(handle);
    if (!bytes.has(handle)) bytes.set(handle, new Uint8Array(await file.arrayBuffer()));
    return { bytes: bytes.get(handle), name: handle, modified: file.lastModified };
  }

  /** Files from a chooser made for this call (empty when none is chosen). */
  function choose({ multiple = false, accept = '', directory = false } = {}) {
    return new Promise((resolve) => {
      const input = document.createElement('input');
      Object.assign(input, { type: 'file', hidden: true, multiple, accept, webkitdirectory: directory });
      // Found by automation, which sets its files as a person would choose them.
      input.dataset.testid = 'chooser';
      const done = (list) => { input.remove(); resolve(list); };
      input.addEventListener('change', () => done([...input.files]));
      input.addEventListener('cancel', () => done([]));
      document.body.append(input);
      input.click();
    });
  }

  function download(data, name, type) {
    const url = URL.createObjectURL(new Blob([data], { type }));
    const a = document.createElement('a');
    Object.assign(a, { href: url, download: name, hidden: true });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 60_000);
    return name;
  }

  // -- Storage: the language everywhere; the trust store in the hosted build only.
  const stored = (key) => { try { return localStorage.getItem(key); } catch { return null; } };
  const store = (key, value) => {
    try {
      if (value === null) localStorage.removeItem(key);
      else localStorage.setItem(key, value);
    } catch {
      // Storage refused (private browsing, a policy): nothing is remembered.
    }
  };
  const remembers = build === 'hosted';
  let remembered = null;
  if (remembers && stored(TRUST_KEY)) {
    try {
      const { name, base64, modified } = JSON.parse(stored(TRUST_KEY));
      const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      remembered = handleOf(new File([data], name, { lastModified: modified }));
    } catch {
      store(TRUST_KEY, null);
    }
  }
  let language = stored(LANGUAGE_KEY);
  try {
    await quick('ui_strings', { language });
  } catch {
    language = await quick('language_for', { tags: [...(navigator.languages ?? [navigator.language])] });
  }
  const version = (await quick('verifier', {})).split(' ').pop();

  // -- The pool of verifying workers.
  const pool = [];
  const queue = []; // {job, start, reject}
  const on = new Map(); // job -> the worker that runs or keeps it
  const kept = []; // jobs whose results are kept, oldest first

  function idle() {
    const free = pool.find((w) => !w.dead && w.running === null);
    if (free) return free;
    if (pool.length < POOL) {
      const fresh = new VerifierWorker(workerUrl, module, { hashing: true });
      pool.push(fresh);
      return fresh;
    }
    return null;
  }
  function pump() {
    for (let i = 0; i < pool.length; i += 1) if (pool[i].dead) pool.splice(i--, 1);
    while (queue.length) {
      const worker = idle();
      if (!worker) return;
      queue.shift().start(worker);
    }
  }
  function forget(worker) {
    for (const job of worker.holds) {
      on.delete(job);
      const at = kept.indexOf(job);
      if (at >= 0) kept.splice(at, 1);
    }
    worker.holds.clear();
  }
  /** Runs `name` as job `job` on a worker of the pool, when one is free. */
  function run(job, name, args, progress) {
    return new Promise((resolve, reject) => {
      const start = (worker) => {
        worker.running = job;
        on.set(job, worker);
        worker.call(name, { ...args, job }, progress).then((result) => {
          worker.holds.add(job);
          kept.push(job);
          while (kept.length > KEPT) close(kept[0]);
          resolve(result);
        }, (error) => {
          on.delete(job);
          if (worker.dead) forget(worker);
          reject(error);
        }).finally(() => {
          if (worker.running === job) worker.running = null;
          pump();
        });
      };
      queue.push({ job, start, reject });
      pump();
    });
  }
  /** Stops job `job` if it runs or waits; true when it did. */
  function cancel(job) {
    const waiting = queue.findIndex((q) => q.job === job);
    if (waiting >= 0) {
      queue.splice(waiting, 1)[0].reject({ kind: 'cancelled' });
      return true;
    }
    const worker = on.get(job);
    if (!worker || worker.running !== job) return false;
    forget(worker);
    worker.stop({ kind: 'cancelled' });
    pump();
    return true;
  }
  /** Drops job `job`'s results from the worker that keeps them. */
  function close(job) {
    const at = kept.indexOf(job);
    if (at >= 0) kept.splice(at, 1);
    const worker = on.get(job);
    on.delete(job);
    if (!worker || worker.dead) return false;
    worker.holds.delete(job);
    worker.call('close', { job }).catch(() => {});
    return true;
  }
  /** A call about job `job` on the worker that keeps its results. */
  function onKeeper(job, name, args) {
    const worker = on.get(job);
    if (!worker || worker.dead || worker.running === job) return Promise.reject({ kind: 'unknown_report', job });
    return worker.call(name, { ...args, job });
  }

  let jobs = 0;
  const commands = {
    startup: () => ({
      packs: [], trust: null, register: null, as_of: null, error: null,
      remembered_trust: remembered, version,
    }),
    ui_strings: async () => json(await quick('ui_strings', { language })),
    set_language: async (a) => {
      const words = json(await quick('ui_strings', { language: a.language }));
      language = words.language;
      store(LANGUAGE_KEY, language);
      return words;
    },
    explanations: async () => json(await quick('explanations', { language })),
    // With a register's job: its findings' messages too, from the worker
    // that keeps it (the bare words when it no longer does).
    register_words: async (a = {}) => json(await (a.job !== undefined && on.has(a.job)
      ? onKeeper(a.job, 'register_words', { language }).catch(() => quick('register_words', { language }))
      : quick('register_words', { language }))),
    shown: async (a) => json(await onKeeper(a.job, 'shown', { language })),
    new_job: () => { jobs += 1; return jobs; },
    verify_pack: async (a) => {
      const pack = fileOf(a.request.path);
      if (Array.isArray(pack)) throw { kind: 'read', path: a.request.path, message: 'a folder is not a pack' };
      const trust = await trustOf(a.request.trust);
      const total = pack.size;
      const text = await run(a.job, 'verify', { pack, trust, language },
        (p) => emit('verify-progress', { job: a.job, read: p.read, total }));
      return json(text);
    },
    cancel_verification: (a) => cancel(a.job),
    close_pack: (a) => cancel(a.job) || close(a.job),
    load_trust_store: async (a) => {
      const trust = await trustOf(a.path);
      return json(await quick('trust_store_view', trust));
    },
    remember_trust_store: async (a) => {
      const view = await commands.load_trust_store(a);
      if (remembers) {
        const { bytes: data, modified } = await trustOf(a.path);
        let binary = '';
        for (const b of data) binary += String.fromCharCode(b);
        store(TRUST_KEY, JSON.stringify({ name: a.path, base64: btoa(binary), modified }));
      }
      return view;
    },
    forget_trust_store: () => { store(TRUST_KEY, null); return null; },
    export_report: async (a) => {
      const data = await onKeeper(a.job, 'export_report', { format: a.format, language });
      return download(data, a.path, a.format === 'json' ? 'application/json' : 'text/html');
    },
    run_register: async (a) => {
      const { query } = a;
      if (!query.trust) throw { kind: 'no_trust_store' };
      const trust = await trustOf(query.trust);
      const packs = [];
      const names = [];
      const handles = [];
      for (const path of query.paths) {
        const given = fileOf(path);
        if (!Array.isArray(given)) {
          packs.push(given);
          names.push(path);
          handles.push(path);
          continue;
        }
        const listed = json(await quick('folder_packs', { paths: given.map((f) => f.webkitRelativePath) }));
        for (const [index, name] of listed) {
          packs.push(given[index]);
          names.push(name);
          handles.push(handleOf(given[index]));
        }
      }
      if (!packs.length) throw { kind: 'bad_request', message: 'no .tar.gz pack in what was chosen' };
      const text = await run(a.job, 'register', { packs, names, handles, trust, as_of: query.as_of, language },
        (p) => emit('register-progress', { job: a.job, done: p.done, total: p.total }));
      return json(text);
    },
    export_register: async (a) => {
      const data = await onKeeper(a.job, 'export_register', { format: a.format });
      return download(data, a.path, a.format === 'json' ? 'application/json' : 'text/csv');
    },
    check_verification: async (a) => {
      const keys = await trustOf(a.keys);
      const args = {
        envelope: fileOf(a.file), name: a.file, keys: keys.bytes, keys_name: keys.name,
        pack: a.pack ? fileOf(a.pack) : null, language,
      };
      return json(await quick('check_verification', args));
    },
    // The browser's own: the Files of an <input type=file>, as handles.
    open_files: (a) => [...a.files].map(handleOf),
    pick_packs: async () => (await choose({ multiple: true, accept: '.gz,application/gzip' })).map(handleOf),
    pick_trust_store: async () => (await choose({ accept: '.json,application/json' })).map(handleOf)[0] ?? null,
    pick_evidence_folder: async () => {
      const list = await choose({ directory: true });
      return list.length ? folderOf(list) : null;
    },
    pick_key_file: desktopOnly,
    pick_save_path: desktopOnly,
    author_open: desktopOnly,
    author_check: desktopOnly,
    author_sign: desktopOnly,
    author_trust_entry: desktopOnly,
    sign_verification: desktopOnly,
  };

  // Files dropped on the page: signed verifications (by their content)
  // are checked, anything else is verified as a pack, as in the app.
  window.addEventListener('dragover', (e) => {
    if (e.dataTransfer?.types?.includes('Files')) e.preventDefault();
  });
  window.addEventListener('drop', async (e) => {
    const dropped = [...(e.dataTransfer?.files ?? [])];
    if (!dropped.length) return;
    e.preventDefault();
    const packs = [];
    const statements = [];
    for (const file of dropped) {
      const statement = await quick('is_verification', { file }).catch(() => false);
      (statement ? statements : packs).push(handleOf(file));
    }
    if (packs.length) emit('packs-dropped', packs);
    if (statements.length) emit('verifications-dropped', statements);
  });

  return {
    kind: 'browser',
    build,
    invoke: async (cmd, args = {}) => {
      const command = commands[cmd];
      if (!command) throw { kind: 'bad_request', message: `no command ${cmd}` };
      return command(args);
    },
    listen: async (name, handler) => {
      if (!listeners.has(name)) listeners.set(name, []);
      listeners.get(name).push(handler);
      return () => listeners.set(name, listeners.get(name).filter((h) => h !== handler));
    },
    can: { paths: false, author: false, sign: false, remembers },
  };
}
