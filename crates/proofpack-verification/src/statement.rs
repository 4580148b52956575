//! The statement of a verification receipt (§20): what was verified (the
//! pack's identity), with what (the trust store's SHA-256, the verifier),
//! what was found (the verdict and the distinct codes), when and by whom.

use proofpack_core::{Code, Report, Verdict};
use proofpack_spec::encoding::is_sha256_hex;
use proofpack_spec::json::{self, Json, JsonObject};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::verification_names as names;
use proofpack_spec::vocab::VERIFICATION_FORMAT;
use serde_json::{json, Value};

/// The verifier a statement names: this program and its version.
pub const VERIFIER: &str = concat!("proofpack ", env!("CARGO_PKG_VERSION"));

/// The identity of the verified pack (§20's `pack`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PackIdentity {
    /// Lowercase hex SHA-256 of the whole `proof.tar.gz`.
    pub sha256: String,
    /// The manifest's `pack_id`, or `None` when it could not be read.
    pub pack_id: Option<String>,
    /// The manifest's `tenant_id`, or `None` when it could not be read.
    pub tenant_id: Option<String>,
    /// The manifest's `request_id`, or `None` when it could not be read.
    pub request_id: Option<String>,
}

/// A well-formed statement: built from a report, or read from a payload
/// that has §20's shape.
#[derive(Debug, Clone)]
pub struct VerificationStatement {
    pack: PackIdentity,
    trust_store_sha256: Option<String>,
    verdict: Verdict,
    codes: Vec<Code>,
    verifier: String,
    verified_at: Timestamp,
    verified_by: String,
}

impl VerificationStatement {
    /// The statement of `report`, made at `verified_at` by `verified_by`
    /// (the owner of the signing `verifier` key): the pack's identity and
    /// the trust store's SHA-256 are the report's, each distinct finding
    /// code once, in byte order.
    pub fn of(report: &Report, verified_at: Timestamp, verified_by: &str) -> VerificationStatement {
        let pack = report.pack();
        VerificationStatement {
            pack: PackIdentity {
                sha256: pack.sha256.clone(),
                pack_id: pack.pack_id.clone(),
                tenant_id: pack.tenant_id.clone(),
                request_id: pack.request_id.clone(),
            },
            trust_store_sha256: report.meta().trust_store.as_ref().map(|t| t.sha256.clone()),
            verdict: report.verdict(),
            codes: distinct_codes(report.findings().iter().map(|f| f.code())),
            verifier: VERIFIER.to_owned(),
            verified_at,
            verified_by: verified_by.to_owned(),
        }
    }

    /// The pack verified.
    pub fn pack(&self) -> &PackIdentity {
        &self.pack
    }

    /// The SHA-256 of the trust store used, or `None` when none was.
    pub fn trust_store_sha256(&self) -> Option<&str> {
        self.trust_store_sha256.as_deref()
    }

    /// The verdict found.
    pub fn verdict(&self) -> Verdict {
        self.verdict
    }

    /// The distinct finding codes, in byte order.
    pub fn codes(&self) -> &[Code] {
        &self.codes
    }

    /// The verifier and its version, as the statement names it.
    pub fn verifier(&self) -> &str {
        &self.verifier
    }

    /// When the pack was verified.
    pub fn verified_at(&self) -> &Timestamp {
        &self.verified_at
    }

    /// Who verified it: the owner of a signing `verifier` key.
    pub fn verified_by(&self) -> &str {
        &self.verified_by
    }

    /// The statement as JSON, members in the spec's order.
    pub fn to_value(&self) -> Value {
        let codes: Vec<&str> = self.codes.iter().map(|c| c.as_str()).collect();
        let mut pack = serde_json::Map::new();
        pack.insert(names::SHA256.into(), json!(self.pack.sha256));
        pack.insert(names::PACK_ID.into(), json!(self.pack.pack_id));
        pack.insert(names::TENANT_ID.into(), json!(self.pack.tenant_id));
        pack.insert(names::REQUEST_ID.into(), json!(self.pack.request_id));
        let mut top = serde_json::Map::new();
        top.insert(names::FORMAT.into(), json!(VERIFICATION_FORMAT));
        top.insert(names::PACK.into(), Value::Object(pack));
        top.insert(
            names::TRUST_STORE_SHA256.into(),
            json!(self.trust_store_sha256),
        );
        top.insert(names::VERDICT.into(), json!(self.verdict.as_str()));
        top.insert(names::CODES.into(), json!(codes));
        top.insert(names::VERIFIER.into(), json!(self.verifier));
        top.insert(names::VERIFIED_AT.into(), json!(self.verified_at.raw()));
        top.insert(names::VERIFIED_BY.into(), json!(self.verified_by));
        Value::Object(top)
    }

    /// The payload's bytes: the statement as compact JSON.
    pub fn to_bytes(&self) -> Vec<u8> {
        // A `Value` of strings, nulls and arrays always serialises.
        serde_json::to_vec(&self.to_value()).unwrap_or_default()
    }

    /// Reads a statement from a payload: strict JSON (§0) of §20's shape,
    /// every member present with its type (`null` only where §20 allows
    /// it), `format` exactly, the verdict and each code of the spec's sets,
    /// `codes` distinct in byte order, hex SHA-256s and a §0 timestamp.
    /// Unknown members are ignored (§0). The error says what is wrong.
    pub fn read(payload: &[u8]) -> Result<VerificationStatement, String> {
        let doc = json::parse(payload)
            .map_err(|e| format!("the payload is not well-formed JSON: {e}"))?;
        let top = doc
            .as_object()
            .ok_or("the statement is not a JSON object")?;
        if string(top, names::FORMAT)? != VERIFICATION_FORMAT {
            return Err(format!(
                "`{}` must be {VERIFICATION_FORMAT:?}",
                names::FORMAT
            ));
        }
        let pack = top
            .get(names::PACK)
            .and_then(Json::as_object)
            .ok_or(format!("`{}` must be an object", names::PACK))?;
        let verified_at = Timestamp::parse(string(top, names::VERIFIED_AT)?).ok_or(format!(
            "`{}` is not an RFC 3339 date-time",
            names::VERIFIED_AT
        ))?;
        Ok(VerificationStatement {
            pack: PackIdentity {
                sha256: sha256(pack, names::SHA256)?.ok_or(format!(
                    "`{}.{}` must not be null",
                    names::PACK,
                    names::SHA256
                ))?,
                pack_id: optional_string(pack, names::PACK_ID)?,
                tenant_id: optional_string(pack, names::TENANT_ID)?,
                request_id: optional_string(pack, names::REQUEST_ID)?,
            },
            trust_store_sha256: sha256(top, names::TRUST_STORE_SHA256)?,
            verdict: string(top, names::VERDICT)?
                .parse()
                .map_err(|e| format!("`{}`: {e}", names::VERDICT))?,
            codes: read_codes(top)?,
            verifier: string(top, names::VERIFIER)?.to_owned(),
            verified_at,
            verified_by: string(top, names::VERIFIED_BY)?.to_owned(),
        })
    }
}

/// Each code once, in the byte order of the spec's strings.
pub(crate) fn distinct_codes(codes: impl IntoIterator<Item = Code>) -> Vec<Code> {
    let mut codes: Vec<Code> = codes.into_iter().collect();
    codes.sort_by_key(|c| c.as_str());
    codes.dedup();
    codes
}

fn string<'o>(obj: &'o JsonObject, name: &str) -> Result<&'o str, String> {
    Ok(proofpack_spec::dsse::string(obj, name)?)
}

/// A member that must be present: a string, or `null`.
fn optional_string(obj: &JsonObject, name: &str) -> Result<Option<String>, String> {
    match obj.get(name) {
        Some(Json::Null) => Ok(None),
        Some(Json::String(s)) => Ok(Some(s.clone())),
        _ => Err(format!("`{name}` must be a string or null")),
    }
}

/// A member that must be present: lowercase hex SHA-256, or `null`.
fn sha256(obj: &JsonObject, name: &str) -> Result<Option<String>, String> {
    let value = optional_string(obj, name)?;
    match value {
        Some(hex) if !is_sha256_hex(&hex) => Err(format!(
            "`{name}` is not a SHA-256 in lowercase hex (64 digits)"
        )),
        other => Ok(other),
    }
}

/// `codes`: finding codes of §12, each once, in byte order.
fn read_codes(top: &JsonObject) -> Result<Vec<Code>, String> {
    let items = top
        .get(names::CODES)
        .and_then(Json::as_array)
        .ok_or(format!("`{}` must be an array", names::CODES))?;
    let mut codes = Vec::with_capacity(items.len());
    let mut last: Option<&str> = None;
    for item in items {
        let text = item.as_str().ok_or(format!(
            "`{}` holds a value that is not a string",
            names::CODES
        ))?;
        let code: Code = text
            .parse()
            .map_err(|e| format!("`{}`: {e}", names::CODES))?;
        if last.is_some_and(|l| l >= text) {
            return Err(format!(
                "`{}` must hold each code once, in byte order",
                names::CODES
            ));
        }
        last = Some(text);
        codes.push(code);
    }
    Ok(codes)
}
