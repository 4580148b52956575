//! The ProofPack desktop app: a thin Tauri v2 shell over the verification
//! core, the author crate and the register crate. Verify mode shows the same
//! §13 report JSON and the same explanations as the CLI; Author mode has
//! `proofpack pack`'s refusals; Register mode shows `proofpack register`'s
//! §19 register. The app sends nothing anywhere: it has no network code and its
//! capability grants no network, shell or file-system plugin.
#![forbid(unsafe_code)]
#![deny(missing_docs)]

pub mod commands;
pub mod error;
pub mod service;

use service::AppState;
use tauri::{Emitter, Manager, Runtime};

/// The event that carries the paths dropped on the window.
pub const DROP_EVENT: &str = "packs-dropped";

/// The event that carries the dropped files that are signed verifications
/// (§20, by their content): they are checked, not verified as packs.
pub const VERIFICATION_DROP_EVENT: &str = "verifications-dropped";

/// The app on `builder`: its state, plugin, commands and drop handler. Tests
/// pass `tauri::test::mock_builder()`.
pub fn app<R: Runtime>(builder: tauri::Builder<R>, startup: service::Startup) -> tauri::Builder<R> {
    app_with(builder, AppState::new(startup, None))
}

/// The app on `builder` with `state`: one made with a settings file keeps
/// it (tests remember their settings in a folder of their own).
pub fn app_with<R: Runtime>(builder: tauri::Builder<R>, state: AppState) -> tauri::Builder<R> {
    builder
        .plugin(tauri_plugin_dialog::init())
        .manage(state)
        .setup(|app| {
            if let Ok(dir) = app.path().app_config_dir() {
                app.state::<AppState>()
                    .remember_in(dir.join("settings.json"));
            }
            Ok(())
        })
        .on_window_event(|window, event| {
            if let tauri::WindowEvent::DragDrop(tauri::DragDropEvent::Drop { paths, .. }) = event {
                let (packs, statements) = service::split_dropped(paths);
                if !packs.is_empty() {
                    drop(window.emit(DROP_EVENT, packs));
                }
                if !statements.is_empty() {
                    drop(window.emit(VERIFICATION_DROP_EVENT, statements));
                }
            }
        })
        .invoke_handler(tauri::generate_handler![
            commands::startup,
            commands::explanations,
            commands::ui_strings,
            commands::set_language,
            commands::shown,
            commands::pick_packs,
            commands::pick_trust_store,
            commands::pick_evidence_folder,
            commands::pick_key_file,
            commands::pick_save_path,
            commands::new_job,
            commands::verify_pack,
            commands::cancel_verification,
            commands::close_pack,
            commands::load_trust_store,
            commands::remember_trust_store,
            commands::forget_trust_store,
            commands::export_report,
            commands::run_register,
            commands::register_words,
            commands::export_register,
            commands::author_open,
            commands::author_check,
            commands::author_sign,
            commands::author_trust_entry,
            commands::sign_verification,
            commands::check_verification,
        ])
}

/// Runs the app with the process's command line.
pub fn run() {
    let startup = service::parse_args(std::env::args_os());
    let result = app(tauri::Builder::default(), startup).run(tauri::generate_context!());
    if let Err(e) = result {
        eprintln!("proofpack-app: {e}");
        std::process::exit(1);
    }
}
