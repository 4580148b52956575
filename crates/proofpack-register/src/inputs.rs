//! Packs as a person names them: pack files, and folders of `*.tar.gz`
//! packs. Every front end that takes a folder of packs lists it here
//! (`proofpack verify DIR`, `proofpack register`, the desktop app's
//! Register mode, the portal's tenant folders), so that a folder gives the
//! same packs, in the same order, with the same entries skipped for the
//! same reasons, whichever lists it.
//!
//! One behaviour per question:
//! - A file given (anything that is not a folder) is one pack, named as
//!   given, whatever its name; whether it can be read is the verifier's
//!   question.
//! - A folder gives its `*.tar.gz` regular files, named by their file
//!   name, sorted by name. Its subfolders are not entered.
//! - Every other entry of a folder is skipped with its reason, and the
//!   reasons are reported, never dropped in silence: a name that does not
//!   end in `.tar.gz`, a `*.tar.gz` that is not a regular file, and a
//!   symbolic link, which is never followed (a link could take a pack from
//!   outside the folder, another tenant's in the portal's store).
//! - A folder with no pack is an error ([`ListProblem::NoPacks`]): nothing
//!   to verify is more likely a wrong folder than an answer (the command
//!   line's exit status 1). The portal alone reads it as a tenant with no
//!   packs yet.

use crate::run::PackInput;
use proofpack_spec::text::Untrusted;
use std::io;
use std::path::{Path, PathBuf};

/// The packs of what was given, and the entries of its folders that are
/// not packs.
#[derive(Debug, Default)]
pub struct Inputs {
    /// The packs, in order: each file given, and each folder's packs.
    pub packs: Vec<PackInput>,
    /// The entries of the folders that were skipped, with why, in order.
    pub skipped: Vec<Skipped>,
}

/// An entry of a folder that is not a pack.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Skipped {
    /// The entry (the folder joined with its name).
    pub path: PathBuf,
    /// Why it is not a pack.
    pub reason: SkipReason,
}

/// Why an entry of a folder is not a pack (serialised `not_tar_gz`,
/// `not_regular_file`, `symbolic_link`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SkipReason {
    /// Its name does not end in `.tar.gz`.
    #[error("not a *.tar.gz file")]
    NotTarGz,
    /// A `*.tar.gz` that is a folder, a device, a socket...
    #[error("not a regular file")]
    NotRegularFile,
    /// A symbolic link: never followed.
    #[error("a symbolic link (not followed)")]
    SymbolicLink,
}

/// A folder that was given could not be used.
#[derive(Debug, thiserror::Error)]
#[error("{}: {problem}", Untrusted(&.path.display().to_string()))]
pub struct ListError {
    /// The folder.
    pub path: PathBuf,
    /// What is wrong with it.
    #[source]
    pub problem: ListProblem,
}

/// What is wrong with a folder that was given.
#[derive(Debug, thiserror::Error)]
pub enum ListProblem {
    /// It could not be listed (or an entry of it could not be read).
    #[error("{0}")]
    Unlistable(#[source] io::Error),
    /// It holds no `*.tar.gz` pack; the entries it holds instead.
    #[error("no *.tar.gz packs in this directory")]
    NoPacks {
        /// Its entries, each with why it is not a pack.
        skipped: Vec<Skipped>,
    },
}

/// Whether a folder's file named `name` is one of its packs (`*.tar.gz`):
/// the rule of [`inputs`], for a front end that lists a folder itself (a
/// browser, given a folder's files).
pub fn is_pack_name(name: &str) -> bool {
    name.ends_with(".tar.gz")
}

/// The packs of `given`, in order, and the entries of its folders that
/// were skipped (the module's doc says which and why). A folder that cannot
/// be listed, or that holds no pack, is an error.
pub fn inputs(given: &[PathBuf]) -> Result<Inputs, ListError> {
    let mut listed = Inputs::default();
    for input in given {
        if input.is_dir() {
            folder(input, &mut listed)?;
        } else {
            let name = input.display().to_string();
            listed.packs.push(PackInput::path(name, input.clone()));
        }
    }
    Ok(listed)
}

/// Adds the packs and skipped entries of the folder `dir`.
fn folder(dir: &Path, listed: &mut Inputs) -> Result<(), ListError> {
    let error = |problem| ListError {
        path: dir.to_path_buf(),
        problem,
    };
    let mut entries = Vec::new();
    for entry in std::fs::read_dir(dir).map_err(|e| error(ListProblem::Unlistable(e)))? {
        let entry = entry.map_err(|e| error(ListProblem::Unlistable(e)))?;
        let kind = entry
            .file_type()
            .map_err(|e| error(ListProblem::Unlistable(e)))?;
        let name = entry.file_name().to_string_lossy().into_owned();
        entries.push((name, entry.path(), kind));
    }
    entries.sort_by(|a, b| (&a.0, &a.1).cmp(&(&b.0, &b.1)));
    let (packs_before, skipped_before) = (listed.packs.len(), listed.skipped.len());
    for (name, path, kind) in entries {
        let reason = if !is_pack_name(&name) {
            SkipReason::NotTarGz
        } else if kind.is_symlink() {
            SkipReason::SymbolicLink
        } else if !kind.is_file() {
            SkipReason::NotRegularFile
        } else {
            listed.packs.push(PackInput::path(name, path));
            continue;
        };
        listed.skipped.push(Skipped { path, reason });
    }
    if listed.packs.len() == packs_before {
        let skipped = listed.skipped.split_off(skipped_before);
        return Err(error(ListProblem::NoPacks { skipped }));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::run::PackSource;

    fn names(listed: &Inputs) -> Vec<&str> {
        listed.packs.iter().map(|p| p.file.as_str()).collect()
    }

    #[test]
    fn a_folder_gives_its_packs_by_name_and_reports_the_rest() {
        let dir = tempfile::tempdir().expect("tempdir");
        for name in ["b.tar.gz", "a.tar.gz", "notes.txt"] {
            std::fs::write(dir.path().join(name), b"x").expect("write");
        }
        std::fs::create_dir(dir.path().join("sub.tar.gz")).expect("mkdir");
        #[cfg(unix)]
        std::os::unix::fs::symlink(dir.path().join("a.tar.gz"), dir.path().join("link.tar.gz"))
            .expect("symlink");
        let listed = inputs(&[dir.path().to_path_buf()]).expect("listed");
        assert_eq!(names(&listed), ["a.tar.gz", "b.tar.gz"]);
        assert!(
            matches!(&listed.packs[0].source, PackSource::Path(p) if p == &dir.path().join("a.tar.gz"))
        );
        let mut reasons: Vec<SkipReason> = listed.skipped.iter().map(|s| s.reason).collect();
        reasons.sort_by_key(|r| *r as u8);
        let mut expected = vec![SkipReason::NotTarGz, SkipReason::NotRegularFile];
        #[cfg(unix)]
        expected.push(SkipReason::SymbolicLink);
        assert_eq!(reasons, expected);
    }

    #[test]
    fn a_folder_without_packs_is_an_error_a_file_is_one_pack() {
        let dir = tempfile::tempdir().expect("tempdir");
        let empty = inputs(&[dir.path().to_path_buf()]).expect_err("no packs");
        assert!(matches!(&empty.problem, ListProblem::NoPacks { skipped } if skipped.is_empty()));
        std::fs::write(dir.path().join("readme.txt"), b"x").expect("write");
        let only_other = inputs(&[dir.path().to_path_buf()]).expect_err("no packs");
        assert!(
            matches!(&only_other.problem, ListProblem::NoPacks { skipped } if skipped.len() == 1)
        );
        // A file given is a pack whatever its name, even one not there.
        let given = dir.path().join("readme.txt");
        let listed = inputs(&[given.clone(), dir.path().join("absent")]).expect("listed");
        assert_eq!(listed.packs.len(), 2);
        assert_eq!(listed.packs[0].file, given.display().to_string());
        assert!(listed.skipped.is_empty());
    }

    #[test]
    fn the_error_names_the_folder_escaped() {
        let dir = tempfile::tempdir().expect("tempdir");
        let bad = dir.path().join("a\u{1b}[2Jb");
        std::fs::create_dir(&bad).expect("mkdir");
        let error = inputs(&[bad]).expect_err("no packs");
        assert!(matches!(error.problem, ListProblem::NoPacks { .. }));
        assert!(!error.to_string().contains('\u{1b}'));
    }
}
