//! Writing a file whole or not at all, and refusing to replace one: the
//! file helpers every writer of the workspace shares (trust stores, packs,
//! exported reports, the app's settings).

use crate::AuthoringError;
use std::io::Write;
use std::path::Path;

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
    let dir = path
        .parent()
        .filter(|p| !p.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let permissions = std::fs::metadata(path).ok().map(|m| m.permissions());
    let mut attempt = 0u32;
    let (tmp, mut file) = loop {
        let tmp = dir.join(format!(".{name}.tmp-{}-{attempt}", std::process::id()));
        match std::fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&tmp)
        {
            Ok(file) => break (tmp, file),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 100 => {
                attempt += 1;
            }
            Err(e) => return Err(AuthoringError::io(&tmp, e)),
        }
    };
    let written = file
        .write_all(bytes)
        .and_then(|()| match permissions {
            Some(p) => file.set_permissions(p),
            None => Ok(()),
        })
        .and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(AuthoringError::io(&tmp, e));
    }
    std::fs::rename(&tmp, path).map_err(|e| {
        let _ = std::fs::remove_file(&tmp);
        AuthoringError::io(path, e)
    })
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
