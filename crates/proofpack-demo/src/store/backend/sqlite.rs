//! The SQLite backend (rusqlite, bundled): the embedded default.

use super::{Arg, Backend, Dialect, Row, SqlError, Value};

/// A connection to a SQLite database.
#[derive(Debug)]
pub(crate) struct Sqlite {
    conn: rusqlite::Connection,
}

impl Sqlite {
    /// Opens (creating it if absent) the database at `path` for writing,
    /// in write-ahead-log mode with secure deletion.
    pub(crate) fn open(path: &std::path::Path) -> Result<Sqlite, SqlError> {
        let conn = rusqlite::Connection::open(path)?;
        // Write-ahead logging: the probe job reads on its own
        // connection while this one stays open, and commits need no fsync
        // of the main file each time.
        conn.pragma_update(None, "journal_mode", "WAL")?;
        conn.pragma_update(None, "synchronous", "NORMAL")?;
        // Deleted content is overwritten with zeros, not left in free pages.
        conn.pragma_update(None, "secure_delete", "ON")?;
        Ok(Sqlite { conn })
    }

    /// A fresh database in memory (the backend's own tests).
    #[cfg(test)]
    pub(crate) fn in_memory() -> Result<Sqlite, SqlError> {
        Ok(Sqlite {
            conn: rusqlite::Connection::open_in_memory()?,
        })
    }

    /// Opens the database at `path` read-only.
    pub(crate) fn open_read_only(path: &std::path::Path) -> Result<Sqlite, SqlError> {
        let conn = rusqlite::Connection::open_with_flags(
            path,
            rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
        )?;
        Ok(Sqlite { conn })
    }
}

impl rusqlite::ToSql for Arg<'_> {
    fn to_sql(&self) -> rusqlite::Result<rusqlite::types::ToSqlOutput<'_>> {
        use rusqlite::types::{ToSqlOutput, ValueRef};
        Ok(ToSqlOutput::Borrowed(match self {
            Arg::Null => ValueRef::Null,
            Arg::Int(n) => ValueRef::Integer(*n),
            Arg::Real(x) => ValueRef::Real(*x),
            Arg::Bool(b) => ValueRef::Integer(i64::from(*b)),
            Arg::Text(s) => ValueRef::Text(s.as_bytes()),
            Arg::Blob(b) => ValueRef::Blob(b),
        }))
    }
}

impl Backend for Sqlite {
    fn dialect(&self) -> Dialect {
        Dialect::Sqlite
    }

    fn execute(&self, sql: &str, args: &[Arg<'_>]) -> Result<u64, SqlError> {
        let mut stmt = self.conn.prepare_cached(sql)?;
        let changed = stmt.execute(rusqlite::params_from_iter(args))?;
        // A usize row count always fits a u64 on the platforms Rust runs on.
        Ok(changed as u64)
    }

    fn query(&self, sql: &str, args: &[Arg<'_>]) -> Result<Vec<Row>, SqlError> {
        use rusqlite::types::ValueRef;
        let mut stmt = self.conn.prepare_cached(sql)?;
        let columns = stmt.column_count();
        let mut rows = stmt.query(rusqlite::params_from_iter(args))?;
        let mut out = Vec::new();
        while let Some(row) = rows.next()? {
            let mut values = Vec::with_capacity(columns);
            for i in 0..columns {
                values.push(match row.get_ref(i)? {
                    ValueRef::Null => Value::Null,
                    ValueRef::Integer(n) => Value::Int(n),
                    ValueRef::Real(x) => Value::Real(x),
                    ValueRef::Text(t) => Value::Text(String::from_utf8_lossy(t).into_owned()),
                    ValueRef::Blob(b) => Value::Blob(b.to_vec()),
                });
            }
            out.push(Row(values));
        }
        Ok(out)
    }

    fn batch(&self, sql: &str) -> Result<(), SqlError> {
        Ok(self.conn.execute_batch(sql)?)
    }

    /// Copies the write-ahead log into the database and truncates it, so
    /// that no older page image (with erased content) stays in the log
    /// (freed pages are zeroed by `secure_delete`).
    fn reclaim(&self) -> Result<(), SqlError> {
        self.conn
            .query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()))?;
        Ok(())
    }
}
