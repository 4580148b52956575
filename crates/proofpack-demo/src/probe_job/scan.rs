//! The content scan: every table of the store, modelled or not, read
//! through its schema, for rows filed under the subject's account or whose
//! text holds one of the subject's marker phrases; and every file of the
//! upload folders, for a file filed under the account or holding a marker.
//! Tables declared to keep the subject's data are left out, and listed.

use super::resolve::Subject;
use super::{Found, Kept, Target};
use crate::store::Reader;
use crate::DemoError;
use proofpack_producer::DataClass;
use serde::Serialize;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// What the scan covered.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Coverage {
    /// The tables scanned.
    pub tables: Vec<String>,
    /// How many text columns they have.
    pub text_columns: usize,
    /// The tables left out, and why (in the attachment under the job
    /// results' `excluded`, not twice).
    #[serde(skip)]
    pub kept: Vec<Kept>,
    /// How many upload files were read.
    pub files: usize,
    /// How many marker phrases were looked for.
    pub markers: usize,
}

/// The class a table's rows belong to: the tiers' own tables by name;
/// any other table (one the platform does not model) holds a copy derived
/// from the subject's data, so it is `derivatives`.
#[must_use]
pub(crate) fn class_of(table: &str) -> DataClass {
    match table {
        "working_sessions" => DataClass::Working,
        "episodic" | "episodic_replica" | "replication_log" => DataClass::Episodic,
        "entities" | "entity_edges" => DataClass::Semantic,
        "vectors" | "vector_generations" | "vector_indexes" => DataClass::Vectors,
        "dataset_examples" | "dataset_manifests" | "manifest_entries" | "model_releases"
        | "output_filters" => DataClass::FineTune,
        "uploads" => DataClass::Uploads,
        _ => DataClass::Derivatives,
    }
}

/// Scans the store and the upload folders, adding what it finds to `found`.
pub(crate) fn run(
    reader: &Reader,
    target: &Target,
    declared: &[Kept],
    subject: &Subject,
    found: &mut Found,
) -> Result<Coverage, DemoError> {
    let kept: BTreeSet<&str> = declared.iter().map(|k| k.table.as_str()).collect();
    let mut coverage = Coverage {
        tables: Vec::new(),
        text_columns: 0,
        kept: declared.to_vec(),
        files: 0,
        markers: subject.markers.len(),
    };
    for table in reader.schema()? {
        if kept.contains(table.name.as_str()) {
            continue;
        }
        let rows = reader.matching_rows(&table, subject.user_id.as_deref(), &subject.markers)?;
        for key in rows {
            found.add(class_of(&table.name), format!("{}:{key}", table.name));
        }
        coverage.text_columns += table.columns.iter().filter(|c| c.text).count();
        coverage.tables.push(table.name);
    }
    structural(reader, subject, found)?;
    let markers: Vec<String> = subject.markers.iter().map(|m| m.to_lowercase()).collect();
    for root in &target.upload_roots {
        let mut files = Vec::new();
        walk(root, &mut files)?;
        for file in files {
            coverage.files += 1;
            let text = std::fs::read(&file).map_err(|e| DemoError::io(&file, e))?;
            let text = String::from_utf8_lossy(&text).to_lowercase();
            let filed_under_subject = subject
                .user_id
                .as_ref()
                .is_some_and(|u| file.starts_with(root.join(u)));
            if filed_under_subject || markers.iter().any(|m| text.contains(m)) {
                found.add(DataClass::Uploads, format!("file:{}", file.display()));
            }
        }
    }
    Ok(coverage)
}

/// What no content match shows: replication entries still to apply to a
/// row of the subject, edges left dangling by its entities' deletion, and
/// artefacts derived from its sources (provenance edges followed forward,
/// where the cascade follows the reverse index).
fn structural(reader: &Reader, subject: &Subject, found: &mut Found) -> Result<(), DemoError> {
    if let Some(user) = &subject.user_id {
        for lsn in reader.unapplied_replication_of(user)? {
            found.add(DataClass::Episodic, format!("replication_log:{lsn}"));
        }
        for (table, key) in reader.derived_artefacts(user)? {
            found.add(DataClass::Derivatives, format!("{table}:{key}"));
        }
    }
    for edge in reader.dangling_edges()? {
        found.add(DataClass::Semantic, format!("entity_edges:{edge}"));
    }
    Ok(())
}

/// Every file under `dir` (none when it does not exist).
fn walk(dir: &Path, out: &mut Vec<PathBuf>) -> Result<(), DemoError> {
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(()),
        Err(e) => return Err(DemoError::io(dir, e)),
    };
    for entry in entries {
        let path = entry.map_err(|e| DemoError::io(dir, e))?.path();
        if path.is_dir() {
            walk(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}
