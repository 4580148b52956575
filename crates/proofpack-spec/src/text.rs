//! Text from a pack or a trust store is hostile: it may hold terminal escape
//! sequences (a screen clear, a forged green "verdict: complete", an OSC 8
//! hyperlink, a title change), line breaks that start a line looking like
//! the tool's own, or Unicode bidi controls that reorder what is shown.
//!
//! [`Untrusted`] wraps such text so that it cannot be printed without being
//! made inert: its `Display` escapes C0 and C1 controls, DEL and the bidi
//! controls visibly, the way `char::escape_debug` does (`\u{1b}`, `\n`), and
//! keeps every other character. [`Untrusted::lines`] gives multi-line text
//! (the attestation) as escaped lines, for a renderer to indent behind a
//! gutter.

use std::fmt;

/// Whether `c` must never reach a terminal or a page as itself: C0 and C1
/// controls, DEL, and the bidi embedding, override, isolate and mark
/// characters (U+202A-U+202E, U+2066-U+2069, U+200E, U+200F, and U+061C).
pub fn is_dangerous(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}'
        )
}

/// Writes `text` with every dangerous character escaped (`\n`, `\t`, `\r`,
/// else `\u{..}`). A backslash stays itself: text that merely looks like an
/// escape is inert.
fn write_escaped(f: &mut impl fmt::Write, text: &str) -> fmt::Result {
    for c in text.chars() {
        match c {
            '\n' => f.write_str("\\n")?,
            '\r' => f.write_str("\\r")?,
            '\t' => f.write_str("\\t")?,
            c if is_dangerous(c) => write!(f, "\\u{{{:x}}}", u32::from(c))?,
            c => f.write_char(c)?,
        }
    }
    Ok(())
}

/// Text that came from a pack or a trust store. Its `Display` is the only
/// way to print it, and it is always escaped.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Untrusted<'a>(pub &'a str);

impl fmt::Display for Untrusted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Padding (`{:<20}`) applies to the escaped form, so columns stay
        // aligned whatever the pack holds.
        if f.width().is_some() {
            let mut escaped = String::new();
            write_escaped(&mut escaped, self.0)?;
            f.pad(&escaped)
        } else {
            write_escaped(f, self.0)
        }
    }
}

impl fmt::Debug for Untrusted<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Untrusted(\"{self}\")")
    }
}

impl<'a> Untrusted<'a> {
    /// The escaped form, as a string.
    pub fn escaped(self) -> String {
        self.to_string()
    }

    /// Multi-line text as lines, each escaped (a line break ends a line;
    /// `\r`, tabs and every other control inside a line are escaped).
    pub fn lines(self) -> impl Iterator<Item = String> + 'a {
        self.0.split('\n').map(|line| Untrusted(line).escaped())
    }
}

/// Escapes untrusted bytes for a terminal: valid UTF-8 is escaped as
/// [`Untrusted`] text, line breaks kept; invalid bytes are shown as `\x..`.
pub fn escape_bytes_multiline(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len());
    for chunk in bytes.utf8_chunks() {
        for (i, line) in chunk.valid().split('\n').enumerate() {
            if i > 0 {
                out.push('\n');
            }
            let _ = write_escaped(&mut out, line);
        }
        for b in chunk.invalid() {
            out.push_str(&format!("\\x{b:02x}"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controls_and_bidi_are_escaped_visibly() {
        let forged = "\u{1b}[2J\u{1b}[H\u{1b}[1;32m verdict: complete";
        let shown = Untrusted(forged).escaped();
        assert!(!shown.chars().any(is_dangerous), "{shown}");
        assert!(shown.starts_with("\\u{1b}[2J"));
        assert_eq!(
            Untrusted("a\nverdict: complete").escaped(),
            "a\\nverdict: complete"
        );
        assert_eq!(
            Untrusted("x\u{202E}y\u{2066}").escaped(),
            "x\\u{202e}y\\u{2066}"
        );
        assert_eq!(Untrusted("\u{9b}31m\u{7f}").escaped(), "\\u{9b}31m\\u{7f}");
        assert_eq!(Untrusted("plain é ✓").escaped(), "plain é ✓");
    }

    #[test]
    fn padding_applies_to_the_escaped_form() {
        assert_eq!(format!("[{:<6}]", Untrusted("\u{7}")), "[\\u{7} ]");
    }

    #[test]
    fn lines_and_bytes() {
        let lines: Vec<String> = Untrusted("one\r\ntwo\u{1b}]0;t\u{7}").lines().collect();
        assert_eq!(lines, vec!["one\\r", "two\\u{1b}]0;t\\u{7}"]);
        assert_eq!(escape_bytes_multiline(b"a\nb\xff\x1b"), "a\nb\\xff\\u{1b}");
    }
}
