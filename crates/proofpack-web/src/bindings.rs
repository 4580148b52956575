//! The module's face to JavaScript (`ui/worker.js` calls it in a Web
//! Worker): each function is one call of the [`session`](crate::session),
//! taking the `File`s the user chose and giving JSON text, the shapes the
//! desktop app's commands give, so the same `ui/` reads both. An error is
//! thrown as the JSON of a [`views::AppError`] (the UI switches on its
//! `kind`).

use crate::elsewhere;
use crate::reader::{Counted, Ranged, Slices};
use crate::session::{self, RegisterInput, RegisterQuery, Session, TrustFile};
use js_sys::{Array, Function, Uint8Array};
use proofpack_render::views::{self, AppError, ExportFormat, RegisterFormat};
use serde::Serialize;
use std::io::{self, Read};
use wasm_bindgen::prelude::*;
use web_sys::{File, FileReaderSync};

/// What `meta.verifier` says: `proofpack-web` and its version.
#[wasm_bindgen]
pub fn verifier() -> String {
    session::VERIFIER.to_owned()
}

/// The tag of the language a reader whose browser prefers `tags` (best
/// first) gets: the first there are messages in, else English.
#[wasm_bindgen]
pub fn language_for(tags: Vec<String>) -> String {
    session::preferred_language(&tags).tag().to_owned()
}

/// The UI's words in the language `language` (a BCP 47 tag).
#[wasm_bindgen]
pub fn ui_strings(language: &str) -> Result<String, JsValue> {
    let language = session::language(language).map_err(thrown)?;
    json(&views::UiStrings::of(language))
}

/// Every code's explanation in `language`.
#[wasm_bindgen]
pub fn explanations(language: &str) -> Result<String, JsValue> {
    let language = session::language(language).map_err(thrown)?;
    json(&views::explanations(language))
}

/// The register's words in `language`.
#[wasm_bindgen]
pub fn register_words(language: &str) -> Result<String, JsValue> {
    let language = session::language(language).map_err(thrown)?;
    json(&views::RegisterWords::of(language))
}

/// A trust store read from a file (its bytes, name and `lastModified`), as
/// the UI shows it.
#[wasm_bindgen]
pub fn trust_store_view(bytes: &[u8], name: &str, modified_ms: f64) -> Result<String, JsValue> {
    let trust = TrustFile {
        bytes,
        name,
        modified_ms: Some(modified_ms),
    };
    let (_, view) = trust.load().map_err(thrown)?;
    json(&view)
}

/// Whether the file `file` is a signed verification (§20), by its content
/// (a pack is not: it is too large, or not such an envelope).
#[wasm_bindgen]
pub fn is_verification(file: File) -> bool {
    envelope_of(file).is_ok_and(|bytes| views::is_verification(&bytes))
}

/// Checks the signed verification in the file `envelope` (shown as `name`)
/// against the key store `keys` (the file `keys_name`), comparing it with
/// the pack `pack` when given (read as a stream, as a verification reads
/// it).
#[wasm_bindgen]
pub fn check_verification(
    envelope: File,
    name: &str,
    keys: &[u8],
    keys_name: &str,
    pack: Option<File>,
    language: &str,
) -> Result<String, JsValue> {
    let language = session::language(language).map_err(thrown)?;
    let envelope = envelope_of(envelope).map_err(|e| thrown(AppError::read(name, e)))?;
    let keys = TrustFile {
        bytes: keys,
        name: keys_name,
        modified_ms: None,
    };
    let pack_name = pack.as_ref().map(File::name);
    let pack = match (pack, &pack_name) {
        (Some(file), Some(pack_name)) => Some((
            Slices::new(FileRange::new(file).map_err(thrown)?),
            pack_name.as_str(),
        )),
        _ => None,
    };
    json(&session::check_verification(&envelope, name, keys, pack, language).map_err(thrown)?)
}

/// The bytes of a file that may hold a signed verification: at most one
/// byte past the largest envelope the checker reads (which it then refuses
/// as too large), so a pack dropped by mistake is never read whole.
fn envelope_of(file: File) -> io::Result<Vec<u8>> {
    let limit = proofpack_verification::ENVELOPE_LIMIT as u64 + 1;
    let mut bytes = Vec::new();
    Slices::new(FileRange::new(file).map_err(io::Error::other)?)
        .take(limit)
        .read_to_end(&mut bytes)?;
    Ok(bytes)
}

/// A worker's verifier: the reports and registers it made, kept for export
/// and for showing in another language until the page closes them.
#[wasm_bindgen]
#[derive(Default)]
pub struct Verifier {
    session: Session,
}

#[wasm_bindgen]
impl Verifier {
    /// A verifier that keeps nothing yet.
    #[wasm_bindgen(constructor)]
    pub fn new() -> Verifier {
        Verifier::default()
    }

    /// Verifies the pack `pack` as job `job`, with the trust store
    /// `trust_bytes` (the file `trust_name`, last modified at
    /// `trust_modified`) or none, calling `progress` with the bytes read so
    /// far; what the panels show of it, in `language`.
    #[allow(clippy::too_many_arguments)] // Each is one plain value from JavaScript.
    pub fn verify(
        &mut self,
        job: u32,
        pack: File,
        trust_bytes: Option<Vec<u8>>,
        trust_name: Option<String>,
        trust_modified: Option<f64>,
        language: &str,
        progress: &Function,
    ) -> Result<String, JsValue> {
        let language = session::language(language).map_err(thrown)?;
        let name = pack.name();
        let trust = trust_bytes.as_deref().map(|bytes| TrustFile {
            bytes,
            name: trust_name.as_deref().unwrap_or_default(),
            modified_ms: trust_modified,
        });
        let slices = Slices::new(FileRange::new(pack).map_err(thrown)?);
        let counted = Counted::new(slices, |read| {
            // A progress report that cannot be sent is not worth stopping for.
            let _ = progress.call1(&JsValue::NULL, &JsValue::from_f64(read as f64));
        });
        let verified = self
            .session
            .verify(u64::from(job), counted, &name, trust, language)
            .map_err(thrown)?;
        json(&verified)
    }

    /// Makes the verification of `pack` ready to run with its large
    /// members hashed in the hashing worker, as [`Verifier::verify`] takes
    /// it; the page then calls `run_prepared` through
    /// `WebAssembly.promising`, then [`Verifier::finish_prepared`].
    pub fn prepare(
        &mut self,
        pack: File,
        trust_bytes: Option<Vec<u8>>,
        trust_name: Option<String>,
        trust_modified: Option<f64>,
        progress: Function,
    ) {
        let trust =
            trust_bytes.map(|bytes| (bytes, trust_name.unwrap_or_default(), trust_modified));
        elsewhere::prepare(pack, trust, progress);
    }

    /// The outcome of the verification `run_prepared` ran, kept as job
    /// `job`: what [`Verifier::verify`] gives.
    pub fn finish_prepared(&mut self, job: u32, language: &str) -> Result<String, JsValue> {
        let language = session::language(language).map_err(thrown)?;
        let checked = elsewhere::take_checked()?;
        json(&self.session.keep_checked(u64::from(job), checked, language))
    }

    /// The pictures and words of report `job` in `language`.
    pub fn shown(&self, job: u32, language: &str) -> Result<String, JsValue> {
        let language = session::language(language).map_err(thrown)?;
        json(
            &self
                .session
                .shown(u64::from(job), language)
                .map_err(thrown)?,
        )
    }

    /// Report `job` as `format` (`json` or `html`, in `language`).
    pub fn export_report(
        &self,
        job: u32,
        format: &str,
        language: &str,
    ) -> Result<Vec<u8>, JsValue> {
        let language = session::language(language).map_err(thrown)?;
        let format: ExportFormat = format_of(format)?;
        self.session
            .export_report(u64::from(job), format, language)
            .map_err(thrown)
    }

    /// Makes the register of `packs` (`File`s) as job `job`: each named by
    /// `names` and found again by `handles` (`null`: not found again), with
    /// the trust store `trust_bytes` (the file `trust_name`), open items
    /// judged at `as_of` (RFC 3339; none: now), calling `progress` with the
    /// packs done and in all.
    #[allow(clippy::too_many_arguments)] // Each is one plain value from JavaScript.
    pub fn register(
        &mut self,
        job: u32,
        packs: Array,
        names: Vec<String>,
        handles: Array,
        trust_bytes: Vec<u8>,
        trust_name: String,
        as_of: Option<String>,
        language: &str,
        progress: &Function,
    ) -> Result<String, JsValue> {
        let language = session::language(language).map_err(thrown)?;
        let inputs: Vec<RegisterInput> = names
            .into_iter()
            .enumerate()
            .map(|(i, file)| RegisterInput {
                file,
                handle: handles.get(i as u32).as_string(),
            })
            .collect();
        let query = RegisterQuery {
            packs: &inputs,
            trust: TrustFile {
                bytes: &trust_bytes,
                name: &trust_name,
                modified_ms: None,
            },
            as_of: as_of.as_deref(),
        };
        let open = |i: usize| -> io::Result<Slices<FileRange>> {
            let file: File = packs
                .get(i as u32)
                .dyn_into()
                .map_err(|_| io::Error::other("not a file"))?;
            FileRange::new(file)
                .map(Slices::new)
                .map_err(io::Error::other)
        };
        let report = |p: views::RegisterProgress| {
            let _ = progress.call2(
                &JsValue::NULL,
                &JsValue::from_f64(p.done as f64),
                &JsValue::from_f64(p.total as f64),
            );
        };
        let view = self
            .session
            .register(u64::from(job), &query, language, open, report)
            .map_err(thrown)?;
        json(&view)
    }

    /// Register `job` as `format` (`json` or `csv`).
    pub fn export_register(&self, job: u32, format: &str) -> Result<Vec<u8>, JsValue> {
        let format: RegisterFormat = format_of(format)?;
        self.session
            .export_register(u64::from(job), format)
            .map_err(thrown)
    }

    /// The register's words in `language`, with register `job`'s
    /// findings' messages.
    pub fn register_words(&self, job: u32, language: &str) -> Result<String, JsValue> {
        let language = session::language(language).map_err(thrown)?;
        json(
            &self
                .session
                .register_words(u64::from(job), language)
                .map_err(thrown)?,
        )
    }

    /// Drops what job `job` made; true when there was something.
    pub fn close(&mut self, job: u32) -> bool {
        self.session.close(u64::from(job))
    }
}

/// The packs a chosen folder gives, from its files' `webkitRelativePath`s:
/// `[index, name]` pairs, as `proofpack register DIR` lists a folder.
#[wasm_bindgen]
pub fn folder_packs(paths: Vec<String>) -> Result<String, JsValue> {
    json(&session::folder_packs(&paths))
}

/// A browser `File`, read a range at a time with `FileReaderSync` (a
/// worker may block on it; the page's thread may not).
pub struct FileRange {
    file: File,
    reader: FileReaderSync,
    size: u64,
}

impl FileRange {
    pub(crate) fn new(file: File) -> Result<FileRange, AppError> {
        let reader = FileReaderSync::new().map_err(|e| AppError::Internal {
            message: format!("no FileReaderSync here: {}", words(&e)),
        })?;
        let size = file.size() as u64;
        Ok(FileRange { file, reader, size })
    }
}

impl Ranged for FileRange {
    fn size(&self) -> u64 {
        self.size
    }

    fn read_range(&self, start: u64, end: u64, out: &mut Vec<u8>) -> io::Result<()> {
        let failed = |e: JsValue| io::Error::other(words(&e));
        let blob = self
            .file
            .slice_with_f64_and_f64(start as f64, end as f64)
            .map_err(failed)?;
        let buffer = self.reader.read_as_array_buffer(&blob).map_err(failed)?;
        let bytes = Uint8Array::new(&buffer);
        out.clear();
        out.resize(bytes.length() as usize, 0);
        bytes.copy_to(out);
        nudge_the_collector();
        Ok(())
    }
}

/// How many elements the garbage array made after each slice has (256
/// KiB of the engine's heap).
const NUDGE: u32 = 32_768;

/// Leaves a little garbage on the engine's own heap after each slice. Each
/// slice comes back as an `ArrayBuffer` whose bytes live outside that heap,
/// and a worker that never returns to its event loop never runs the
/// collection their size asks for: reading a 600 MiB file in MiB slices
/// grew the worker by 280 MiB. Garbage on the heap itself makes the engine
/// collect as it allocates, and the spent slices go with it: the same file
/// grew it by 64 MiB and was read twice as fast (docs/BENCHMARKS.md, "The
/// verifier in a browser"). `ArrayBuffer.prototype.transfer(0)` freed less.
fn nudge_the_collector() {
    drop(Array::new_with_length(NUDGE));
}

/// What a JavaScript error says.
fn words(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "the browser could not read the file".to_owned())
}

fn format_of<T: serde::de::DeserializeOwned>(format: &str) -> Result<T, JsValue> {
    serde_json::from_value(serde_json::Value::String(format.to_owned())).map_err(|_| {
        thrown(AppError::BadRequest {
            message: format!("no export format {format:?}"),
        })
    })
}

fn json(value: &impl Serialize) -> Result<String, JsValue> {
    serde_json::to_string(value).map_err(|e| {
        thrown(AppError::Internal {
            message: e.to_string(),
        })
    })
}

/// An error as JavaScript receives it: the JSON of an [`AppError`].
pub(crate) fn thrown(e: AppError) -> JsValue {
    JsValue::from_str(&serde_json::to_string(&e).unwrap_or_else(|_| e.to_string()))
}
