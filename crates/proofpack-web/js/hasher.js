// The verifying worker's end of the hashing worker (src/elsewhere.rs says
// why it exists): the module imports hash_update, hash_finish and
// hash_word from here. Under JSPI the first two are WebAssembly.Suspending:
// a verification run through WebAssembly.promising waits in them, and this
// worker's event loop meanwhile takes the hashing worker's answers.
//
// Messages to the hashing worker: {run, bytes} (an ArrayBuffer, moved, not
// copied) and {run, finish}. From it: {run, hashed} (bytes hashed so far
// in that run) and {run, digest} (32 bytes). `run` tells a verification's
// messages from those of one that stopped half-way.

/** Bytes in flight past which sending waits, and down to which it waits. */
const HIGH = 8 << 20;
const LOW = 4 << 20;

let memory = null;
let port = null;
let run = 0;
let sent = 0;
let hashed = 0;
let digest = null;
let waiting = null; // {until: () => boolean, resolve}
let gone = false;
// Buffers the hashing worker is done with, sent back to be filled again: a
// fresh ArrayBuffer per slice cost more than the copy into it.
const spare = [];
const CHUNK = 256 << 10;

const suspends = typeof WebAssembly.Suspending === 'function';

/**
 * Connects the module's memory and the port to the hashing worker; true
 * when verifications can use it (the browser has JSPI).
 */
export function connect(wasmMemory, hashingPort) {
  memory = wasmMemory;
  port = hashingPort;
  port.onmessage = ({ data }) => {
    if (data.spare) spare.push(data.spare);
    if (data.run !== run) return;
    if ('hashed' in data) hashed = data.hashed;
    if (data.digest) digest = data.digest;
    wake();
  };
  // A message that cannot be read: the bytes sent can no longer be
  // accounted for, and every wait ends with 1 (a failure to read the pack).
  port.onmessageerror = () => {
    gone = true;
    wake();
  };
  return suspends;
}

/** Starts a verification's messages afresh. */
export function begin() {
  run += 1;
  sent = 0;
  hashed = 0;
  digest = null;
}

function wake() {
  if (waiting && (gone || waiting.until())) {
    const { resolve } = waiting;
    waiting = null;
    resolve(gone ? 1 : 0);
  }
}

function until(condition) {
  if (gone) return 1;
  if (condition()) return 0;
  return new Promise((resolve) => { waiting = { until: condition, resolve }; });
}

function update(ptr, len) {
  if (gone) return 1;
  // A copy, moved to the other worker; the module's memory may grow later.
  const length = len >>> 0;
  let buffer = spare.pop();
  if (!buffer || buffer.byteLength < length) buffer = new ArrayBuffer(Math.max(length, CHUNK));
  new Uint8Array(buffer, 0, length).set(new Uint8Array(memory.buffer, ptr >>> 0, length));
  port.postMessage({ run, bytes: buffer, length }, [buffer]);
  sent += len >>> 0;
  return sent - hashed > HIGH ? until(() => sent - hashed <= LOW) : 0;
}

function finish() {
  if (gone) return 1;
  digest = null;
  port.postMessage({ run, finish: true });
  return until(() => digest !== null);
}

export const hash_update = suspends ? new WebAssembly.Suspending(update) : update;
export const hash_finish = suspends ? new WebAssembly.Suspending(finish) : finish;
export function hash_word(index) {
  return new DataView(digest.buffer, digest.byteOffset, 32).getInt32(index * 4);
}
