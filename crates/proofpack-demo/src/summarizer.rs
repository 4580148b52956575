//! The background summariser: it reads a note, and later writes a summary
//! derived from it. Between the two, the note may have been erased; the
//! summariser must then drop its output, which it checks against the
//! tombstones (the defect of `--fault summarizer-race` is that it does not).

use crate::clock::Clock;
use crate::fault::Fault;
use crate::store::{note_key, user_scope, Store};
use crate::DemoError;
use rusqlite::{params, OptionalExtension};

/// A summary the summariser is working on.
#[derive(Debug, Clone)]
pub struct Draft {
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
pub fn read_latest_note(
    store: &Store,
    user_id: &str,
    clock: &Clock,
) -> Result<Option<Draft>, DemoError> {
    let note: Option<(i64, String)> = store
        .conn
        .query_row(
            "SELECT row_id, content FROM episodic WHERE user_id = ?1 AND kind = 'note'
             ORDER BY row_id DESC LIMIT 1",
            [user_id],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .optional()?;
    Ok(note.map(|(note, text)| Draft {
        note,
        user_id: user_id.to_owned(),
        text,
        read_at: clock.stamp(),
    }))
}

/// Writes the summary of `draft` and returns its id, unless its note has
/// been tombstoned since it was read (then `None`: the output is dropped).
pub fn write(
    store: &Store,
    draft: &Draft,
    clock: &Clock,
    fault: Option<Fault>,
) -> Result<Option<String>, DemoError> {
    let tombstoned: bool = store.conn.query_row(
        "SELECT EXISTS (SELECT 1 FROM tombstones WHERE scope = ?1 AND key = ?2)",
        params![user_scope(&draft.user_id), note_key(draft.note)],
        |r| r.get(0),
    )?;
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
