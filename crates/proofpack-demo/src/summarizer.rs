//! The background summariser: it reads a note, and later writes a summary
//! derived from it. Between the two, the note may have been erased; the
//! summariser must then drop its output, which it checks against the
//! tombstones (the defect of `--fault summarizer-race` is that it does not).

use crate::clock::Clock;
use crate::fault::Fault;
use crate::store::Store;
use crate::DemoError;

/// A summary the summariser is working on.
#[derive(Debug, Clone)]
pub(crate) struct Draft {
    /// The note it read.
    pub note: i64,
    /// Whose note.
    pub user_id: String,
    /// What it read.
    pub text: String,
    /// When it read it.
    pub read_at: String,
}

/// Reads the latest note of `user_id`, if there is one.
pub(crate) fn read_latest_note(
    store: &Store,
    user_id: &str,
    clock: &Clock,
) -> Result<Option<Draft>, DemoError> {
    let note = store.latest_note(user_id)?;
    Ok(note.map(|(note, text)| Draft {
        note,
        user_id: user_id.to_owned(),
        text,
        read_at: clock.stamp(),
    }))
}

/// Writes the summary of `draft` and returns its id, unless its note has
/// been tombstoned since it was read (then `None`: the output is dropped).
pub(crate) fn write(
    store: &Store,
    draft: &Draft,
    clock: &Clock,
    fault: Option<Fault>,
) -> Result<Option<String>, DemoError> {
    let tombstoned = store.note_tombstoned(&draft.user_id, draft.note)?;
    if tombstoned && fault != Some(Fault::SummarizerRace) {
        return Ok(None);
    }
    let summary_id = format!("summary-{}-n{}", draft.user_id, draft.note);
    let words: Vec<&str> = draft.text.split_whitespace().take(8).collect();
    store.add_summary(
        &summary_id,
        &draft.user_id,
        &format!("Summary: {} ...", words.join(" ")),
        &clock.stamp(),
        &[draft.note],
    )?;
    Ok(Some(summary_id))
}
