//! The store's schema: one table per tier (see the module's overview),
//! created by the migrations under `migrations/<dialect>/`, applied in
//! order and recorded in `schema_migrations`.
//!
//! One set per dialect rather than one portable set: the two differ only
//! in column types and key generation (which no portable DDL spells the
//! same way), and each file stays plain SQL that its engine's own tools
//! can run.

use super::backend::{args, Backend, Dialect, SqlError, Transaction};

/// A migration: its version (the file's name) and its SQL.
type Migration = (&'static str, &'static str);

/// The SQLite migrations, in order.
const SQLITE: &[Migration] = &[
    (
        "0001_schema",
        include_str!("../../migrations/sqlite/0001_schema.sql"),
    ),
    (
        "0002_issue21",
        include_str!("../../migrations/sqlite/0002_issue21.sql"),
    ),
];

/// The migrations of `dialect`, in order.
fn migrations(dialect: Dialect) -> &'static [Migration] {
    match dialect {
        Dialect::Sqlite => SQLITE,
    }
}

/// The table recording the migrations applied.
const MIGRATIONS_TABLE: &str = "schema_migrations";

/// Applies every migration of `db`'s dialect it has not applied yet, each
/// in its own transaction.
pub(super) fn migrate(db: &dyn Backend) -> Result<(), SqlError> {
    db.batch(&format!(
        "CREATE TABLE IF NOT EXISTS {MIGRATIONS_TABLE}(version TEXT PRIMARY KEY)"
    ))?;
    for (version, sql) in migrations(db.dialect()) {
        let applied: bool = db.one(
            &format!("SELECT EXISTS (SELECT 1 FROM {MIGRATIONS_TABLE} WHERE version = ?1)"),
            args![*version],
        )?;
        if applied {
            continue;
        }
        let tx = Transaction::begin(db)?;
        db.batch(sql)?;
        db.execute(
            &format!("INSERT INTO {MIGRATIONS_TABLE}(version) VALUES (?1)"),
            args![*version],
        )?;
        tx.commit()?;
    }
    Ok(())
}
