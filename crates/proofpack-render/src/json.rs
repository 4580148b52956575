//! The §13 report as JSON, with every character that [`proofpack_spec::text`] calls
//! dangerous written as a `\uXXXX` escape: serde_json escapes C0 controls
//! itself, and this formatter adds DEL, the C1 controls and the bidi
//! controls, so a report shown raw in a terminal or a viewer stays inert.
//! The JSON is valid either way; its meaning is unchanged.

use proofpack_core::Report;
use proofpack_spec::text::is_dangerous;
use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};
use std::io::{self, Write};

/// Wraps a serde_json formatter, escaping dangerous characters in strings.
struct SafeFormatter<F>(F);

macro_rules! forward {
    ($($name:ident $(, $arg:ident: $ty:ty)*;)*) => {
        $(
            fn $name<W: ?Sized + Write>(&mut self, writer: &mut W $(, $arg: $ty)*) -> io::Result<()> {
                self.0.$name(writer $(, $arg)*)
            }
        )*
    };
}

impl<F: Formatter> Formatter for SafeFormatter<F> {
    forward! {
        begin_array;
        end_array;
        begin_array_value, first: bool;
        end_array_value;
        begin_object;
        end_object;
        begin_object_key, first: bool;
        end_object_key;
        begin_object_value;
        end_object_value;
    }

    fn write_string_fragment<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let mut start = 0;
        for (i, c) in fragment.char_indices() {
            if is_dangerous(c) {
                writer.write_all(&fragment.as_bytes()[start..i])?;
                // Every dangerous character is in the BMP: one escape.
                write!(writer, "\\u{:04x}", u32::from(c))?;
                start = i + c.len_utf8();
            }
        }
        writer.write_all(&fragment.as_bytes()[start..])
    }
}

fn write<T: Serialize, F: Formatter>(out: &mut impl Write, value: &T, f: F) -> io::Result<()> {
    let mut ser = serde_json::Serializer::with_formatter(out, SafeFormatter(f));
    // Keep the I/O error's kind (a closed pipe must stay a BrokenPipe).
    value
        .serialize(&mut ser)
        .map_err(|e| match e.io_error_kind() {
            Some(kind) => io::Error::new(kind, e),
            None => io::Error::other(e),
        })
}

/// The report as pretty-printed JSON, without a final newline.
pub fn pretty(out: &mut impl Write, report: &Report) -> io::Result<()> {
    write(out, report, PrettyFormatter::new())
}

/// The report as one line of JSON (for JSON Lines), without a newline.
pub fn compact(out: &mut impl Write, report: &Report) -> io::Result<()> {
    write(out, report, CompactFormatter)
}

/// Any serialisable value as pretty-printed JSON, with the same escaping.
pub fn pretty_value<T: Serialize>(out: &mut impl Write, value: &T) -> io::Result<()> {
    write(out, value, PrettyFormatter::new())
}

/// Any serialisable value as one line of JSON, with the same escaping.
pub fn compact_value<T: Serialize>(out: &mut impl Write, value: &T) -> io::Result<()> {
    write(out, value, CompactFormatter)
}

/// The JSON text of `value` (pretty-printed with `pretty`) made inert for a
/// terminal while staying the same JSON: every dangerous character that
/// `serde_json` leaves as itself (DEL, C1 controls, bidi controls; it
/// escapes C0 controls already, so these can only be inside strings) is
/// written as its `\uXXXX` escape instead. The line breaks of pretty
/// printing, which are between tokens, are kept.
///
/// For JSON a user is meant to copy or pipe (a trust-store entry, a
/// listing), where [`Untrusted`](proofpack_spec::text::Untrusted)'s escapes would not be JSON.
pub fn json_for_terminal(value: &serde_json::Value, pretty: bool) -> String {
    let mut out = Vec::new();
    let written = if pretty {
        pretty_value(&mut out, value)
    } else {
        compact_value(&mut out, value)
    };
    // Writing to memory cannot fail, and the writer emits UTF-8.
    match written {
        Ok(()) => String::from_utf8(out).unwrap_or_default(),
        Err(_) => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn json_for_terminal_is_inert_and_the_same_json() {
        let value = serde_json::json!({
            "owner": "a\u{1b}[2J\u{9b}\u{7f}\u{202e}b\nc",
            "roles": ["dpo"],
        });
        for pretty in [false, true] {
            let text = json_for_terminal(&value, pretty);
            assert!(
                !text
                    .chars()
                    .any(|c| c != '\n' && proofpack_spec::text::is_dangerous(c)),
                "{text}"
            );
            let back: serde_json::Value = serde_json::from_str(&text).expect("JSON");
            assert_eq!(back, value);
        }
        assert!(!json_for_terminal(&value, false).contains('\n'));
        assert!(json_for_terminal(&value, true).contains('\n'));
    }

    #[test]
    fn dangerous_characters_are_escaped_and_the_json_is_unchanged() {
        let value = serde_json::json!({"t": "a\u{1b}[2J\u{7f}\u{9b}\u{202e}b\n"});
        let mut out = Vec::new();
        compact_value(&mut out, &value).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert_eq!(text, r#"{"t":"a\u001b[2J\u007f\u009b\u202eb\n"}"#);
        let back: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(back, value);
    }
}
