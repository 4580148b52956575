//! Times the §11 checks (`provenance::parse` and `provenance::check`,
//! in-process) on adversarial derivation graphs of size N:
//!
//! - `chain`: N tombstones feeding one artefact, then a chain of N artefacts,
//!   all in one scope, one `reference_scopes` list;
//! - `distinct-lists`: the same, but every tombstone lists its own scopes;
//! - `distinct-scopes`: N tombstones, each with its own list naming one scope,
//!   over a chain of N artefacts, each in its own scope (lists and scopes
//!   both N: the bitsets' worst case);
//! - `fan-out`: one tombstone with N direct derivatives, N more artefacts that
//!   all share one node, and N tombstones that all omit a scope;
//! - `cycle`: one ring of N artefacts, N tombstones feeding it;
//! - `obligations`: N expiring derivatives of one tombstone, each with two
//!   deferred obligations (2N open obligations, N deferrals to match);
//! - `receipts`: not a graph: N receipts in `subprocessor-receipts.jsonl`,
//!   all for one subprocessor, through `receipts::parse` and `receipts::check`.
//!
//! `cargo run --release -p proofpack-core --example bench-provenance -- SHAPE N`
//! (the figures are in docs/BENCHMARKS.md).

use std::fmt::Write as _;

const HEADER: &str =
    "{\"type\":\"header\",\"graph_version\":\"g\",\"reverse_index\":\"available\"}\n";

fn scope(s: &mut String, name: &str) {
    let _ = writeln!(s, "{{\"type\":\"scope\",\"scope\":\"{name}\"}}");
}

fn tombstone(s: &mut String, key: &str, refs: &[String]) {
    let refs: Vec<String> = refs.iter().map(|r| format!("\"{r}\"")).collect();
    let _ = writeln!(
        s,
        "{{\"type\":\"tombstone\",\"scope\":\"u\",\"key\":\"{key}\",\"at\":\"2026-01-01T00:00:00Z\",\"reference_scopes\":[{}]}}",
        refs.join(",")
    );
}

fn artifact(s: &mut String, scope: &str, key: &str, from: &[(String, String)]) {
    let from: Vec<String> = from
        .iter()
        .map(|(s, k)| format!("{{\"scope\":\"{s}\",\"key\":\"{k}\"}}"))
        .collect();
    let _ = writeln!(
        s,
        "{{\"type\":\"artifact\",\"scope\":\"{scope}\",\"key\":\"{key}\",\"derived_from\":[{}],\"state\":\"tombstoned\"}}",
        from.join(",")
    );
}

fn graph(shape: &str, n: usize) -> Option<String> {
    let mut s = String::from(HEADER);
    scope(&mut s, "u");
    scope(&mut s, "d");
    let tombs: Vec<(String, String)> = (0..n).map(|i| ("u".into(), format!("t{i}"))).collect();
    match shape {
        "chain" | "distinct-lists" => {
            for i in 0..n {
                let mut refs = vec!["d".to_owned()];
                if shape == "distinct-lists" {
                    scope(&mut s, &format!("x{i}"));
                    refs.push(format!("x{i}"));
                }
                tombstone(&mut s, &format!("t{i}"), &refs);
            }
            artifact(&mut s, "d", "a0", &tombs);
            for i in 1..n {
                artifact(
                    &mut s,
                    "d",
                    &format!("a{i}"),
                    &[("d".into(), format!("a{}", i - 1))],
                );
            }
        }
        "distinct-scopes" => {
            for i in 0..n {
                scope(&mut s, &format!("s{i}"));
                tombstone(&mut s, &format!("t{i}"), &[format!("s{i}")]);
            }
            for i in 0..n {
                let mut from = vec![("u".to_owned(), format!("t{i}"))];
                if i > 0 {
                    from.push((format!("s{}", i - 1), format!("a{}", i - 1)));
                }
                artifact(&mut s, &format!("s{i}"), &format!("a{i}"), &from);
            }
        }
        "fan-out" => {
            tombstone(&mut s, "root", &["d".to_owned()]);
            for i in 0..n {
                artifact(
                    &mut s,
                    "d",
                    &format!("a{i}"),
                    &[("u".into(), "root".into())],
                );
                artifact(&mut s, "d", "shared", &[("d".into(), format!("a{i}"))]);
            }
            for i in 0..n {
                // Lists nothing: every one offends, and each message walks.
                tombstone(&mut s, &format!("t{i}"), &[]);
            }
            artifact(&mut s, "d", "hub", &tombs);
        }
        "cycle" => {
            for i in 0..n {
                tombstone(&mut s, &format!("t{i}"), &["d".to_owned()]);
            }
            for i in 0..n {
                let mut from = vec![("d".to_owned(), format!("a{}", (i + n - 1) % n))];
                from.push(("u".to_owned(), format!("t{i}")));
                artifact(&mut s, "d", &format!("a{i}"), &from);
            }
        }
        "obligations" => {
            tombstone(&mut s, "root", &["d".to_owned()]);
            for i in 0..n {
                let _ = writeln!(
                    s,
                    "{{\"type\":\"artifact\",\"scope\":\"d\",\"key\":\"e{i}\",\"derived_from\":[{{\"scope\":\"u\",\"key\":\"root\"}}],\"state\":\"expiring\",\"expires_at\":\"2026-06-01T00:00:00Z\"}}"
                );
                for day in ["05-01", "07-01"] {
                    let _ = writeln!(
                        s,
                        "{{\"type\":\"obligation\",\"target\":{{\"scope\":\"d\",\"key\":\"e{i}\"}},\"kind\":\"deferred\",\"namespaces\":[\"d\"],\"expires_at\":\"2026-{day}T00:00:00Z\"}}"
                    );
                }
            }
        }
        _ => return None,
    }
    Some(s)
}

fn main() {
    let mut args = std::env::args().skip(1);
    let (shape, n) = match (args.next(), args.next()) {
        (Some(a), None) if a.parse::<usize>().is_ok() => ("chain".to_owned(), a.parse().ok()),
        (Some(shape), n) => (shape, n.and_then(|n| n.parse().ok())),
        (None, _) => ("chain".to_owned(), None),
    };
    let n = n.unwrap_or(10_000);
    if shape == "receipts" {
        return receipts(n);
    }
    let Some(s) = graph(&shape, n) else {
        eprintln!("unknown shape {shape:?}: chain, distinct-lists, distinct-scopes, fan-out, cycle, obligations, receipts");
        std::process::exit(2);
    };
    let t = std::time::Instant::now();
    let mut f = proofpack_core::fuzzing::Collected::new();
    let graph = proofpack_core::fuzzing::parse_provenance(s.as_bytes(), &mut f);
    let parsed = t.elapsed();
    let summary = proofpack_core::fuzzing::check_provenance(&graph, &mut f);
    println!(
        "shape={shape} n={n} bytes={} reachable={} findings={} parse={:.3}s total={:.3}s",
        s.len(),
        summary.reachable,
        f.as_slice().len(),
        parsed.as_secs_f64(),
        t.elapsed().as_secs_f64()
    );
}

/// N receipts for one subprocessor, the last one confirming the erasure.
fn receipts(n: usize) {
    let mut s = String::new();
    for i in 0..n {
        let status = if i + 1 == n { "confirmed" } else { "pending" };
        let _ = writeln!(
            s,
            "{{\"subprocessor\":\"vector-saas\",\"channel\":\"api\",\"endpoint\":\"DELETE /v1/vectors\",\"ticket_id\":\"t{i}\",\"requested_at\":\"2026-04-22T15:21:10Z\",\"status\":\"{status}\",\"confirmed_at\":\"2026-04-22T15:24:02Z\"}}"
        );
    }
    let t = std::time::Instant::now();
    let mut f = proofpack_core::fuzzing::Collected::new();
    let records = proofpack_core::fuzzing::parse_receipts(s.as_bytes(), &mut f);
    let parsed = t.elapsed();
    proofpack_core::fuzzing::check_receipts(&records, Some(&["vector-saas".to_owned()]), &mut f);
    println!(
        "shape=receipts n={n} bytes={} records={} findings={} parse={:.3}s total={:.3}s",
        s.len(),
        records.len(),
        f.as_slice().len(),
        parsed.as_secs_f64(),
        t.elapsed().as_secs_f64()
    );
}
