//! Prints the JSON Schema of the verifier's report:
//! `cargo run -p proofpack-core --features schema --example export-schema > docs/report.schema.json`.

fn main() {
    let schema = proofpack_core::report::report_schema();
    match serde_json::to_string_pretty(&schema) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("export-schema: {e}");
            std::process::exit(1);
        }
    }
}
