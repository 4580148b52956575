//! Strict JSON (spec §0): RFC 8259 over UTF-8 with no byte-order mark, no
//! duplicate member names, no lone surrogates, at most 64 levels of nesting,
//! and numbers kept as written so that counts can be checked for form.
//!
//! `serde_json` would silently keep the last of two duplicate members and
//! turn `512.0` into a float, so the verifier parses with this small parser.
//! It reads in two ways, both over one cursor and so equally strict:
//!
//! - [`parse`] and [`parse_shaped`] build a [`Json`] tree, which keeps member
//!   order and the raw number text: for the small documents of a pack;
//! - [`Reader`] pulls values one at a time ([`Value`], [`Scalar`]), names and
//!   strings borrowed from the input, so that a reader builds its typed record
//!   straight from the bytes: for the records of large members (JSONL lines,
//!   the audit witness's entries), where a tree per record would cost an
//!   allocation per name and value.

use std::borrow::Cow;
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
        match self {
            Json::Number(text) => count(text),
            _ => None,
        }
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

    /// The shape of the member `name` of an object of this shape, if kept.
    fn member(&'static self, name: &str) -> Option<&'static Shape> {
        match self {
            Shape::Whole => Some(self),
            Shape::Members(members) => members.iter().find(|(n, _)| *n == name).map(|(_, s)| s),
            Shape::Items(_) => None,
        }
    }

    /// The shape of the items of an array of this shape, if kept.
    fn item(&'static self) -> Option<&'static Shape> {
        match self {
            Shape::Whole => Some(self),
            Shape::Items(shape) => Some(shape),
            Shape::Members(_) => None,
        }
    }
}

/// [`parse`], keeping only what `shape` names (see [`Shape`]). The bytes are
/// valid exactly when [`parse`] accepts them.
pub fn parse_shaped(bytes: &[u8], shape: &'static Shape) -> Result<Json, JsonError> {
    read(bytes, |value| tree(value, shape))
}

/// The tree of a value, as far as `shape` keeps it; the tree readers
/// ([`parse`], [`parse_shaped`]) are this, over [`read`].
fn tree(value: Value<'_, '_>, shape: &'static Shape) -> Json {
    match value.kind() {
        Some(Kind::Object) => {
            let mut members = Vec::new();
            value.members(|name, value| {
                if let Some(shape) = shape.member(&name) {
                    members.push((name.into_owned(), tree(value, shape)));
                }
            });
            // Growth by doubling leaves up to half unused: a parsed value
            // keeps only what it holds.
            members.shrink_to_fit();
            Json::Object(JsonObject { members })
        }
        Some(Kind::Array) => {
            let mut items = Vec::new();
            let item = shape.item();
            value.items(|value| {
                if let Some(shape) = item {
                    items.push(tree(value, shape));
                }
            });
            items.shrink_to_fit();
            Json::Array(items)
        }
        _ => match value.scalar() {
            Scalar::Bool(b) => Json::Bool(b),
            Scalar::Number(text) => Json::Number(text.to_owned()),
            Scalar::String(s) => Json::String(s.into_owned()),
            // Containers were handled above; `Null` is also what an
            // unreadable value gives, whose error `read` returns.
            Scalar::Null | Scalar::Array | Scalar::Object => Json::Null,
        },
    }
}

/// What a value is, from its first byte.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// `null`
    Null,
    /// `true` or `false`
    Bool,
    /// A number.
    Number,
    /// A string.
    String,
    /// An array.
    Array,
    /// An object.
    Object,
}

/// A scalar as [`Value::scalar`] reads it: a number's text and a string
/// without escapes are borrowed from the input; a string with an escape is
/// unescaped into its own allocation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scalar<'a> {
    /// `null`
    Null,
    /// `true` or `false`
    Bool(bool),
    /// A number, as its exact source text.
    Number(&'a str),
    /// A string, unescaped.
    String(Cow<'a, str>),
    /// An array: checked against §0 and skipped.
    Array,
    /// An object: checked against §0 and skipped.
    Object,
}

impl<'a> Scalar<'a> {
    /// The string, if this is a string.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Scalar::String(s) => Some(s),
            _ => None,
        }
    }

    /// The string, owned or borrowed as read, if this is a string.
    pub fn into_str(self) -> Option<Cow<'a, str>> {
        match self {
            Scalar::String(s) => Some(s),
            _ => None,
        }
    }

    /// The boolean, if this is a boolean.
    pub fn as_bool(&self) -> Option<bool> {
        match self {
            Scalar::Bool(b) => Some(*b),
            _ => None,
        }
    }

    /// A §0 count, as [`Json::as_count`].
    pub fn as_count(&self) -> Option<u64> {
        match self {
            Scalar::Number(text) => count(text),
            _ => None,
        }
    }
}

/// A number's text as a §0 count: digits only (no sign, fraction or
/// exponent, no leading zero), at most [`MAX_COUNT`].
fn count(text: &str) -> Option<u64> {
    if text.is_empty()
        || !text.bytes().all(|b| b.is_ascii_digit())
        || (text.len() > 1 && text.starts_with('0'))
    {
        return None;
    }
    let value: u64 = text.parse().ok()?;
    (value <= MAX_COUNT).then_some(value)
}

/// Reads JSON documents without building a tree (a pull reader): the
/// caller is handed the document's [`Value`] and reads what it uses, member
/// by member, as a typed record of its own; whatever it does not read is
/// checked and skipped. The bytes are accepted exactly when [`parse`]
/// accepts them: every rule of §0 holds on every byte, read or skipped.
///
/// A reader keeps its scratch space (the member names of the objects being
/// read, for the duplicate check) from one document to the next, so that
/// reading millions of JSONL lines allocates nothing per line.
#[derive(Debug, Default)]
pub struct Reader {
    names: Vec<NameSpan>,
}

impl Reader {
    /// A reader.
    pub fn new() -> Self {
        Self::default()
    }

    /// Reads `bytes` as one document: `read` gets its value. Returns what
    /// `read` returned, or the first error in the bytes (then what `read`
    /// built is dropped: it may have seen only part of the document).
    pub fn read<'a, T>(
        &mut self,
        bytes: &'a [u8],
        read: impl FnOnce(Value<'a, '_>) -> T,
    ) -> Result<T, JsonError> {
        let text = document_text(bytes)?;
        let mut cursor = Cursor {
            text,
            bytes: text.as_bytes(),
            pos: 0,
            error: None,
            names: std::mem::take(&mut self.names),
        };
        cursor.skip_ws();
        let start = cursor.pos;
        let out = read(Value {
            cursor: &mut cursor,
            depth: 0,
        });
        if cursor.pos == start {
            cursor.skip_value(0);
        }
        cursor.skip_ws();
        if cursor.pos != cursor.bytes.len() {
            cursor.fail(cursor.pos, JsonErrorKind::TrailingCharacters);
        }
        self.names = cursor.names;
        self.names.clear();
        match cursor.error {
            Some(e) => Err(e),
            None => Ok(out),
        }
    }
}

/// [`Reader::read`] with a reader of its own.
pub fn read<'a, T>(bytes: &'a [u8], read: impl FnOnce(Value<'a, '_>) -> T) -> Result<T, JsonError> {
    Reader::new().read(bytes, read)
}

/// The checks on a document as a whole: its size, no byte-order mark, UTF-8.
fn document_text(bytes: &[u8]) -> Result<&str, JsonError> {
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
    std::str::from_utf8(bytes).map_err(|e| JsonError {
        offset: e.valid_up_to(),
        reason: JsonErrorKind::InvalidUtf8,
    })
}

/// One value of a document being read, to be read once: by
/// [`scalar`](Value::scalar), [`members`](Value::members),
/// [`items`](Value::items) or [`skip`](Value::skip). A value its caller
/// drops unread is skipped (checked) by the reader.
///
/// Errors are the reader's: the first one stops the reading, and
/// [`Reader::read`] returns it whatever the caller made of the values (a
/// value after an error reads as `null`, an empty object or array).
#[derive(Debug)]
pub struct Value<'a, 'c> {
    cursor: &'c mut Cursor<'a>,
    /// How many containers enclose this value.
    depth: usize,
}

impl<'a> Value<'a, '_> {
    /// What the value is, from its first byte; `None` when no value starts
    /// there (reading it reports the error).
    pub fn kind(&self) -> Option<Kind> {
        if self.cursor.error.is_some() {
            return None;
        }
        Some(match self.cursor.peek()? {
            b'{' => Kind::Object,
            b'[' => Kind::Array,
            b'"' => Kind::String,
            b't' | b'f' => Kind::Bool,
            b'n' => Kind::Null,
            b'-' | b'0'..=b'9' => Kind::Number,
            _ => return None,
        })
    }

    /// Checks the value and skips it.
    pub fn skip(self) {
        self.cursor.skip_value(self.depth);
    }

    /// Reads a scalar; an array or object is checked and skipped
    /// ([`Scalar::Array`], [`Scalar::Object`]).
    pub fn scalar(self) -> Scalar<'a> {
        let kind = self.kind();
        let Value { cursor, depth } = self;
        match kind {
            Some(Kind::String) => match cursor.string() {
                Some(span) => Scalar::String(cursor.unescape(span)),
                None => Scalar::Null,
            },
            Some(Kind::Number) => cursor.number().map_or(Scalar::Null, Scalar::Number),
            Some(Kind::Bool) => {
                let value = cursor.peek() == Some(b't');
                let word: &[u8] = if value { b"true" } else { b"false" };
                cursor.literal(word);
                Scalar::Bool(value)
            }
            Some(Kind::Null) => {
                cursor.literal(b"null");
                Scalar::Null
            }
            kind @ Some(Kind::Array | Kind::Object) => {
                cursor.skip_value(depth);
                if kind == Some(Kind::Array) {
                    Scalar::Array
                } else {
                    Scalar::Object
                }
            }
            None => {
                cursor.skip_value(depth);
                Scalar::Null
            }
        }
    }

    /// A string's text; any other value is checked and skipped (`None`).
    pub fn string(self) -> Option<Cow<'a, str>> {
        self.scalar().into_str()
    }

    /// Reads an object: `member` gets each member's name (unescaped,
    /// borrowed when it has no escape) and value, in source order. Returns
    /// whether the value is an object; any other value is checked and
    /// skipped.
    pub fn members(self, member: impl FnMut(Cow<'a, str>, Value<'a, '_>)) -> bool {
        if self.kind() != Some(Kind::Object) {
            self.skip();
            return false;
        }
        self.cursor.object(self.depth + 1, member);
        true
    }

    /// Reads an array: `item` gets each item, in order. Returns whether the
    /// value is an array; any other value is checked and skipped.
    pub fn items(self, item: impl FnMut(Value<'a, '_>)) -> bool {
        if self.kind() != Some(Kind::Array) {
            self.skip();
            return false;
        }
        self.cursor.array(self.depth + 1, item);
        true
    }
}

/// The reading position in one document, and its first error.
#[derive(Debug)]
struct Cursor<'a> {
    /// The input, known to be UTF-8: runs between ASCII delimiters are
    /// sliced from it without being checked again.
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
    /// The first error: once set, nothing more is read.
    error: Option<JsonError>,
    /// The names of the objects being read, innermost last.
    names: Vec<NameSpan>,
}

/// Up to this many members, an object finds a repeated name by comparing it
/// with the names before it, at once; beyond, by sorting the names' spans
/// in the input when the object ends (exact, and no copy of any name).
const SMALL_OBJECT: usize = 16;

/// A member name as it stands in the input: the bytes between its quotes,
/// and whether they hold an escape (then it is compared unescaped).
#[derive(Debug, Clone, Copy)]
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
            'u' => {
                let first = self.hex4();
                let code = if (0xD800..=0xDBFF).contains(&first) {
                    self.rest.nth(1); // the `\u` of the low surrogate
                    surrogate_pair(first, self.hex4())
                } else {
                    first
                };
                char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER)
            }
            other => escaped(other),
        })
    }
}

/// The character a two-byte escape `\c` stands for.
fn escaped(c: char) -> char {
    match c {
        'b' => '\u{8}',
        'f' => '\u{c}',
        'n' => '\n',
        'r' => '\r',
        't' => '\t',
        other => other, // `"`, `\\` and `/` stand for themselves
    }
}

/// The code point of a high and a low surrogate.
fn surrogate_pair(high: u32, low: u32) -> u32 {
    0x10000 + ((high.wrapping_sub(0xD800) & 0x3FF) << 10) + (low.wrapping_sub(0xDC00) & 0x3FF)
}

/// A checked string's raw text, escapes decoded: the runs between escapes
/// copied whole, each escape decoded from its bytes. The text was checked
/// when it was read, so every escape here is well-formed.
fn decode(raw: &str) -> String {
    let bytes = raw.as_bytes();
    let hex4 = |from: usize| -> u32 {
        bytes.get(from..from + 4).map_or(0, |digits| {
            digits
                .iter()
                .fold(0, |v, &d| (v << 4) | u32::from(hex_digit(d).unwrap_or(0)))
        })
    };
    let mut out = String::with_capacity(raw.len());
    let mut at = 0;
    while let Some(&b) = bytes.get(at) {
        if b != b'\\' {
            let rest = bytes.get(at..).unwrap_or_default();
            let run = memchr::memchr(b'\\', rest).unwrap_or(rest.len());
            out.push_str(raw.get(at..at + run).unwrap_or_default());
            at += run;
            continue;
        }
        let (code, len) = match bytes.get(at + 1) {
            Some(b'u') => match hex4(at + 2) {
                high @ 0xD800..=0xDBFF => (surrogate_pair(high, hex4(at + 8)), 12),
                code => (code, 6),
            },
            Some(&c) => (u32::from(escaped(char::from(c))), 2),
            None => break,
        };
        out.push(char::from_u32(code).unwrap_or(char::REPLACEMENT_CHARACTER));
        at += len;
    }
    out
}

const ONES: u64 = 0x0101_0101_0101_0101;
const HIGH_BITS: u64 = 0x8080_8080_8080_8080;

/// The length of the run at the start of `bytes` that a string holds as it
/// stands: up to the first `"`, `\` or control byte (and, with `ascii`,
/// byte of 0x80 or more), or the end.
///
/// Eight bytes at a time: in each word, a lane's high bit is set when its
/// byte is one that ends the run (the classic "has zero byte" and "has
/// byte less than" tests). A lane above a matching one may be set falsely,
/// never one below, so the lowest set lane is exact. `memchr` finds one to
/// three given bytes, not a range such as the control bytes.
pub(crate) fn string_run(bytes: &[u8], ascii: bool) -> usize {
    let ends = |b: u8| b == b'"' || b == b'\\' || b < 0x20 || (ascii && b >= 0x80);
    let mut words = bytes.chunks_exact(8);
    let mut at = 0;
    for word in words.by_ref() {
        let Ok(word) = <[u8; 8]>::try_from(word) else {
            break;
        };
        let x = u64::from_le_bytes(word);
        let quote = x ^ (ONES * u64::from(b'"'));
        let backslash = x ^ (ONES * u64::from(b'\\'));
        let mut found = (quote.wrapping_sub(ONES) & !quote)
            | (backslash.wrapping_sub(ONES) & !backslash)
            | (x.wrapping_sub(ONES * 0x20) & !x);
        if ascii {
            found |= x;
        }
        found &= HIGH_BITS;
        if found != 0 {
            return at + (found.trailing_zeros() / 8) as usize;
        }
        at += 8;
    }
    let tail = words.remainder();
    at + tail.iter().position(|&b| ends(b)).unwrap_or(tail.len())
}

/// A hex digit's value.
pub(crate) fn hex_digit(b: u8) -> Option<u16> {
    match b {
        b'0'..=b'9' => Some(u16::from(b - b'0')),
        b'a'..=b'f' => Some(u16::from(b - b'a' + 10)),
        b'A'..=b'F' => Some(u16::from(b - b'A' + 10)),
        _ => None,
    }
}

impl<'a> Cursor<'a> {
    /// Records the first error.
    fn fail(&mut self, offset: usize, reason: JsonErrorKind) {
        if self.error.is_none() {
            self.error = Some(JsonError { offset, reason });
        }
    }

    /// An error at the reading position: the input ended, or `reason`.
    fn fail_here(&mut self, reason: JsonErrorKind) {
        let reason = if self.peek().is_none() {
            JsonErrorKind::UnexpectedEnd
        } else {
            reason
        };
        self.fail(self.pos, reason);
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.pos).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\n' | b'\r')) {
            self.pos += 1;
        }
    }

    /// Expects `want` at the reading position.
    fn expect(&mut self, want: u8) -> bool {
        if self.peek() == Some(want) {
            self.pos += 1;
            return true;
        }
        self.fail_here(JsonErrorKind::Syntax);
        false
    }

    /// Checks and skips one value; `depth` containers enclose it.
    fn skip_value(&mut self, depth: usize) {
        if self.error.is_some() {
            return;
        }
        match self.peek() {
            Some(b'{') => self.object(depth + 1, |_, value| value.skip()),
            Some(b'[') => self.array(depth + 1, |value| value.skip()),
            Some(b'"') => {
                self.string();
            }
            Some(b't') => self.literal(b"true"),
            Some(b'f') => self.literal(b"false"),
            Some(b'n') => self.literal(b"null"),
            Some(b'-' | b'0'..=b'9') => {
                self.number();
            }
            _ => self.fail_here(JsonErrorKind::Syntax),
        }
    }

    fn literal(&mut self, word: &[u8]) {
        let end = self.pos + word.len();
        match self.bytes.get(self.pos..end) {
            Some(s) if s == word => self.pos = end,
            Some(_) => self.fail(self.pos, JsonErrorKind::Syntax),
            None => self.fail(self.pos, JsonErrorKind::UnexpectedEnd),
        }
    }

    /// Reads an object at level `level` (1 for the top-level value), the
    /// reading position at its `{`.
    fn object(&mut self, level: usize, mut member: impl FnMut(Cow<'a, str>, Value<'a, '_>)) {
        if level > MAX_DEPTH {
            return self.fail(self.pos, JsonErrorKind::TooDeep);
        }
        self.pos += 1;
        let first_name = self.names.len();
        self.skip_ws();
        if self.peek() == Some(b'}') {
            self.pos += 1;
            return;
        }
        while self.error.is_none() {
            self.skip_ws();
            let name_at = self.pos;
            if self.peek() != Some(b'"') {
                self.fail_here(JsonErrorKind::Syntax);
                break;
            }
            let Some(span) = self.string() else { break };
            let earlier = self.names.get(first_name..).unwrap_or_default();
            if earlier.len() < SMALL_OBJECT
                && earlier
                    .iter()
                    .any(|n| name_order(self.text, n, &span).is_eq())
            {
                self.fail(name_at, JsonErrorKind::DuplicateMember);
                break;
            }
            self.names.push(span);
            self.skip_ws();
            if !self.expect(b':') {
                break;
            }
            self.skip_ws();
            let name = self.unescape(span);
            self.value_of(level, |value| member(name, value));
            if self.error.is_some() {
                break;
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b'}') => {
                    self.pos += 1;
                    self.check_wide_object(first_name);
                    break;
                }
                _ => self.fail_here(JsonErrorKind::Syntax),
            }
        }
        self.names.truncate(first_name);
    }

    /// Hands the value at the reading position, inside a container at
    /// `level`, to `read`, and skips it if `read` left it unread.
    fn value_of(&mut self, level: usize, read: impl FnOnce(Value<'a, '_>)) {
        if self.error.is_some() {
            return;
        }
        let start = self.pos;
        read(Value {
            cursor: self,
            depth: level,
        });
        if self.pos == start {
            self.skip_value(level);
        }
    }

    /// The duplicate check of an object of more than [`SMALL_OBJECT`]
    /// members (its names from `first_name` on), once it has ended: its
    /// names' spans sorted by their unescaped text, neighbours compared.
    /// Reports the repeat that comes first in the input.
    fn check_wide_object(&mut self, first_name: usize) {
        let text = self.text;
        let Some(names) = self.names.get_mut(first_name..) else {
            return;
        };
        if names.len() <= SMALL_OBJECT {
            return;
        }
        names.sort_by(|a, b| name_order(text, a, b).then(a.start.cmp(&b.start)));
        let repeat = names
            .windows(2)
            .filter_map(|pair| match pair {
                [a, b] if name_order(text, a, b).is_eq() => Some(b.start),
                _ => None,
            })
            .min();
        if let Some(start) = repeat {
            // The name's opening quote.
            self.fail(start as usize - 1, JsonErrorKind::DuplicateMember);
        }
    }

    /// Reads an array at level `level`, the reading position at its `[`.
    fn array(&mut self, level: usize, mut item: impl FnMut(Value<'a, '_>)) {
        if level > MAX_DEPTH {
            return self.fail(self.pos, JsonErrorKind::TooDeep);
        }
        self.pos += 1;
        self.skip_ws();
        if self.peek() == Some(b']') {
            self.pos += 1;
            return;
        }
        while self.error.is_none() {
            self.skip_ws();
            self.value_of(level, &mut item);
            if self.error.is_some() {
                break;
            }
            self.skip_ws();
            match self.peek() {
                Some(b',') => self.pos += 1,
                Some(b']') => {
                    self.pos += 1;
                    break;
                }
                _ => self.fail_here(JsonErrorKind::Syntax),
            }
        }
    }

    /// Checks a string, the reading position at its opening quote, and
    /// returns the span of its raw text (between the quotes).
    fn string(&mut self) -> Option<NameSpan> {
        self.pos += 1;
        let first = self.pos;
        let mut escaped = false;
        loop {
            let at = self.pos;
            match self.peek() {
                Some(b'"') => {
                    self.pos += 1;
                    // `document_text` refuses 4 GiB and more: offsets fit.
                    return Some(NameSpan {
                        start: u32::try_from(first).unwrap_or(u32::MAX),
                        len: u32::try_from(at - first).unwrap_or(u32::MAX),
                        escaped,
                    });
                }
                Some(b'\\') => {
                    escaped = true;
                    if !self.escape(at) {
                        return None;
                    }
                }
                Some(0x20..) => {
                    self.pos += string_run(self.bytes.get(at..).unwrap_or_default(), false);
                }
                _ => {
                    self.fail_here(JsonErrorKind::Syntax);
                    return None;
                }
            }
        }
    }

    /// Checks the escape whose backslash is at `at`.
    fn escape(&mut self, at: usize) -> bool {
        // At once, the common escapes of strings full of them: two bytes,
        // or six of a character that is not a surrogate.
        match self.bytes.get(at + 1..).unwrap_or_default() {
            [b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't', ..] => {
                self.pos = at + 2;
                return true;
            }
            [b'u', a, b, c, d, ..] => {
                let code = [a, b, c, d]
                    .iter()
                    .try_fold(0, |v, &&h| Some((v << 4) | hex_digit(h)?));
                if code.is_some_and(|c| !(0xD800..=0xDFFF).contains(&c)) {
                    self.pos = at + 6;
                    return true;
                }
            }
            _ => {}
        }
        self.pos = at + 1;
        match self.peek() {
            Some(b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't') => {
                self.pos += 1;
                true
            }
            Some(b'u') => {
                self.pos += 1;
                self.unicode_escape(at)
            }
            Some(_) => {
                self.fail(at, JsonErrorKind::Syntax);
                false
            }
            None => {
                self.fail(self.pos, JsonErrorKind::UnexpectedEnd);
                false
            }
        }
    }

    fn hex4(&mut self) -> Option<u16> {
        let mut v: u16 = 0;
        for _ in 0..4 {
            let Some(digit) = self.peek().and_then(hex_digit) else {
                self.fail_here(JsonErrorKind::Syntax);
                return None;
            };
            v = (v << 4) | digit;
            self.pos += 1;
        }
        Some(v)
    }

    /// Checks `\uXXXX` (and the low surrogate a high one needs) after the
    /// `\u` of the escape at `at`.
    fn unicode_escape(&mut self, at: usize) -> bool {
        let Some(first) = self.hex4() else {
            return false;
        };
        let paired = match first {
            0xD800..=0xDBFF => {
                if self.bytes.get(self.pos..self.pos + 2) != Some(b"\\u") {
                    false
                } else {
                    self.pos += 2;
                    let Some(second) = self.hex4() else {
                        return false;
                    };
                    (0xDC00..=0xDFFF).contains(&second)
                }
            }
            0xDC00..=0xDFFF => false,
            _ => true,
        };
        if !paired {
            self.fail(at, JsonErrorKind::LoneSurrogate);
        }
        paired
    }

    /// A checked string's text, unescaped: borrowed from the input when it
    /// has no escape; otherwise the runs between escapes copied whole.
    fn unescape(&self, span: NameSpan) -> Cow<'a, str> {
        let raw = span.raw(self.text);
        if !span.escaped {
            return Cow::Borrowed(raw);
        }
        Cow::Owned(decode(raw))
    }

    fn digits(&mut self) -> usize {
        let start = self.pos;
        while matches!(self.peek(), Some(b'0'..=b'9')) {
            self.pos += 1;
        }
        self.pos - start
    }

    /// Checks a number and returns its text.
    fn number(&mut self) -> Option<&'a str> {
        let start = self.pos;
        if self.peek() == Some(b'-') {
            self.pos += 1;
        }
        match self.peek() {
            Some(b'0') => self.pos += 1,
            Some(b'1'..=b'9') => {
                self.digits();
            }
            _ => {
                self.fail(self.pos, JsonErrorKind::Syntax);
                return None;
            }
        }
        if self.peek() == Some(b'.') {
            self.pos += 1;
            if self.digits() == 0 {
                self.fail(self.pos, JsonErrorKind::Syntax);
                return None;
            }
        }
        if matches!(self.peek(), Some(b'e' | b'E')) {
            self.pos += 1;
            if matches!(self.peek(), Some(b'+' | b'-')) {
                self.pos += 1;
            }
            if self.digits() == 0 {
                self.fail(self.pos, JsonErrorKind::Syntax);
                return None;
            }
        }
        Some(self.text.get(start..self.pos).unwrap_or_default())
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
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

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

    /// A value read at random: skipped, read as a scalar, or (for a
    /// container) member by member, each in turn read at random; `choices`
    /// decide, in turn.
    fn walk(value: Value<'_, '_>, choices: &[u8], next: &mut usize) {
        let choice = choices.get(*next % choices.len().max(1)).copied();
        *next += 1;
        match choice.unwrap_or(0) % 4 {
            0 => value.skip(),
            1 => drop(value.scalar()),
            _ => match value.kind() {
                Some(Kind::Object) => {
                    value.members(|_, v| walk(v, choices, next));
                }
                Some(Kind::Array) => {
                    value.items(|v| walk(v, choices, next));
                }
                _ => {} // left unread: the reader skips it
            },
        }
    }

    /// Bytes mostly of JSON punctuation and fragments, so that random
    /// inputs reach deep into the grammar (escapes, surrogates, repeats).
    fn jsonish() -> impl Strategy<Value = Vec<u8>> {
        let byte = proptest::sample::select(
            b"{}[]\",:.-+eE0123456789 \n\r\\utrfalsenx\x00\x1f\xc3\xa9\xed\xa0\xf0\x9f".to_vec(),
        )
        .prop_map(|b| vec![b]);
        let piece = proptest::sample::select(vec![
            r#""a""#,
            r#""\u0061""#,
            r#""\ud83d\ude00""#,
            r#""\ud800""#,
            r#""\udc00\u0041""#,
            r#""x\n\/""#,
            "\"\u{1F600}\"",
            "true",
            "null",
            "fals",
            "-0.5e+3",
            "01",
            "1.",
            "[[",
            "]]",
            r#"{"a":"#,
            r#""k1":0,"k2":0,"k3":0,"k4":0,"k5":0,"k6":0,"k7":0,"k8":0,"k9":0,"#,
        ])
        .prop_map(|s| s.as_bytes().to_vec());
        proptest::collection::vec(prop_oneof![byte, piece], 0..40).prop_map(|p| p.concat())
    }

    /// Valid JSON values: scalars (strings with escapes, surrogate pairs,
    /// control characters), arrays, and objects of up to `members` members.
    pub(crate) fn values(members: usize) -> impl Strategy<Value = serde_json::Value> {
        let leaf = prop_oneof![
            Just(serde_json::Value::Null),
            any::<bool>().prop_map(serde_json::Value::from),
            any::<i64>().prop_map(serde_json::Value::from),
            (-1e6f64..1e6).prop_map(serde_json::Value::from),
            "[a-z\u{e9}\u{1F600}\"\\\\\n\u{1}]{0,6}".prop_map(serde_json::Value::from),
        ];
        leaf.prop_recursive(6, 64, members as u32, move |inner| {
            prop_oneof![
                proptest::collection::vec(inner.clone(), 0..5).prop_map(serde_json::Value::from),
                proptest::collection::btree_map("[a-z]{0,3}", inner, 0..members)
                    .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
            ]
        })
    }

    /// Valid documents (wide objects among them), printed compactly or
    /// with spaces, then maybe one byte changed or the end cut off.
    fn document() -> impl Strategy<Value = Vec<u8>> {
        let value = values(20);
        let edit = (
            any::<bool>(),
            any::<u8>(),
            any::<prop::sample::Index>(),
            0u8..4,
        );
        // Some documents are wrapped in arrays and objects to about 64 levels.
        let wrap = (
            prop_oneof![3 => Just(0usize), 1 => 56usize..66],
            any::<u64>(),
        );
        (value, edit, wrap).prop_map(|(v, (pretty, byte, at, how), (levels, kinds))| {
            let mut v = v;
            for level in 0..levels {
                v = if kinds >> (level % 64) & 1 == 1 {
                    serde_json::json!({ "w": v })
                } else {
                    serde_json::json!([v])
                };
            }
            let mut text = if pretty {
                serde_json::to_vec_pretty(&v).unwrap_or_default()
            } else {
                serde_json::to_vec(&v).unwrap_or_default()
            };
            if !text.is_empty() {
                let i = at.index(text.len());
                match how {
                    0 => text[i] = byte,
                    1 => text.truncate(i),
                    _ => {}
                }
            }
            text
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The reader accepts and rejects exactly what `parse` does, with
        /// the same error, however much of the document its caller reads.
        #[test]
        fn the_reader_rejects_exactly_what_parse_rejects(
            input in prop_oneof![jsonish(), document()],
            choices in proptest::collection::vec(any::<u8>(), 1..16),
        ) {
            let parsed = parse(&input).map(|_| ());
            prop_assert_eq!(read(&input, |v| v.skip()), parsed.clone());
            prop_assert_eq!(read(&input, |_| ()), parsed.clone());
            let mut next = 0;
            prop_assert_eq!(read(&input, |v| walk(v, &choices, &mut next)), parsed.clone());
            // One reader over many documents: its scratch space carries nothing over.
            let mut reader = Reader::new();
            prop_assert_eq!(reader.read(b"{\"a\":{\"b\":1", |v| v.skip()).is_err(), true);
            prop_assert_eq!(reader.read(&input, |v| v.skip()), parsed);
        }
    }

    #[test]
    fn the_reader_borrows_what_has_no_escape() {
        let text = br#"{"plain":"abc","esc\u0061ped":"x\ny\u00e9\ud83d\ude00z","n":-1.5e3,"t":true,"z":null,"o":{"a":[1]},"a":[1,2]}"#;
        let mut seen = Vec::new();
        let object = read(text, |v| {
            v.members(|name, v| {
                let borrowed = matches!(name, Cow::Borrowed(_));
                seen.push((name.into_owned(), borrowed, v.scalar()));
            })
        });
        assert_eq!(object, Ok(true));
        let strings: Vec<(&str, bool)> = seen.iter().map(|(n, b, _)| (n.as_str(), *b)).collect();
        assert_eq!(
            strings,
            [
                ("plain", true),
                ("escaped", false),
                ("n", true),
                ("t", true),
                ("z", true),
                ("o", true),
                ("a", true)
            ]
        );
        let values: Vec<&Scalar<'_>> = seen.iter().map(|(_, _, v)| v).collect();
        assert!(matches!(values[0], Scalar::String(Cow::Borrowed("abc"))));
        assert_eq!(
            values[1],
            &Scalar::String(Cow::Owned("x\ny\u{e9}\u{1F600}z".into()))
        );
        assert_eq!(values[2], &Scalar::Number("-1.5e3"));
        assert_eq!(values[3], &Scalar::Bool(true));
        assert_eq!(values[4], &Scalar::Null);
        assert_eq!(values[5], &Scalar::Object);
        assert_eq!(values[6], &Scalar::Array);
        // Not an object: `members` says so and skips it.
        assert_eq!(read(b"[1]", |v| v.members(|_, _| ())), Ok(false));
    }

    #[test]
    fn an_error_in_what_is_skipped_is_the_readers_error() {
        // The caller reads `a` and ignores the rest: the duplicate in `x`,
        // the lone surrogate and the depth are still errors, at their bytes.
        let a_only = |text: &[u8]| {
            read(text, |v| {
                let mut a = None;
                v.members(|name, v| {
                    if name == "a" {
                        a = v.scalar().as_count();
                    }
                });
                a
            })
        };
        assert_eq!(a_only(br#"{"a":1,"x":[2]}"#), Ok(Some(1)));
        for bad in [
            &br#"{"a":1,"x":{"y":1,"y":2}}"#[..],
            br#"{"x":"\udc00","a":1}"#,
            br#"{"a":1,"a":1}"#,
            br#"{"a":1} 2"#,
            br#"{"a":01}"#,
        ] {
            let err = a_only(bad).map(|_| ());
            assert_eq!(err, parse(bad).map(|_| ()));
            assert!(err.is_err());
        }
        let deep = format!("{{\"a\":1,\"x\":{}{}}}", "[".repeat(64), "]".repeat(64));
        assert_eq!(
            a_only(deep.as_bytes()).map(|_| ()).map_err(|e| e.reason),
            Err(JsonErrorKind::TooDeep)
        );
    }

    #[test]
    fn string_runs_stop_at_the_first_special_byte() {
        for len in 0..40 {
            for special in [b'"', b'\\', 0x00, 0x1f, 0x80, 0xff] {
                let mut bytes = vec![b'a'; len];
                bytes.push(special);
                bytes.extend_from_slice(b"\"\\\x01\xff");
                let ascii_stop = len;
                let utf8_stop = if special >= 0x80 { len + 1 } else { len };
                assert_eq!(string_run(&bytes, true), ascii_stop);
                assert_eq!(string_run(&bytes, false), utf8_stop, "{len} {special}");
            }
            assert_eq!(string_run(&vec![b' '; len], false), len);
            assert_eq!(string_run(&vec![0x7f; len], true), len);
        }
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
