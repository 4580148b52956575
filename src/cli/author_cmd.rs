//! `proofpack keygen`, `proofpack trust ...` and `proofpack pack`.

use super::{refusing_finding, shown, trust_store, Failure, Outcome};
use proofpack_author::keys;
use proofpack_author::pack::Authored;
use proofpack_author::trust_edit::{
    check_window, policy_words, Change, PolicyChange, TrustStoreFile,
};
use proofpack_author::{AuthoringError, Destination, Refused, SignError, SignRequest};
use proofpack_core::trust::{fingerprint, key_entry_json, Policy, Role, TrustStore, TrustedKey};
use proofpack_render::json::json_for_terminal;
use proofpack_spec::text::Untrusted;
use proofpack_spec::timestamp::Timestamp;
use proofpack_spec::vkey::Vkey;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;

#[derive(clap::Args)]
pub(crate) struct KeygenArgs {
    /// The key's identifier in trust stores.
    #[arg(long)]
    key_id: String,
    /// Who holds the key (e.g. dpo@example.com).
    #[arg(long)]
    owner: String,
    /// What the key may sign: dpo, audit_log, witness, subprocessor or
    /// verifier.
    #[arg(long, value_parser = parse_role)]
    role: Role,
    /// Where to write the private key (PKCS#8 PEM, mode 0600; never overwritten).
    #[arg(long)]
    out: PathBuf,
    /// Start of validity (RFC 3339).
    #[arg(long, value_parser = Timestamp::from_str)]
    not_before: Option<Timestamp>,
    /// End of validity (RFC 3339).
    #[arg(long, value_parser = Timestamp::from_str)]
    not_after: Option<Timestamp>,
}

#[derive(clap::Subcommand)]
pub(crate) enum TrustCommand {
    /// Add a key to a trust store (created if absent).
    Add(TrustAddArgs),
    /// List the keys of a trust store, with each key's fingerprint.
    List {
        /// The trust store.
        store: PathBuf,
        /// Print a JSON array of the entries, each with its `fingerprint`
        /// ("SHA256:" and the hex SHA-256 of the 32 raw key bytes).
        #[arg(long)]
        json: bool,
    },
    /// Record a key's revocation (or move it earlier).
    Revoke(TrustRevokeArgs),
    /// Print the store's policy (§4), or change it atomically.
    Policy(TrustPolicyArgs),
}

#[derive(clap::Args)]
pub(crate) struct TrustPolicyArgs {
    /// The trust store.
    store: PathBuf,
    /// How many distinct witnesses must cosign the audit log's
    /// checkpoint_after (§15). Lowering it needs --force.
    #[arg(long, value_name = "N")]
    witness_quorum: Option<u64>,
    /// Whether a subprocessor's erasure needs its own signed receipt (§16).
    /// Turning it off needs --force.
    #[arg(long, value_name = "on|off", value_parser = parse_on_off)]
    signed_receipts: Option<bool>,
    /// Whether a completion on time must be corroborated by the witnesses'
    /// clocks (§21). Turning it off needs --force.
    #[arg(long, value_name = "on|off", value_parser = parse_on_off)]
    witnessed_deadline: Option<bool>,
    /// Whether the pack signature must be sealed (§22). Turning it off
    /// needs --force.
    #[arg(long, value_name = "on|off", value_parser = parse_on_off)]
    sealed_signature: Option<bool>,
    /// Allow weakening the policy.
    #[arg(long)]
    force: bool,
}

fn parse_on_off(text: &str) -> Result<bool, String> {
    match text {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("{text:?}: give on or off")),
    }
}

#[derive(clap::Args)]
pub(crate) struct TrustRevokeArgs {
    /// The trust store.
    store: PathBuf,
    /// The key to revoke.
    key_id: String,
    /// When it was revoked (RFC 3339). An earlier date than the recorded
    /// one replaces it; a later one needs --force.
    #[arg(long, value_parser = Timestamp::from_str, required_unless_present = "clear")]
    at: Option<Timestamp>,
    /// Remove the key's revocation (needs --force).
    #[arg(long, conflicts_with = "at", requires = "force")]
    clear: bool,
    /// Allow moving an existing revocation LATER, or removing it (--clear).
    /// Either trusts again every pack signed between the old and the new
    /// date: only to correct a revocation recorded by mistake.
    #[arg(long)]
    force: bool,
}

#[derive(clap::Args)]
pub(crate) struct TrustAddArgs {
    /// The trust store.
    store: PathBuf,
    /// A §4 key entry as JSON (as `keygen` prints it).
    #[arg(long, conflicts_with_all = ["key", "vkey", "key_id", "owner", "role"], required_unless_present_any = ["key", "vkey"])]
    entry: Option<PathBuf>,
    /// A PEM key (private PKCS#8 or public SPKI) to add.
    #[arg(long, conflicts_with = "vkey", requires_all = ["key_id", "owner", "role"])]
    key: Option<PathBuf>,
    /// A witness's key in the C2SP signed-note verifier-key form
    /// (`name+hash+base64key`, as its operator publishes it): its name is
    /// the key_id, its role `witness` unless --role says otherwise.
    #[arg(long, conflicts_with = "key_id", requires = "owner")]
    vkey: Option<String>,
    /// The key's identifier.
    #[arg(long)]
    key_id: Option<String>,
    /// Who holds the key.
    #[arg(long)]
    owner: Option<String>,
    /// What the key may sign: dpo, audit_log, witness, subprocessor or
    /// verifier.
    #[arg(long, value_parser = parse_role)]
    role: Option<Role>,
    /// Start of validity (RFC 3339).
    #[arg(long, value_parser = Timestamp::from_str)]
    not_before: Option<Timestamp>,
    /// End of validity (RFC 3339).
    #[arg(long, value_parser = Timestamp::from_str)]
    not_after: Option<Timestamp>,
}

#[derive(clap::Args)]
pub(crate) struct PackArgs {
    /// The evidence folder (pack.json, the content members, attachments/).
    evidence_dir: PathBuf,
    /// The DPO's private key (PKCS#8 PEM).
    #[arg(long)]
    key: PathBuf,
    /// Trust store holding the signing key and the audit_log keys: the pack is
    /// verified against it exactly as `proofpack verify --trust` would.
    #[arg(long)]
    trust: PathBuf,
    /// Where to write proof.tar.gz (refused if it exists, unless --force).
    #[arg(long)]
    out: PathBuf,
    /// Replace an existing --out file.
    #[arg(long)]
    force: bool,
    /// signed_at (RFC 3339); default: now in UTC at whole seconds.
    #[arg(long, value_parser = Timestamp::from_str)]
    signed_at: Option<Timestamp>,
    /// Sign an incomplete or late pack as an honest record of open obligations.
    #[arg(long)]
    accept_incomplete: bool,
    /// Sign a pack whose corroboration falls short of the trust store's
    /// policy: exactly audit.witness_quorum_not_met and receipts.unattested
    /// are allowed (nothing else that is untrusted), and the manifest
    /// records them (`accepted_uncorroborated`).
    #[arg(long)]
    accept_uncorroborated: bool,
}

/// A `--role` value: a §4 role name.
fn parse_role(text: &str) -> Result<Role, String> {
    text.parse::<Role>().map_err(|e| e.to_string())
}

pub(crate) fn keygen(args: &KeygenArgs) -> Outcome {
    let key = keys::generate();
    let entry = TrustedKey {
        key_id: args.key_id.clone(),
        public_key: key.verifying_key(),
        owner: args.owner.clone(),
        roles: vec![args.role],
        not_before: args.not_before.clone(),
        not_after: args.not_after.clone(),
        revoked_at: None,
    };
    // Refused before the key file is written.
    check_window(&entry)?;
    keys::write_private_key(&args.out, &key)?;
    // The key is written: its entry must reach stdout, or the run failed.
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", json_for_terminal(&key_entry_json(&entry), true))
        .map_err(|e| AuthoringError::io("stdout", e))?;
    Ok(0)
}

pub(crate) fn trust(command: &TrustCommand) -> Outcome {
    match command {
        TrustCommand::Add(args) => trust_add(args)?,
        TrustCommand::List { store, json } => trust_list(store, *json)?,
        TrustCommand::Revoke(args) => trust_revoke(args)?,
        TrustCommand::Policy(args) => trust_policy(args)?,
    }
    Ok(0)
}

fn trust_add(args: &TrustAddArgs) -> Result<(), AuthoringError> {
    let mut file = TrustStoreFile::open_or_new(&args.store)?;
    let entry = match (&args.entry, &args.key) {
        (Some(path), _) => {
            let bytes = std::fs::read(path).map_err(|e| AuthoringError::io(path, e))?;
            // Strict JSON first (§0: duplicate members, depth, surrogates).
            proofpack_spec::json::parse(&bytes)
                .map_err(|e| AuthoringError::Invalid(format!("{}: {e}", path.display())))?;
            serde_json::from_slice(&bytes)
                .map_err(|e| AuthoringError::Invalid(format!("{}: {e}", path.display())))?
        }
        (None, Some(path)) => key_entry_json(&TrustedKey {
            key_id: args.key_id.clone().unwrap_or_default(),
            public_key: keys::read_public_key(path)?,
            owner: args.owner.clone().unwrap_or_default(),
            roles: args.role.into_iter().collect(),
            not_before: args.not_before.clone(),
            not_after: args.not_after.clone(),
            revoked_at: None,
        }),
        (None, None) => match &args.vkey {
            Some(text) => vkey_entry(text, args)?,
            None => {
                return Err(AuthoringError::Invalid(
                    "give --entry, --key or --vkey".to_owned(),
                ))
            }
        },
    };
    file.add(entry)?;
    file.save(&args.store)
}

/// The entry of a witness key given as a C2SP verifier key.
fn vkey_entry(text: &str, args: &TrustAddArgs) -> Result<serde_json::Value, AuthoringError> {
    let vkey = Vkey::parse(text.trim())
        .map_err(|e| AuthoringError::Invalid(format!("--vkey {}: {e}", Untrusted(text))))?;
    Ok(key_entry_json(&TrustedKey {
        key_id: vkey.name,
        public_key: vkey.public_key,
        owner: args.owner.clone().unwrap_or_default(),
        roles: vec![args.role.unwrap_or(Role::Witness)],
        not_before: args.not_before.clone(),
        not_after: args.not_after.clone(),
        revoked_at: None,
    }))
}

fn trust_revoke(args: &TrustRevokeArgs) -> Result<(), AuthoringError> {
    let mut file = TrustStoreFile::open(&args.store)?;
    let change = match &args.at {
        Some(at) => file.revoke(&args.key_id, at, args.force)?,
        None => file.unrevoke(&args.key_id, args.force)?,
    };
    match change {
        Change::Changed => file.save(&args.store),
        Change::Unchanged => {
            eprintln!(
                "proofpack: {} already says so; nothing was changed.",
                shown(&args.store)
            );
            Ok(())
        }
    }
}

fn trust_policy(args: &TrustPolicyArgs) -> Result<(), AuthoringError> {
    let mut file = TrustStoreFile::open(&args.store)?;
    let change = PolicyChange {
        witness_quorum: args.witness_quorum,
        signed_receipts: args.signed_receipts,
        witnessed_deadline: args.witnessed_deadline,
        sealed_signature: args.sealed_signature,
    };
    if change.is_empty() {
        let policy = file.store()?.policy();
        let mut out = std::io::stdout().lock();
        return writeln!(out, "{}", policy_line(&policy))
            .map_err(|e| AuthoringError::io("stdout", e));
    }
    match file.set_policy(change, args.force)? {
        Change::Changed => file.save(&args.store),
        Change::Unchanged => {
            eprintln!(
                "proofpack: {} already says so; nothing was changed.",
                shown(&args.store)
            );
            Ok(())
        }
    }
}

/// The policy as `trust policy` and `trust list` print it.
fn policy_line(policy: &Policy) -> String {
    format!("policy: {}", policy_words(policy))
}

fn trust_list(store: &Path, json: bool) -> Result<(), Failure> {
    let store = trust_store(store)?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    write_listing(&mut out, &store, json).map_err(|e| AuthoringError::io("stdout", e))?;
    Ok(())
}

fn write_listing(out: &mut impl Write, store: &TrustStore, json: bool) -> std::io::Result<()> {
    if json {
        let entries: Vec<serde_json::Value> = store
            .keys()
            .iter()
            .map(|k| {
                let mut entry = key_entry_json(k);
                if let Some(obj) = entry.as_object_mut() {
                    obj.insert("fingerprint".to_owned(), fingerprint(&k.public_key).into());
                }
                entry
            })
            .collect();
        return writeln!(
            out,
            "{}",
            json_for_terminal(&serde_json::Value::Array(entries), true)
        );
    }
    let t = |t: &Option<Timestamp>| t.as_ref().map_or("-".to_owned(), |t| t.raw().to_owned());
    writeln!(out, "{}", policy_line(&store.policy()))?;
    writeln!(
        out,
        "{:<32} {:<12} {:<28} {:<22} {:<22} {:<22} fingerprint",
        "key_id", "roles", "owner", "not_before", "not_after", "revoked_at"
    )?;
    for k in store.keys() {
        let roles: Vec<&str> = k.roles.iter().map(|r| r.as_str()).collect();
        writeln!(
            out,
            "{:<32} {:<12} {:<28} {:<22} {:<22} {:<22} {}",
            Untrusted(&k.key_id),
            roles.join(","),
            Untrusted(&k.owner),
            Untrusted(&t(&k.not_before)),
            Untrusted(&t(&k.not_after)),
            Untrusted(&t(&k.revoked_at)),
            fingerprint(&k.public_key)
        )?;
    }
    Ok(())
}

pub(crate) fn pack(args: &PackArgs) -> Outcome {
    let request = SignRequest {
        evidence_dir: args.evidence_dir.clone(),
        key_path: args.key.clone(),
        trust_path: args.trust.clone(),
        signed_at: args.signed_at.clone(),
        accept_incomplete: args.accept_incomplete,
        accept_uncorroborated: args.accept_uncorroborated,
        attestation_override: None,
    };
    let out = Destination {
        path: args.out.clone(),
        replace: args.force,
    };
    match proofpack_author::sign(&request, &out) {
        Ok(authored) => {
            print_signed(args, &authored);
            Ok(0)
        }
        Err(SignError::Exists { path }) => Err(Failure::operational(format_args!(
            "{} exists; nothing was written. Give --force to replace it.",
            path.display()
        ))),
        Err(SignError::Refused(refused)) => {
            print_refused(&refused);
            Err(Failure::Status(refused.exit_status()))
        }
        Err(e) => Err(Failure::operational(e)),
    }
}

fn print_signed(args: &PackArgs, authored: &Authored) {
    let r = &authored.report;
    eprintln!(
        "proofpack: wrote {} ({} bytes, sha256 {}), verifies {} with --trust {}",
        args.out.display(),
        r.pack().size,
        r.pack().sha256,
        r.verdict(),
        args.trust.display()
    );
    for f in r.findings() {
        eprintln!(
            "  {} {} at {}: {}",
            f.code(),
            f.effect(),
            Untrusted(f.location()),
            Untrusted(f.message())
        );
    }
}

/// The refusal's own words (the author crate's, as the app shows them),
/// with the findings that stop signing and the entry to add, if any.
fn print_refused(refused: &Refused) {
    eprintln!("proofpack: {refused}.");
    for (f, remedy) in refused.to_fix() {
        eprintln!("{}", refusing_finding(f));
        eprintln!("      fix: {remedy}");
    }
    let refusal = refused.refusal();
    eprintln!("proofpack: {refusal}.");
    if let Some(entry) = refusal.entry_to_add() {
        eprintln!("{}", json_for_terminal(&key_entry_json(entry), true));
    }
    for line in refusal.what_to_do() {
        eprintln!("  {line}");
    }
}
