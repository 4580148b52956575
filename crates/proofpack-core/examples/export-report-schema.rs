//! Prints the JSON Schema of the verifier's report, or with `batch-line` of
//! one line of batch output:
//! `cargo run -p proofpack-core --features schema --example export-report-schema > docs/report.schema.json`
//! `cargo run -p proofpack-core --features schema --example export-report-schema batch-line > docs/batch-line.schema.json`

fn main() {
    let schema = match std::env::args().nth(1).as_deref() {
        None => proofpack_core::report::report_schema(),
        Some("batch-line") => proofpack_core::report::batch_line_schema(),
        Some(other) => {
            eprintln!("export-report-schema: unknown schema {other:?} (none, or batch-line)");
            std::process::exit(2);
        }
    };
    match serde_json::to_string_pretty(&schema) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("export-report-schema: {e}");
            std::process::exit(1);
        }
    }
}
