//! Sealing the signed pack (§22): the `pack_signed` entry logged, and the
//! pack's `signature.sig` rewritten with the seal, nothing else changed.
//!
//! The pack is read back whole (`proofpack_author::pack_members`, as
//! `proofpack seal` reads it): the demo's packs are small, and the
//! rewritten archive is the author crate's reproducible writer's. The
//! demo writes it itself, not through `proofpack_author::seal`, because
//! its faults need seals that do not hold written too.

use crate::audit::AuditStore;
use crate::DemoError;
use proofpack_author::tar_writer::write_pack;
use proofpack_files::{write_atomic, Access, Existing};
use proofpack_producer::{PackSigned, Seal};
use proofpack_spec::vocab::MemberName;
use std::path::Path;

/// A signed pack's members, in archive order.
#[derive(Debug)]
pub(crate) struct SignedPack {
    members: Vec<(String, Vec<u8>)>,
}

impl SignedPack {
    /// Reads the pack the DPO signed.
    pub(crate) fn read(path: &Path) -> Result<Self, DemoError> {
        Ok(SignedPack {
            members: proofpack_author::pack_members(path)?,
        })
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
