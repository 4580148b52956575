//! The packs of a register as a person names them: pack files, and folders
//! of `*.tar.gz` packs. Every front end (the command line, the desktop app)
//! lists a folder here, so that a register names its packs the same way
//! whichever made it.

use crate::run::PackInput;
use std::io;
use std::path::PathBuf;

/// A folder that was given could not be listed.
#[derive(Debug, thiserror::Error)]
#[error("{}: {source}", path.display())]
pub struct ListError {
    /// The folder.
    pub path: PathBuf,
    /// Why it could not be listed.
    #[source]
    pub source: io::Error,
}

/// Whether a folder's file named `name` is one of its packs (`*.tar.gz`):
/// the rule of [`inputs`], for a front end that lists a folder itself (a
/// browser, given a folder's files).
pub fn is_pack_name(name: &str) -> bool {
    name.ends_with(".tar.gz")
}

/// The packs of `given`, in order: a file (or anything that is not a
/// folder) is one pack named as given; a folder gives its `*.tar.gz`
/// regular files, named relative to it, sorted by name (its subfolders are
/// not entered).
pub fn inputs(given: &[PathBuf]) -> Result<Vec<PackInput>, ListError> {
    let mut packs = Vec::new();
    for input in given {
        if !input.is_dir() {
            packs.push(PackInput::path(input.display().to_string(), input.clone()));
            continue;
        }
        let entries = std::fs::read_dir(input).map_err(|source| ListError {
            path: input.clone(),
            source,
        })?;
        let mut found: Vec<(String, PathBuf)> = entries
            .filter_map(Result::ok)
            .map(|e| (e.file_name().to_string_lossy().into_owned(), e.path()))
            .filter(|(name, path)| is_pack_name(name) && path.is_file())
            .collect();
        found.sort();
        packs.extend(
            found
                .into_iter()
                .map(|(name, path)| PackInput::path(name, path)),
        );
    }
    Ok(packs)
}
