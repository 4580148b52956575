//! Timestamps (spec §0): RFC 3339 `date-time` with a mandatory offset,
//! uppercase `T` and `Z`, seconds `00`-`59` required, fraction optional.

use crate::text::Untrusted;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;
use time::{Date, Month, OffsetDateTime, PrimitiveDateTime, Time, UtcOffset};

/// Text that is not a §0 timestamp, as every front end says it (an
/// argument, a query parameter, a field of a request): one wording, the
/// text escaped, with an example of the form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TimestampError {
    /// The text as given.
    pub text: String,
}

impl fmt::Display for TimestampError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "\"{}\" is not an RFC 3339 date-time with an offset (e.g. 2026-04-20T09:11:00Z)",
            Untrusted(&self.text)
        )
    }
}

impl std::error::Error for TimestampError {}

/// A parsed timestamp: the exact string and the instant it names.
///
/// Order and equality of [`Timestamp::instant`] are by instant; where the spec
/// asks two timestamps to be *equal* it means the same string, which is
/// [`Timestamp::raw`].
#[derive(Debug, Clone)]
pub struct Timestamp {
    raw: String,
    at: OffsetDateTime,
}

impl Timestamp {
    /// Parses a §0 timestamp; `None` is `time.invalid`.
    pub fn parse(text: &str) -> Option<Timestamp> {
        let at = parse_rfc3339(text.as_bytes())?;
        Some(Timestamp {
            raw: text.to_owned(),
            at,
        })
    }

    /// The current instant, written in UTC at whole seconds
    /// (`2026-04-22T16:02:00Z`): the one "now" of every front end and of
    /// the report's `meta.verified_at`. A clock outside the years 0000-9999
    /// (which RFC 3339 cannot write) reads as the nearest end of that range.
    pub fn now() -> Timestamp {
        let now = OffsetDateTime::now_utc();
        let first = time::macros::datetime!(0000-01-01 00:00:00 UTC);
        let last = time::macros::datetime!(9999-12-31 23:59:59 UTC);
        let at = now
            .clamp(first, last)
            .replace_nanosecond(0)
            .unwrap_or(first);
        Timestamp {
            raw: format_instant(at),
            at,
        }
    }

    /// Builds a timestamp from an instant, written in UTC at whole seconds
    /// (`2026-04-22T16:02:00Z`).
    pub fn from_instant_utc(at: OffsetDateTime) -> Option<Timestamp> {
        let at = at.to_offset(UtcOffset::UTC).replace_nanosecond(0).ok()?;
        Timestamp::parse(&format_instant(at))
    }

    /// The string as written.
    pub fn raw(&self) -> &str {
        &self.raw
    }

    /// The instant, in the offset it was written with.
    pub fn instant(&self) -> OffsetDateTime {
        self.at
    }

    /// Compares two timestamps by instant.
    pub fn cmp_instant(&self, other: &Timestamp) -> Ordering {
        self.at.cmp(&other.at)
    }
}

/// Parses a §0 timestamp, with [`TimestampError`] saying what was wrong:
/// the form every front end parses an argument with. ([`Timestamp::parse`]
/// is for the verifier, whose findings say it in their own words.)
impl FromStr for Timestamp {
    type Err = TimestampError;

    fn from_str(text: &str) -> Result<Timestamp, TimestampError> {
        Timestamp::parse(text).ok_or_else(|| TimestampError {
            text: text.to_owned(),
        })
    }
}

impl fmt::Display for Timestamp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.raw)
    }
}

/// Writes an instant as RFC 3339 in its own offset, at whole seconds.
pub fn format_instant(at: OffsetDateTime) -> String {
    let offset = at.offset();
    let zone = if offset.is_utc() {
        "Z".to_owned()
    } else {
        let total = offset.whole_seconds();
        let sign = if total < 0 { '-' } else { '+' };
        let abs = total.unsigned_abs();
        format!("{sign}{:02}:{:02}", abs / 3600, (abs % 3600) / 60)
    };
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{zone}",
        at.year(),
        u8::from(at.month()),
        at.day(),
        at.hour(),
        at.minute(),
        at.second()
    )
}

fn digits(bytes: &[u8], start: usize, len: usize) -> Option<u32> {
    let slice = bytes.get(start..start + len)?;
    slice.iter().try_fold(0u32, |acc, b| {
        b.is_ascii_digit().then(|| acc * 10 + u32::from(b - b'0'))
    })
}

fn parse_rfc3339(b: &[u8]) -> Option<OffsetDateTime> {
    // YYYY-MM-DDTHH:MM:SS
    if b.len() < 20
        || b.get(4) != Some(&b'-')
        || b.get(7) != Some(&b'-')
        || b.get(10) != Some(&b'T')
        || b.get(13) != Some(&b':')
        || b.get(16) != Some(&b':')
    {
        return None;
    }
    let year = i32::try_from(digits(b, 0, 4)?).ok()?;
    let month = Month::try_from(u8::try_from(digits(b, 5, 2)?).ok()?).ok()?;
    let day = u8::try_from(digits(b, 8, 2)?).ok()?;
    let hour = u8::try_from(digits(b, 11, 2)?).ok()?;
    let minute = u8::try_from(digits(b, 14, 2)?).ok()?;
    let second = u8::try_from(digits(b, 17, 2)?).ok()?;
    if second > 59 {
        return None;
    }
    let mut pos = 19;
    let mut nanos: u32 = 0;
    if b.get(pos) == Some(&b'.') {
        pos += 1;
        let start = pos;
        while b.get(pos).is_some_and(u8::is_ascii_digit) {
            if pos - start < 9 {
                nanos = nanos * 10 + u32::from(b[pos] - b'0');
            }
            pos += 1;
        }
        let n = pos - start;
        if n == 0 {
            return None;
        }
        for _ in n..9 {
            nanos *= 10;
        }
    }
    let offset = match b.get(pos..)? {
        [b'Z'] => UtcOffset::UTC,
        [sign @ (b'+' | b'-'), _, _, b':', _, _] => {
            let oh = i8::try_from(digits(b, pos + 1, 2)?).ok()?;
            let om = i8::try_from(digits(b, pos + 4, 2)?).ok()?;
            if oh > 23 || om > 59 {
                return None;
            }
            let s = if *sign == b'-' { -1 } else { 1 };
            UtcOffset::from_hms(s * oh, s * om, 0).ok()?
        }
        _ => return None,
    };
    let date = Date::from_calendar_date(year, month, day).ok()?;
    let time = Time::from_hms_nano(hour, minute, second, nanos).ok()?;
    Some(PrimitiveDateTime::new(date, time).assume_offset(offset))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_section_0_forms() {
        for ok in [
            "2026-04-20T09:11:00Z",
            "2026-04-20T09:11:00.123Z",
            "2026-01-31T23:30:00-05:00",
            "2026-01-31T23:30:00+05:30",
            "2024-02-29T00:00:00Z",
            "2026-04-20T09:11:00.123456789123Z",
        ] {
            assert!(Timestamp::parse(ok).is_some(), "{ok}");
        }
    }

    #[test]
    fn rejects_other_forms() {
        for bad in [
            "2026-04-20T09:11:00",
            "2026-04-20t09:11:00Z",
            "2026-04-20T09:11:00z",
            "2026-04-20T09:11Z",
            "2026-04-20 09:11:00Z",
            "2026-04-20T09:11:60Z",
            "2026-02-30T09:11:00Z",
            "2025-02-29T00:00:00Z",
            "2026-04-20T24:00:00Z",
            "2026-04-20T09:11:00.Z",
            "2026-04-20T09:11:00+0500",
            "2026-04-20T09:11:00+05",
            "2026-04-20T09:11:00+24:00",
            "+2026-04-20T09:11:00Z",
            "2026-04-20T09:11:00Z ",
            "",
        ] {
            assert!(Timestamp::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn from_str_gives_the_timestamp_or_the_text_refused() {
        let at: Timestamp = "2026-04-20T09:11:00Z".parse().expect("valid");
        assert_eq!(at.raw(), "2026-04-20T09:11:00Z");
        let refused = "2026-04-20 09:11\u{1b}[2J"
            .parse::<Timestamp>()
            .expect_err("invalid");
        assert_eq!(refused.text, "2026-04-20 09:11\u{1b}[2J");
        // The text is shown inert: no control reaches a terminal.
        assert!(!refused.to_string().chars().any(crate::text::is_dangerous));
    }

    #[test]
    fn now_is_a_whole_second_in_utc_that_parses_back() {
        let now = Timestamp::now();
        assert!(now.raw().ends_with('Z'));
        assert_eq!(now.instant().nanosecond(), 0);
        let again = Timestamp::parse(now.raw()).expect("now parses");
        assert_eq!(again.cmp_instant(&now), Ordering::Equal);
    }

    #[test]
    fn order_is_by_instant() {
        let a = Timestamp::parse("2026-01-31T23:30:00-05:00").expect("valid");
        let b = Timestamp::parse("2026-02-01T04:30:00Z").expect("valid");
        assert_eq!(a.cmp_instant(&b), Ordering::Equal);
        assert_ne!(a.raw(), b.raw());
        assert_eq!(format_instant(a.instant()), "2026-01-31T23:30:00-05:00");
    }
}
