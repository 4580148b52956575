//! `proofpack_spec::json::parse` on arbitrary bytes, and the pull reader
//! (`json::read`) beside it, which must agree with it on every input. When
//! it accepts, the value must satisfy §0 (UTF-8, no BOM, unique member names, at most 64 levels,
//! RFC 8259 numbers) and survive a print / re-parse round trip; and the
//! 64-level limit must be exact (one more level of array is refused only
//! when it crosses 64).
#![no_main]

use libfuzzer_sys::fuzz_target;
use proofpack_spec::json::{self, Json, MAX_COUNT, MAX_DEPTH};
use std::collections::HashSet;

/// Levels of nesting: objects and arrays only, the top-level one is level 1.
/// Iterative, so a parser bug that nests deeply cannot overflow the stack here.
fn depth(root: &Json) -> usize {
    let mut deepest = 0;
    let mut stack = vec![(root, 0usize)];
    while let Some((v, level)) = stack.pop() {
        match v {
            Json::Array(items) => {
                deepest = deepest.max(level + 1);
                stack.extend(items.iter().map(|i| (i, level + 1)));
            }
            Json::Object(o) => {
                deepest = deepest.max(level + 1);
                stack.extend(o.iter().map(|(_, i)| (i, level + 1)));
            }
            _ => {}
        }
    }
    deepest
}

/// RFC 8259 `number`: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
fn is_rfc8259_number(text: &str) -> bool {
    let b = text.as_bytes();
    let mut i = 0;
    let digits = |i: &mut usize| {
        let start = *i;
        while b.get(*i).is_some_and(u8::is_ascii_digit) {
            *i += 1;
        }
        *i - start
    };
    if b.get(i) == Some(&b'-') {
        i += 1;
    }
    match b.get(i) {
        Some(b'0') => i += 1,
        Some(b'1'..=b'9') => {
            digits(&mut i);
        }
        _ => return false,
    }
    if b.get(i) == Some(&b'.') {
        i += 1;
        if digits(&mut i) == 0 {
            return false;
        }
    }
    if matches!(b.get(i), Some(b'e' | b'E')) {
        i += 1;
        if matches!(b.get(i), Some(b'+' | b'-')) {
            i += 1;
        }
        if digits(&mut i) == 0 {
            return false;
        }
    }
    i == b.len()
}

fn print_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Compact JSON text of a value (numbers as their source text).
fn print(root: &Json) -> String {
    enum Step<'a> {
        Value(&'a Json),
        Text(&'static str),
        Name(&'a str),
    }
    let mut out = String::new();
    let mut stack = vec![Step::Value(root)];
    while let Some(step) = stack.pop() {
        match step {
            Step::Text(t) => out.push_str(t),
            Step::Name(n) => {
                print_string(n, &mut out);
                out.push(':');
            }
            Step::Value(v) => match v {
                Json::Null => out.push_str("null"),
                Json::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
                Json::Number(n) => out.push_str(n),
                Json::String(s) => print_string(s, &mut out),
                Json::Array(items) => {
                    out.push('[');
                    stack.push(Step::Text("]"));
                    for (k, item) in items.iter().enumerate().rev() {
                        stack.push(Step::Value(item));
                        if k > 0 {
                            stack.push(Step::Text(","));
                        }
                    }
                }
                Json::Object(o) => {
                    out.push('{');
                    stack.push(Step::Text("}"));
                    let members: Vec<_> = o.iter().collect();
                    for (k, (name, item)) in members.into_iter().enumerate().rev() {
                        stack.push(Step::Value(item));
                        stack.push(Step::Name(name));
                        if k > 0 {
                            stack.push(Step::Text(","));
                        }
                    }
                }
            },
        }
    }
    out
}

fn check(value: &Json) {
    let mut stack = vec![value];
    while let Some(v) = stack.pop() {
        match v {
            Json::Number(n) => {
                assert!(is_rfc8259_number(n), "accepted number {n:?}");
                if let Some(count) = v.as_count() {
                    assert!(count <= MAX_COUNT);
                    assert!(n.bytes().all(|b| b.is_ascii_digit()), "count {n:?}");
                }
            }
            Json::Array(items) => stack.extend(items.iter()),
            Json::Object(o) => {
                let mut names = HashSet::new();
                for (name, item) in o.iter() {
                    assert!(names.insert(name), "duplicate member {name:?} accepted");
                    stack.push(item);
                }
            }
            _ => {}
        }
    }
}

/// Reads every value through the pull reader: containers member by member,
/// scalars as scalars (what a record reader does, all of it).
fn read_all(value: json::Value<'_, '_>) {
    match value.kind() {
        Some(json::Kind::Object) => {
            value.members(|_, v| read_all(v));
        }
        Some(json::Kind::Array) => {
            value.items(read_all);
        }
        _ => drop(value.scalar()),
    }
}

fuzz_target!(|data: &[u8]| {
    // The pull reader rejects exactly what `parse` rejects, with the same
    // error, whether it skips everything or reads everything.
    let parsed = json::parse(data);
    let verdict = parsed.as_ref().map(|_| ()).map_err(Clone::clone);
    assert_eq!(json::read(data, |v| v.skip()), verdict, "skipping reader");
    assert_eq!(json::read(data, read_all), verdict, "reading reader");
    let Ok(value) = parsed else {
        return;
    };
    assert!(std::str::from_utf8(data).is_ok(), "accepted invalid UTF-8");
    assert!(!data.starts_with(&[0xef, 0xbb, 0xbf]), "accepted a BOM");
    let levels = depth(&value);
    assert!(levels <= MAX_DEPTH, "accepted {levels} levels");
    check(&value);

    // Round trip.
    let printed = print(&value);
    let again = json::parse(printed.as_bytes())
        .unwrap_or_else(|e| panic!("printed form {printed:?} does not parse: {e}"));
    assert_eq!(again, value, "round trip changed the value");

    // The depth limit is exact: one more level is fine up to 64, not beyond.
    let mut wrapped = Vec::with_capacity(data.len() + 2);
    wrapped.push(b'[');
    wrapped.extend_from_slice(data);
    wrapped.push(b']');
    assert_eq!(
        json::parse(&wrapped).is_ok(),
        levels < MAX_DEPTH,
        "wrapping a {levels}-level document"
    );
});
