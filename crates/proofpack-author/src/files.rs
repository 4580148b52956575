//! Writing a file whole or not at all, and refusing to replace one: the
//! file helpers every writer of the workspace shares (trust stores, packs,
//! exported reports, the app's settings).

use crate::AuthoringError;
use std::fs::File;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Whether writing `path` would replace something: a dangling symbolic link
/// counts, since the write would replace it.
pub fn occupied(path: &Path) -> bool {
    path.symlink_metadata().is_ok()
}

/// Writes `bytes` to a new temporary file beside `path` (same directory,
/// so the rename cannot cross file systems), flushes it to disk, then
/// renames it over `path`: a reader sees the old file or the new one,
/// never a part. An existing file's permissions are kept. The temporary
/// file is created afresh (never an existing file or symbolic link) and
/// removed if anything fails.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), AuthoringError> {
    let mut staged = Staged::beside(path)?;
    staged
        .file()
        .write_all(bytes)
        .map_err(|e| AuthoringError::io(staged.path(), e))?;
    staged.commit()
}

/// A new file beside its destination that takes the destination's place
/// whole on [`Staged::commit`], as [`write_atomic`] does, and is removed if
/// dropped before: a writer too large to hold in memory (a pack) streams
/// into it, and can read it back through the same handle before committing.
#[derive(Debug)]
pub struct Staged {
    /// The temporary file's path, beside `target`.
    tmp: PathBuf,
    /// Open for reading and writing.
    file: File,
    /// The path the file takes on commit.
    target: PathBuf,
    /// The permissions of the file `target` replaces, if one exists.
    permissions: Option<std::fs::Permissions>,
    /// Whether the rename happened (then nothing is left to remove).
    committed: bool,
}

impl Staged {
    /// Creates the temporary file beside `target` (same directory): afresh,
    /// never opening an existing file or following a symbolic link.
    pub fn beside(target: &Path) -> Result<Staged, AuthoringError> {
        let dir = target
            .parent()
            .filter(|p| !p.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        let name = target
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let permissions = std::fs::metadata(target).ok().map(|m| m.permissions());
        let mut attempt = 0u32;
        loop {
            let tmp = dir.join(format!(".{name}.tmp-{}-{attempt}", std::process::id()));
            match std::fs::OpenOptions::new()
                .read(true)
                .write(true)
                .create_new(true)
                .open(&tmp)
            {
                Ok(file) => {
                    return Ok(Staged {
                        tmp,
                        file,
                        target: target.to_path_buf(),
                        permissions,
                        committed: false,
                    })
                }
                Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 100 => {
                    attempt += 1;
                }
                Err(e) => return Err(AuthoringError::io(&tmp, e)),
            }
        }
    }

    /// The temporary file, open for reading and writing.
    pub fn file(&mut self) -> &mut File {
        &mut self.file
    }

    /// The temporary file's path (for messages: it goes away).
    pub fn path(&self) -> &Path {
        &self.tmp
    }

    /// The path the file takes on commit.
    pub fn target(&self) -> &Path {
        &self.target
    }

    /// Gives the file the replaced file's permissions, flushes it to disk
    /// and renames it over the target.
    pub fn commit(mut self) -> Result<(), AuthoringError> {
        let synced = match &self.permissions {
            Some(p) => self.file.set_permissions(p.clone()),
            None => Ok(()),
        }
        .and_then(|()| self.file.sync_all());
        synced.map_err(|e| AuthoringError::io(&self.tmp, e))?;
        std::fs::rename(&self.tmp, &self.target)
            .map_err(|e| AuthoringError::io(&self.target, e))?;
        self.committed = true;
        Ok(())
    }
}

impl Drop for Staged {
    fn drop(&mut self) {
        if !self.committed {
            // Nothing to report to: the file was never the target, and a
            // failure to remove it leaves only a dot-file behind.
            let _ = std::fs::remove_file(&self.tmp);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .expect("read_dir")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn write_atomic_replaces_whole_and_leaves_nothing_behind() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("out.bin");
        write_atomic(&path, b"first").expect("written");
        assert_eq!(std::fs::read(&path).expect("read"), b"first");
        write_atomic(&path, b"second").expect("replaced");
        assert_eq!(std::fs::read(&path).expect("read"), b"second");
        assert_eq!(names(dir.path()), vec!["out.bin"]);
    }

    #[cfg(unix)]
    #[test]
    fn write_atomic_keeps_permissions_and_never_writes_through_a_planted_link() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("trust.json");
        std::fs::write(&path, b"old").expect("write");
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o600)).expect("chmod");
        // A link where the first temporary name would be: not followed.
        let victim = dir.path().join("victim");
        std::fs::write(&victim, b"victim").expect("write");
        let planted = dir
            .path()
            .join(format!(".trust.json.tmp-{}-0", std::process::id()));
        std::os::unix::fs::symlink(&victim, &planted).expect("symlink");
        write_atomic(&path, b"new").expect("written");
        assert_eq!(std::fs::read(&path).expect("read"), b"new");
        assert_eq!(std::fs::read(&victim).expect("read"), b"victim");
        let mode = std::fs::metadata(&path).expect("meta").permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
    }

    #[test]
    fn a_staged_file_reads_back_and_is_removed_unless_committed() {
        use std::io::{Read, Seek};
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("proof.tar.gz");
        std::fs::write(&path, b"earlier").expect("write");
        let mut staged = Staged::beside(&path).expect("staged");
        staged.file().write_all(b"pack bytes").expect("write");
        staged.file().rewind().expect("rewind");
        let mut back = Vec::new();
        staged.file().read_to_end(&mut back).expect("read");
        assert_eq!(back, b"pack bytes");
        drop(staged);
        assert_eq!(names(dir.path()), vec!["proof.tar.gz"]);
        assert_eq!(std::fs::read(&path).expect("read"), b"earlier");

        let mut staged = Staged::beside(&path).expect("staged");
        staged.file().write_all(b"pack bytes").expect("write");
        staged.commit().expect("committed");
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
        assert!(write_atomic(&path, b"data").is_err());
        assert_eq!(names(dir.path()), vec!["occupied"]);
    }
}
