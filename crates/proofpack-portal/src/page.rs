//! The portal's page in each language: the form, the table of packs, the
//! pager and the register of a tenant (§19), with every word from the
//! message files (`portal-*`), and the words its script shows as a JSON
//! data block (never run: the page's policy allows its own script file
//! only).
//!
//! Rendered once per language and kept: the page holds no data.

use crate::lang::Lang;
use maud::{html, Markup, PreEscaped, DOCTYPE};
use proofpack_core::{Effect, RegisterCode};
use proofpack_render::i18n::{self, Messages};
use proofpack_spec::vocab::OpenItemKind;
use std::collections::BTreeMap;
use std::sync::OnceLock;

/// The page in `lang`.
pub fn index(lang: Lang) -> &'static str {
    static PAGES: [OnceLock<String>; 3] = [OnceLock::new(), OnceLock::new(), OnceLock::new()];
    PAGES
        .get(lang.index())
        .map_or("", |page| page.get_or_init(|| render(lang).into_string()))
}

/// The words the script shows, by message id: the `portal-*` messages (a
/// value the script fills in written `{name}`), each verdict's word, and
/// for the register each effect's and open item kind's word and what each
/// register code means (keyed `meaning-<code>`).
fn script_words(lang: Lang) -> BTreeMap<String, String> {
    let words = Messages::new(lang);
    let mut map: BTreeMap<String, String> = i18n::strings_with_prefix(lang, "portal-")
        .into_iter()
        .collect();
    for verdict in proofpack_core::Verdict::ALL {
        map.insert(format!("verdict-{verdict}"), words.verdict(*verdict));
    }
    for effect in Effect::ALL {
        map.insert(format!("effect-{effect}"), words.effect(*effect));
    }
    for kind in OpenItemKind::ALL {
        map.insert(
            format!("open-item-{kind}"),
            words.named("open-item", kind.as_str()),
        );
    }
    for code in RegisterCode::ALL {
        let id = format!("code-{}", i18n::id_part(code.as_str()));
        map.insert(format!("meaning-{code}"), words.attribute(&id, "meaning"));
    }
    map
}

/// JSON for a `<script type="application/json">` block: `<`, `>` and `&`
/// as `\u` escapes, so nothing in it can end the element.
fn json_block(words: &BTreeMap<String, String>) -> String {
    serde_json::to_string(words)
        .unwrap_or_else(|_| "{}".to_owned())
        .replace('<', "\\u003c")
        .replace('>', "\\u003e")
        .replace('&', "\\u0026")
}

fn render(lang: Lang) -> Markup {
    let words = Messages::new(lang);
    let w = |id: &str| words.text(id);
    let columns = [
        "tenant",
        "pack",
        "request",
        "verdict",
        "signed-at",
        "file",
        "sha256",
        "download",
    ];
    html! {
        (DOCTYPE)
        html lang=(lang.tag()) {
            head {
                meta charset="utf-8";
                meta name="referrer" content="no-referrer";
                title { (w("portal-title")) }
                link rel="stylesheet" href="/static/portal.css";
                script type="module" src="/static/portal.js" {}
            }
            body {
                main {
                    nav id="languages" aria-label=(w("portal-languages")) {
                        @for other in Lang::ALL {
                            @let name = Messages::new(other).text("language-name");
                            @if other == lang {
                                span aria-current="true" lang=(other.tag()) { (name) }
                            } @else {
                                a href={ "/?lang=" (other.tag()) } hreflang=(other.tag()) lang=(other.tag()) { (name) }
                            }
                        }
                    }
                    h1 { (w("portal-title")) }
                    p { (w("portal-intro")) }
                    form id="auth" autocomplete="off" {
                        label for="token" { (w("portal-token")) }
                        input id="token" type="password" spellcheck="false" autocomplete="off" required;
                        button type="submit" { (w("portal-show")) }
                        button type="button" id="forget" { (w("portal-forget")) }
                    }
                    p id="status" role="status" {}
                    table id="packs" hidden {
                        thead { tr { @for c in columns { th scope="col" { (w(&format!("portal-col-{c}"))) } } } }
                        tbody {}
                    }
                    nav id="pager" hidden {
                        button type="button" id="prev" { (w("portal-previous")) }
                        span id="page" {}
                        button type="button" id="next" { (w("portal-next")) }
                    }
                    (register_section(words))
                }
                script type="application/json" id="words" { (PreEscaped(json_block(&script_words(lang)))) }
            }
        }
    }
}

/// The register of one of the token's tenants: hidden until the token's
/// tenants are known; the script fills the menu, the tables and the status.
fn register_section(words: Messages) -> Markup {
    let w = |id: &str| words.text(id);
    let header = |columns: &[&str]| {
        html! { thead { tr { @for c in columns { th scope="col" { (w(&format!("portal-register-col-{c}"))) } } } } }
    };
    html! {
        section id="register" aria-labelledby="register-title" hidden {
            h2 id="register-title" { (w("portal-register-title")) }
            p { (w("portal-register-intro")) }
            form id="register-form" autocomplete="off" {
                label for="register-tenant" { (w("portal-register-tenant")) }
                select id="register-tenant" {}
                label for="register-as-of" { (w("portal-register-as-of")) }
                input id="register-as-of" type="text" spellcheck="false" autocomplete="off"
                    aria-describedby="register-as-of-hint";
                button type="submit" { (w("portal-register-show")) }
            }
            p id="register-as-of-hint" class="hint" { (w("portal-register-as-of-hint")) }
            p id="register-status" role="status" {}
            div id="register-result" hidden {
                table id="register-requests" {
                    caption { (w("portal-register-requests")) }
                    (header(&["request", "status", "head", "open"]))
                    tbody {}
                }
                table id="register-findings" {
                    caption { (w("portal-register-findings")) }
                    (header(&["code", "effect", "meaning", "detail", "packs"]))
                    tbody {}
                }
                p id="register-no-findings" hidden { (w("portal-register-no-findings")) }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_page_is_in_its_language_with_every_word() {
        for lang in Lang::ALL {
            let page = index(lang);
            assert!(page.contains(&format!("<html lang=\"{}\">", lang.tag())));
            assert!(page.contains(&Messages::new(lang).text("portal-title")));
            assert!(!page.contains(i18n::MISSING_MARK));
            // The other languages are links; this one is not.
            assert!(!page.contains(&format!("href=\"/?lang={}\"", lang.tag())));
            assert_eq!(page.matches("href=\"/?lang=").count(), Lang::ALL.len() - 1);
        }
        assert_ne!(index(Lang::Fr), index(Lang::En));
    }

    #[test]
    fn the_register_section_is_headed_and_its_tables_have_captions_and_column_headers() {
        for lang in Lang::ALL {
            let page = index(lang);
            let section = page
                .split("<section id=\"register\"")
                .nth(1)
                .and_then(|s| s.split("</section>").next())
                .unwrap();
            assert!(section.contains("<h2 id=\"register-title\">"));
            assert_eq!(section.matches("<caption>").count(), 2, "{lang}");
            assert_eq!(section.matches("<th scope=\"col\">").count(), 9, "{lang}");
            assert!(section.contains("<label for=\"register-tenant\">"));
            assert!(section.contains("<label for=\"register-as-of\">"));
            // Every header cell of the page says what it heads.
            assert_eq!(page.matches("<th>").count(), 0, "{lang}");
        }
    }

    #[test]
    fn the_script_words_are_json_that_cannot_end_their_element() {
        for lang in Lang::ALL {
            let page = index(lang);
            let start = page
                .find("id=\"words\">")
                .map(|i| i + "id=\"words\">".len());
            let block = start.and_then(|s| page[s..].split("</script>").next());
            let words: BTreeMap<String, String> =
                serde_json::from_str(block.unwrap_or_default()).unwrap();
            assert!(words["portal-retry"].contains("{seconds}"), "{lang}");
            assert_eq!(
                words["verdict-late"],
                Messages::new(lang).text("verdict-late")
            );
        }
        let words: BTreeMap<String, String> = script_words(Lang::De);
        for code in RegisterCode::ALL {
            let meaning = &words[&format!("meaning-{code}")];
            assert!(
                !meaning.is_empty() && !meaning.contains(i18n::MISSING_MARK),
                "{code}"
            );
        }
        for kind in OpenItemKind::ALL {
            assert!(words.contains_key(&format!("open-item-{kind}")), "{kind}");
        }
        for effect in Effect::ALL {
            assert!(words.contains_key(&format!("effect-{effect}")), "{effect}");
        }
        assert!(words["portal-register-retry"].contains("{seconds}"));
        assert!(words["portal-register-due"].contains("{due}"));
        let hostile = BTreeMap::from([("x".to_owned(), "</script><b>&".to_owned())]);
        let block = json_block(&hostile);
        assert!(!block.contains('<') && !block.contains('&'));
        let back: BTreeMap<String, String> = serde_json::from_str(&block).unwrap();
        assert_eq!(back, hostile);
    }
}
