//! The injected clock. Every timestamp the platform writes (the cascade's
//! step times, the services' confirmations, the pack's `signed_at`) comes
//! from one [`Clock`], so a test can fix time and a run never goes back.
//! A clock [running behind](Clock::behind) another reads the same source
//! minus a fixed lag (`--fault backdated`: the platform's clock is slow,
//! the witnesses' and the DPO's are not).

use proofpack_spec::timestamp::format_instant;
use std::sync::{Arc, Mutex, PoisonError};
use time::{Duration, OffsetDateTime, UtcOffset};

#[derive(Debug)]
enum Source {
    /// The system clock, at whole seconds, never going backwards.
    System { last: OffsetDateTime },
    /// A simulated clock: each reading is `step` after the previous one.
    Stepping {
        next: OffsetDateTime,
        step: Duration,
    },
}

/// A shared clock (clones read the same time source), possibly running
/// behind it.
#[derive(Debug, Clone)]
pub struct Clock {
    source: Arc<Mutex<Source>>,
    behind: Duration,
}

fn whole_seconds_utc(at: OffsetDateTime) -> OffsetDateTime {
    let at = at.to_offset(UtcOffset::UTC);
    at.replace_nanosecond(0).unwrap_or(at)
}

impl Clock {
    /// The system clock in UTC, at whole seconds; a reading is never
    /// before the previous one, whatever the system clock does.
    #[must_use]
    pub fn system() -> Self {
        Clock::of(Source::System {
            last: OffsetDateTime::UNIX_EPOCH,
        })
    }

    fn of(source: Source) -> Self {
        Clock {
            source: Arc::new(Mutex::new(source)),
            behind: Duration::ZERO,
        }
    }

    /// This clock's source read `by` earlier: a slow clock.
    #[must_use]
    pub(crate) fn behind(&self, by: Duration) -> Self {
        Clock {
            source: Arc::clone(&self.source),
            behind: self.behind + by,
        }
    }

    /// A simulated clock whose first reading is `start` (in UTC, at whole
    /// seconds) and each later reading `step` after the previous one.
    #[must_use]
    pub fn stepping(start: OffsetDateTime, step: Duration) -> Self {
        Clock::of(Source::Stepping {
            next: whole_seconds_utc(start),
            step,
        })
    }

    /// The current instant.
    #[must_use]
    pub(crate) fn now(&self) -> OffsetDateTime {
        self.read(false) - self.behind
    }

    /// An instant strictly after every earlier reading of this clock's
    /// source (the system clock waits for its next whole second).
    #[must_use]
    pub(crate) fn later(&self) -> OffsetDateTime {
        self.read(true) - self.behind
    }

    fn read(&self, strictly_later: bool) -> OffsetDateTime {
        let mut source = self.source.lock().unwrap_or_else(PoisonError::into_inner);
        match &mut *source {
            Source::System { last } => loop {
                let now = whole_seconds_utc(OffsetDateTime::now_utc()).max(*last);
                if strictly_later && now == *last {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                    continue;
                }
                *last = now;
                break now;
            },
            Source::Stepping { next, step } => {
                let now = *next;
                *next = now + *step;
                now
            }
        }
    }

    /// The current instant as a §0 timestamp (`2026-04-22T15:44:00Z`).
    #[must_use]
    pub(crate) fn stamp(&self) -> String {
        format_instant(self.now())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stepping_clock_advances_by_its_step() {
        let start = OffsetDateTime::UNIX_EPOCH + Duration::days(20_000);
        let clock = Clock::stepping(start, Duration::seconds(3));
        let a = clock.now();
        let b = clock.clone().now();
        assert_eq!(a, start);
        assert_eq!(b - a, Duration::seconds(3));
    }

    #[test]
    fn a_clock_behind_reads_the_same_source_minus_its_lag() {
        let start = OffsetDateTime::UNIX_EPOCH + Duration::days(20_000);
        let clock = Clock::stepping(start, Duration::seconds(3));
        let slow = clock.behind(Duration::days(35));
        assert_eq!(slow.now(), start - Duration::days(35));
        assert_eq!(clock.now(), start + Duration::seconds(3));
    }

    #[test]
    fn later_is_strictly_after_the_last_reading() {
        let clock = Clock::system();
        let a = clock.now();
        assert!(clock.later() > a);
    }

    #[test]
    fn system_clock_never_goes_back() {
        let clock = Clock::system();
        let a = clock.now();
        let b = clock.now();
        assert!(b >= a);
        assert_eq!(a.nanosecond(), 0);
    }
}
