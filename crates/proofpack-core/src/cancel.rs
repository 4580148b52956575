//! A caller's way to stop a verification under way ([`Cancel`]), and how
//! the verifier's long loops look at it.

/// How many records a long loop (JSONL lines, witness entries, a graph
/// walk's steps) goes through between two looks at the flag: one relaxed
/// atomic load per few thousand records costs nothing measurable, and a
/// few thousand records take well under a millisecond.
const STRIDE: usize = 4096;

/// A caller's way to stop a verification that is under way (a user who
/// pressed Cancel): [`verify_until`](crate::verify_until) looks at it
/// between the sections of the spec, and the long loops inside a section
/// every few thousand records, so a cancelled run stops within
/// milliseconds. Clones share one flag, which is never lowered again.
#[derive(Debug, Clone, Default)]
pub struct Cancel(std::sync::Arc<std::sync::atomic::AtomicBool>);

impl Cancel {
    /// A flag not raised yet.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: the verification stops at its next look.
    pub fn cancel(&self) {
        self.0.store(true, std::sync::atomic::Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Whether a loop at its `n`-th record should stop: the flag, looked at
    /// on every [`STRIDE`]-th record only. A loop that stops leaves its
    /// section's result partial; the verifier's look after the section
    /// (the flag stays raised) turns the run into
    /// [`VerifyError::Cancelled`](crate::VerifyError::Cancelled), so a
    /// partial section never reaches a report.
    pub(crate) fn raised_at(&self, n: usize) -> bool {
        n % STRIDE == 0 && self.is_cancelled()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_raised_flag_is_seen_on_the_stride_only() {
        let cancel = Cancel::new();
        assert!(!cancel.raised_at(0));
        cancel.cancel();
        assert!(cancel.clone().raised_at(STRIDE));
        assert!(!cancel.raised_at(STRIDE + 1));
    }
}
