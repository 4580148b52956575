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

/// The PostgreSQL migrations, in order.
const POSTGRES: &[Migration] = &[
    (
        "0001_schema",
        include_str!("../../migrations/postgres/0001_schema.sql"),
    ),
    (
        "0002_issue21",
        include_str!("../../migrations/postgres/0002_issue21.sql"),
    ),
];

/// The migrations of `dialect`, in order.
fn migrations(dialect: Dialect) -> &'static [Migration] {
    match dialect {
        Dialect::Sqlite => SQLITE,
        Dialect::Postgres => POSTGRES,
    }
}

/// The table recording the migrations applied.
const MIGRATIONS_TABLE: &str = "schema_migrations";

/// Every table the migrations of `dialect` create, and the migrations'
/// own, by name.
pub(super) fn own_tables(dialect: Dialect) -> Vec<String> {
    let mut tables: Vec<String> = migrations(dialect)
        .iter()
        .flat_map(|(_, sql)| sql.split("CREATE TABLE ").skip(1))
        .filter_map(|rest| rest.split('(').next())
        .map(|name| name.trim().to_owned())
        .collect();
    tables.push(MIGRATIONS_TABLE.to_owned());
    tables.sort();
    tables
}

/// What a database holds before the store is made in it.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Found {
    /// No table: the store is made there.
    Empty,
    /// The store's own tables only (a previous run's): they are dropped,
    /// and the store made anew.
    OwnSchema(Vec<String>),
    /// Tables that are not the store's (listed): the database is refused.
    Foreign(Vec<String>),
}

/// What `db` holds.
pub(super) fn survey(db: &dyn Backend) -> Result<Found, SqlError> {
    let tables = db.tables()?;
    let own = own_tables(db.dialect());
    let foreign: Vec<String> = tables
        .iter()
        .filter(|t| !own.contains(t))
        .cloned()
        .collect();
    Ok(if tables.is_empty() {
        Found::Empty
    } else if foreign.is_empty() && tables.iter().any(|t| t == MIGRATIONS_TABLE) {
        Found::OwnSchema(tables)
    } else if foreign.is_empty() {
        // The store's table names without its migrations' record: made by
        // something else, never dropped.
        Found::Foreign(tables)
    } else {
        Found::Foreign(foreign)
    })
}

/// Drops `tables` (the store's own, from a previous run).
pub(super) fn drop_tables(db: &dyn Backend, tables: &[String]) -> Result<(), SqlError> {
    db.batch(&format!("DROP TABLE {}", tables.join(", ")))
}

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
