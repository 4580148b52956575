//! `--timings`: how long each phase of a run took, told in its story (the
//! figures of docs/BENCHMARKS.md come from these lines). Wall-clock time,
//! never written into the evidence.

use std::io::Write;
use std::time::{Duration, Instant};

/// A stopwatch told in laps: each lap is the time since the previous one.
#[derive(Debug)]
pub(crate) struct Laps {
    on: bool,
    last: Instant,
}

impl Laps {
    /// A stopwatch started now; when `on` is false it tells nothing.
    #[must_use]
    pub(crate) fn start(on: bool) -> Laps {
        Laps {
            on,
            last: Instant::now(),
        }
    }

    /// The time since the previous lap (or the start), and a new lap.
    pub(crate) fn lap(&mut self) -> Duration {
        let now = Instant::now();
        let lap = now - self.last;
        self.last = now;
        lap
    }

    /// Ends a lap and tells it as `what` (when on).
    pub(crate) fn tell(&mut self, story: &mut dyn Write, what: &str) {
        let lap = self.lap();
        if self.on {
            let _ = writeln!(story, "  [time] {what}: {}", millis(lap));
        }
    }

    /// A suffix telling the lap just ended (empty when off).
    pub(crate) fn suffix(&mut self) -> String {
        let lap = self.lap();
        if self.on {
            format!("  [{}]", millis(lap))
        } else {
            String::new()
        }
    }
}

/// `d` in milliseconds, one decimal.
#[must_use]
pub(crate) fn millis(d: Duration) -> String {
    format!("{:.1} ms", d.as_secs_f64() * 1000.0)
}
