//! Tests of the archive reader and the section parsers that need the
//! crate's own types (records, the findings collector): the public API is
//! narrow, so these live beside the code rather than under the workspace's
//! `tests/`. The producer is a dev-dependency, so the round trips from the
//! writer's records to the verifier's run here too.

// Test helpers are `pub` for their sibling modules; nothing here is API.
#![allow(unreachable_pub)]

mod archive;
mod archive_corpus;
mod cancel;
mod json_members;
mod producer;
mod revision3;
mod roundtrip_properties;

/// A gzip tar of regular members in the given order (not sorted).
fn tar_in_order(members: &[(&str, &[u8])]) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    for (path, content) in members {
        let mut header = tar::Header::new_ustar();
        header.set_path(path).expect("path");
        header.set_size(content.len() as u64);
        header.set_mode(0o644);
        header.set_cksum();
        builder.append(&header, *content).expect("append");
    }
    let tar = builder.into_inner().expect("tar");
    let mut gz = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    std::io::Write::write_all(&mut gz, &tar).expect("gzip");
    gz.finish().expect("gzip")
}
