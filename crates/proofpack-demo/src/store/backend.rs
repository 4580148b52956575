//! The store's database engine behind one small trait, [`Backend`], so that
//! every query of the demo is written once and runs on SQLite (embedded,
//! the default) or PostgreSQL.
//!
//! How to write a query (the whole API):
//!
//! * SQL is portable and written once: placeholders `?1..?N` (each may be
//!   repeated; the PostgreSQL backend rewrites them to `$1..$N`);
//!   `INSERT ... ON CONFLICT (...) DO NOTHING | DO UPDATE SET c = excluded.c`
//!   (never `INSERT OR IGNORE/REPLACE`); `RETURNING` for generated keys
//!   (never `last_insert_rowid()`); `TRUE`/`FALSE` for flags; subqueries in
//!   `FROM` carry an alias; a parameter whose type the statement does not
//!   fix (`INSERT ... SELECT ?2, ...`) is cast: `CAST(?2 AS BIGINT)`; no
//!   engine-only function: the few fragments that differ (JSON fields) come
//!   from [`Dialect`]. Types live in the schema, one migration set per
//!   dialect (`migrations/<dialect>/`): INTEGER there is BIGINT here,
//!   BLOB is BYTEA, flags are BOOLEAN.
//! * Arguments: `args![a, b, c]` builds the `&[Arg]` slice from `&str`,
//!   `String`, `i64`, `bool`, `&[u8]`, `Vec<u8>`, `f64` or an `Option` of
//!   them (`None` is NULL).
//! * Connections: [`open`] (read-write) or [`open_read_only`] a
//!   [`Location`]; each gives a `Box<dyn Backend>`.
//! * Statements: `db.execute(sql, args)` returns the rows changed;
//!   `db.batch(sql)` runs several statements without arguments (DDL).
//! * Queries: `db.query(sql, args)` returns every [`Row`]; a row's column
//!   is read with `row.get::<T>(i)` for `T` in `i64`, `f64`, `bool`,
//!   `String`, `Vec<u8>` or an `Option` of them. The typed shorthands:
//!   `db.one::<T>` (the first column of the one row), `db.opt::<T>` (of
//!   the first row, if any), `db.column::<T>` (of every row) and
//!   `db.map(sql, args, |row| ...)` (each row built by a closure) and
//!   `db.first(sql, args, |row| ...)` (the first row, if any, built so).
//! * Transactions: `Transaction::begin` (the store's `begin`); what it
//!   changes is kept by `commit`, and rolled back if it is dropped. Not
//!   nested.
//!
//! A statement's failure is a [`SqlError`]; the store's methods wrap it in
//! `DemoError::Sql` naming what they were doing.

mod postgres;
mod sqlite;

pub(crate) use postgres::Postgres;
pub(crate) use sqlite::Sqlite;

use std::borrow::Cow;
use std::fmt::Debug;

/// Where a store's database is: what a connection opens.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    /// A SQLite file.
    Sqlite(std::path::PathBuf),
    /// A PostgreSQL database, by its connection URL
    /// (`postgres://user@host:port/dbname`) or key-value string.
    Postgres(String),
}

/// Shows where the database is without a password its URL may hold.
impl Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::Sqlite(path) => f.debug_tuple("Sqlite").field(path).finish(),
            Location::Postgres(url) => f
                .debug_tuple("Postgres")
                .field(&postgres::redacted(url))
                .finish(),
        }
    }
}

/// Opens the database at `location` for writing (a SQLite file is created
/// if absent).
pub fn open(location: &Location) -> Result<Box<dyn Backend>, SqlError> {
    match location {
        Location::Sqlite(path) => Ok(Box::new(Sqlite::open(path)?)),
        Location::Postgres(url) => Ok(Box::new(Postgres::connect(url, false)?)),
    }
}

/// Opens the database at `location` read-only: every write fails.
pub fn open_read_only(location: &Location) -> Result<Box<dyn Backend>, SqlError> {
    match location {
        Location::Sqlite(path) => Ok(Box::new(Sqlite::open_read_only(path)?)),
        Location::Postgres(url) => Ok(Box::new(Postgres::connect(url, true)?)),
    }
}

/// The SQL dialect of a backend: the few fragments that differ.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    /// SQLite (rusqlite, bundled).
    Sqlite,
    /// PostgreSQL (the `postgres` crate).
    Postgres,
}

impl Dialect {
    /// The expression reading the text field `field` of the JSON object
    /// held in the text column `column`.
    #[must_use]
    pub(crate) fn json_text(self, column: &str, field: &str) -> String {
        match self {
            Dialect::Sqlite => format!("json_extract({column}, '$.{field}')"),
            Dialect::Postgres => format!("(CAST({column} AS jsonb) ->> '{field}')"),
        }
    }

    /// The query listing the columns of the table `?1`, in order, one per
    /// row: its name, its declared type (text), and its position in the
    /// primary key (an integer, 0 when not in it).
    #[must_use]
    pub(crate) fn columns_query(self) -> &'static str {
        match self {
            Dialect::Sqlite => "SELECT name, type, pk FROM pragma_table_info(?1) ORDER BY cid",
            // The catalogue's own domain types (`sql_identifier`,
            // `cardinal_number`) are cast to the types rows are read as.
            Dialect::Postgres => {
                "SELECT CAST(c.column_name AS TEXT), CAST(c.data_type AS TEXT),
                        CAST(COALESCE(k.ordinal_position, 0) AS BIGINT)
                 FROM information_schema.columns c
                 LEFT JOIN information_schema.table_constraints t
                   ON t.table_schema = c.table_schema AND t.table_name = c.table_name
                  AND t.constraint_type = 'PRIMARY KEY'
                 LEFT JOIN information_schema.key_column_usage k
                   ON k.constraint_schema = t.constraint_schema
                  AND k.constraint_name = t.constraint_name
                  AND k.table_name = c.table_name AND k.column_name = c.column_name
                 WHERE c.table_schema = current_schema()
                   AND CAST(c.table_name AS TEXT) = CAST(?1 AS TEXT)
                 ORDER BY c.ordinal_position"
            }
        }
    }

    /// The query listing the names of the tables of the database (the
    /// engine's own excluded), one per row.
    #[must_use]
    pub(crate) fn tables_query(self) -> &'static str {
        match self {
            Dialect::Sqlite => {
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name"
            }
            // Every table and view of every schema but the catalog's; those
            // of the connection's own schema by their bare name.
            Dialect::Postgres => {
                "SELECT CASE WHEN table_schema = current_schema() THEN table_name
                             ELSE table_schema || '.' || table_name END AS name
                 FROM information_schema.tables
                 WHERE table_schema NOT IN ('pg_catalog', 'information_schema')
                 ORDER BY name"
            }
        }
    }
}

/// Why a statement failed.
#[derive(Debug, thiserror::Error)]
pub enum SqlError {
    /// SQLite's error.
    #[error(transparent)]
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL's error (the server's, or the connection's).
    #[error(transparent)]
    Postgres(#[from] ::postgres::Error),
    /// An argument that the statement's parameter cannot take.
    #[error("argument {index}: a {arg} cannot be bound to a parameter of type {param}")]
    Bind {
        /// The argument's position, from 1.
        index: usize,
        /// The argument's type.
        arg: &'static str,
        /// The parameter's type, as the server inferred it.
        param: String,
    },
    /// A column of a type the store never uses.
    #[error("column {column}: unsupported type {name}")]
    ColumnType {
        /// The column's index.
        column: usize,
        /// The type's name.
        name: String,
    },
    /// A column holds another type than the one read.
    #[error("column {column}: expected {expected}, found {found}")]
    Type {
        /// The column's index.
        column: usize,
        /// The type read.
        expected: &'static str,
        /// The type held.
        found: &'static str,
    },
    /// A column index past the row's end.
    #[error("no column {0}")]
    NoColumn(usize),
    /// A query expected to return a row returned none.
    #[error("the query returned no row")]
    NoRow,
}

/// A value read from the database.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// NULL.
    Null,
    /// An integer.
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// A boolean (PostgreSQL's; SQLite's are integers).
    Bool(bool),
    /// Text.
    Text(String),
    /// Bytes.
    Blob(Vec<u8>),
}

impl Value {
    /// The type's name, for errors.
    #[must_use]
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Value::Null => "null",
            Value::Int(_) => "integer",
            Value::Real(_) => "real",
            Value::Bool(_) => "boolean",
            Value::Text(_) => "text",
            Value::Blob(_) => "blob",
        }
    }
}

/// A statement's argument.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg<'a> {
    /// NULL.
    Null,
    /// An integer.
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// A boolean (an integer 0 or 1 on SQLite).
    Bool(bool),
    /// Text.
    Text(Cow<'a, str>),
    /// Bytes.
    Blob(Cow<'a, [u8]>),
}

impl Arg<'_> {
    /// The type's name, for errors.
    #[must_use]
    pub(crate) fn type_name(&self) -> &'static str {
        match self {
            Arg::Null => "null",
            Arg::Int(_) => "integer",
            Arg::Real(_) => "real",
            Arg::Bool(_) => "boolean",
            Arg::Text(_) => "text",
            Arg::Blob(_) => "blob",
        }
    }
}

impl From<i64> for Arg<'_> {
    fn from(n: i64) -> Self {
        Arg::Int(n)
    }
}
impl From<f64> for Arg<'_> {
    fn from(x: f64) -> Self {
        Arg::Real(x)
    }
}
impl From<bool> for Arg<'_> {
    fn from(b: bool) -> Self {
        Arg::Bool(b)
    }
}
impl<'a> From<&'a str> for Arg<'a> {
    fn from(s: &'a str) -> Self {
        Arg::Text(Cow::Borrowed(s))
    }
}
impl<'a> From<&'a String> for Arg<'a> {
    fn from(s: &'a String) -> Self {
        Arg::Text(Cow::Borrowed(s))
    }
}
impl From<String> for Arg<'_> {
    fn from(s: String) -> Self {
        Arg::Text(Cow::Owned(s))
    }
}
impl<'a> From<&'a [u8]> for Arg<'a> {
    fn from(b: &'a [u8]) -> Self {
        Arg::Blob(Cow::Borrowed(b))
    }
}
impl From<Vec<u8>> for Arg<'_> {
    fn from(b: Vec<u8>) -> Self {
        Arg::Blob(Cow::Owned(b))
    }
}
impl<'a, T: Into<Arg<'a>>> From<Option<T>> for Arg<'a> {
    fn from(v: Option<T>) -> Self {
        v.map_or(Arg::Null, Into::into)
    }
}

/// The arguments of a statement: `args![a, b]` is `&[Arg::from(a), Arg::from(b)]`.
macro_rules! args {
    ($($arg:expr),* $(,)?) => {
        &[$($crate::store::backend::Arg::from($arg)),*][..]
    };
}
pub(crate) use args;

/// One row of a query's result.
#[derive(Debug, Clone, PartialEq)]
pub struct Row(pub Vec<Value>);

impl Row {
    /// Column `i`, read as `T`.
    pub fn get<T: FromValue>(&self, i: usize) -> Result<T, SqlError> {
        let value = self.0.get(i).ok_or(SqlError::NoColumn(i))?;
        T::from_value(value).ok_or(SqlError::Type {
            column: i,
            expected: T::NAME,
            found: value.type_name(),
        })
    }
}

/// A Rust type a column can be read as.
pub trait FromValue: Sized {
    /// The type's name, for errors.
    const NAME: &'static str;
    /// The value as `Self`, if it is one.
    fn from_value(value: &Value) -> Option<Self>;
}

impl FromValue for i64 {
    const NAME: &'static str = "integer";
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Int(n) => Some(*n),
            _ => None,
        }
    }
}

impl FromValue for f64 {
    const NAME: &'static str = "real";
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Real(x) => Some(*x),
            _ => None,
        }
    }
}

/// A boolean column: PostgreSQL's BOOLEAN, or SQLite's integer 0 or 1.
impl FromValue for bool {
    const NAME: &'static str = "boolean";
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Bool(b) => Some(*b),
            Value::Int(0) => Some(false),
            Value::Int(1) => Some(true),
            _ => None,
        }
    }
}

impl FromValue for String {
    const NAME: &'static str = "text";
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Text(s) => Some(s.clone()),
            _ => None,
        }
    }
}

impl FromValue for Vec<u8> {
    const NAME: &'static str = "blob";
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Blob(b) => Some(b.clone()),
            _ => None,
        }
    }
}

impl<T: FromValue> FromValue for Option<T> {
    const NAME: &'static str = T::NAME;
    fn from_value(value: &Value) -> Option<Self> {
        match value {
            Value::Null => Some(None),
            other => T::from_value(other).map(Some),
        }
    }
}

/// A connection to the store's database. Each method runs one statement
/// (or, for [`Backend::batch`], several) on it.
pub trait Backend: Debug + Send {
    /// The connection's dialect.
    fn dialect(&self) -> Dialect;
    /// Runs one statement; returns the rows it changed.
    fn execute(&self, sql: &str, args: &[Arg<'_>]) -> Result<u64, SqlError>;
    /// Runs one query; returns every row.
    fn query(&self, sql: &str, args: &[Arg<'_>]) -> Result<Vec<Row>, SqlError>;
    /// Runs statements without arguments, separated by `;`.
    fn batch(&self, sql: &str) -> Result<(), SqlError>;
    /// Makes the space freed by deletions unreadable: no older copy of an
    /// erased row stays in the engine's log or free pages.
    fn reclaim(&self) -> Result<(), SqlError>;
}

impl dyn Backend + '_ {
    /// The first column of the one row `sql` returns.
    pub fn one<T: FromValue>(&self, sql: &str, args: &[Arg<'_>]) -> Result<T, SqlError> {
        self.opt(sql, args)?.ok_or(SqlError::NoRow)
    }

    /// The first column of the first row `sql` returns, if any.
    pub fn opt<T: FromValue>(&self, sql: &str, args: &[Arg<'_>]) -> Result<Option<T>, SqlError> {
        self.query(sql, args)?
            .first()
            .map(|row| row.get(0))
            .transpose()
    }

    /// The first column of every row `sql` returns.
    pub fn column<T: FromValue>(&self, sql: &str, args: &[Arg<'_>]) -> Result<Vec<T>, SqlError> {
        self.query(sql, args)?
            .iter()
            .map(|row| row.get(0))
            .collect()
    }

    /// Every row `sql` returns, each built by `f`.
    pub fn map<T>(
        &self,
        sql: &str,
        args: &[Arg<'_>],
        f: impl Fn(&Row) -> Result<T, SqlError>,
    ) -> Result<Vec<T>, SqlError> {
        self.query(sql, args)?.iter().map(f).collect()
    }

    /// The first row `sql` returns, if any, built by `f`.
    pub fn first<T>(
        &self,
        sql: &str,
        args: &[Arg<'_>],
        f: impl Fn(&Row) -> Result<T, SqlError>,
    ) -> Result<Option<T>, SqlError> {
        self.query(sql, args)?.first().map(f).transpose()
    }

    /// The tables of the database (the engine's own excluded), by name.
    pub fn tables(&self) -> Result<Vec<String>, SqlError> {
        self.column(self.dialect().tables_query(), &[])
    }
}

/// An open transaction: [`Self::commit`] keeps its changes; dropping it
/// rolls them back.
#[derive(Debug)]
pub(crate) struct Transaction<'a> {
    db: &'a dyn Backend,
    done: bool,
}

impl<'a> Transaction<'a> {
    /// Begins a transaction on `db`.
    pub(crate) fn begin(db: &'a dyn Backend) -> Result<Self, SqlError> {
        db.batch("BEGIN")?;
        Ok(Transaction { db, done: false })
    }

    /// Commits every change made since [`Self::begin`].
    pub(crate) fn commit(mut self) -> Result<(), SqlError> {
        self.done = true;
        self.db.batch("COMMIT")
    }
}

impl Drop for Transaction<'_> {
    fn drop(&mut self) {
        if !self.done {
            // A rollback that fails leaves nothing to undo: the connection
            // has already ended the transaction.
            let _ = self.db.batch("ROLLBACK");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memory() -> Sqlite {
        Sqlite::in_memory().unwrap()
    }

    #[test]
    fn values_round_trip_with_their_types() {
        let db = memory();
        let db: &dyn Backend = &db;
        db.batch("CREATE TABLE t(i INTEGER, r REAL, b BOOLEAN, s TEXT, x BLOB)")
            .unwrap();
        let n = db
            .execute(
                "INSERT INTO t VALUES (?1, ?2, ?3, ?4, ?5), (?1, NULL, ?6, NULL, NULL)",
                args![7i64, 0.5f64, true, "seven", &[7u8, 0][..], false],
            )
            .unwrap();
        assert_eq!(n, 2);
        let rows = db
            .query("SELECT i, r, b, s, x FROM t ORDER BY b DESC", &[])
            .unwrap();
        assert_eq!(rows[0].get::<i64>(0).unwrap(), 7);
        assert_eq!(rows[0].get::<f64>(1).unwrap(), 0.5);
        assert!(rows[0].get::<bool>(2).unwrap());
        assert_eq!(rows[0].get::<String>(3).unwrap(), "seven");
        assert_eq!(rows[0].get::<Vec<u8>>(4).unwrap(), vec![7, 0]);
        assert!(!rows[1].get::<bool>(2).unwrap());
        assert_eq!(rows[1].get::<Option<String>>(3).unwrap(), None);
        assert!(matches!(
            rows[0].get::<i64>(3),
            Err(SqlError::Type { column: 3, .. })
        ));
        assert!(matches!(rows[0].get::<i64>(9), Err(SqlError::NoColumn(9))));
        assert!(matches!(
            db.one::<i64>("SELECT i FROM t WHERE i = ?1", args![8i64]),
            Err(SqlError::NoRow)
        ));
        assert_eq!(db.tables().unwrap(), vec!["t".to_owned()]);
    }

    #[test]
    fn a_dropped_transaction_rolls_back() {
        let db = memory();
        let db: &dyn Backend = &db;
        db.batch("CREATE TABLE t(i INTEGER)").unwrap();
        let tx = Transaction::begin(db).unwrap();
        db.execute("INSERT INTO t VALUES (1)", &[]).unwrap();
        drop(tx);
        assert_eq!(db.one::<i64>("SELECT COUNT(*) FROM t", &[]).unwrap(), 0);
        let tx = Transaction::begin(db).unwrap();
        db.execute("INSERT INTO t VALUES (1)", &[]).unwrap();
        tx.commit().unwrap();
        assert_eq!(db.one::<i64>("SELECT COUNT(*) FROM t", &[]).unwrap(), 1);
    }
}
