//! The language of the portal's page and of an HTML report: a `lang` query
//! parameter, else the request's `Accept-Language` (RFC 9110 §12.5.4) by
//! RFC 4647 §3.4 lookup: ranges in order of preference (`q`), each
//! shortened subtag by subtag until it names a language the portal
//! renders; the default when none does.
//!
//! Written here rather than taken from a crate: those on crates.io either
//! ignore `q` (`fluent-langneg`) or keep `q=0`, which means "not this one",
//! and match whole tags only (`accept-language`).

/// A language the portal renders its page and reports in: the languages
/// of the message files ([`proofpack_render::i18n`]).
pub use proofpack_render::i18n::Language as Lang;

/// The most ranges of one header considered: a browser sends a handful.
const MAX_RANGES: usize = 32;

/// The language of a request that names none the portal renders.
pub const DEFAULT: Lang = Lang::En;

/// The language for a request with this `Accept-Language` value (or none):
/// the most preferred one the portal renders, else the default. A
/// malformed entry is ignored, not refused.
pub fn negotiate(accept_language: Option<&str>) -> Lang {
    accept_language
        .map(preferred_ranges)
        .unwrap_or_default()
        .into_iter()
        .find_map(lookup)
        .unwrap_or(DEFAULT)
}

/// The language a request asks for: its `lang` query parameter when that
/// names a language the portal renders (a reader's explicit choice, as the
/// page's language links make it), else by `Accept-Language`.
pub fn requested(query: Option<&str>, accept_language: Option<&str>) -> Lang {
    query
        .filter(|q| language_range(q) && *q != "*")
        .and_then(lookup)
        .unwrap_or_else(|| negotiate(accept_language))
}

/// The language ranges of an `Accept-Language` value, most preferred
/// first: `q=0` ("not this one"), `*` and malformed entries left out, equal
/// weights in the header's order.
fn preferred_ranges(header: &str) -> Vec<&str> {
    let mut ranges: Vec<(u16, &str)> = header
        .split(',')
        .take(MAX_RANGES)
        .filter_map(weighted_range)
        .filter(|(q, range)| *q > 0 && *range != "*")
        .collect();
    // A stable sort: equal weights keep their order.
    ranges.sort_by_key(|(q, _)| std::cmp::Reverse(*q));
    ranges.into_iter().map(|(_, range)| range).collect()
}

/// The language rendered for `range` or one of its prefixes (`en-GB-x`,
/// `en-GB`, `en`), case-insensitively.
fn lookup(range: &str) -> Option<Lang> {
    let mut candidate = range;
    loop {
        if let Some(lang) = Lang::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(candidate))
        {
            return Some(lang);
        }
        candidate = &candidate[..candidate.rfind('-')?];
    }
}

/// One `language-range [ weight ]` entry as (q in thousandths, range), or
/// `None` if it is malformed.
fn weighted_range(entry: &str) -> Option<(u16, &str)> {
    let mut parts = entry.split(';');
    let range = parts.next()?.trim();
    let q = match parts.next() {
        None => 1000,
        Some(weight) => {
            let value = weight.trim().strip_prefix("q=")?;
            qvalue(value)?
        }
    };
    if parts.next().is_some() || !language_range(range) {
        return None;
    }
    Some((q, range))
}

/// `1*8ALPHA *("-" 1*8alphanum)` or `*` (RFC 4647 §2.1).
fn language_range(range: &str) -> bool {
    if range == "*" {
        return true;
    }
    let mut subtags = range.split('-');
    let first_ok = subtags
        .next()
        .is_some_and(|s| (1..=8).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphabetic()));
    first_ok
        && subtags
            .all(|s| (1..=8).contains(&s.len()) && s.bytes().all(|b| b.is_ascii_alphanumeric()))
}

/// An RFC 9110 `qvalue` in thousandths: `0`, `0.5`, `0.125`, `1`, `1.000`.
fn qvalue(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = format!("{fraction:0<3}").parse::<u16>().ok()?;
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_come_by_preference_without_refusals_or_wildcards() {
        assert_eq!(
            preferred_ranges("fr-CH, fr;q=0.9, en;q=0.8, de;q=0.9, *;q=0.5"),
            ["fr-CH", "fr", "de", "en"]
        );
        assert_eq!(preferred_ranges("en;q=0, fr;q=0.001"), ["fr"]);
        assert_eq!(preferred_ranges("de;q=0.5, en;q=2, x y, fr"), ["fr", "de"]);
        assert!(preferred_ranges(";;;,,,*").is_empty());
        assert_eq!(preferred_ranges(&"de,".repeat(100)).len(), MAX_RANGES);
        assert_eq!(negotiate(Some("fr, de;q=0.5")), Lang::Fr);
        assert_eq!(negotiate(Some("es, de;q=0.5, fr;q=0.4")), Lang::De);
        assert_eq!(negotiate(Some("es, it")), DEFAULT);
        assert_eq!(negotiate(Some("fr;q=0, en;q=0.1")), Lang::En);
        assert_eq!(negotiate(None), DEFAULT);
    }

    #[test]
    fn ranges_are_read_with_their_weights() {
        assert_eq!(weighted_range("en-GB;q=0.8"), Some((800, "en-GB")));
        assert_eq!(weighted_range(" fr "), Some((1000, "fr")));
        assert_eq!(weighted_range("de; q=0.125"), Some((125, "de")));
        assert_eq!(weighted_range("*;q=0.1"), Some((100, "*")));
        assert_eq!(weighted_range("en;q=1.000"), Some((1000, "en")));
        assert_eq!(weighted_range("en;q=0"), Some((0, "en")));
        for malformed in [
            "en;q=1.5",
            "en;q=0.1234",
            "en;q=",
            "en;level=1",
            "en;q=0.5;q=0.2",
            "",
            "e n",
            "en--GB",
            "123",
            "abcdefghi",
        ] {
            assert_eq!(weighted_range(malformed), None, "{malformed:?}");
        }
        assert_eq!(lookup("en-GB-oxendict"), Some(Lang::En));
        assert_eq!(lookup("eng"), None);
        assert_eq!(lookup("fr-CA"), Some(Lang::Fr));
        assert_eq!(lookup("de-AT-1996"), Some(Lang::De));
        assert_eq!(lookup("es-ES"), None);
    }

    #[test]
    fn the_lang_parameter_comes_before_accept_language() {
        assert_eq!(requested(Some("de"), Some("fr")), Lang::De);
        assert_eq!(requested(Some("FR-ch"), None), Lang::Fr);
        // One the portal does not render, or malformed: the header decides.
        assert_eq!(requested(Some("es"), Some("fr")), Lang::Fr);
        assert_eq!(requested(Some("*"), Some("de")), Lang::De);
        assert_eq!(requested(Some("de_DE@x"), None), DEFAULT);
        assert_eq!(requested(None, None), DEFAULT);
    }
}
