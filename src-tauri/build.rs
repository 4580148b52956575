//! Embeds the app's configuration and declares its commands, so that each
//! gets a permission and the capability can grant exactly those in use.

/// A failure is returned (cargo prints it and fails the build), not panicked.
fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(
        tauri_build::AppManifest::new().commands(&[
            "startup",
            "explanations",
            "ui_strings",
            "set_language",
            "shown",
            "pick_packs",
            "pick_trust_store",
            "pick_evidence_folder",
            "pick_key_file",
            "pick_save_path",
            "new_job",
            "verify_pack",
            "cancel_verification",
            "close_pack",
            "load_trust_store",
            "remember_trust_store",
            "forget_trust_store",
            "export_report",
            "run_register",
            "register_words",
            "export_register",
            "author_open",
            "author_check",
            "author_sign",
            "author_trust_entry",
            "sign_verification",
            "check_verification",
        ]),
    ))?;
    Ok(())
}
