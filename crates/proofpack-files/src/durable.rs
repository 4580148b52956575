//! A file written whole or not at all, and durably: the bytes go to a new
//! temporary file beside the target (same folder, so the rename cannot
//! cross file systems; `tempfile` creates it afresh under an unguessable
//! name, never opening an existing file or following a link), which is
//! synced to disk, renamed over the target (or, unless the caller asks to
//! replace, linked into place only if nothing is there: no check-then-write
//! race), and then the folder is synced, so that the rename itself survives
//! a crash. A reader sees the old file or the new one, never a part; a
//! failure leaves no temporary file behind.

use crate::FileError;
use std::fs::File;
#[cfg(unix)]
use std::fs::Permissions;
use std::io::Write;
use std::path::{Path, PathBuf};
use tempfile::NamedTempFile;

/// What a write does when the target exists.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Existing {
    /// Nothing is written ([`FileError::Exists`]): a report exported, a
    /// key generated, a pack without `--force`.
    Refuse,
    /// The target is replaced whole: a trust store edited, the witness's
    /// state, the portal's tokens, a pack with `--force`.
    Replace,
}

/// Who may read the file written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Access {
    /// As a file the process creates (mode 0666 less the umask); a file
    /// replaced keeps its own permissions.
    Default,
    /// Its owner only (mode 0600), from its first byte: keys, the portal's
    /// token hashes, the witness's state.
    OwnerOnly,
}

/// Whether writing `path` would replace something: a dangling symbolic
/// link counts, since the write would replace it.
pub fn occupied(path: &Path) -> bool {
    path.symlink_metadata().is_ok()
}

/// Writes `bytes` to `path` whole or not at all, durably (the module's
/// doc says how); an existing file is replaced only with
/// [`Existing::Replace`].
pub fn write_atomic(
    path: &Path,
    bytes: &[u8],
    existing: Existing,
    access: Access,
) -> Result<(), FileError> {
    let mut staged = Staged::beside(path, access)?;
    staged
        .file()
        .write_all(bytes)
        .map_err(|e| FileError::io(path, e))?;
    staged.commit(existing)
}

/// A new file beside its destination that takes the destination's place
/// whole on [`Staged::commit`], as [`write_atomic`] does, and is removed if
/// dropped before: a writer too large to hold in memory (a pack) streams
/// into it, and can read it back through the same handle before committing.
#[derive(Debug)]
pub struct Staged {
    temp: NamedTempFile,
    target: PathBuf,
    access: Access,
}

impl Staged {
    /// Creates the temporary file beside `target`, with `access`.
    pub fn beside(target: &Path, access: Access) -> Result<Staged, FileError> {
        let dir = folder_of(target);
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let prefix = format!(".{name}.");
        let mut builder = tempfile::Builder::new();
        builder.prefix(&prefix).suffix(".tmp");
        #[cfg(unix)]
        builder.permissions(mode(access));
        let temp = builder
            .tempfile_in(dir)
            .map_err(|e| FileError::io(dir, e))?;
        Ok(Staged {
            temp,
            target: target.to_path_buf(),
            access,
        })
    }

    /// The temporary file, open for reading and writing.
    pub fn file(&mut self) -> &mut File {
        self.temp.as_file_mut()
    }

    /// The temporary file's path (for messages: it goes away).
    pub fn path(&self) -> &Path {
        self.temp.path()
    }

    /// The path the file takes on commit.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Syncs the file, puts it in the target's place (replacing a file
    /// there only with [`Existing::Replace`]; a file replaced with
    /// [`Access::Default`] keeps its permissions), then syncs the folder.
    pub fn commit(self, existing: Existing) -> Result<(), FileError> {
        let Staged {
            temp,
            target,
            access,
        } = self;
        if existing == Existing::Replace && access == Access::Default {
            if let Ok(meta) = std::fs::metadata(&target) {
                temp.as_file()
                    .set_permissions(meta.permissions())
                    .map_err(|e| FileError::io(temp.path(), e))?;
            }
        }
        temp.as_file()
            .sync_all()
            .map_err(|e| FileError::io(temp.path(), e))?;
        let persisted = match existing {
            Existing::Replace => temp.persist(&target),
            Existing::Refuse => temp.persist_noclobber(&target),
        };
        persisted.map_err(|e| FileError::io(&target, e.error))?;
        sync_folder(folder_of(&target))
    }
}

/// The folder a file of `path` goes in.
fn folder_of(path: &Path) -> &Path {
    path.parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."))
}

/// The permissions a new file is created with (less the umask). Elsewhere
/// than on Unix, a file's permissions are its folder's.
#[cfg(unix)]
fn mode(access: Access) -> Permissions {
    use std::os::unix::fs::PermissionsExt;
    Permissions::from_mode(match access {
        Access::Default => 0o666,
        Access::OwnerOnly => 0o600,
    })
}

/// Syncs a folder, so that a rename into it survives a crash (on Unix: a
/// folder cannot be opened for syncing elsewhere).
fn sync_folder(dir: &Path) -> Result<(), FileError> {
    #[cfg(unix)]
    File::open(dir)
        .and_then(|d| d.sync_all())
        .map_err(|e| FileError::io(dir, e))?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    #[cfg(unix)]
    use std::fs::Permissions;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("read_dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_write_replaces_only_when_asked_and_leaves_nothing_behind() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("out.bin");
        write_atomic(&path, b"first", Existing::Refuse, Access::Default).expect("written");
        assert_eq!(std::fs::read(&path).expect("read"), b"first");
        let refused = write_atomic(&path, b"second", Existing::Refuse, Access::Default);
        assert!(matches!(refused, Err(FileError::Exists { .. })));
        assert_eq!(std::fs::read(&path).expect("read"), b"first");
        write_atomic(&path, b"second", Existing::Replace, Access::Default).expect("replaced");
        assert_eq!(std::fs::read(&path).expect("read"), b"second");
        assert_eq!(names(dir.path()), vec!["out.bin"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_dangling_link_is_not_replaced_unless_asked_nor_written_through() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("report.json");
        let victim = dir.path().join("victim");
        std::os::unix::fs::symlink(&victim, &path).expect("symlink");
        assert!(occupied(&path));
        let refused = write_atomic(&path, b"x", Existing::Refuse, Access::Default);
        assert!(matches!(refused, Err(FileError::Exists { .. })));
        assert!(!victim.exists());
        write_atomic(&path, b"x", Existing::Replace, Access::Default).expect("replaced");
        assert!(!victim.exists());
        assert_eq!(std::fs::read(&path).expect("read"), b"x");
    }

    #[cfg(unix)]
    #[test]
    fn permissions_are_kept_on_replace_or_owner_only_when_asked() {
        use std::os::unix::fs::PermissionsExt;
        let mode_of = |p: &Path| std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
        let dir = tempfile::tempdir().expect("tempdir");
        let store = dir.path().join("trust.json");
        std::fs::write(&store, b"old").expect("write");
        std::fs::set_permissions(&store, Permissions::from_mode(0o640)).expect("chmod");
        write_atomic(&store, b"new", Existing::Replace, Access::Default).expect("written");
        assert_eq!(mode_of(&store), 0o640);
        let key = dir.path().join("key.pem");
        write_atomic(&key, b"secret", Existing::Refuse, Access::OwnerOnly).expect("written");
        assert_eq!(mode_of(&key), 0o600);
        let tokens = dir.path().join("tokens.json");
        std::fs::write(&tokens, b"old").expect("write");
        std::fs::set_permissions(&tokens, Permissions::from_mode(0o644)).expect("chmod");
        write_atomic(&tokens, b"new", Existing::Replace, Access::OwnerOnly).expect("written");
        assert_eq!(mode_of(&tokens), 0o600);
    }

    #[test]
    fn a_staged_file_reads_back_and_is_removed_unless_committed() {
        use std::io::{Read, Seek};
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("proof.tar.gz");
        std::fs::write(&path, b"earlier").expect("write");
        let mut staged = Staged::beside(&path, Access::Default).expect("staged");
        staged.file().write_all(b"pack bytes").expect("write");
        staged.file().rewind().expect("rewind");
        let mut back = Vec::new();
        staged.file().read_to_end(&mut back).expect("read");
        assert_eq!(back, b"pack bytes");
        drop(staged);
        assert_eq!(names(dir.path()), vec!["proof.tar.gz"]);
        assert_eq!(std::fs::read(&path).expect("read"), b"earlier");

        let mut staged = Staged::beside(&path, Access::Default).expect("staged");
        staged.file().write_all(b"pack bytes").expect("write");
        staged.commit(Existing::Replace).expect("committed");
        assert_eq!(names(dir.path()), vec!["proof.tar.gz"]);
        assert_eq!(std::fs::read(&path).expect("read"), b"pack bytes");
    }

    #[test]
    fn a_failed_write_leaves_the_file_and_no_temporary() {
        let dir = tempfile::tempdir().expect("tempdir");
        // The target is a non-empty directory: the rename fails.
        let path = dir.path().join("occupied");
        std::fs::create_dir(&path).expect("mkdir");
        std::fs::write(path.join("inside"), b"x").expect("write");
        assert!(write_atomic(&path, b"data", Existing::Replace, Access::Default).is_err());
        assert_eq!(names(dir.path()), vec!["occupied"]);
    }
}
