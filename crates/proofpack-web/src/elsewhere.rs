//! The content of large members hashed in a second Web Worker while this
//! one inflates, so that a big pack takes the time of the slower of the two
//! rather than of both (SHA-256 has no hardware instructions in
//! WebAssembly: it costs more than inflating; docs/BENCHMARKS.md, "The
//! verifier in a browser").
//!
//! A worker cannot wait for another worker's message while it runs: it
//! would need `SharedArrayBuffer` and `Atomics.wait`, which a page opened
//! from `file://` never gets. So the verification runs under JavaScript
//! Promise Integration (JSPI): the page calls [`run_prepared`] through
//! `WebAssembly.promising`, and the imports of `js/hasher.js` are
//! `WebAssembly.Suspending`. When too many bytes are in flight to the
//! hashing worker, or a member's digest is asked for, the verification is
//! suspended, this worker's event loop receives the other's answers, and
//! the verification resumes where it was. Memory stays at the bytes in
//! flight (a few MiB), whatever the pack's size. A browser without JSPI
//! verifies on one worker (`Verifier::verify`), with the same report.
//!
//! The imports take and give only `i32`s, so that wasm-bindgen imports them
//! from `js/hasher.js` as they are, with no glue of its own in between
//! (a suspending import must be the function the module imports).

use crate::bindings::{thrown, FileRange};
use crate::reader::{Counted, Slices};
use crate::session::{check_pack, CheckedPack, TrustFile};
use js_sys::Function;
use proofpack_core::MemberHasher;
use proofpack_render::views::AppError;
use sha2::{Digest, Sha256};
use std::cell::RefCell;
use std::io;
use wasm_bindgen::prelude::*;
use web_sys::File;

#[wasm_bindgen(module = "/js/hasher.js")]
extern "C" {
    /// Sends `len` bytes at `ptr` (this module's memory) to the hashing
    /// worker; suspends while too many are in flight. 0, or 1 when that
    /// worker is gone.
    fn hash_update(ptr: i32, len: i32) -> i32;
    /// Suspends until the hashing worker gives the SHA-256 of the member
    /// sent since the last call. 0, or 1 when that worker is gone.
    fn hash_finish() -> i32;
    /// Word `index` (0 to 7, big-endian) of the digest `hash_finish` got.
    fn hash_word(index: i32) -> i32;
}

/// The [`MemberHasher`] of the hashing worker. The reader's pieces (up to
/// 256 KiB) go as they come: gathering them into 1 MiB or 8 MiB calls first
/// was an extra copy that made neither chromium nor Firefox faster.
struct SecondWorker;

fn gone() -> io::Error {
    io::Error::other("the hashing worker stopped")
}

impl MemberHasher for SecondWorker {
    fn update(&mut self, data: &[u8]) -> io::Result<()> {
        // Addresses and lengths in a wasm32 module's memory fit an i32.
        let (ptr, len) = (data.as_ptr() as usize as i32, data.len() as i32);
        if hash_update(ptr, len) != 0 {
            return Err(gone());
        }
        Ok(())
    }

    fn finish(&mut self) -> io::Result<[u8; 32]> {
        if hash_finish() != 0 {
            return Err(gone());
        }
        let mut digest = [0; 32];
        for (index, word) in digest.chunks_exact_mut(4).enumerate() {
            word.copy_from_slice(&hash_word(index as i32).to_be_bytes());
        }
        Ok(digest)
    }
}

/// A verification made ready by [`prepare`], for [`run_prepared`].
struct Prepared {
    pack: File,
    trust: Option<(Vec<u8>, String, Option<f64>)>,
    progress: Function,
}

thread_local! {
    // One worker, one thread: the slots between the three calls.
    static PREPARED: RefCell<Option<Prepared>> = const { RefCell::new(None) };
    static CHECKED: RefCell<Option<Result<CheckedPack, AppError>>> = const { RefCell::new(None) };
}

/// Makes the verification of `pack` ready for [`run_prepared`] (whose
/// export takes no arguments: it is called past wasm-bindgen's glue).
pub(crate) fn prepare(
    pack: File,
    trust: Option<(Vec<u8>, String, Option<f64>)>,
    progress: Function,
) {
    PREPARED.with_borrow_mut(|slot| {
        *slot = Some(Prepared {
            pack,
            trust,
            progress,
        });
    });
}

/// Runs the verification [`prepare`] made ready, its large members hashed
/// by the hashing worker; [`take_checked`] gives its outcome. Called by the
/// page through `WebAssembly.promising` only: it suspends.
#[wasm_bindgen]
pub fn run_prepared() {
    let Some(prepared) = PREPARED.with_borrow_mut(Option::take) else {
        return;
    };
    let checked = run(prepared);
    CHECKED.with_borrow_mut(|slot| *slot = Some(checked));
}

fn run(prepared: Prepared) -> Result<CheckedPack, AppError> {
    let Prepared {
        pack,
        trust,
        progress,
    } = prepared;
    let name = pack.name();
    let trust = trust.as_ref().map(|(bytes, name, modified_ms)| TrustFile {
        bytes,
        name,
        modified_ms: *modified_ms,
    });
    let slices = Slices::new(FileRange::new(pack)?);
    let counted = Counted::new(slices, |read| {
        // A progress report that cannot be sent is not worth stopping for.
        let _ = progress.call1(&JsValue::NULL, &JsValue::from_f64(read as f64));
    });
    check_pack(counted, &name, trust, Some(Box::new(SecondWorker)))
}

/// The outcome of the last [`run_prepared`].
pub(crate) fn take_checked() -> Result<CheckedPack, JsValue> {
    CHECKED
        .with_borrow_mut(Option::take)
        .unwrap_or_else(|| {
            Err(AppError::Internal {
                message: "no verification was run".to_owned(),
            })
        })
        .map_err(thrown)
}

/// The hashing worker's side: the SHA-256 of one member, given a slice at a
/// time.
#[wasm_bindgen]
#[derive(Default)]
pub struct MemberDigest {
    hasher: Sha256,
}

#[wasm_bindgen]
impl MemberDigest {
    /// A digest of nothing yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> MemberDigest {
        MemberDigest::default()
    }

    /// More bytes of the member.
    pub fn update(&mut self, bytes: &[u8]) {
        self.hasher.update(bytes);
    }

    /// The member's SHA-256; the digest starts again from nothing.
    pub fn finish(&mut self) -> Vec<u8> {
        std::mem::take(&mut self.hasher).finalize().to_vec()
    }
}
