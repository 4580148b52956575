//! The job's own sources, and its `code_ref`: their digest. The import
//! test reads [`SOURCES`] (and checks it lists every file of the job) to
//! show that no module of the job imports the cascade's.

/// Every source file of the job, by its path under `src/`, in a fixed
/// order.
pub const SOURCES: [(&str, &str); 8] = [
    ("probe_job/audit_log.rs", include_str!("audit_log.rs")),
    ("probe_job/finetune.rs", include_str!("finetune.rs")),
    ("probe_job/mod.rs", include_str!("mod.rs")),
    ("probe_job/resolve.rs", include_str!("resolve.rs")),
    ("probe_job/retrieval.rs", include_str!("retrieval.rs")),
    ("probe_job/scan.rs", include_str!("scan.rs")),
    ("probe_job/sources.rs", include_str!("sources.rs")),
    (
        "probe_job/subprocessors.rs",
        include_str!("subprocessors.rs"),
    ),
];

/// The job's `code_ref`: `verify-job@sha256:` and the digest of its
/// sources (`proofpack-platform`'s framing: each path and text by length).
#[must_use]
pub fn code_ref() -> String {
    proofpack_platform::probe_job::code_ref_of_sources("verify-job", &SOURCES)
}
