//! Prints the JSON Schema of the register report:
//! `cargo run -p proofpack-register --features schema --example export-register-schema > docs/register.schema.json`

fn main() {
    match serde_json::to_string_pretty(&proofpack_register::register_schema()) {
        Ok(text) => println!("{text}"),
        Err(e) => {
            eprintln!("export-register-schema: {e}");
            std::process::exit(1);
        }
    }
}
