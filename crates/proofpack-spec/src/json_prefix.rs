//! Whether bytes read so far can still begin a strict JSON document (§0), decided
//! incrementally: a pushdown scanner over bytes, O(1) time per byte and O(1)
//! memory (the container stack is a 64-bit mask, since §0 caps nesting at
//! [`MAX_DEPTH`] levels).
//!
//! The archive reader keeps a parsed member only while its bytes are a
//! *viable prefix*: one that some continuation would make a document the
//! full parser ([`crate::json::parse`]) accepts. The scanner is sound, not
//! complete: it rejects only prefixes that no continuation can save (a
//! lexical or structural error, invalid UTF-8, a lone surrogate escape, nesting past
//! 64 levels), and leaves everything it cannot see with O(1) memory
//! (duplicate member names) to the full parser, which stays the judge. So a
//! member of 500 MiB of NUL bytes costs one byte of memory, not 500 MiB.
//!
//! [`ViablePrefix`] applies this to a member: it keeps the bytes through the
//! first one that makes the prefix non-viable and drops the rest. The kept
//! bytes are themselves a non-viable prefix, so the full parser still rejects
//! them: `json.malformed` at the same location (its message may name another
//! byte or reason than for the whole member: the full parser reports invalid
//! UTF-8 anywhere in a document first, and the dropped bytes are not seen).
//! JSONL members (§0) are judged line by line, so that a bad line costs only
//! its own bytes and every other line is still parsed and reported.

use crate::json::{hex_digit, string_run, MAX_DEPTH};

/// How a member is framed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Framing {
    /// One JSON document.
    Document,
    /// JSONL: one JSON document per `\n`-terminated line, no `\r` (§0).
    Lines,
}

/// Where the scanner is inside a string.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum InString {
    /// Plain characters; `utf8_left` continuation bytes of a multi-byte
    /// character are still due, the next one within `next_lo..=next_hi`.
    Plain {
        utf8_left: u8,
        next_lo: u8,
        next_hi: u8,
    },
    /// After a backslash.
    Escape,
    /// Inside `\uXXXX`: `left` hex digits to go, `high` the high surrogate
    /// this escape must complete, if any.
    Hex { left: u8, value: u16, high: bool },
    /// After a high-surrogate escape: a `\` must follow.
    LowBackslash,
    /// After a high-surrogate escape and `\`: a `u` must follow.
    LowU,
}

const PLAIN: InString = InString::Plain {
    utf8_left: 0,
    next_lo: 0x80,
    next_hi: 0xBF,
};

/// Where the scanner is inside a number (RFC 8259 §6).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Number {
    Minus,
    Zero,
    Int,
    Dot,
    Frac,
    Exp,
    ExpSign,
    ExpDigits,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// A value is due; `close_ok` right after `[`, where `]` may come instead.
    Value {
        close_ok: bool,
    },
    /// After a value inside a container: `,` or the container's close.
    AfterValue,
    /// A member name is due; `close_ok` right after `{`.
    Name {
        close_ok: bool,
    },
    /// After a member name: `:`.
    Colon,
    String {
        name: bool,
        at: InString,
    },
    Number(Number),
    Literal {
        word: &'static [u8],
        next: usize,
    },
    /// The top-level value is complete: only whitespace may follow.
    Done,
    /// No continuation makes a valid document.
    Rejected,
}

/// The incremental viability scanner for one JSON document.
#[derive(Debug, Clone)]
pub struct JsonPrefix {
    state: State,
    depth: usize,
    /// Bit `i` set: the container at level `i + 1` is an object.
    objects: u64,
}

impl Default for JsonPrefix {
    fn default() -> Self {
        JsonPrefix {
            state: State::Value { close_ok: false },
            depth: 0,
            objects: 0,
        }
    }
}

fn is_ws(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r')
}

impl JsonPrefix {
    /// A scanner at the start of a document.
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether the bytes fed so far can still begin a valid document.
    pub fn viable(&self) -> bool {
        self.state != State::Rejected
    }

    /// Feeds `bytes`; returns the index of the byte that made the prefix
    /// non-viable, if it happened within them (later bytes are not looked
    /// at), or `Some(0)` if the prefix was not viable before them.
    pub fn feed(&mut self, bytes: &[u8]) -> Option<usize> {
        if !self.viable() {
            return Some(0);
        }
        let mut i = 0;
        while let Some(&b) = bytes.get(i) {
            // Fast path: a run of plain ASCII string characters, and whole
            // well-formed escapes (which leave the string plain).
            if matches!(self.state, State::String { at: PLAIN, .. }) {
                let rest = bytes.get(i..).unwrap_or_default();
                if b == b'\\' {
                    if let Some(len) = complete_escape(rest) {
                        i += len;
                        continue;
                    }
                } else {
                    let run = string_run(rest, true);
                    if run > 0 {
                        i += run;
                        continue;
                    }
                }
                self.byte(b);
            } else {
                self.byte(b);
            }
            if !self.viable() {
                return Some(i);
            }
            i += 1;
        }
        None
    }

    fn reject(&mut self) {
        self.state = State::Rejected;
    }

    /// A value has just ended.
    fn value_done(&mut self) {
        self.state = if self.depth == 0 {
            State::Done
        } else {
            State::AfterValue
        };
    }

    fn open(&mut self, object: bool) {
        if self.depth >= MAX_DEPTH {
            return self.reject();
        }
        if object {
            self.objects |= 1 << self.depth;
        } else {
            self.objects &= !(1 << self.depth);
        }
        self.depth += 1;
        self.state = if object {
            State::Name { close_ok: true }
        } else {
            State::Value { close_ok: true }
        };
    }

    fn in_object(&self) -> bool {
        self.depth > 0 && self.objects & (1 << (self.depth - 1)) != 0
    }

    fn close(&mut self) {
        self.depth -= 1;
        self.value_done();
    }

    fn byte(&mut self, b: u8) {
        match self.state {
            State::Rejected => {}
            State::Value { close_ok } => match b {
                _ if is_ws(b) => {}
                b'{' => self.open(true),
                b'[' => self.open(false),
                b'"' => {
                    self.state = State::String {
                        name: false,
                        at: PLAIN,
                    }
                }
                b't' => self.literal(b"true"),
                b'f' => self.literal(b"false"),
                b'n' => self.literal(b"null"),
                b'-' => self.state = State::Number(Number::Minus),
                b'0' => self.state = State::Number(Number::Zero),
                b'1'..=b'9' => self.state = State::Number(Number::Int),
                b']' if close_ok => self.close(),
                _ => self.reject(),
            },
            State::AfterValue => match b {
                _ if is_ws(b) => {}
                b',' if self.in_object() => self.state = State::Name { close_ok: false },
                b',' => self.state = State::Value { close_ok: false },
                b'}' if self.in_object() => self.close(),
                b']' if !self.in_object() => self.close(),
                _ => self.reject(),
            },
            State::Name { close_ok } => match b {
                _ if is_ws(b) => {}
                b'"' => {
                    self.state = State::String {
                        name: true,
                        at: PLAIN,
                    }
                }
                b'}' if close_ok => self.close(),
                _ => self.reject(),
            },
            State::Colon => match b {
                _ if is_ws(b) => {}
                b':' => self.state = State::Value { close_ok: false },
                _ => self.reject(),
            },
            State::String { name, at } => self.string(name, at, b),
            State::Number(n) => self.number(n, b),
            State::Literal { word, next } => {
                if word.get(next) != Some(&b) {
                    self.reject();
                } else if next + 1 == word.len() {
                    self.value_done();
                } else {
                    self.state = State::Literal {
                        word,
                        next: next + 1,
                    };
                }
            }
            State::Done => {
                if !is_ws(b) {
                    self.reject();
                }
            }
        }
    }

    fn literal(&mut self, word: &'static [u8]) {
        self.state = State::Literal { word, next: 1 };
    }

    fn string(&mut self, name: bool, at: InString, b: u8) {
        let next = match at {
            InString::Plain {
                utf8_left,
                next_lo,
                next_hi,
            } if utf8_left > 0 => {
                if !(next_lo..=next_hi).contains(&b) {
                    return self.reject();
                }
                InString::Plain {
                    utf8_left: utf8_left - 1,
                    next_lo: 0x80,
                    next_hi: 0xBF,
                }
            }
            InString::Plain { .. } => match b {
                b'"' => {
                    if name {
                        self.state = State::Colon;
                    } else {
                        self.value_done();
                    }
                    return;
                }
                b'\\' => InString::Escape,
                0..=0x1F => return self.reject(),
                0x20..=0x7F => PLAIN,
                // The well-formed UTF-8 byte sequences of Unicode Table 3-7:
                // no overlong forms, no surrogates, nothing past U+10FFFF.
                0xC2..=0xDF => utf8(1, 0x80, 0xBF),
                0xE0 => utf8(2, 0xA0, 0xBF),
                0xE1..=0xEC | 0xEE..=0xEF => utf8(2, 0x80, 0xBF),
                0xED => utf8(2, 0x80, 0x9F),
                0xF0 => utf8(3, 0x90, 0xBF),
                0xF1..=0xF3 => utf8(3, 0x80, 0xBF),
                0xF4 => utf8(3, 0x80, 0x8F),
                _ => return self.reject(),
            },
            InString::Escape => match b {
                b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't' => PLAIN,
                b'u' => InString::Hex {
                    left: 4,
                    value: 0,
                    high: false,
                },
                _ => return self.reject(),
            },
            InString::Hex { left, value, high } => {
                let Some(digit) = (b as char).to_digit(16) else {
                    return self.reject();
                };
                let value = (value << 4) | digit as u16;
                if left > 1 {
                    InString::Hex {
                        left: left - 1,
                        value,
                        high,
                    }
                } else {
                    let is_low = (0xDC00..=0xDFFF).contains(&value);
                    let is_high = (0xD800..=0xDBFF).contains(&value);
                    match (high, is_high, is_low) {
                        (true, _, true) => PLAIN,
                        (true, _, false) | (false, _, true) => return self.reject(),
                        (false, true, _) => InString::LowBackslash,
                        (false, false, false) => PLAIN,
                    }
                }
            }
            InString::LowBackslash if b == b'\\' => InString::LowU,
            InString::LowU if b == b'u' => InString::Hex {
                left: 4,
                value: 0,
                high: true,
            },
            InString::LowBackslash | InString::LowU => return self.reject(),
        };
        self.state = State::String { name, at: next };
    }

    fn number(&mut self, n: Number, b: u8) {
        use Number::*;
        let next = match (n, b) {
            (Minus, b'0') => Zero,
            (Minus, b'1'..=b'9') | (Int, b'0'..=b'9') => Int,
            (Zero | Int, b'.') => Dot,
            (Dot | Frac, b'0'..=b'9') => Frac,
            (Zero | Int | Frac, b'e' | b'E') => Exp,
            (Exp, b'+' | b'-') => ExpSign,
            (Exp | ExpSign | ExpDigits, b'0'..=b'9') => ExpDigits,
            (Minus | Dot | Exp | ExpSign, _) => return self.reject(),
            // The number ended before this byte, which belongs to what follows.
            (Zero | Int | Frac | ExpDigits, _) => {
                self.value_done();
                return self.byte(b);
            }
        };
        self.state = State::Number(next);
    }
}

/// The length of the well-formed escape at the start of `bytes`, when all
/// of it is there: `\n` and the like, `\uXXXX` of a character that is not a
/// surrogate, or a high and a low surrogate escape. The byte machine would
/// go through the same bytes back to a plain string; anything else is left
/// to it (an error, or an escape split across two reads).
fn complete_escape(bytes: &[u8]) -> Option<usize> {
    let hex4 = |at: usize| -> Option<u16> {
        let digits = bytes.get(at..at + 4)?;
        digits
            .iter()
            .try_fold(0, |v, &b| Some((v << 4) | hex_digit(b)?))
    };
    match bytes {
        [b'\\', b'"' | b'\\' | b'/' | b'b' | b'f' | b'n' | b'r' | b't', ..] => Some(2),
        [b'\\', b'u', ..] => match hex4(2)? {
            0xD800..=0xDBFF => {
                let low = (bytes.get(6..8)? == b"\\u").then(|| hex4(8))??;
                (0xDC00..=0xDFFF).contains(&low).then_some(12)
            }
            0xDC00..=0xDFFF => None,
            _ => Some(6),
        },
        _ => None,
    }
}

fn utf8(left: u8, next_lo: u8, next_hi: u8) -> InString {
    InString::Plain {
        utf8_left: left,
        next_lo,
        next_hi,
    }
}

/// The bytes of one member worth keeping for the full parser: all of them
/// while they are a viable prefix (per line for [`Framing::Lines`]), and
/// for a prefix that stopped being viable, the bytes through the one that
/// stopped it.
#[derive(Debug, Clone)]
pub struct ViablePrefix {
    framing: Framing,
    scanner: JsonPrefix,
    kept: Vec<u8>,
    /// JSONL only: the current line holds a `\r`, already kept.
    line_has_cr: bool,
}

impl ViablePrefix {
    /// An empty member of the given framing.
    pub fn new(framing: Framing) -> Self {
        ViablePrefix {
            framing,
            scanner: JsonPrefix::new(),
            kept: Vec::new(),
            line_has_cr: false,
        }
    }

    /// Feeds the member's next bytes.
    pub fn extend(&mut self, mut bytes: &[u8]) {
        match self.framing {
            Framing::Document => {
                if !self.scanner.viable() {
                    return;
                }
                let take = self.scanner.feed(bytes).map_or(bytes.len(), |at| at + 1);
                self.kept
                    .extend_from_slice(bytes.get(..take).unwrap_or(bytes));
            }
            Framing::Lines => {
                while !bytes.is_empty() {
                    let end = bytes
                        .iter()
                        .position(|b| *b == b'\n' || *b == b'\r')
                        .unwrap_or(bytes.len());
                    let (line, rest) = bytes.split_at(end);
                    if self.scanner.viable() && !self.line_has_cr {
                        let take = match self.scanner.feed(line) {
                            None => line.len(),
                            Some(at) => at + 1,
                        };
                        self.kept
                            .extend_from_slice(line.get(..take).unwrap_or(line));
                    }
                    let Some((&b, rest)) = rest.split_first() else {
                        break;
                    };
                    if b == b'\n' {
                        self.kept.push(b'\n');
                        self.scanner = JsonPrefix::new();
                        self.line_has_cr = false;
                    } else if !self.line_has_cr {
                        // One `\r` keeps the line's framing error (§0) visible to
                        // the full reader; the rest of the line is dropped.
                        self.kept.push(b'\r');
                        self.line_has_cr = true;
                    }
                    bytes = rest;
                }
            }
        }
    }

    /// The kept bytes.
    pub fn into_bytes(self) -> Vec<u8> {
        self.kept
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;
    use proptest::prelude::*;

    /// The index of the byte at which `input` stops being viable.
    fn rejects_at(input: &[u8]) -> Option<usize> {
        JsonPrefix::new().feed(input)
    }

    fn kept(framing: Framing, input: &[u8], chunk: usize) -> Vec<u8> {
        let mut prefix = ViablePrefix::new(framing);
        for piece in input.chunks(chunk.max(1)) {
            prefix.extend(piece);
        }
        prefix.into_bytes()
    }

    #[test]
    fn valid_documents_stay_viable() {
        for doc in [
            &br#" {"a": [1, -2.5e3, "x\u00e9\ud83d\ude00", true, null], "b": {}} "#[..],
            b"\"top\"",
            b"0",
            b"-0.5E+7",
            b"[]",
            b"{}",
            b"[[], {}, [1, [2]]]",
            "\"caf\u{e9} \u{1F600} \u{10FFFF}\"".as_bytes(),
            br#"{"a":1,"a":2}"#, // duplicate names: the full parser's call
        ] {
            assert_eq!(rejects_at(doc), None, "{}", String::from_utf8_lossy(doc));
        }
    }

    #[test]
    fn rejects_at_the_first_hopeless_byte() {
        let cases: &[(&[u8], usize)] = &[
            (b"\0\0\0", 0),
            (b"\xEF\xBB\xBF{}", 0), // byte-order mark
            (b"{} x", 3),
            (b"[1,]", 3),
            (b"01", 1),
            (b"\"a\tb\"", 2),
            (b"trux", 3),
            (b"NaN", 0),
            (b"\"\\x\"", 2),
            (b"\"\\ud800x", 7),
            (b"\"\\ud800\\u0041\"", 12),
            (b"\"\\udc00\"", 6),
            (b"\"\xC0\x80\"", 1),         // overlong
            (b"\"\xED\xA0\x80\"", 2),     // UTF-8 of a surrogate
            (b"\"\xF4\x90\x80\x80\"", 2), // past U+10FFFF
            (b"{\"a\" 1}", 5),
            (b"{1:2}", 1),
            (b"[1 2]", 3),
            (b"1.e5", 2),
            (b"{\"a\":1]", 6),
        ];
        for (input, at) in cases {
            assert_eq!(
                rejects_at(input),
                Some(*at),
                "{}",
                String::from_utf8_lossy(input)
            );
            assert!(json::parse(input).is_err());
        }
    }

    #[test]
    fn nesting_is_capped_at_64_levels() {
        let ok = format!("{}{}", "[".repeat(64), "]".repeat(64));
        assert_eq!(rejects_at(ok.as_bytes()), None);
        let deep = "[".repeat(65);
        assert_eq!(rejects_at(deep.as_bytes()), Some(64));
        let objects = "{\"a\":".repeat(65);
        assert_eq!(rejects_at(objects.as_bytes()), Some(64 * 5));
    }

    #[test]
    fn a_hopeless_member_keeps_one_byte_per_line() {
        let nul = vec![0u8; 100_000];
        assert_eq!(kept(Framing::Document, &nul, 512), vec![0]);
        let mut lines = b"{}\n".to_vec();
        lines.extend_from_slice(&nul);
        lines.extend_from_slice(b"\r\0\n{\"a\":1}\n");
        assert_eq!(
            kept(Framing::Lines, &lines, 7),
            b"{}\n\0\r\n{\"a\":1}\n".to_vec()
        );
    }

    #[test]
    fn crlf_lines_keep_their_framing_error() {
        let input = b"{}\r\n{} x \r\n";
        let kept = kept(Framing::Lines, input, 3);
        assert_eq!(kept, b"{}\r\n{} x\r\n".to_vec());
        let framing: Vec<bool> = json::jsonl_lines(&kept).map(|(_, l)| l.is_some()).collect();
        assert_eq!(framing, vec![false, false]);
    }

    /// Bytes that are mostly JSON punctuation, so that random inputs reach
    /// deep into the grammar.
    fn jsonish() -> impl Strategy<Value = Vec<u8>> {
        let alphabet: Vec<u8> =
            b"{}[]\",:.-+eE0123456789 \n\r\\utrfalsenx\x00\x1f\xc3\xa9\xed\xa0\xf0\x9f\xd8\xdc"
                .to_vec();
        proptest::collection::vec(proptest::sample::select(alphabet), 0..48)
    }

    /// Valid documents, printed compactly or with spaces.
    fn document() -> impl Strategy<Value = Vec<u8>> {
        (json::tests::values(5), any::<bool>()).prop_map(|(v, pretty)| {
            if pretty {
                serde_json::to_vec_pretty(&v).unwrap_or_default()
            } else {
                serde_json::to_vec(&v).unwrap_or_default()
            }
        })
    }

    /// Strings of escapes, well-formed or not, complete or cut off.
    fn escapes() -> impl Strategy<Value = Vec<u8>> {
        let piece = proptest::sample::select(vec![
            r"\n",
            r"\/",
            r#"\""#,
            r"\u00e9",
            r"\uD83D\uDE00",
            r"\ud83d\ude00",
            r"\ud800",
            r"\udc00",
            r"\ud800\u0041",
            r"\ud800\",
            r"\u12",
            r"\u12g4",
            r"\x",
            "a",
            "\u{e9}",
            r"\",
        ]);
        (proptest::collection::vec(piece, 0..12), any::<bool>()).prop_map(|(p, closed)| {
            let mut s = format!("[\"{}", p.concat());
            if closed {
                s.push_str("\"]");
            }
            s.into_bytes()
        })
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]

        /// The fast paths (runs, whole escapes) decide as the byte machine
        /// does, byte by byte.
        #[test]
        fn fast_paths_agree_with_the_byte_machine(input in prop_oneof![escapes(), jsonish()]) {
            let mut bytewise = JsonPrefix::new();
            let by_byte = input.iter().position(|b| bytewise.feed(&[*b]).is_some());
            prop_assert_eq!(rejects_at(&input), by_byte);
            if json::parse(&input).is_ok() {
                prop_assert_eq!(rejects_at(&input), None);
            }
        }

        /// Sound: a rejected prefix fails the full parser whatever follows it;
        /// a document the parser accepts is never rejected.
        #[test]
        fn rejection_means_the_parser_rejects(input in jsonish(), tail in jsonish()) {
            if let Some(at) = rejects_at(&input) {
                prop_assert!(json::parse(&input).is_err());
                let mut extended = input[..=at].to_vec();
                extended.extend_from_slice(&tail);
                prop_assert!(json::parse(&extended).is_err());
            }
            if json::parse(&input).is_ok() {
                prop_assert_eq!(rejects_at(&input), None);
            }
        }

        /// Every prefix of a valid document is viable, however it is chunked.
        #[test]
        fn valid_documents_and_their_prefixes(doc in document(), chunk in 1usize..9) {
            prop_assert!(json::parse(&doc).is_ok());
            prop_assert_eq!(rejects_at(&doc), None);
            prop_assert_eq!(kept(Framing::Document, &doc, chunk), doc);
        }

        /// What is kept gets the same accept/reject decision as the whole
        /// member, document and line by line, however the bytes arrive.
        #[test]
        fn kept_bytes_are_judged_like_the_whole(
            input in jsonish(),
            chunk in 1usize..9,
        ) {
            let doc = kept(Framing::Document, &input, chunk);
            prop_assert_eq!(json::parse(&doc).is_ok(), json::parse(&input).is_ok());
            prop_assert_eq!(doc, kept(Framing::Document, &input, input.len()));
            let lines = kept(Framing::Lines, &input, chunk);
            let judged = |bytes: &[u8]| -> Vec<(usize, bool)> {
                json::jsonl_lines(bytes)
                    .map(|(n, l)| (n, l.is_some_and(|l| json::parse(l).is_ok())))
                    .collect()
            };
            prop_assert_eq!(judged(&lines), judged(&input));
        }
    }
}
