//! The register's report (§19): its packs, requests and findings, as the
//! JSON of `proofpack register --json` and the data every front end shows.
//! `format`, each request's `status`, and each finding's `code`, `effect`
//! and `packs` are normative; the rest is what a reviewer needs.

use proofpack_core::{Effect, MessageArg, MessageId, RegisterCode, Verdict};
use proofpack_spec::vocab::{OpenItemKind, REGISTER_FORMAT};
use serde::Serialize;

/// A register of packs verified together (§19).
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct Register {
    /// Always `proof-pack-register/v1`.
    pub(crate) format: &'static str,
    /// The instant open items are judged at (RFC 3339).
    pub(crate) as_of: String,
    /// Every distinct pack (files with the same SHA-256 are one), by file.
    pub(crate) packs: Vec<RegisterPack>,
    /// The requests, by tenant then request.
    pub(crate) requests: Vec<RegisterRequest>,
    /// The register's findings, by code then packs.
    pub(crate) findings: Vec<RegisterFinding>,
    /// Files that could not be read at all (exit status 1), by file.
    pub(crate) unread: Vec<Unread>,
}

/// One distinct pack of the register.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct RegisterPack {
    /// The file as given (the first by name of its duplicates).
    pub file: String,
    /// SHA-256 of the whole file, lowercase hex.
    pub sha256: String,
    /// Its manifest's `pack_id` (pack text).
    pub pack_id: Option<String>,
    /// Its manifest's `tenant_id` (pack text).
    pub tenant_id: Option<String>,
    /// Its manifest's `request_id` (pack text).
    pub request_id: Option<String>,
    /// Its own verdict (§12), verified alone.
    pub verdict: Verdict,
    /// The SHA-256 of the pack whose valid link supersedes it, if any.
    pub superseded_by: Option<String>,
    /// The other files with the same bytes, by name (`register.duplicate_file`).
    pub duplicates: Vec<String>,
}

/// One request: the packs of one (`tenant_id`, `request_id`), or one pack
/// whose manifest could not be read.
#[derive(Debug, Clone, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct RegisterRequest {
    /// `tenant_id` (pack text); null for a pack whose manifest could not be read.
    pub tenant_id: Option<String>,
    /// `request_id` (pack text); null for a pack whose manifest could not be read.
    pub request_id: Option<String>,
    /// The most severe of its heads' verdicts and of the effects of the
    /// register findings at any of its packs (§12's order).
    pub status: Verdict,
    /// The SHA-256 of each head (a pack not superseded), sorted.
    pub heads: Vec<String>,
    /// The SHA-256 of each of its packs, in the order of `packs`.
    pub packs: Vec<String>,
    /// The open items of its heads, with their due dates.
    pub open_items: Vec<OpenItemRow>,
}

impl RegisterRequest {
    /// Whether any open item is overdue.
    pub fn has_overdue(&self) -> bool {
        self.open_items.iter().any(|i| i.overdue)
    }
}

/// Something a head says is still to be done, and by when.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct OpenItemRow {
    /// `step`, `receipt`, `obligation`, `artifact` or `deadline`.
    pub kind: OpenItemKind,
    /// The step, the subprocessor, the obligation's target or the artifact
    /// as `scope:key`, or the request id (pack text).
    pub what: String,
    /// When it is due, the pack's own string; null when the pack gave no
    /// valid time.
    pub due: Option<String>,
    /// Due before `as_of` (`register.overdue`).
    pub overdue: bool,
    /// The SHA-256 of the head that shows it.
    pub pack: String,
}

/// One thing the register found, at the packs it concerns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct RegisterFinding {
    /// The §19 code.
    pub code: RegisterCode,
    /// Its effect (always the code's own).
    pub effect: Effect,
    /// What a reviewer reads (pack text in it), in English; not normative.
    pub message: String,
    /// The SHA-256 of each pack it is located at, sorted.
    pub packs: Vec<String>,
    /// The message as an id and its values, which a renderer writes in the
    /// reader's language (`message` is its English).
    #[serde(skip)]
    #[cfg_attr(feature = "schema", schemars(skip))]
    said: (MessageId, Vec<(&'static str, MessageArg)>),
}

impl RegisterFinding {
    pub(crate) fn new(
        code: RegisterCode,
        id: MessageId,
        args: Vec<(&'static str, MessageArg)>,
        mut packs: Vec<String>,
    ) -> Self {
        packs.sort();
        packs.dedup();
        RegisterFinding {
            code,
            effect: code.effect(),
            message: id.english_with(&args),
            packs,
            said: (id, args),
        }
    }

    /// The message's id (its text in every language is the render crate's
    /// `finding-<id>`).
    pub fn message_id(&self) -> MessageId {
        self.said.0
    }

    /// The message's values, by name.
    pub fn message_args(&self) -> &[(&'static str, MessageArg)] {
        &self.said.1
    }
}

/// A file that could not be read (not a property of a pack: exit status 1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[non_exhaustive]
pub struct Unread {
    /// The file as given.
    pub file: String,
    /// What went wrong.
    pub error: String,
}

impl Register {
    pub(crate) fn new(as_of: String) -> Register {
        Register {
            format: REGISTER_FORMAT,
            as_of,
            packs: Vec::new(),
            requests: Vec::new(),
            findings: Vec::new(),
            unread: Vec::new(),
        }
    }

    /// Always `proof-pack-register/v1`.
    pub fn format(&self) -> &'static str {
        self.format
    }

    /// The instant open items are judged at (RFC 3339).
    pub fn as_of(&self) -> &str {
        &self.as_of
    }

    /// Every distinct pack, by file.
    pub fn packs(&self) -> &[RegisterPack] {
        &self.packs
    }

    /// The requests, by tenant then request.
    pub fn requests(&self) -> &[RegisterRequest] {
        &self.requests
    }

    /// The register's findings, by code then packs.
    pub fn findings(&self) -> &[RegisterFinding] {
        &self.findings
    }

    /// Files that could not be read, by file.
    pub fn unread(&self) -> &[Unread] {
        &self.unread
    }

    /// The pack with this SHA-256.
    pub fn pack(&self, sha256: &str) -> Option<&RegisterPack> {
        self.packs.iter().find(|p| p.sha256 == sha256)
    }

    /// §19: the exit status of the most severe request status (§12's
    /// table); 0 for an empty register; at least 1 when a file could not
    /// be read (as a batch of `verify`: the highest of all).
    pub fn exit_status(&self) -> i32 {
        let worst = self.requests.iter().map(|r| r.status).max();
        let status = worst.map_or(0, Verdict::exit_status);
        if self.unread.is_empty() {
            status
        } else {
            status.max(1)
        }
    }
}
