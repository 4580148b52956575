//! What a register keeps of one verified pack: only what §19 needs, so
//! that a register of thousands of packs holds a few hundred bytes per pack
//! (its findings, tables and members are dropped with its report).

use proofpack_core::report::{CheckpointFact, OpenItem, ProvedEntries, SealFact};
use proofpack_core::{Code, Report, Verdict};
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vocab::LegalBasis;

/// The manifest members §19 groups packs by and checks a link against.
#[derive(Debug, Clone, Default)]
pub(crate) struct Identity {
    pub(crate) pack_id: Option<String>,
    pub(crate) tenant_id: Option<String>,
    pub(crate) request_id: Option<String>,
    pub(crate) subject_id: Option<String>,
    pub(crate) legal_basis: Option<LegalBasis>,
    pub(crate) received_at: Option<String>,
    pub(crate) signed_at: Option<Timestamp>,
}

impl Identity {
    pub(crate) fn of(report: &Report) -> Identity {
        let p = report.pack();
        Identity {
            pack_id: p.pack_id.clone(),
            tenant_id: p.tenant_id.clone(),
            request_id: p.request_id.clone(),
            subject_id: p.subject_id.clone(),
            legal_basis: p.legal_basis,
            received_at: p.received_at.clone(),
            signed_at: p.signed_at.as_deref().and_then(Timestamp::parse),
        }
    }

    /// §19: the manifest "can be read" when it is a JSON object whose
    /// `tenant_id` and `request_id` are strings. The verifier fills both
    /// from the manifest alone, and only from strings.
    pub(crate) fn readable(&self) -> bool {
        self.tenant_id.is_some() && self.request_id.is_some()
    }

    /// Why the link of `follow_up` (naming `pack_id`) to `self` is void
    /// under §19, as the names of the members that do not fit: `pack_id`,
    /// `tenant_id`, `request_id`, `subject_id`, `legal_basis`,
    /// `received_at`, `signed_at`. Empty when the link holds.
    pub(crate) fn misfits(&self, named_id: &str, follow_up: &Identity) -> Vec<&'static str> {
        let mut out = Vec::new();
        if self.pack_id.as_deref() != Some(named_id) {
            out.push("pack_id");
        }
        let same = [
            ("tenant_id", self.tenant_id == follow_up.tenant_id),
            ("request_id", self.request_id == follow_up.request_id),
            ("subject_id", self.subject_id == follow_up.subject_id),
            ("legal_basis", self.legal_basis == follow_up.legal_basis),
            ("received_at", self.received_at == follow_up.received_at),
        ];
        out.extend(same.iter().filter(|(_, same)| !same).map(|(name, _)| *name));
        // "Its signed_at is not before P's": without both instants, it is
        // not shown to be before.
        let before = match (&self.signed_at, &follow_up.signed_at) {
            (Some(e), Some(p)) => e.instant() < p.instant(),
            _ => false,
        };
        if !before {
            out.push("signed_at");
        }
        out
    }
}

/// One pack as the register keeps it.
#[derive(Debug, Clone)]
pub(crate) struct PackFacts {
    /// The name it was given (first of its duplicates, by name).
    pub(crate) file: String,
    pub(crate) sha256: String,
    pub(crate) verdict: Verdict,
    pub(crate) identity: Identity,
    /// The earlier pack it names: (`pack_id`, SHA-256).
    pub(crate) supersedes: Option<(String, String)>,
    /// §19: no `audit.checkpoint_*` or `audit.origin_mismatch` finding.
    pub(crate) checkpoints_count: bool,
    pub(crate) checkpoints: Vec<CheckpointFact>,
    pub(crate) proved: ProvedEntries,
    /// The seal's checkpoint and entry, as far as they verified (§22): they
    /// join the log-fork rule whatever `checkpoints_count` says.
    pub(crate) seal: SealFact,
    pub(crate) open_items: Vec<OpenItem>,
    /// The effective deadline of §6, as the report gives it.
    pub(crate) deadline: Option<String>,
}

impl PackFacts {
    pub(crate) fn of(file: String, report: &Report) -> PackFacts {
        let facts = report.register_facts();
        let checkpoint_finding = report.findings().iter().any(|f| {
            f.code().as_str().starts_with("audit.checkpoint_")
                || f.code() == Code::AuditOriginMismatch
        });
        let mut open_items = facts.open_items().to_vec();
        open_items.shrink_to_fit();
        PackFacts {
            file,
            sha256: report.pack().sha256.clone(),
            verdict: report.verdict(),
            identity: Identity::of(report),
            supersedes: report
                .pack()
                .supersedes
                .as_ref()
                .map(|s| (s.pack_id.clone(), s.sha256.clone())),
            checkpoints_count: !checkpoint_finding,
            checkpoints: facts.checkpoints().to_vec(),
            proved: facts.proved_entries().clone(),
            seal: facts.seal().clone(),
            open_items,
            deadline: report.sla().effective_deadline.clone(),
        }
    }
}
