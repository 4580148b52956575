//! The reader's language: every word the renderers write comes from one
//! Fluent message file per language (`locales/<tag>/proofpack.ftl`, built
//! into the crate), English, French and German.
//!
//! English is the fallback of every message: a message a language lacks,
//! or cannot format, is written in English, so a report is never missing a
//! word. Finding codes, spec strings, JSON and exit statuses never depend on
//! the language; only the human words around them do.
//!
//! Fluent's bidi isolation marks are off: pack text is made inert
//! ([`proofpack_spec::text::Untrusted`]) before it is placed in a message,
//! and the marks would show as escapes on a terminal.
//!
//! The same files serve other front ends: messages whose id starts with
//! `ui-` are the desktop app's ([`ui_strings`]), those starting with
//! `portal-` the portal page's ([`strings_with_prefix`]).

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use fluent_syntax::ast;
use proofpack_core::{Effect, Finding, MessageArg, MessageId, SuccessCode, Verdict};
use proofpack_register::RegisterFinding;
use std::borrow::Cow;
use std::collections::BTreeSet;
use std::sync::OnceLock;

/// A language the renderers write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub enum Language {
    /// English, the fallback of every message.
    #[default]
    En,
    /// French.
    Fr,
    /// German.
    De,
}

/// The message file of each language, in [`Language::ALL`] order.
const SOURCES: [&str; 3] = [
    include_str!("../locales/en/proofpack.ftl"),
    include_str!("../locales/fr/proofpack.ftl"),
    include_str!("../locales/de/proofpack.ftl"),
];

/// What stands in for a message no language has (a bug the tests catch).
pub const MISSING_MARK: &str = "[missing message: ";

impl Language {
    /// Every language, English first.
    pub const ALL: [Language; 3] = [Language::En, Language::Fr, Language::De];

    /// Its BCP 47 tag, as an HTML `lang` or a `Content-Language` gives it.
    pub fn tag(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Fr => "fr",
            Language::De => "de",
        }
    }

    /// Its position in [`Language::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The language a BCP 47 tag (`fr`, `de-AT`, `en-GB`) or a locale name
    /// (`fr_FR.UTF-8`, `de_DE@euro`) names by its primary language subtag,
    /// case-insensitively; `None` for a language there are no messages in.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let primary = tag.trim().split(['-', '_', '.', '@']).next()?;
        Language::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(primary))
    }

    /// The language of a POSIX locale value (`LANG`, `LC_MESSAGES`,
    /// `LC_ALL`): `C` and `POSIX` (with or without a codeset) are English;
    /// `None` for an empty value or a language there are no messages in.
    pub fn from_locale(value: &str) -> Option<Language> {
        let value = value.trim();
        let name = value.split(['.', '@']).next().unwrap_or(value);
        match name {
            "" => None,
            "C" | "POSIX" => Some(Language::En),
            _ => Language::from_tag(value),
        }
    }

    /// The language of the locale variables as `lookup` gives them: the
    /// first set and non-empty of `LC_ALL`, `LC_MESSAGES` and `LANG` (the
    /// POSIX order), English when it names a language there are no
    /// messages in or none is set.
    pub fn from_locale_variables(lookup: impl Fn(&str) -> Option<String>) -> Language {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .into_iter()
            .filter_map(lookup)
            .find(|v| !v.trim().is_empty())
            .and_then(|v| Language::from_locale(&v))
            .unwrap_or_default()
    }

    /// The language of this process's locale variables
    /// ([`Language::from_locale_variables`]).
    pub fn from_environment() -> Language {
        Language::from_locale_variables(|name| std::env::var(name).ok())
    }
}

impl std::fmt::Display for Language {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.tag())
    }
}

/// A value placed in a message: text (already made inert when it comes
/// from a pack), or a number a message may choose its words by (plurals).
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<'a> {
    /// Text, placed as it is.
    Text(Cow<'a, str>),
    /// A whole number, placed in decimal digits.
    Number(i64),
}

impl<'a> From<&'a str> for Arg<'a> {
    fn from(text: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl<'a> From<&'a String> for Arg<'a> {
    fn from(text: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(text))
    }
}

impl From<String> for Arg<'_> {
    fn from(text: String) -> Self {
        Arg::Text(Cow::Owned(text))
    }
}

impl From<i64> for Arg<'_> {
    fn from(n: i64) -> Self {
        Arg::Number(n)
    }
}

impl From<i32> for Arg<'_> {
    fn from(n: i32) -> Self {
        Arg::Number(i64::from(n))
    }
}

impl From<usize> for Arg<'_> {
    fn from(n: usize) -> Self {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

impl From<u64> for Arg<'_> {
    fn from(n: u64) -> Self {
        Arg::Number(i64::try_from(n).unwrap_or(i64::MAX))
    }
}

/// One language's messages, parsed once.
struct Catalogue {
    resource_ids: Vec<String>,
    bundle: FluentBundle<&'static FluentResource>,
}

/// The parsed resources: kept apart from the bundles, which borrow them.
fn resources() -> &'static [FluentResource; 3] {
    static RESOURCES: OnceLock<[FluentResource; 3]> = OnceLock::new();
    RESOURCES.get_or_init(|| {
        // A file with a syntax error keeps the messages that parsed; the
        // tests refuse the error itself.
        SOURCES.map(|source| {
            FluentResource::try_new(source.to_owned()).unwrap_or_else(|(partial, _)| partial)
        })
    })
}

fn catalogues() -> &'static [Catalogue; 3] {
    static CATALOGUES: OnceLock<[Catalogue; 3]> = OnceLock::new();
    CATALOGUES.get_or_init(|| {
        let resources = resources();
        Language::ALL.map(|language| {
            let resource = &resources[language.index()];
            let locale = language.tag().parse().unwrap_or_default();
            let mut bundle = FluentBundle::new_concurrent(vec![locale]);
            bundle.set_use_isolating(false);
            // A repeated id keeps its first message; the tests refuse it.
            let _ = bundle.add_resource(resource);
            Catalogue {
                resource_ids: message_ids(resource),
                bundle,
            }
        })
    })
}

/// The ids of the messages of a resource, in the file's order.
fn message_ids(resource: &FluentResource) -> Vec<String> {
    resource
        .entries()
        .filter_map(|entry| match entry {
            ast::Entry::Message(m) => Some(m.id.name.to_owned()),
            _ => None,
        })
        .collect()
}

/// The words of one language, each message falling back to English.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Messages {
    language: Language,
}

impl From<Language> for Messages {
    fn from(language: Language) -> Self {
        Messages { language }
    }
}

impl Messages {
    /// The messages of `language`.
    pub fn new(language: Language) -> Messages {
        Messages { language }
    }

    /// Their language.
    pub fn language(self) -> Language {
        self.language
    }

    /// The message `id`, which takes no values.
    pub fn text(self, id: &str) -> String {
        self.format(id, &[])
    }

    /// The message `id` with its values, in this language or else in
    /// English; [`MISSING_MARK`] and the id when neither has it.
    pub fn format(self, id: &str, args: &[(&str, Arg<'_>)]) -> String {
        self.lookup(id, None, args)
    }

    /// The attribute `attribute` of the message `id` (`.meaning` of an
    /// explanation, for example), falling back like [`Messages::format`].
    pub fn attribute(self, id: &str, attribute: &str) -> String {
        self.lookup(id, Some(attribute), &[])
    }

    fn lookup(self, id: &str, attribute: Option<&str>, args: &[(&str, Arg<'_>)]) -> String {
        let fluent_args = fluent_args(args);
        [self.language, Language::En]
            .into_iter()
            .find_map(|language| formatted(language, id, attribute, fluent_args.as_ref()))
            .unwrap_or_else(|| match attribute {
                Some(a) => format!("{MISSING_MARK}{id}.{a}]"),
                None => format!("{MISSING_MARK}{id}]"),
            })
    }
}

/// The words of the core's closed sets: the message `<prefix>-<name>` of
/// each spec name (a code's dots become dashes).
impl Messages {
    /// The message of a spec name: `named("attestation", "verified")` is
    /// `attestation-verified`.
    pub fn named(self, prefix: &str, spec_name: &str) -> String {
        self.text(&format!("{prefix}-{}", id_part(spec_name)))
    }

    /// A verdict's word for a reader (the spec's string stays in the JSON).
    pub fn verdict(self, verdict: Verdict) -> String {
        self.named("verdict", verdict.as_str())
    }

    /// What a verdict means, in one sentence for a reviewer (§12).
    pub fn verdict_meaning(self, verdict: Verdict) -> String {
        self.named("verdict-meaning", verdict.as_str())
    }

    /// An effect's word for a reader.
    pub fn effect(self, effect: Effect) -> String {
        self.named("effect", effect.as_str())
    }

    /// What a check that passed established.
    pub fn passed(self, code: SuccessCode) -> String {
        self.named("passed", code.as_str())
    }

    /// A finding's one-line message in this language: its message
    /// `finding-<id>` with the finding's values; the English `message` of
    /// §13 for a finding whose message has no id. The values are pack text
    /// placed as they are: whoever writes the result makes it inert, as it
    /// does the English one.
    pub fn finding(self, finding: &Finding) -> String {
        match finding.message_id() {
            Some(id) => self.said(id, finding.message_args(), finding.message()),
            None => finding.message().to_owned(),
        }
    }

    /// A register finding's one-line message in this language, as
    /// [`Messages::finding`] writes a pack's.
    pub fn register_finding(self, finding: &RegisterFinding) -> String {
        self.said(
            finding.message_id(),
            finding.message_args(),
            &finding.message,
        )
    }

    /// The message `finding-<id>` with `args`; `english` where this
    /// language lacks it.
    fn said(self, id: MessageId, args: &[(&'static str, MessageArg)], english: &str) -> String {
        let args: Vec<(&str, Arg<'_>)> = args
            .iter()
            .map(|(name, value)| (*name, self.finding_arg(value)))
            .collect();
        let text = self.format(&format!("finding-{}", id.as_str()), &args);
        if text.starts_with(MISSING_MARK) {
            english.to_owned()
        } else {
            text
        }
    }
}

impl Messages {
    /// A finding's value as a message takes it: a number a language chooses
    /// its words by (unless beyond the digits a Fluent number keeps
    /// exactly), a phrase in this language.
    fn finding_arg(self, value: &MessageArg) -> Arg<'_> {
        const EXACT: i64 = 1 << 53;
        match value {
            MessageArg::Number(n) if (-EXACT..=EXACT).contains(n) => Arg::Number(*n),
            MessageArg::Number(n) => Arg::Text(Cow::Owned(n.to_string())),
            MessageArg::Text(text) => Arg::Text(Cow::Borrowed(text)),
            MessageArg::Phrase(id) => {
                let phrase = self.text(&format!("finding-{}", id.as_str()));
                if phrase.starts_with(MISSING_MARK) {
                    Arg::Text(Cow::Borrowed(id.english()))
                } else {
                    Arg::Text(Cow::Owned(phrase))
                }
            }
            MessageArg::Said(id, args) => {
                Arg::Text(Cow::Owned(self.said(*id, args, &value.to_string())))
            }
        }
    }
}

fn fluent_args<'a>(args: &'a [(&str, Arg<'a>)]) -> Option<FluentArgs<'a>> {
    if args.is_empty() {
        return None;
    }
    let mut out = FluentArgs::with_capacity(args.len());
    for (name, value) in args {
        match value {
            Arg::Text(text) => out.set(*name, FluentValue::from(text.as_ref())),
            Arg::Number(n) => out.set(*name, FluentValue::from(*n)),
        }
    }
    Some(out)
}

/// The message (or its attribute) formatted in `language`, or `None` when
/// the language lacks it or it does not format without errors.
fn formatted(
    language: Language,
    id: &str,
    attribute: Option<&str>,
    args: Option<&FluentArgs<'_>>,
) -> Option<String> {
    let bundle = &catalogues()[language.index()].bundle;
    let message = bundle.get_message(id)?;
    let pattern = match attribute {
        None => message.value()?,
        Some(name) => message.get_attribute(name)?.value(),
    };
    let mut errors = Vec::new();
    let text = bundle.format_pattern(pattern, args, &mut errors);
    errors.is_empty().then(|| text.into_owned())
}

/// The ids of every message of `language`'s file, in the file's order.
pub fn ids(language: Language) -> &'static [String] {
    &catalogues()[language.index()].resource_ids
}

/// The names of the values (`{ $name }`) each message and attribute of
/// `language`'s file uses, keyed `id` or `id.attribute`.
pub fn placeholders(language: Language) -> Vec<(String, BTreeSet<String>)> {
    let resource = &resources()[language.index()];
    let mut out = Vec::new();
    for entry in resource.entries() {
        let ast::Entry::Message(message) = entry else {
            continue;
        };
        let id = message.id.name;
        if let Some(value) = &message.value {
            out.push((id.to_owned(), variables(value)));
        }
        for attribute in &message.attributes {
            out.push((
                format!("{id}.{}", attribute.id.name),
                variables(&attribute.value),
            ));
        }
    }
    out
}

/// The variables a pattern references, at any depth (selectors, variants).
fn variables(pattern: &ast::Pattern<&str>) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    collect_pattern(pattern, &mut names);
    names
}

fn collect_pattern(pattern: &ast::Pattern<&str>, names: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            collect_expression(expression, names);
        }
    }
}

fn collect_expression(expression: &ast::Expression<&str>, names: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Inline(inline) => collect_inline(inline, names),
        ast::Expression::Select { selector, variants } => {
            collect_inline(selector, names);
            for variant in variants {
                collect_pattern(&variant.value, names);
            }
        }
    }
}

fn collect_inline(inline: &ast::InlineExpression<&str>, names: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            names.insert(id.name.to_owned());
        }
        ast::InlineExpression::Placeable { expression } => collect_expression(expression, names),
        ast::InlineExpression::FunctionReference { arguments, .. }
        | ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => {
            for a in &arguments.positional {
                collect_inline(a, names);
            }
            for a in &arguments.named {
                collect_inline(&a.value, names);
            }
        }
        _ => {}
    }
}

/// Every message whose id starts with `prefix`, as (id, text) in the
/// English file's order, in `language` (each falling back to English).
/// A value a message takes is written as `{name}`, for the page's script
/// to fill in: `portal-retry` gives "… try again in {seconds} s.".
pub fn strings_with_prefix(language: Language, prefix: &str) -> Vec<(String, String)> {
    let english = placeholders(Language::En);
    ids(Language::En)
        .iter()
        .filter(|id| id.starts_with(prefix))
        .map(|id| {
            let names = english
                .iter()
                .find(|(key, _)| key == id)
                .map(|(_, names)| names.clone())
                .unwrap_or_default();
            let templates: Vec<(String, String)> = names
                .iter()
                .map(|n| (n.clone(), format!("{{{n}}}")))
                .collect();
            let args: Vec<(&str, Arg<'_>)> = templates
                .iter()
                .map(|(n, t)| (n.as_str(), Arg::from(t)))
                .collect();
            (id.clone(), Messages::new(language).format(id, &args))
        })
        .collect()
}

/// The desktop app's words in `language`: every `ui-*` message, as
/// [`strings_with_prefix`] gives them (the app's service hands them to its
/// page, which fills in each `{name}`).
pub fn ui_strings(language: Language) -> Vec<(String, String)> {
    strings_with_prefix(language, "ui-")
}

/// The identifier part of a spec name in a message id: `archive.bad_path`
/// is `archive-bad_path` (Fluent ids cannot hold dots).
pub fn id_part(spec_name: &str) -> String {
    spec_name.replace('.', "-")
}

#[cfg(test)]
mod tests {
    use super::*;
    use proofpack_core::report::{AttestationState, Listing, NotCounted};
    use proofpack_core::{Code, RegisterCode};
    use proofpack_spec::vocab::OpenItemKind;

    #[test]
    fn every_file_parses_and_names_each_message_once() {
        for language in Language::ALL {
            let source = SOURCES[language.index()].to_owned();
            if let Err((_, errors)) = FluentResource::try_new(source) {
                panic!("{language}: {errors:?}");
            }
            let ids = ids(language);
            let unique: BTreeSet<&String> = ids.iter().collect();
            assert_eq!(unique.len(), ids.len(), "{language}: an id is repeated");
        }
    }

    #[test]
    fn every_message_is_in_every_language_with_the_same_placeholders() {
        let english = placeholders(Language::En);
        assert!(english.len() > 400, "{}", english.len());
        for language in [Language::Fr, Language::De] {
            let other = placeholders(language);
            let keys = |p: &[(String, BTreeSet<String>)]| -> BTreeSet<String> {
                p.iter().map(|(k, _)| k.clone()).collect()
            };
            let (en_keys, other_keys) = (keys(&english), keys(&other));
            let missing: Vec<_> = en_keys.difference(&other_keys).collect();
            let extra: Vec<_> = other_keys.difference(&en_keys).collect();
            assert!(missing.is_empty(), "{language} lacks {missing:?}");
            assert!(extra.is_empty(), "{language} has extra {extra:?}");
            for (key, names) in &english {
                let theirs = other.iter().find(|(k, _)| k == key).map(|(_, n)| n);
                assert_eq!(Some(names), theirs, "{language} {key}: placeholders differ");
            }
        }
    }

    #[test]
    fn the_core_names_have_words_and_the_codes_explanations() {
        let mut ids: Vec<String> = Vec::new();
        for v in Verdict::ALL {
            ids.push(format!("verdict-{v}"));
            ids.push(format!("verdict-meaning-{v}"));
        }
        ids.extend(Effect::ALL.iter().map(|e| format!("effect-{e}")));
        ids.extend(
            SuccessCode::ALL
                .iter()
                .map(|c| format!("passed-{}", id_part(c.as_str()))),
        );
        ids.extend(
            AttestationState::ALL
                .iter()
                .map(|s| format!("attestation-{s}")),
        );
        ids.extend(NotCounted::ALL.iter().map(|n| format!("not-counted-{n}")));
        for prefix in ["text-listing", "html-listing", "ls-listing"] {
            ids.extend(Listing::ALL.iter().map(|l| format!("{prefix}-{l}")));
        }
        ids.extend(
            Code::ALL
                .iter()
                .map(|c| format!("code-{}", id_part(c.as_str()))),
        );
        ids.extend(
            RegisterCode::ALL
                .iter()
                .map(|c| format!("code-{}", id_part(c.as_str()))),
        );
        ids.extend(OpenItemKind::ALL.iter().map(|k| format!("open-item-{k}")));
        let english = super::ids(Language::En);
        for id in &ids {
            assert!(english.contains(id), "en lacks {id}");
        }
        // No message a name no longer needs: each `code-*` is a code's.
        let codes = english.iter().filter(|id| id.starts_with("code-")).count();
        assert_eq!(codes, Code::ALL.len() + RegisterCode::ALL.len());
    }

    #[test]
    fn every_finding_message_is_in_every_language_and_english_is_the_cores() {
        use proofpack_core::MessageId;
        let templates = strings_with_prefix(Language::En, "finding-");
        assert_eq!(
            templates.len(),
            MessageId::ALL.len(),
            "a finding-* message no id has"
        );
        for id in MessageId::ALL {
            let key = format!("finding-{}", id.as_str());
            for language in Language::ALL {
                assert!(ids(language).contains(&key), "{language} lacks {key}");
            }
            // The English message, its values as `{name}`, is the core's
            // template: the §13 `message` is what English renders.
            let english = templates.iter().find(|(k, _)| *k == key).map(|(_, t)| t);
            assert_eq!(english.map(String::as_str), Some(id.english()), "{key}");
        }
    }

    #[test]
    fn languages_are_read_from_tags_and_locales() {
        for (tag, want) in [
            ("fr", Some(Language::Fr)),
            ("fr-CH", Some(Language::Fr)),
            ("DE-at", Some(Language::De)),
            ("en_GB", Some(Language::En)),
            ("fr_FR.UTF-8", Some(Language::Fr)),
            ("de_DE@euro", Some(Language::De)),
            ("xx", None),
            ("fra", None),
            ("", None),
        ] {
            assert_eq!(Language::from_tag(tag), want, "{tag:?}");
        }
        for (locale, want) in [
            ("C", Some(Language::En)),
            ("POSIX", Some(Language::En)),
            ("C.UTF-8", Some(Language::En)),
            ("de_CH.UTF-8", Some(Language::De)),
            ("es_ES.UTF-8", None),
            ("", None),
        ] {
            assert_eq!(Language::from_locale(locale), want, "{locale:?}");
        }
        let env = |vars: &'static [(&'static str, &'static str)]| {
            move |name: &str| {
                vars.iter()
                    .find(|(n, _)| *n == name)
                    .map(|(_, v)| (*v).to_owned())
            }
        };
        let from = |vars| Language::from_locale_variables(env(vars));
        assert_eq!(from(&[("LANG", "fr_FR.UTF-8")]), Language::Fr);
        assert_eq!(
            from(&[("LANG", "fr_FR.UTF-8"), ("LC_MESSAGES", "de_DE")]),
            Language::De
        );
        assert_eq!(from(&[("LANG", "de_DE"), ("LC_ALL", "C")]), Language::En);
        // An empty variable counts as unset (POSIX).
        assert_eq!(from(&[("LANG", "de_DE"), ("LC_ALL", "")]), Language::De);
        assert_eq!(from(&[("LANG", "es_ES.UTF-8")]), Language::En);
        assert_eq!(from(&[]), Language::En);
    }

    #[test]
    fn a_message_no_language_has_is_marked_and_plurals_follow_the_language() {
        let unknown = Messages::new(Language::Fr).text("no-such-message");
        assert!(unknown.starts_with(MISSING_MARK), "{unknown}");
        // Values are placed as they are: no bidi isolation marks.
        let at = Messages::new(Language::De).format("html-receipt-due", &[("at", Arg::from("x"))]);
        assert!(!at.contains('\u{2068}') && at.contains('x'), "{at:?}");
        let quorum = |language, counted: usize| {
            Messages::new(language).format(
                "quorum",
                &[
                    ("counted", Arg::from(counted)),
                    ("quorum", Arg::from(7_u64)),
                    ("met", Arg::from("-")),
                ],
            )
        };
        // French and German choose their words by the count; English has
        // one form for all.
        let one_as_two = |language| quorum(language, 1).replacen('1', "2", 1);
        for language in [Language::Fr, Language::De] {
            assert_ne!(one_as_two(language), quorum(language, 2), "{language}");
            assert!(!quorum(language, 2).contains('\n'));
        }
        assert_eq!(one_as_two(Language::En), quorum(Language::En, 2));
    }

    #[test]
    fn ui_strings_are_templates_in_the_language() {
        let portal = strings_with_prefix(Language::Fr, "portal-");
        assert!(!portal.is_empty());
        assert!(portal.iter().all(|(id, _)| id.starts_with("portal-")));
        let english = strings_with_prefix(Language::En, "portal-");
        assert_eq!(portal.len(), english.len());
        let retry = |strings: &[(String, String)]| {
            strings
                .iter()
                .find(|(id, _)| id == "portal-retry")
                .map(|(_, text)| text.clone())
                .unwrap_or_default()
        };
        assert!(retry(&portal).contains("{seconds}"), "{}", retry(&portal));
        assert_ne!(retry(&portal), retry(&english));
        let ui = ui_strings(Language::De);
        assert!(ui.len() > 150, "{}", ui.len());
        assert!(ui.iter().all(|(id, _)| id.starts_with("ui-")));
        // A template keeps its values' names for the page to fill in.
        let page = ui.iter().find(|(id, _)| id == "ui-page").map(|(_, t)| t);
        assert!(page.is_some_and(|t| t.contains("{page}") && t.contains("{total}")));
    }
}
