//! The calendar of §6: the statutory period of each legal basis, counted
//! from the local date of receipt. The verifier's SLA check and the
//! producer's deadline both use these, so the two cannot disagree.

use crate::timestamp::Timestamp;
use crate::vocab::LegalBasis;
use time::{Date, Duration, OffsetDateTime, Time};

/// A period of §6's table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    /// N calendar months.
    Months(u8),
    /// N days.
    Days(u16),
}

/// The first period and, where an extension is allowed, the whole extended
/// period, for a legal basis.
pub fn periods(legal_basis: LegalBasis) -> (Period, Option<Period>) {
    match legal_basis {
        LegalBasis::Gdpr => (Period::Months(1), Some(Period::Months(3))),
        LegalBasis::Ccpa => (Period::Days(45), Some(Period::Days(90))),
        LegalBasis::Popia | LegalBasis::KeDpa | LegalBasis::UgDppa => (Period::Days(30), None),
    }
}

/// *N months after* a date: the same day N months later, or the last day of
/// that month where that day does not exist.
pub fn add_months(date: Date, months: u8) -> Option<Date> {
    let index = i32::from(u8::from(date.month())) - 1 + i32::from(months);
    let year = date.year() + index.div_euclid(12);
    let month = time::Month::try_from(u8::try_from(index.rem_euclid(12) + 1).ok()?).ok()?;
    let last = month.length(year);
    Date::from_calendar_date(year, month, date.day().min(last)).ok()
}

/// The end of a period counted from the local date of receipt: 00:00:00 of
/// the day after its last day, in the offset of `received_at`.
pub fn period_end(received_at: &Timestamp, period: Period) -> Option<OffsetDateTime> {
    let at = received_at.instant();
    let last_day = match period {
        Period::Months(n) => add_months(at.date(), n)?,
        Period::Days(n) => at.date().checked_add(Duration::days(i64::from(n)))?,
    };
    let next = last_day.next_day()?;
    Some(next.with_time(Time::MIDNIGHT).assume_offset(at.offset()))
}
