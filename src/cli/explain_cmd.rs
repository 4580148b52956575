//! `proofpack explain`: the core's explanation of each finding code.

use super::{written, Failure, Outcome};
use proofpack_core::{Code, RegisterCode};
use proofpack_render::explain::{register_explanation_in, ExplainedCode};
use proofpack_render::i18n::{Language, Messages};
use proofpack_render::json;
use proofpack_spec::text::Untrusted;
use std::io::Write;

#[derive(clap::Args)]
pub(crate) struct ExplainArgs {
    /// A finding code, e.g. `receipts.not_api`, or a register code (§19),
    /// e.g. `register.overdue`.
    #[arg(
        value_name = "CODE",
        required_unless_present = "all",
        conflicts_with = "all"
    )]
    code: Option<String>,
    /// Every code, in the order of the spec's table.
    #[arg(long)]
    all: bool,
    /// Print JSON (an object, or an array with --all).
    #[arg(long)]
    json: bool,
}

/// Explains the codes asked for: in `language` as text; as JSON in English
/// whatever the language (JSON never changes with it).
pub(crate) fn run(args: &ExplainArgs, language: Language) -> Outcome {
    if let Some(code) = args
        .code
        .as_deref()
        .and_then(|t| t.parse::<RegisterCode>().ok())
    {
        return run_register(code, args.json, language);
    }
    let codes: Vec<Code> = match &args.code {
        Some(text) => match text.parse::<Code>() {
            Ok(code) => vec![code],
            Err(_) => {
                return Err(Failure::usage(format_args!(
                    "{:?} is not a finding code of the spec; `proofpack explain --all` lists them",
                    Untrusted(text).escaped()
                )))
            }
        },
        None => Code::ALL.to_vec(),
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = if args.json {
        let entries: Vec<ExplainedCode> = codes.iter().map(|c| ExplainedCode::from(*c)).collect();
        if args.all {
            json::compact_value(&mut out, &entries)
        } else {
            json::compact_value(&mut out, &entries[0])
        }
        .and_then(|()| writeln!(out))
    } else {
        let words = Messages::new(language);
        codes.iter().try_for_each(|code| {
            let e = proofpack_render::explain::explanation_in(*code, language);
            writeln!(out, "{}  ({})", code.as_str(), words.effect(code.effect()))?;
            out.write_all(proofpack_render::explain::lines(&e, language, 2).as_bytes())?;
            if args.all {
                writeln!(out)?;
            }
            Ok(())
        })
    };
    written(result, 0)?;
    Ok(0)
}

/// A register code (§19), explained like a finding code.
fn run_register(code: RegisterCode, json_out: bool, language: Language) -> Outcome {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let result = if json_out {
        let e = register_explanation_in(code, Language::En);
        let entry = serde_json::json!({"code": code, "effect": code.effect(),
            "meaning": e.meaning, "why": e.why, "ask": e.ask});
        json::compact_value(&mut out, &entry).and_then(|()| writeln!(out))
    } else {
        let e = register_explanation_in(code, language);
        let words = Messages::new(language);
        writeln!(out, "{}  ({})", code.as_str(), words.effect(code.effect())).and_then(|()| {
            out.write_all(proofpack_render::explain::lines(&e, language, 2).as_bytes())
        })
    };
    written(result, 0)?;
    Ok(0)
}
