//! The ProofPack desktop app: `proofpack-app [PACK...] [--trust FILE]`, or
//! `proofpack-app --register DIR [--trust FILE] [--as-of TS]`.
// No console window on Windows release builds (the Tauri v2 template's).
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]
#![forbid(unsafe_code)]

fn main() {
    proofpack_app_lib::run();
}
