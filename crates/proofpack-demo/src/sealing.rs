//! Sealing the signed pack (§22): the `pack_signed` entry logged, and the
//! pack's `signature.sig` rewritten with the seal, nothing else changed.
//!
//! The pack is read back whole: the demo's packs are small, and the
//! rewritten archive is the author crate's reproducible writer's.

use crate::audit::AuditStore;
use crate::DemoError;
use proofpack_author::tar_writer::write_pack;
use proofpack_files::{write_atomic, Access, Existing};
use proofpack_producer::{PackSigned, Seal};
use proofpack_spec::vocab::MemberName;
use std::io::Read as _;
use std::path::Path;

/// A signed pack's members, in archive order.
#[derive(Debug)]
pub(crate) struct SignedPack {
    members: Vec<(String, Vec<u8>)>,
}

impl SignedPack {
    /// Reads the pack the DPO signed.
    pub(crate) fn read(path: &Path) -> Result<Self, DemoError> {
        let io = |e: std::io::Error| DemoError::io(path, e);
        let file = std::fs::File::open(path).map_err(io)?;
        let mut archive = tar::Archive::new(flate2::read::GzDecoder::new(file));
        let mut members = Vec::new();
        for entry in archive.entries().map_err(io)? {
            let mut entry = entry.map_err(io)?;
            let name = entry.path().map_err(io)?.to_string_lossy().into_owned();
            let mut bytes = Vec::new();
            entry.read_to_end(&mut bytes).map_err(io)?;
            members.push((name, bytes));
        }
        Ok(SignedPack { members })
    }

    fn member(&self, name: &str) -> Result<&[u8], DemoError> {
        self.members
            .iter()
            .find(|(path, _)| path == name)
            .map(|(_, bytes)| bytes.as_slice())
            .ok_or_else(|| DemoError::Verify(format!("the signed pack has no {name}")))
    }

    /// Logs the pack's `pack_signed` entry at `at` and returns its index.
    pub(crate) fn log_signed(&self, audit: &mut AuditStore, at: &str) -> Result<u64, DemoError> {
        let signed = PackSigned::of_pack(
            self.member(MemberName::Manifest.as_str())?,
            self.member(MemberName::Signature.as_str())?,
        )?;
        audit.append(signed.log_entry(at))
    }

    /// Writes the pack to `path` again with `seal` in its `signature.sig`.
    pub(crate) fn write_sealed(mut self, seal: &Seal, path: &Path) -> Result<(), DemoError> {
        let name = MemberName::Signature.as_str();
        let sealed = seal.seal_signature(self.member(name)?)?;
        for (path, bytes) in &mut self.members {
            if path == name {
                *bytes = sealed.clone();
            }
        }
        let bytes = write_pack(&self.members)?;
        write_atomic(path, &bytes, Existing::Replace, Access::Default)
            .map_err(proofpack_author::AuthoringError::from)?;
        Ok(())
    }
}
