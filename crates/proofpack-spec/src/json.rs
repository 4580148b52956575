//! Strict JSON (spec §0): RFC 8259 over UTF-8 with no byte-order mark, no
//! duplicate member names, no lone surrogates, at most 64 levels of nesting,
//! and numbers kept as written so that counts can be checked for form.
//!
//! `serde_json` would silently keep the last of two duplicate members and
//! turn `512.0` into a float, so the verifier parses with this small parser and
//! works on [`Json`] values, which keep member order and the raw number text.

use std::fmt;

/// The deepest nesting of objects and arrays that §0 allows.
pub const MAX_DEPTH: usize = 64;

/// The largest count §0 allows: 2^53 - 1.
pub const MAX_COUNT: u64 = (1 << 53) - 1;

/// A parsed JSON value.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Json {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number, as its exact source text.
    Number(String),
    /// A string, unescaped.
    String(String),
    /// An array.
    Array(Vec<Json>),
    /// An object, members in source order, names unique.
    Object(JsonObject),
}

/// A JSON object whose member names are unique.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct JsonObject {
    members: Vec<(String, Json)>,
}

impl JsonObject {
    /// The member named `name`.
    pub fn get(&self, name: &str) -> Option<&Json> {
        self.members.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    /// The members in source order.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &Json)> {
        self.members.iter().map(|(k, v)| (k.as_str(), v))
    }

    /// Whether the object has a member named `name`.
    pub fn contains(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    /// Takes the member named `name` out of the object, so that a large
    /// member can be consumed (and its memory given back) piece by piece.
    pub fn remove(&mut self, name: &str) -> Option<Json> {
        let at = self.members.iter().position(|(k, _)| k == name)?;
        Some(self.members.remove(at).1)
    }
}

impl Json {
    /// The string, if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Json::String(s) => Some(s),
            _ => None,
        }
    }

    /// The boolean, if this is a boolean.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Json::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// The object, if this is an object.
    pub fn as_object(&self) -> Option<&JsonObject> {
        match self {
            Json::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The object, owned, if this is an object.
    pub fn into_object(self) -> Option<JsonObject> {
        match self {
            Json::Object(o) => Some(o),
            _ => None,
        }
    }

    /// The array, owned, if this is an array.
    pub fn into_array(self) -> Option<Vec<Json>> {
        match self {
            Json::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The array, if this is an array.
    pub fn as_array(&self) -> Option<&[Json]> {
        match self {
            Json::Array(a) => Some(a),
            _ => None,
        }
    }

    /// Whether this is `null`.
    pub fn is_null(&self) -> bool {
        matches!(self, Json::Null)
    }

    /// A §0 count: an integer in 0..=2^53-1 written with digits only
    /// (no sign, fraction or exponent, no leading zero).
    pub fn as_count(&self) -> Option<u64> {
        let Json::Number(text) = self else {
            return None;
        };
        if text.is_empty()
            || !text.bytes().all(|b| b.is_ascii_digit())
            || (text.len() > 1 && text.starts_with('0'))
        {
            return None;
        }
        let value: u64 = text.parse().ok()?;
        (value <= MAX_COUNT).then_some(value)
    }
}

/// Why bytes are not well-formed JSON under §0.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JsonError {
    /// Byte offset of the problem.
    pub offset: usize,
    /// What is wrong.
    pub reason: JsonErrorKind,
}

/// The kinds of [`JsonError`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum JsonErrorKind {
    /// The bytes are not UTF-8.
    InvalidUtf8,
    /// A byte-order mark at the start.
    ByteOrderMark,
    /// A syntax error.
    Syntax,
    /// The input ended early.
    UnexpectedEnd,
    /// Something follows the value.
    TrailingCharacters,
    /// An object repeats a member name.
    DuplicateMember,
    /// A `\u` escape of a lone surrogate.
    LoneSurrogate,
    /// Nesting deeper than [`MAX_DEPTH`].
    TooDeep,
    /// A document of 4 GiB or more: names are located by 32-bit offsets
    /// (§1 bounds a member at 512 MiB, far below).
    TooLarge,
}

impl fmt::Display for JsonError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let what = match self.reason {
            JsonErrorKind::InvalidUtf8 => "invalid UTF-8",
            JsonErrorKind::ByteOrderMark => "byte-order mark",
            JsonErrorKind::Syntax => "syntax error",
            JsonErrorKind::UnexpectedEnd => "unexpected end of input",
            JsonErrorKind::TrailingCharacters => "characters after the value",
            JsonErrorKind::DuplicateMember => "duplicate member name",
            JsonErrorKind::LoneSurrogate => "lone surrogate escape",
            JsonErrorKind::TooDeep => "nesting deeper than 64 levels",
            JsonErrorKind::TooLarge => "a document of 4 GiB or more",
        };
        write!(f, "{what} at byte {}", self.offset)
    }
}

impl std::error::Error for JsonError {}

/// Parses one JSON document under the rules of §0.
pub fn parse(bytes: &[u8]) -> Result<Json, JsonError> {
    parse_shaped(bytes, &Shape::Whole)
}

/// Which parts of a document its reader uses. What a shape leaves out is
/// still checked against every rule of §0 (syntax, UTF-8, surrogates, depth,
/// number forms, duplicate names) but not kept, so a member the spec does not
/// name costs no memory however it is built.
#[derive(Debug, Clone, Copy)]
pub enum Shape {
    /// The value, whole.
    Whole,
    /// An object: these members, each of its shape; the others are dropped.
    /// A value that is not an object is kept if it is a scalar, and as an
    /// empty container of its type otherwise (its type is what a reader
    /// reports; its contents are not read).
    Members(&'static [(&'static str, Shape)]),
    /// An array whose items each have this shape (any other value as for
    /// [`Shape::Members`]).
    Items(&'static Shape),
}

impl Shape {
    /// A value of which only a scalar is used: a container is kept empty.
    pub const SCALAR: Shape = Shape::Members(&[]);
    /// An array of scalars.
    pub const SCALARS: Shape = Shape::Items(&Shape::SCALAR);
}

/// What the parser does with one value.
#[derive(Clone, Copy)]
enum Want {
    /// Check it and drop it.
    Skip,
    /// Keep what the shape names.
    Keep(&'static Shape),
}

/// [`parse`], keeping only what `shape` names (see [`Shape`]). The bytes are
/// valid exactly when [`parse`] accepts them.
pub fn parse_shaped(bytes: &[u8], shape: &'static Shape) -> Result<Json, JsonError> {
    if u32::try_from(bytes.len()).is_err() {
        return Err(JsonError {
            offset: 0,
            reason: JsonErrorKind::TooLarge,
        });
    }
    if bytes.starts_with(&[0xEF, 0xBB, 0xBF]) {
        return Err(JsonError {
            offset: 0,
            reason: JsonErrorKind::ByteOrderMark,
        });
    }
    let text = std::str::from_utf8(bytes).map_err(|e| JsonError {
        offset: e.valid_up_to(),
        reason: JsonErrorKind::InvalidUtf8,
    })?;
    let mut parser = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
    };
    parser.skip_ws();
    let value = parser.value(0, Want::Keep(shape))?;
    parser.skip_ws();
    if parser.pos != parser.bytes.len() {
        return Err(parser.err(JsonErrorKind::TrailingCharacters));
    }
    Ok(value.unwrap_or(Json::Null))
}

struct Parser<'a> {
    /// The input, known to be UTF-8: runs between ASCII delimiters are
    /// sliced from it without being checked again.
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

/// Up to this many members, an object finds a repeated name by comparing it
/// with the names before it, at once; beyond, by sorting the names' spans
/// in the input when the object ends (exact, and no copy of any name).
const SMALL_OBJECT: usize = 16;

/// A member name as it stands in the input: the bytes between its quotes,
/// and whether they hold an escape (then it is compared unescaped).
#[derive(Clone, Copy)]
struct NameSpan {
    start: u32,
    len: u32,
    escaped: bool,
}

impl NameSpan {
    fn raw<'t>(&self, text: &'t str) -> &'t str {
        let start = self.start as usize;
        text.get(start..start + self.len as usize)
            .unwrap_or_default()
    }
}

/// Two names compared as their unescaped text (`"a"` and `"\u0061"` are the
/// same name); plain names byte by byte, which is the same order.
fn name_order(text: &str, a: &NameSpan, b: &NameSpan) -> std::cmp::Ordering {
    let (x, y) = (a.raw(text), b.raw(text));
    if !a.escaped && !b.escaped {
        return x.as_bytes().cmp(y.as_bytes());
    }
    Unescaped::new(x).cmp(Unescaped::new(y))
}

/// The characters of a string's raw text, escapes decoded. The text was
/// checked when it was read, so every escape here is well-formed.
struct Unescaped<'a> {
    rest: std::str::Chars<'a>,
}

impl<'a> Unescaped<'a> {
    fn new(raw: &'a str) -> Self {
        Unescaped { rest: raw.chars() }
    }

    fn hex4(&mut self) -> u32 {
        (0..4).fold(0, |v, _| {
            (v << 4) | self.rest.next().and_then(|c| c.to_digit(16)).unwrap_or(0)
        })
    }
}

impl Iterator for Unescaped<'_> {
    type Item = char;

    fn next(&mut self) -> Option<char> {
        let c = self.rest.next()?;
        if c != '\\' {
            return Some(c);
        }
        Some(match self.rest.next()? {
            'b' => '\u{8}',
            'f' => '\u{c}',
            'n' => '\n',
            'r' => '\r',
            't' => '\t',
            'u' => {
                let first = self.hex4();
                let code = if (0xD800..=0xDBFF).contains(&first) {
                    self.rest.nth(1); // the `\u` of the low surrogate
                    let second = self.hex4();
                    0x10000 + ((first - 0xD800) << 10) + (second.wrapping_sub(0xDC00) & 0x3FF)
                } else {
                    first
                };
                char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER)
            }
            other => other, // `"`, `\\` and `/` stand for themselves
        })
    }
}

impl Parser<'_> {
    fn err(&self, reason: JsonErrorKind) -> JsonError {
        JsonError {
            offset: self.pos,
            reason,
        }
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn next(&mut self) -> Result<u8, JsonError> {
        let b = self.peek().ok_or(self.err(JsonErrorKind::UnexpectedEnd))?;
        self.pos += 1;
        Ok(b)
    }

    fn expect(&mut self, want: u8) -> Result<(), JsonError> {
        let at = self.pos;
        if self.next()? == want {
            Ok(())
        } else {
            Err(JsonError {
                offset: at,
                reason: JsonErrorKind::Syntax,
            })
        }
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    fn literal(&mut self, word: &[u8], value: Json) -> Result<Json, JsonError> {
        let end = self.pos + word.len();
        match self.bytes.get(self.pos..end) {
            Some(s) if s == word => {
                self.pos = end;
                Ok(value)
            }
            Some(_) => Err(self.err(JsonErrorKind::Syntax)),
            None => Err(self.err(JsonErrorKind::UnexpectedEnd)),
        }
    }

    /// `depth` is the number of containers enclosing this value. `None`
    /// when `want` drops it.
    fn value(&mut self, depth: usize, want: Want) -> Result<Option<Json>, JsonError> {
        let keep = matches!(want, Want::Keep(_));
        let value = match self.peek() {
            None => return Err(self.err(JsonErrorKind::UnexpectedEnd)),
            Some(b'{') => return self.object(depth + 1, want),
            Some(b'[') => return self.array(depth + 1, want),
            Some(b'"') => {
                let mut out = String::new();
                self.string(keep.then_some(&mut out))?;
                Json::String(out)
            }
            Some(b't') => self.literal(b"true", Json::Bool(true))?,
            Some(b'f') => self.literal(b"false", Json::Bool(false))?,
            Some(b'n') => self.literal(b"null", Json::Null)?,
            Some(b'-' | b'0'..=b'9') => self.number(keep)?,
            Some(_) => return Err(self.err(JsonErrorKind::Syntax)),
        };
        Ok(keep.then_some(value))
    }

    /// Whether members named `name` are kept, and how, under `want`.
    fn member_want(want: Want, name: &str) -> Want {
        match want {
            Want::Keep(Shape::Whole) => want,
            Want::Keep(Shape::Members(members)) => members
                .iter()
                .find(|(n, _)| *n == name)
                .map_or(Want::Skip, |(_, shape)| Want::Keep(shape)),
            Want::Keep(Shape::Items(_)) | Want::Skip => Want::Skip,
        }
    }

    fn object(&mut self, level: usize, want: Want) -> Result<Option<Json>, JsonError> {
        if level > MAX_DEPTH {
            return Err(self.err(JsonErrorKind::TooDeep));
        }
        self.expect(b'{')?;
        let keep = matches!(want, Want::Keep(_));
        let mut members: Vec<(String, Json)> = Vec::new();
        let mut names: Vec<NameSpan> = Vec::new();
        let mut name = String::new();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return Ok(keep.then_some(Json::Object(JsonObject { members })));
        }
        loop {
            self.skip_ws();
            let name_at = self.pos;
            if self.peek() != Some(b'"') {
                return Err(self.err(if self.peek().is_none() {
                    JsonErrorKind::UnexpectedEnd
                } else {
                    JsonErrorKind::Syntax
                }));
            }
            name.clear();
            let span = self.string(Some(&mut name))?;
            if names.len() < SMALL_OBJECT
                && names
                    .iter()
                    .any(|n| name_order(self.text, n, &span).is_eq())
            {
                return Err(JsonError {
                    offset: name_at,
                    reason: JsonErrorKind::DuplicateMember,
                });
            }
            names.push(span);
            self.skip_ws();
            self.expect(b':')?;
            self.skip_ws();
            let member = Self::member_want(want, &name);
            if let Some(value) = self.value(level, member)? {
                members.push((name.clone(), value));
            }
            self.skip_ws();
            match self.next()? {
                b',' => continue,
                b'}' => break,
                _ => {
                    self.pos -= 1;
                    return Err(self.err(JsonErrorKind::Syntax));
                }
            }
        }
        if names.len() > SMALL_OBJECT {
            self.check_wide_object(names)?;
        }
        // Growth by doubling leaves up to half unused: a parsed value keeps
        // only what it holds.
        members.shrink_to_fit();
        Ok(keep.then_some(Json::Object(JsonObject { members })))
    }

    /// The duplicate check of an object of more than [`SMALL_OBJECT`]
    /// members, once it has ended: its names' spans sorted by their
    /// unescaped text, neighbours compared. Reports the repeat that comes
    /// first in the input.
    fn check_wide_object(&self, mut names: Vec<NameSpan>) -> Result<(), JsonError> {
        names.sort_by(|a, b| name_order(self.text, a, b).then(a.start.cmp(&b.start)));
        let repeat = names
            .windows(2)
            .filter_map(|pair| match pair {
                [a, b] if name_order(self.text, a, b).is_eq() => Some(b.start),
                _ => None,
            })
            .min();
        match repeat {
            // The name's opening quote.
            Some(start) => Err(JsonError {
                offset: start as usize - 1,
                reason: JsonErrorKind::DuplicateMember,
            }),
            None => Ok(()),
        }
    }

    fn array(&mut self, level: usize, want: Want) -> Result<Option<Json>, JsonError> {
        if level > MAX_DEPTH {
            return Err(self.err(JsonErrorKind::TooDeep));
        }
        self.expect(b'[')?;
        let keep = matches!(want, Want::Keep(_));
        let item = match want {
            Want::Keep(Shape::Whole) => want,
            Want::Keep(Shape::Items(shape)) => Want::Keep(shape),
            Want::Keep(Shape::Members(_)) | Want::Skip => Want::Skip,
        };
        let mut items = Vec::new();
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return Ok(keep.then_some(Json::Array(items)));
        }
        loop {
            self.skip_ws();
            if let Some(value) = self.value(level, item)? {
                items.push(value);
            }
            self.skip_ws();
            match self.next()? {
                b',' => continue,
                b']' => {
                    items.shrink_to_fit();
                    return Ok(keep.then_some(Json::Array(items)));
                }
                _ => {
                    self.pos -= 1;
                    return Err(self.err(JsonErrorKind::Syntax));
                }
            }
        }
    }

    fn hex4(&mut self) -> Result<u16, JsonError> {
        let mut v: u16 = 0;
        for _ in 0..4 {
            let at = self.pos;
            let b = self.next()?;
            let d = (b as char).to_digit(16).ok_or(JsonError {
                offset: at,
                reason: JsonErrorKind::Syntax,
            })?;
            v = (v << 4) | d as u16;
        }
        Ok(v)
    }

    /// Reads a string, unescaped into `out` when one is given, and returns
    /// the span of its raw text (between the quotes).
    fn string(&mut self, mut out: Option<&mut String>) -> Result<NameSpan, JsonError> {
        self.expect(b'"')?;
        let first = self.pos;
        let mut escaped = false;
        loop {
            // Copy the run of plain characters; the input is known to be UTF-8.
            let start = self.pos;
            while let Some(b) = self.peek() {
                if b == b'"' || b == b'\\' || b < 0x20 {
                    break;
                }
                self.pos += 1;
            }
            if let Some(out) = out.as_deref_mut() {
                // Both ends are at ASCII bytes, so on character boundaries.
                out.push_str(self.text.get(start..self.pos).unwrap_or_default());
            }
            let at = self.pos;
            match self.next()? {
                b'"' => {
                    // `parse_shaped` refuses 4 GiB and more: offsets fit.
                    let span = NameSpan {
                        start: u32::try_from(first).unwrap_or(u32::MAX),
                        len: u32::try_from(at - first).unwrap_or(u32::MAX),
                        escaped,
                    };
                    return Ok(span);
                }
                b'\\' => {
                    escaped = true;
                    let c = match self.next()? {
                        b'"' => '"',
                        b'\\' => '\\',
                        b'/' => '/',
                        b'b' => '\u{8}',
                        b'f' => '\u{c}',
                        b'n' => '\n',
                        b'r' => '\r',
                        b't' => '\t',
                        b'u' => self.unicode_escape(at)?,
                        _ => {
                            return Err(JsonError {
                                offset: at,
                                reason: JsonErrorKind::Syntax,
                            })
                        }
                    };
                    if let Some(out) = out.as_deref_mut() {
                        out.push(c);
                    }
                }
                _ => {
                    return Err(JsonError {
                        offset: at,
                        reason: JsonErrorKind::Syntax,
                    })
                }
            }
        }
    }

    fn unicode_escape(&mut self, at: usize) -> Result<char, JsonError> {
        let lone = JsonError {
            offset: at,
            reason: JsonErrorKind::LoneSurrogate,
        };
        let first = self.hex4()?;
        let code = match first {
            0xD800..=0xDBFF => {
                if self.bytes.get(self.pos..self.pos + 2) != Some(b"\\u") {
                    return Err(lone);
                }
                self.pos += 2;
                let second = self.hex4()?;
                if !(0xDC00..=0xDFFF).contains(&second) {
                    return Err(lone);
                }
                0x10000 + (((first as u32) - 0xD800) << 10) + ((second as u32) - 0xDC00)
            }
            0xDC00..=0xDFFF => return Err(lone),
            _ => first as u32,
        };
        char::from_u32(code).ok_or(lone)
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        self.pos - start
    }

    /// Reads a number; its text is copied only when it is kept.
    fn number(&mut self, keep: bool) -> Result<Json, JsonError> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => return Err(self.err(JsonErrorKind::Syntax)),
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                return Err(self.err(JsonErrorKind::Syntax));
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                return Err(self.err(JsonErrorKind::Syntax));
            }
        }
        if !keep {
            return Ok(Json::Null);
        }
        let text = self.text.get(start..self.pos).unwrap_or_default();
        Ok(Json::Number(text.to_owned()))
    }
}

/// Splits JSONL bytes (§0) into numbered lines: `\n`-terminated, the final
/// `\n` optional, no `\r`, no blank lines. An empty input has no lines.
///
/// Returns `(1-based line number, Some(bytes))` per line, with `None` for a
/// line that breaks the framing rules (blank, or holding a `\r`).
///
/// Lazy: a member of twenty million blank lines is judged line by line
/// without a twenty-million-entry list.
pub fn jsonl_lines(bytes: &[u8]) -> impl Iterator<Item = (usize, Option<&[u8]>)> {
    let body = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    // An empty input has no lines (`split` would give one empty line).
    let lines = (!bytes.is_empty()).then(|| body.split(|b| *b == b'\n'));
    lines.into_iter().flatten().enumerate().map(|(i, line)| {
        let framed = !line.is_empty() && !line.contains(&b'\r');
        (i + 1, framed.then_some(line))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(text: &str) -> Option<JsonErrorKind> {
        parse(text.as_bytes()).err().map(|e| e.reason)
    }

    #[test]
    fn names_are_compared_unescaped_in_small_and_wide_objects() {
        assert_eq!(
            reason(r#"{"a":1,"\u0061":2}"#),
            Some(JsonErrorKind::DuplicateMember)
        );
        assert_eq!(
            reason(r#"{"\/":1,"/":2}"#),
            Some(JsonErrorKind::DuplicateMember)
        );
        let wide: String = (0..40).map(|i| format!("\"k{i}\":0,")).collect();
        assert_eq!(reason(&format!("{{{wide}\"z\":0}}")), None);
        let repeat = format!("{{{wide}\"\\u006b7\":1}}"); // "k7" escaped
        assert_eq!(reason(&repeat), Some(JsonErrorKind::DuplicateMember));
        // Surrogate pairs decode to one character: "\ud83d\ude00" is "😀".
        let emoji = format!("{{{wide}\"😀\":0,\"\\ud83d\\ude00\":1}}");
        assert_eq!(reason(&emoji), Some(JsonErrorKind::DuplicateMember));
    }

    #[test]
    fn the_first_repeat_of_a_wide_object_is_reported() {
        let wide: String = (0..40).map(|i| format!("\"k{i}\":0,")).collect();
        let text = format!("{{{wide}\"k3\":1,\"k1\":1}}");
        let err = parse(text.as_bytes()).expect_err("duplicate");
        assert_eq!(err.reason, JsonErrorKind::DuplicateMember);
        assert_eq!(err.offset, text.find("\"k3\":1").expect("repeat"));
    }

    static KEEP_A: Shape = Shape::Members(&[("a", Shape::Whole), ("b", Shape::SCALAR)]);

    #[test]
    fn a_shape_keeps_what_it_names_and_checks_the_rest() {
        let text = br#"{"x":[1,{"y":"z"}],"a":{"n":[1,2]},"b":[3,4],"c":"d"}"#;
        let kept = parse_shaped(text, &KEEP_A).expect("valid");
        let whole = parse(br#"{"a":{"n":[1,2]},"b":[]}"#).expect("valid");
        assert_eq!(kept, whole);
        // What is dropped is still checked: every §0 rule.
        for bad in [
            &br#"{"x":[1,],"a":1}"#[..],
            br#"{"x":{"y":1,"y":2},"a":1}"#,
            br#"{"x":"\ud800","a":1}"#,
            br#"{"x":01,"a":1}"#,
            b"{\"x\":\"\xff\",\"a\":1}",
            br#"{"x":1,"x":2}"#,
        ] {
            assert_eq!(
                parse_shaped(bad, &KEEP_A).map(|_| ()),
                parse(bad).map(|_| ()),
                "{}",
                String::from_utf8_lossy(bad)
            );
            assert!(parse(bad).is_err());
        }
        let deep = format!("{{\"x\":{}1{},\"a\":1}}", "[".repeat(64), "]".repeat(64));
        assert_eq!(
            parse_shaped(deep.as_bytes(), &KEEP_A).map(|_| ()),
            parse(deep.as_bytes()).map(|_| ())
        );
        assert!(parse(deep.as_bytes()).is_err());
    }

    fn kind(input: &str) -> Option<JsonErrorKind> {
        parse(input.as_bytes()).err().map(|e| e.reason)
    }

    #[test]
    fn accepts_rfc8259_documents() {
        let v = parse(br#" {"a": [1, -2.5e3, "x\u00e9\ud83d\ude00", true, null], "b": {}} "#)
            .expect("valid");
        let obj = v.as_object().expect("object");
        assert_eq!(
            obj.get("a").and_then(Json::as_array).map(|a| a.len()),
            Some(5)
        );
        let s = obj.get("a").and_then(|a| a.as_array()?.get(2)?.as_str());
        assert_eq!(s, Some("x\u{e9}\u{1F600}"));
        assert!(parse(b"\"top-level string\"").is_ok());
    }

    #[test]
    fn rejects_what_section_0_forbids() {
        assert_eq!(
            kind(r#"{"a":1,"a":2}"#),
            Some(JsonErrorKind::DuplicateMember)
        );
        assert_eq!(
            kind(r#"{"x":{"a":1,"a":1}}"#),
            Some(JsonErrorKind::DuplicateMember)
        );
        assert_eq!(kind(r#""\ud800""#), Some(JsonErrorKind::LoneSurrogate));
        assert_eq!(
            kind(r#""\udc00\ud800""#),
            Some(JsonErrorKind::LoneSurrogate)
        );
        assert_eq!(
            kind(r#""\ud800\u0041""#),
            Some(JsonErrorKind::LoneSurrogate)
        );
        assert_eq!(kind("\u{feff}{}"), Some(JsonErrorKind::ByteOrderMark));
        assert_eq!(
            parse(b"\"\xff\"").err().map(|e| e.reason),
            Some(JsonErrorKind::InvalidUtf8)
        );
        assert_eq!(kind("{} x"), Some(JsonErrorKind::TrailingCharacters));
        assert_eq!(kind("[1,]"), Some(JsonErrorKind::Syntax));
        assert_eq!(kind("01"), Some(JsonErrorKind::TrailingCharacters));
        assert_eq!(kind("\"a\tb\""), Some(JsonErrorKind::Syntax));
        assert_eq!(kind("{\"a\":1"), Some(JsonErrorKind::UnexpectedEnd));
        assert_eq!(kind(""), Some(JsonErrorKind::UnexpectedEnd));
        assert_eq!(kind("NaN"), Some(JsonErrorKind::Syntax));
    }

    #[test]
    fn depth_limit_is_64_levels() {
        let ok = format!("{}{}", "[".repeat(64), "]".repeat(64));
        assert!(parse(ok.as_bytes()).is_ok());
        let deep = format!("{}{}", "[".repeat(65), "]".repeat(65));
        assert_eq!(kind(&deep), Some(JsonErrorKind::TooDeep));
        let objects = format!("{}1{}", "{\"a\":".repeat(65), "}".repeat(65));
        assert_eq!(kind(&objects), Some(JsonErrorKind::TooDeep));
        // Far deeper input must not overflow the stack.
        let huge = "[".repeat(1_000_000);
        assert_eq!(kind(&huge), Some(JsonErrorKind::TooDeep));
    }

    #[test]
    fn counts_are_plain_integers() {
        let count = |s: &str| parse(s.as_bytes()).ok().and_then(|v| v.as_count());
        assert_eq!(count("512"), Some(512));
        assert_eq!(count("0"), Some(0));
        assert_eq!(count("9007199254740991"), Some(MAX_COUNT));
        assert_eq!(count("9007199254740992"), None);
        assert_eq!(count("-0"), None);
        assert_eq!(count("-1"), None);
        assert_eq!(count("512.0"), None);
        assert_eq!(count("5.12e2"), None);
        assert_eq!(count("\"512\""), None);
    }

    #[test]
    fn jsonl_framing() {
        let bad = |b: &[u8]| -> Vec<usize> {
            jsonl_lines(b)
                .filter(|(_, l)| l.is_none())
                .map(|(n, _)| n)
                .collect()
        };
        assert_eq!(jsonl_lines(b"").count(), 0);
        assert_eq!(jsonl_lines(b"{}\n{}").count(), 2);
        assert_eq!(jsonl_lines(b"{}\n{}\n").count(), 2);
        assert_eq!(bad(b"{}\n{}\n"), Vec::<usize>::new());
        assert_eq!(bad(b"{}\n\n{}\n"), vec![2]);
        assert_eq!(bad(b"{}\r\n"), vec![1]);
        assert_eq!(bad(b"\n"), vec![1]);
        assert_eq!(bad(b"{}\n\n"), vec![2]);
    }
}
