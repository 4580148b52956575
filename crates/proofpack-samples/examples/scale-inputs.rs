//! The scale benchmarks' inputs and in-process timings (docs/BENCHMARKS.md,
//! `scripts/bench-scale.sh`). Seeded and deterministic; nothing is committed.
//!
//! ```text
//! scale-inputs provenance FILE ARTIFACTS   a provenance.jsonl: ARTIFACTS artefacts, 3 edges each
//! scale-inputs witness FILE ENTRIES BITS   an audit witness: ENTRIES entries of a log of 2^BITS leaves
//! scale-inputs check-provenance FILE       times provenance::parse + check on FILE
//! scale-inputs check-witness FILE          times audit::parse + check on FILE
//! scale-inputs read FILE | parse-json FILE  holds FILE's bytes, and its parsed JSON
//!                                          (the difference in peak RSS is the parse's cost)
//! scale-inputs skip-json FILE              times checking FILE as JSON without keeping
//!                                          anything (`json::read`, every value skipped)
//! ```

use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use proofpack_core::fuzzing::Collected as Findings;
use proofpack_producer::{ArtifactState, NodeRef, ProvenanceRecord, ReverseIndex};
use proofpack_spec::checkpoint::{checkpoint_body, sign_note};
use proofpack_spec::merkle::{self, Hash};
use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::path::Path;
use std::time::Instant;

type Failure = Box<dyn std::error::Error>;

/// Tombstones of the generated graph; every artefact derives from one.
const TOMBSTONES: usize = 10_000;
/// Scopes the artefacts live in (every tombstone lists them all).
const DERIVED_SCOPES: usize = 8;

/// A graph of `artifacts` artefacts with 3 `derived_from` edges each: artefact
/// `i` derives from tombstone `i % TOMBSTONES`, from artefact `i - 1` and
/// from artefact `i / 2`. All are tombstoned and every list is complete, so
/// the §11 checks find nothing and must still walk every edge.
fn provenance(out: &Path, artifacts: usize) -> Result<(), Failure> {
    let mut w = BufWriter::new(std::fs::File::create(out)?);
    let scope = |i: usize| format!("d{}", i % DERIVED_SCOPES);
    line(
        &mut w,
        ProvenanceRecord::Header {
            graph_version: "g-scale".into(),
            reverse_index: ReverseIndex::Available,
        },
    )?;
    line(&mut w, ProvenanceRecord::Scope { scope: "u".into() })?;
    for s in 0..DERIVED_SCOPES {
        line(&mut w, ProvenanceRecord::Scope { scope: scope(s) })?;
    }
    let all: Vec<String> = (0..DERIVED_SCOPES).map(scope).collect();
    for t in 0..TOMBSTONES {
        line(
            &mut w,
            ProvenanceRecord::Tombstone {
                scope: "u".into(),
                key: format!("t{t}"),
                at: "2026-04-22T15:00:00Z".into(),
                reference_scopes: all.clone(),
            },
        )?;
    }
    let artifact = |i: usize| NodeRef::new(scope(i), format!("a{i}"));
    for i in 0..artifacts {
        let mut derived_from = vec![NodeRef::new("u", format!("t{}", i % TOMBSTONES))];
        if i > 0 {
            derived_from.push(artifact(i - 1));
            derived_from.push(artifact(i / 2));
        }
        line(
            &mut w,
            ProvenanceRecord::Artifact {
                scope: scope(i),
                key: format!("a{i}"),
                derived_from,
                state: ArtifactState::Tombstoned,
            },
        )?;
    }
    Ok(w.flush()?)
}

/// Writes one JSONL line.
fn line(w: &mut impl Write, record: ProvenanceRecord) -> Result<(), Failure> {
    serde_json::to_writer(&mut *w, &record.to_value())?;
    Ok(w.write_all(b"\n")?)
}

/// The leaf of entry `index`.
fn leaf(index: u64) -> Vec<u8> {
    format!(
        "{{\"seq\":{index},\"ts\":\"2026-04-02T07:45:00Z\",\"event_class\":\"session_login\",\"client\":\"web\",\"_sd\":[]}}"
    )
    .into_bytes()
}

/// A witness of `entries` entries, spread evenly over a log of 2^`bits`
/// leaves, each with its inclusion proof in the after-tree.
///
/// The log's other leaves are one filler entry repeated, so every subtree of
/// filler alone has one hash per height: the tree is computed from the
/// witnessed leaves up, about entries × bits hashes, not 2^bits. The
/// verifier's work (one leaf hash and `bits` node hashes per entry) does not
/// depend on what the other leaves hold.
fn witness(out: &Path, entries: u64, bits: u32) -> Result<(), Failure> {
    let size = 1u64 << bits;
    let stride = (size / entries.max(1)).max(1);
    let indexes: Vec<u64> = (0..entries)
        .map(|i| i * stride)
        .filter(|i| *i < size)
        .collect();
    let mut filler = vec![merkle::leaf_hash(b"{\"seq\":0,\"filler\":true}")];
    for h in 0..bits as usize {
        filler.push(merkle::node_hash(&filler[h], &filler[h]));
    }
    // levels[h]: the hashes at height h of the subtrees holding a witnessed leaf.
    let mut levels: Vec<BTreeMap<u64, Hash>> = vec![indexes
        .iter()
        .map(|&i| (i, merkle::leaf_hash(&leaf(i))))
        .collect()];
    for h in 0..bits as usize {
        let below = &levels[h];
        let at = |i: u64| below.get(&i).copied().unwrap_or(filler[h]);
        let up: BTreeMap<u64, Hash> = below
            .keys()
            .map(|&i| (i / 2, merkle::node_hash(&at(i & !1), &at(i | 1))))
            .collect();
        levels.push(up);
    }
    let root = levels[bits as usize]
        .get(&0)
        .copied()
        .unwrap_or(filler[bits as usize]);
    let key = proofpack_samples::audit_log_key();
    let origin = proofpack_samples::LOG_ORIGIN;
    let checkpoint = sign_note(&checkpoint_body(origin, size, &root), origin, &key);
    let mut w = BufWriter::new(std::fs::File::create(out)?);
    write!(
        w,
        "{{\"log_origin\":{},\"pii_fields\":[\"subject_email\"],\"checkpoint_before\":{},\"checkpoint_after\":{},\"consistency_proof\":[],\"entries\":[",
        serde_json::to_string(origin)?,
        serde_json::to_string(&checkpoint)?,
        serde_json::to_string(&checkpoint)?,
    )?;
    for (n, &i) in indexes.iter().enumerate() {
        let proof: Vec<String> = (0..bits as usize)
            .map(|h| {
                let sibling = (i >> h) ^ 1;
                let hash = levels[h].get(&sibling).copied().unwrap_or(filler[h]);
                format!("\"{}\"", STANDARD.encode(hash))
            })
            .collect();
        write!(
            w,
            "{}{{\"index\":{i},\"leaf\":\"{}\",\"inclusion_proof\":[{}],\"disclosures\":[]}}",
            if n == 0 { "" } else { "," },
            STANDARD.encode(leaf(i)),
            proof.join(",")
        )?;
    }
    w.write_all(b"],\"redactions\":[]}")?;
    w.flush()?;
    Ok(())
}

fn check_provenance(file: &Path) -> Result<(), Failure> {
    let bytes = std::fs::read(file)?;
    let t = Instant::now();
    let mut f = Findings::new();
    let graph = proofpack_core::fuzzing::parse_provenance(&bytes, &mut f);
    let parsed = t.elapsed();
    let summary = proofpack_core::fuzzing::check_provenance(&graph, &mut f);
    println!(
        "bytes={} artifacts={} reachable={} findings={} parse={:.3}s total={:.3}s",
        bytes.len(),
        summary.artifacts,
        summary.reachable,
        f.as_slice().len(),
        parsed.as_secs_f64(),
        t.elapsed().as_secs_f64()
    );
    Ok(())
}

fn check_witness(file: &Path) -> Result<(), Failure> {
    let bytes = std::fs::read(file)?;
    let t = Instant::now();
    let mut f = Findings::new();
    let w = proofpack_core::fuzzing::parse_witness(&bytes, &mut f).ok_or("not a witness")?;
    let parsed = t.elapsed();
    let summary = proofpack_core::fuzzing::check_witness(&w, None, None, &mut f);
    println!(
        "bytes={} entries={} proved={} findings={} parse={:.3}s total={:.3}s",
        bytes.len(),
        summary.entries,
        summary.entries_proved,
        f.as_slice().len(),
        parsed.as_secs_f64(),
        t.elapsed().as_secs_f64()
    );
    Ok(())
}

fn main() -> Result<(), Failure> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str).ok_or("missing argument");
    let number = |i: usize| -> Result<u64, Failure> { Ok(arg(i)?.parse()?) };
    match arg(0)? {
        "provenance" => provenance(Path::new(arg(1)?), number(2)? as usize),
        "witness" => witness(Path::new(arg(1)?), number(2)?, number(3)? as u32),
        "check-provenance" => check_provenance(Path::new(arg(1)?)),
        "check-witness" => check_witness(Path::new(arg(1)?)),
        "read" | "parse-json" | "skip-json" => {
            let bytes = std::fs::read(arg(1)?)?;
            let t = Instant::now();
            let parsed = match arg(0)? {
                "parse-json" => Some(proofpack_spec::json::parse(&bytes).map(drop)),
                "skip-json" => Some(proofpack_spec::json::read(&bytes, |v| v.skip())),
                _ => None,
            };
            println!(
                "bytes={} parsed={} time={:.3}s",
                bytes.len(),
                parsed.is_some_and(|p| p.is_ok()),
                t.elapsed().as_secs_f64()
            );
            Ok(())
        }
        other => Err(format!("unknown command {other:?}").into()),
    }
}
