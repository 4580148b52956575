//! Times the §11 reachability checks on a large derivation graph: N
//! tombstones feeding one artefact, then a chain of N artefacts, all in one
//! scope. `cargo run --release -p proofpack-core --example bench-provenance -- 200000`
//! (the figures are in docs/BENCHMARKS.md).

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(10_000);
    let mut s = String::from("{\"type\":\"header\",\"graph_version\":\"g\",\"reverse_index\":\"available\"}\n{\"type\":\"scope\",\"scope\":\"u\"}\n{\"type\":\"scope\",\"scope\":\"d\"}\n");
    let mut from = String::new();
    for i in 0..n {
        s += &format!("{{\"type\":\"tombstone\",\"scope\":\"u\",\"key\":\"t{i}\",\"at\":\"2026-01-01T00:00:00Z\",\"reference_scopes\":[\"d\"]}}\n");
        if i > 0 {
            from.push(',');
        }
        from += &format!("{{\"scope\":\"u\",\"key\":\"t{i}\"}}");
    }
    s += &format!("{{\"type\":\"artifact\",\"scope\":\"d\",\"key\":\"a0\",\"derived_from\":[{from}],\"state\":\"tombstoned\"}}\n");
    for i in 1..n {
        s += &format!("{{\"type\":\"artifact\",\"scope\":\"d\",\"key\":\"a{i}\",\"derived_from\":[{{\"scope\":\"d\",\"key\":\"a{}\"}}],\"state\":\"tombstoned\"}}\n", i-1);
    }
    let t = std::time::Instant::now();
    let mut f = proofpack_core::findings::Findings::new();
    let graph = proofpack_core::provenance::parse(s.as_bytes(), &mut f);
    let summary = proofpack_core::provenance::check(&graph, &mut f);
    eprintln!(
        "n={n} bytes={} reachable={} findings={} time={:?}",
        s.len(),
        summary.reachable,
        f.as_slice().len(),
        t.elapsed()
    );
}
