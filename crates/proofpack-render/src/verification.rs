//! A checked verification receipt (§20) for a reader: whether it is
//! authentic and why, who signed, what it records, whether the pack is the
//! one named and what a verification today gives. Receipt text (key ids,
//! owners, identities) is made inert with [`Untrusted`].

use crate::i18n::{id_part, Arg, Language, Messages};
use proofpack_spec::text::Untrusted;
use proofpack_verification::{
    CheckFailure, CheckSuccess, CheckedReceipt, NotCounting, SignatureRow,
};

/// The words of a failure code.
pub fn failure_words(code: CheckFailure, language: Language) -> String {
    Messages::new(language).named("verification-failure", code.as_str())
}

/// The words of a check that passed.
pub fn success_words(code: CheckSuccess, language: Language) -> String {
    Messages::new(language).named("verification-passed", code.as_str())
}

/// Why a signature does not count, in words.
pub fn not_counting_words(why: NotCounting, language: Language) -> String {
    Messages::new(language).text(&format!(
        "verification-not-counting-{}",
        id_part(why.as_str())
    ))
}

fn inert(text: &str) -> String {
    Untrusted(text).escaped()
}

/// The check as lines for a terminal, in `language`.
pub fn text(c: &CheckedReceipt, language: Language) -> String {
    let words = Messages::new(language);
    let mut lines = Vec::new();
    let signers: Vec<String> = c.signers().iter().map(|s| inert(s)).collect();
    lines.push(if c.authentic() {
        words.format(
            "verification-authentic",
            &[("signers", Arg::from(signers.join(", ")))],
        )
    } else {
        words.text("verification-not-authentic")
    });
    for failure in c.failures() {
        lines.push(format!(
            "  ✗ {} ({}): {}",
            failure_words(failure.code, language),
            failure.code,
            inert(&failure.detail)
        ));
    }
    for passed in c.passed() {
        lines.push(format!("  ✓ {}", success_words(*passed, language)));
    }
    lines.extend(c.signatures().iter().map(|s| signature_line(s, language)));
    if let Some(s) = c.statement() {
        let none = || "-".to_owned();
        let pack = s.pack();
        lines.push(words.format(
            "verification-statement-pack",
            &[
                ("sha256", Arg::from(&pack.sha256)),
                (
                    "pack",
                    Arg::from(pack.pack_id.as_deref().map_or_else(none, inert)),
                ),
                (
                    "tenant",
                    Arg::from(pack.tenant_id.as_deref().map_or_else(none, inert)),
                ),
                (
                    "request",
                    Arg::from(pack.request_id.as_deref().map_or_else(none, inert)),
                ),
            ],
        ));
        let codes: Vec<&str> = s.codes().iter().map(|c| c.as_str()).collect();
        lines.push(words.format(
            "verification-statement-found",
            &[
                ("verdict", Arg::from(words.verdict(s.verdict()))),
                (
                    "codes",
                    Arg::from(if codes.is_empty() {
                        none()
                    } else {
                        codes.join(", ")
                    }),
                ),
            ],
        ));
        lines.push(words.format(
            "verification-statement-by",
            &[
                ("at", Arg::from(inert(s.verified_at().raw()))),
                ("by", Arg::from(inert(s.verified_by()))),
                ("verifier", Arg::from(inert(s.verifier()))),
                (
                    "trust",
                    Arg::from(s.trust_store_sha256().map_or_else(none, str::to_owned)),
                ),
            ],
        ));
    }
    lines.extend(pack_lines(c, language));
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

fn signature_line(s: &SignatureRow, language: Language) -> String {
    let words = Messages::new(language);
    let keyid = inert(&s.keyid);
    match (s.not_counting, s.verified) {
        (Some(why), _) => words.format(
            "verification-signature-not-counting",
            &[
                ("keyid", Arg::from(keyid)),
                ("why", Arg::from(not_counting_words(why, language))),
            ],
        ),
        (None, verified) => words.format(
            if verified == Some(true) {
                "verification-signature-verified"
            } else {
                "verification-signature-invalid"
            },
            &[
                ("keyid", Arg::from(keyid)),
                ("owner", Arg::from(inert(s.owner.as_deref().unwrap_or("-")))),
            ],
        ),
    }
}

/// Whether the pack is the one named, and what a verification today gives.
fn pack_lines(c: &CheckedReceipt, language: Language) -> Vec<String> {
    let words = Messages::new(language);
    let mut lines = Vec::new();
    if let (Some(sha256), Some(matches)) = (c.pack_sha256(), c.pack_matches()) {
        let id = if matches {
            "verification-pack-matches"
        } else {
            "verification-pack-differs"
        };
        lines.push(words.format(id, &[("sha256", Arg::from(sha256))]));
    }
    if let Some(again) = c.reverification() {
        let same = |same: bool| {
            words.text(if same {
                "verification-same"
            } else {
                "verification-different"
            })
        };
        let codes: Vec<&str> = again.codes.iter().map(|c| c.as_str()).collect();
        lines.push(words.format(
            "verification-today",
            &[
                ("verdict", Arg::from(words.verdict(again.verdict))),
                (
                    "codes",
                    Arg::from(if codes.is_empty() {
                        "-".to_owned()
                    } else {
                        codes.join(", ")
                    }),
                ),
                ("same_verdict", Arg::from(same(again.same_verdict))),
                ("same_codes", Arg::from(same(again.same_codes))),
                ("same_trust", Arg::from(same(again.same_trust_store))),
            ],
        ));
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::i18n::ids;

    #[test]
    fn every_name_of_the_check_has_words() {
        let english = ids(Language::En);
        let mut wanted: Vec<String> = CheckFailure::ALL
            .iter()
            .map(|c| format!("verification-failure-{}", id_part(c.as_str())))
            .collect();
        wanted.extend(
            CheckSuccess::ALL
                .iter()
                .map(|c| format!("verification-passed-{}", id_part(c.as_str()))),
        );
        wanted.extend(
            NotCounting::ALL
                .iter()
                .map(|n| format!("verification-not-counting-{}", id_part(n.as_str()))),
        );
        for id in wanted {
            assert!(english.contains(&id), "en lacks {id}");
        }
    }
}
