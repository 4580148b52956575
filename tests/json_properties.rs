//! Property tests of the strict JSON parser of §0 (`proofpack_spec::json`;
//! issue 10 §3): what it accepts, printed and parsed again, is the same
//! value. Inputs are generated JSON documents written with random white
//! space and random escapes (each must parse to the value it was made
//! from), the same documents with a byte changed, and random bytes.

use proofpack_spec::json::{self, Json, JsonErrorKind};
use proptest::prelude::*;

/// A JSON value as generated: member names unique, numbers as text.
#[derive(Debug, Clone, PartialEq)]
enum Model {
    Null,
    Bool(bool),
    Number(String),
    String(String),
    Array(Vec<Model>),
    Object(Vec<(String, Model)>),
}

fn model() -> impl Strategy<Value = Model> {
    let leaf = prop_oneof![
        Just(Model::Null),
        any::<bool>().prop_map(Model::Bool),
        "-?(0|[1-9][0-9]{0,24})(\\.[0-9]{1,6})?([eE][+-]?[0-9]{1,4})?".prop_map(Model::Number),
        any::<String>().prop_map(Model::String),
    ];
    leaf.prop_recursive(5, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Model::Array),
            prop::collection::btree_map(any::<String>(), inner, 0..6)
                .prop_map(|m| Model::Object(m.into_iter().collect())),
        ]
    })
}

/// Values whose member names are drawn from few names, so that a shape's
/// names are met often.
fn model_with_few_names() -> impl Strategy<Value = Model> {
    let leaf = prop_oneof![
        Just(Model::Null),
        "[0-9]{1,3}".prop_map(Model::Number),
        "[a-z\\\\\"\u{e9}]{0,4}".prop_map(Model::String),
    ];
    leaf.prop_recursive(4, 32, 5, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..5).prop_map(Model::Array),
            prop::collection::btree_map("[abc]?", inner, 0..4)
                .prop_map(|m| Model::Object(m.into_iter().collect())),
        ]
    })
}

/// How to write a document: white space between tokens, and which
/// characters of strings to escape, drawn from `choices` in turn.
struct Style {
    choices: Vec<u8>,
    next: usize,
}

impl Style {
    fn compact() -> Self {
        Style {
            choices: vec![0],
            next: 0,
        }
    }
    fn pick(&mut self) -> u8 {
        let c = self.choices[self.next % self.choices.len()];
        self.next += 1;
        c
    }
    fn space(&mut self, out: &mut String) {
        const WS: [&str; 4] = [" ", "\n", "\t", "\r\n  "];
        let c = self.pick();
        if c % 3 == 0 {
            out.push_str(WS[usize::from(c / 3) % WS.len()]);
        }
    }
}

fn write_string(s: &str, style: &mut Style, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        let must = c == '"' || c == '\\' || u32::from(c) < 0x20;
        match (style.pick() % 4, c) {
            (_, '"') => out.push_str("\\\""),
            (_, '\\') => out.push_str("\\\\"),
            (1, '\n') => out.push_str("\\n"),
            (1, '/') => out.push_str("\\/"),
            (2 | 3, c) if must || style.choices.len() > 1 => {
                let mut units = [0u16; 2];
                for u in c.encode_utf16(&mut units) {
                    out.push_str(&format!("\\u{u:04X}"));
                }
            }
            (_, c) if must => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            (_, c) => out.push(c),
        }
    }
    out.push('"');
}

fn write(m: &Model, style: &mut Style, out: &mut String) {
    style.space(out);
    match m {
        Model::Null => out.push_str("null"),
        Model::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
        Model::Number(n) => out.push_str(n),
        Model::String(s) => write_string(s, style, out),
        Model::Array(items) => {
            out.push('[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                write(item, style, out);
            }
            style.space(out);
            out.push(']');
        }
        Model::Object(members) => {
            out.push('{');
            for (i, (name, item)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(',');
                }
                style.space(out);
                write_string(name, style, out);
                style.space(out);
                out.push(':');
                write(item, style, out);
            }
            style.space(out);
            out.push('}');
        }
    }
    style.space(out);
}

/// What the parser gave, as a model.
fn model_of(v: &Json) -> Model {
    match v {
        Json::Null => Model::Null,
        Json::Bool(b) => Model::Bool(*b),
        Json::Number(n) => Model::Number(n.clone()),
        Json::String(s) => Model::String(s.clone()),
        Json::Array(items) => Model::Array(items.iter().map(model_of).collect()),
        Json::Object(o) => {
            Model::Object(o.iter().map(|(k, v)| (k.to_owned(), model_of(v))).collect())
        }
    }
}

/// The compact text of a parsed value.
fn print(v: &Json) -> String {
    let mut out = String::new();
    write(&model_of(v), &mut Style::compact(), &mut out);
    out
}

/// A shape that keeps a few names (those the generator likes to use) and
/// drops the rest.
static SOME: json::Shape = json::Shape::Members(&[
    ("a", json::Shape::Whole),
    ("b", json::Shape::Items(&json::Shape::SCALAR)),
    ("", json::Shape::SCALAR),
]);

/// What [`SOME`] keeps of a whole value.
fn shaped(v: &Json, shape: &json::Shape) -> Json {
    use json::Shape;
    match (shape, v) {
        (Shape::Whole, _) => v.clone(),
        (Shape::Members(members), Json::Object(o)) => {
            let kept: Vec<String> = o
                .iter()
                .filter_map(|(name, value)| {
                    let (_, inner) = members.iter().find(|(n, _)| *n == name)?;
                    Some(format!(
                        "{}:{}",
                        print(&Json::String(name.to_owned())),
                        print(&shaped(value, inner))
                    ))
                })
                .collect();
            json::parse(format!("{{{}}}", kept.join(",")).as_bytes()).unwrap_or(Json::Null)
        }
        (Shape::Items(item), Json::Array(items)) => {
            let kept: Vec<String> = items.iter().map(|i| print(&shaped(i, item))).collect();
            json::parse(format!("[{}]", kept.join(",")).as_bytes()).unwrap_or(Json::Null)
        }
        (_, Json::Object(_)) => json::parse(b"{}").unwrap_or(Json::Null),
        (_, Json::Array(_)) => json::parse(b"[]").unwrap_or(Json::Null),
        (_, scalar) => scalar.clone(),
    }
}

/// A shaped parse accepts exactly what the whole parse accepts, with the
/// same error, and keeps exactly what the shape names.
fn assert_shaped_agrees(bytes: &[u8]) -> Result<(), TestCaseError> {
    let whole = json::parse(bytes);
    let kept = json::parse_shaped(bytes, &SOME);
    prop_assert_eq!(kept.as_ref().err(), whole.as_ref().err());
    if let (Ok(kept), Ok(whole)) = (kept, whole) {
        prop_assert_eq!(kept, shaped(&whole, &SOME));
    }
    Ok(())
}

/// The round trip: an accepted document prints and re-parses to itself.
fn assert_round_trip(bytes: &[u8]) -> Result<(), TestCaseError> {
    if let Ok(value) = json::parse(bytes) {
        let printed = print(&value);
        prop_assert_eq!(json::parse(printed.as_bytes()), Ok(value), "{}", printed);
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn written_documents_parse_to_their_value(m in model(), choices in prop::collection::vec(any::<u8>(), 1..64)) {
        let mut text = String::new();
        write(&m, &mut Style { choices, next: 0 }, &mut text);
        let value = json::parse(text.as_bytes());
        prop_assert!(value.is_ok(), "{:?}: {:?}", text, value);
        let value = value.unwrap();
        assert_shaped_agrees(text.as_bytes())?;
        prop_assert_eq!(model_of(&value), m);
        prop_assert_eq!(json::parse(print(&value).as_bytes()), Ok(value));
    }

    #[test]
    fn changed_documents_round_trip_when_accepted(
        m in model(),
        at in any::<usize>(),
        byte in any::<u8>(),
        how in 0u8..3,
    ) {
        let mut text = Vec::new();
        let mut s = String::new();
        write(&m, &mut Style::compact(), &mut s);
        text.extend_from_slice(s.as_bytes());
        let at = at % (text.len() + 1);
        match how {
            0 if at < text.len() => text[at] = byte,
            1 if at < text.len() => { text.remove(at); }
            _ => text.insert(at, byte),
        }
        assert_round_trip(&text)?;
        assert_shaped_agrees(&text)?;
    }

    #[test]
    fn a_shape_keeps_what_it_names_of_documents_with_few_names(
        m in model_with_few_names(),
        choices in prop::collection::vec(any::<u8>(), 1..32),
        at in any::<usize>(),
        byte in any::<u8>(),
    ) {
        let mut text = String::new();
        write(&m, &mut Style { choices, next: 0 }, &mut text);
        assert_shaped_agrees(text.as_bytes())?;
        let mut changed = text.into_bytes();
        let at = at % (changed.len() + 1);
        changed.insert(at, byte);
        assert_shaped_agrees(&changed)?;
    }

    #[test]
    fn random_bytes_round_trip_when_accepted(bytes in prop::collection::vec(any::<u8>(), 0..64)) {
        assert_round_trip(&bytes)?;
        // The same bytes inside an array: a second chance to be JSON.
        let mut wrapped = b"[".to_vec();
        wrapped.extend_from_slice(&bytes);
        wrapped.push(b']');
        assert_round_trip(&wrapped)?;
    }

    #[test]
    fn a_repeated_member_name_is_refused(name in any::<String>(), a in model(), b in model()) {
        let mut text = String::new();
        write(&Model::Object(vec![(name.clone(), a), (name, b)]), &mut Style::compact(), &mut text);
        let reason = json::parse(text.as_bytes()).map_err(|e| e.reason);
        prop_assert_eq!(reason, Err(JsonErrorKind::DuplicateMember));
    }
}
