//! Command-line interface: argument parsing and dispatch.

mod author_cmd;
mod explain_cmd;
mod inspect_cmd;
mod register_cmd;
mod seal_cmd;
mod verification_cmd;
mod verify_cmd;

use clap::{CommandFactory, Parser, Subcommand};
use proofpack_render::i18n::Language;
use proofpack_spec::text::Untrusted;
use std::fmt::Display;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Exit status of an operational error.
pub const EXIT_OPERATIONAL: i32 = 1;
/// Exit status of a usage error.
pub const EXIT_USAGE: i32 = 2;

/// Why a subcommand stopped short of its answer, with the exit status that
/// says so: the one error of every subcommand.
#[derive(Debug)]
pub(crate) enum Failure {
    /// An operational error (exit status 1): a file that cannot be read or
    /// written, an unusable trust store. The words name paths escaped.
    Operational(String),
    /// A usage error (exit status 2) that clap could not see.
    Usage(String),
    /// Already told on standard error (a refusal to sign, a pack that
    /// breaks §1), or nothing to tell (the reader of standard output went
    /// away): only the exit status.
    Status(i32),
}

/// What a subcommand gives: its exit status (a verdict's, §12; 0 for a
/// command that has none), or why it stopped.
pub(crate) type Outcome = Result<i32, Failure>;

impl Failure {
    /// An operational error in these words.
    pub(crate) fn operational(message: impl Display) -> Failure {
        Failure::Operational(message.to_string())
    }

    /// An operational error about the file at `path` (named escaped).
    pub(crate) fn at(path: &Path, message: impl Display) -> Failure {
        Failure::Operational(format!("{}: {message}", shown(path)))
    }

    /// A usage error in these words.
    pub(crate) fn usage(message: impl Display) -> Failure {
        Failure::Usage(message.to_string())
    }

    /// Says why on standard error (`proofpack: ...`), and gives the exit
    /// status.
    fn exit_status(self) -> i32 {
        let (status, message) = match self {
            Failure::Operational(message) => (EXIT_OPERATIONAL, Some(message)),
            Failure::Usage(message) => (EXIT_USAGE, Some(message)),
            Failure::Status(status) => (status, None),
        };
        if let Some(message) = message {
            eprintln!("proofpack: {message}");
        }
        status
    }
}

impl From<proofpack_core::TrustStoreError> for Failure {
    fn from(e: proofpack_core::TrustStoreError) -> Failure {
        Failure::operational(e)
    }
}

impl From<proofpack_register::ListError> for Failure {
    fn from(e: proofpack_register::ListError) -> Failure {
        Failure::operational(e)
    }
}

impl From<proofpack_author::AuthoringError> for Failure {
    fn from(e: proofpack_author::AuthoringError) -> Failure {
        Failure::operational(e)
    }
}

impl From<proofpack_files::FileError> for Failure {
    fn from(e: proofpack_files::FileError) -> Failure {
        use proofpack_files::FileError;
        match e {
            FileError::Io { path, source } | FileError::Exists { path, source } => {
                Failure::at(&path, source)
            }
            FileError::Key { path, problem } => Failure::at(&path, problem),
        }
    }
}

/// A path as every message shows it: escaped (a file name can hold
/// controls).
pub(crate) fn shown(path: &Path) -> String {
    Untrusted(&path.display().to_string()).escaped()
}

/// A finding that stops a refused command (`pack`, `seal`), as it lists
/// them: code, effect, location and message, the pack's text escaped.
pub(crate) fn refusing_finding(f: &proofpack_core::Finding) -> String {
    format!(
        "  {} ({}) at {}: {}",
        f.code(),
        f.effect(),
        Untrusted(f.location()),
        Untrusted(f.message())
    )
}

/// Loads the trust store at `path` (`proofpack_core::TrustStore::load`,
/// whose error names the path escaped).
pub(crate) fn trust_store(path: &Path) -> Result<proofpack_core::TrustStore, Failure> {
    Ok(proofpack_core::TrustStore::load(path)?)
}

/// Writes what was asked on standard output; a reader that went away ends
/// the command quietly, with `status`.
pub(crate) fn written(result: std::io::Result<()>, status: i32) -> Result<(), Failure> {
    match result {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Failure::Status(status)),
        Err(e) => Err(Failure::operational(format_args!("standard output: {e}"))),
    }
}

#[derive(Parser)]
#[command(
    name = "proofpack",
    version,
    about = "Verify, audit and author proof-of-erasure packs (proof-pack v1), offline",
    after_help = "Exit statuses: 0 complete, 3 late, 4 incomplete, 5 untrusted, 6 invalid, \
                  1 operational error, 2 usage error. With several packs: the worst."
)]
struct Cli {
    /// Language of reports and explanations: en, fr or de (default: LC_ALL,
    /// LC_MESSAGES or LANG); never of JSON, codes or exit statuses
    #[arg(long, global = true, value_name = "LANG")]
    lang: Option<String>,
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Verify one or more packs (files, or directories of *.tar.gz).
    Verify(VerifyArgs),
    /// Generate an Ed25519 key (PKCS#8 PEM) and print its trust-store entry.
    Keygen(author_cmd::KeygenArgs),
    /// Edit or list a trust store.
    #[command(subcommand)]
    Trust(author_cmd::TrustCommand),
    /// Check and sign an evidence folder into a reproducible proof.tar.gz.
    Pack(author_cmd::PackArgs),
    /// Seal a signed pack (§22): its seal into signature.sig, nothing else changed.
    Seal(seal_cmd::SealArgs),
    /// Verify many packs together: requests, follow-ups, log forks, open items (spec §19).
    Register(register_cmd::RegisterArgs),
    /// What changed between two packs of one request (informational).
    Diff(register_cmd::DiffArgs),
    /// Explain a finding code: what it means, why it matters, what to ask.
    Explain(explain_cmd::ExplainArgs),
    /// List a pack's members: path, size, SHA-256, whether the manifest lists it.
    Ls(inspect_cmd::LsArgs),
    /// Write one member of a pack to stdout (escaped on a terminal).
    Show(inspect_cmd::ShowArgs),
    /// Sign what a verification found, or check such a signed statement (§20).
    #[command(subcommand)]
    Verification(verification_cmd::VerificationCommand),
    /// Print a shell completion script.
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
    /// Print the man page (roff).
    Man,
}

/// When to colour the human report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum ColorChoice {
    /// On a terminal, unless NO_COLOR is set or TERM is dumb.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

#[derive(clap::Args)]
pub(crate) struct VerifyArgs {
    /// Pack files or directories; `-` reads one pack from standard input.
    #[arg(required = true, value_name = "PACK")]
    packs: Vec<PathBuf>,
    /// Trust store of DPO and audit-log keys (spec §4). Without it every pack
    /// is at best `untrusted`.
    #[arg(long, value_name = "FILE")]
    trust: Option<PathBuf>,
    /// Print the §13 JSON report (JSON Lines for several packs).
    #[arg(long)]
    json: bool,
    /// Also write the JSON report to FILE (one pack).
    #[arg(short = 'o', long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// Also write a printable, self-contained HTML report to FILE (one pack).
    #[arg(long, value_name = "FILE")]
    html: Option<PathBuf>,
    /// Print nothing on standard output; the exit status is the verdict.
    #[arg(short, long)]
    quiet: bool,
    /// When to colour the human report.
    #[arg(long, value_enum, default_value_t = ColorChoice::Auto, value_name = "WHEN")]
    color: ColorChoice,
    /// Packs verified at once in a batch (default: one per core). The
    /// output is the same, in the same order, whatever the number.
    #[arg(short, long, value_name = "N")]
    jobs: Option<std::num::NonZeroUsize>,
}

/// Parses arguments and runs the command; returns the exit status.
pub fn real_main() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { 0 };
        }
    };
    let language = language(cli.lang.as_deref());
    let outcome = match cli.command {
        Command::Verify(args) => verify_cmd::run(&args, language),
        Command::Keygen(args) => author_cmd::keygen(&args),
        Command::Trust(command) => author_cmd::trust(&command),
        Command::Pack(args) => author_cmd::pack(&args),
        Command::Seal(args) => seal_cmd::run(&args),
        Command::Register(args) => register_cmd::run(&args, language),
        Command::Diff(args) => register_cmd::diff(&args, language),
        Command::Explain(args) => explain_cmd::run(&args, language),
        Command::Ls(args) => inspect_cmd::ls(&args, language),
        Command::Show(args) => inspect_cmd::show(&args),
        Command::Verification(command) => verification_cmd::run(&command, language),
        Command::Completions { shell } => {
            // Into memory first: the generator panics on a failed write
            // (a closed pipe); writing it out here fails with a status.
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut Cli::command(), "proofpack", &mut script);
            print_bytes(&script)
        }
        Command::Man => {
            let mut page = Vec::new();
            clap_mangen::Man::new(Cli::command())
                .render(&mut page)
                .map_err(Failure::operational)
                .and_then(|()| print_bytes(&page))
        }
    };
    outcome.unwrap_or_else(Failure::exit_status)
}

/// The language of the human output: `--lang` when given, else the
/// locale's. A `--lang` there are no messages in falls back to English with
/// a note on stderr, and changes nothing else (the exit status is the
/// verdict's, as in English).
fn language(requested: Option<&str>) -> Language {
    let Some(tag) = requested else {
        return Language::from_environment();
    };
    Language::from_locale(tag).unwrap_or_else(|| {
        let known: Vec<&str> = Language::ALL.iter().map(|l| l.tag()).collect();
        eprintln!(
            "proofpack: note: no messages in the language {:?}; writing English (languages: {})",
            Untrusted(tag).escaped(),
            known.join(", ")
        );
        Language::En
    })
}

/// Writes `bytes` to stdout: 0, or an operational error when it could not.
fn print_bytes(bytes: &[u8]) -> Outcome {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)
        .and_then(|()| out.flush())
        .map_err(|_| Failure::Status(EXIT_OPERATIONAL))?;
    Ok(0)
}
