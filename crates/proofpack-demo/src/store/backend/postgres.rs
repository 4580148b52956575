//! The PostgreSQL backend (the sync `postgres` client, no TLS: the demo
//! connects to a server it is given, normally on the same host).
//!
//! The portable SQL's `?N` placeholders become `$N`; each statement is
//! prepared once per connection and kept; each argument is bound as the
//! type the server inferred for its parameter (an integer to a BIGINT, a
//! boolean to a BOOLEAN), and each column read back by its type.

use super::{Arg, Backend, Dialect, Row, SqlError, Value};
use ::postgres::types::{ToSql, Type};
use ::postgres::{Client, NoTls, Statement};
use std::cell::RefCell;
use std::collections::HashMap;

/// A connection to a PostgreSQL database.
pub(crate) struct Postgres {
    client: RefCell<Client>,
    /// Prepared statements, by their portable SQL.
    statements: RefCell<HashMap<String, Statement>>,
}

impl std::fmt::Debug for Postgres {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Postgres")
            .field("prepared", &self.statements.borrow().len())
            .finish_non_exhaustive()
    }
}

/// `url` without the password it may hold (for messages and `Debug`).
#[must_use]
pub(super) fn redacted(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => match rest.split_once('@') {
            Some((user, host)) => {
                let user = user.split_once(':').map_or(user, |(name, _)| name);
                format!("{scheme}://{user}@{host}")
            }
            None => url.to_owned(),
        },
        None if url.contains("password") => "(a connection string with a password)".to_owned(),
        None => url.to_owned(),
    }
}

impl Postgres {
    /// Connects to the database `url`; with `read_only`, every transaction
    /// of the session is read-only, so that every write fails.
    pub(crate) fn connect(url: &str, read_only: bool) -> Result<Postgres, SqlError> {
        let mut client = Client::connect(url, NoTls)?;
        // Quiet: the store's `IF NOT EXISTS` and VACUUM notices are not
        // the demo's story.
        client.batch_execute("SET client_min_messages = warning")?;
        if read_only {
            client.batch_execute("SET SESSION CHARACTERISTICS AS TRANSACTION READ ONLY")?;
        }
        Ok(Postgres {
            client: RefCell::new(client),
            statements: RefCell::new(HashMap::new()),
        })
    }

    /// The statement for the portable `sql`, prepared once.
    fn prepared(&self, sql: &str) -> Result<Statement, SqlError> {
        if let Some(stmt) = self.statements.borrow().get(sql) {
            return Ok(stmt.clone());
        }
        let stmt = self.client.borrow_mut().prepare(&numbered(sql))?;
        self.statements
            .borrow_mut()
            .insert(sql.to_owned(), stmt.clone());
        Ok(stmt)
    }
}

/// `sql` with each `?N` placeholder outside a string literal as `$N`.
fn numbered(sql: &str) -> String {
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\'' => quoted = !quoted,
            '?' if !quoted && chars.peek().is_some_and(char::is_ascii_digit) => {
                out.push('$');
                continue;
            }
            _ => {}
        }
        out.push(c);
    }
    out
}

/// `arg` as a value of the parameter type `ty` (the `index`-th, from 1).
fn bind<'a>(
    index: usize,
    arg: &'a Arg<'_>,
    ty: &Type,
) -> Result<Box<dyn ToSql + Sync + 'a>, SqlError> {
    let refused = || SqlError::Bind {
        index,
        arg: arg.type_name(),
        param: ty.name().to_owned(),
    };
    let int = |n: i64| -> Result<Box<dyn ToSql + Sync>, SqlError> {
        Ok(match *ty {
            Type::INT8 => Box::new(n),
            Type::INT4 => Box::new(i32::try_from(n).map_err(|_| refused())?),
            Type::INT2 => Box::new(i16::try_from(n).map_err(|_| refused())?),
            Type::BOOL if n == 0 || n == 1 => Box::new(n == 1),
            _ => return Err(refused()),
        })
    };
    match arg {
        Arg::Null => null(ty).ok_or_else(refused),
        Arg::Int(n) => int(*n),
        Arg::Bool(b) if *ty == Type::BOOL => Ok(Box::new(*b)),
        Arg::Bool(b) => int(i64::from(*b)),
        Arg::Real(x) if *ty == Type::FLOAT8 => Ok(Box::new(*x)),
        Arg::Text(s) if <&str as ToSql>::accepts(ty) => Ok(Box::new(s.as_ref())),
        Arg::Blob(b) if *ty == Type::BYTEA => Ok(Box::new(b.as_ref())),
        _ => Err(refused()),
    }
}

/// A NULL of the parameter type `ty`, if the store uses that type.
fn null(ty: &Type) -> Option<Box<dyn ToSql + Sync>> {
    Some(match *ty {
        Type::INT8 => Box::new(None::<i64>),
        Type::INT4 => Box::new(None::<i32>),
        Type::INT2 => Box::new(None::<i16>),
        Type::BOOL => Box::new(None::<bool>),
        Type::FLOAT8 => Box::new(None::<f64>),
        Type::BYTEA => Box::new(None::<Vec<u8>>),
        _ if <String as ToSql>::accepts(ty) => Box::new(None::<String>),
        _ => return None,
    })
}

/// Binds every argument of `stmt`.
fn bound<'a>(
    stmt: &Statement,
    args: &'a [Arg<'_>],
) -> Result<Vec<Box<dyn ToSql + Sync + 'a>>, SqlError> {
    stmt.params()
        .iter()
        .zip(args)
        .enumerate()
        .map(|(i, (ty, arg))| bind(i + 1, arg, ty))
        .collect()
}

/// Column `i` of `row`, by its type.
fn value(row: &::postgres::Row, i: usize) -> Result<Value, SqlError> {
    fn get<'r, T: ::postgres::types::FromSql<'r>>(
        row: &'r ::postgres::Row,
        i: usize,
    ) -> Result<Option<T>, SqlError> {
        Ok(row.try_get::<_, Option<T>>(i)?)
    }
    let ty = row.columns()[i].type_().clone();
    let value = match ty {
        Type::INT8 => get::<i64>(row, i)?.map(Value::Int),
        Type::INT4 => get::<i32>(row, i)?.map(|n| Value::Int(n.into())),
        Type::INT2 => get::<i16>(row, i)?.map(|n| Value::Int(n.into())),
        Type::BOOL => get::<bool>(row, i)?.map(Value::Bool),
        Type::FLOAT8 => get::<f64>(row, i)?.map(Value::Real),
        Type::FLOAT4 => get::<f32>(row, i)?.map(|x| Value::Real(x.into())),
        Type::BYTEA => get::<Vec<u8>>(row, i)?.map(Value::Blob),
        _ if <String as ::postgres::types::FromSql>::accepts(&ty) => {
            get::<String>(row, i)?.map(Value::Text)
        }
        _ => {
            return Err(SqlError::ColumnType {
                column: i,
                name: ty.name().to_owned(),
            })
        }
    };
    Ok(value.unwrap_or(Value::Null))
}

impl Backend for Postgres {
    fn dialect(&self) -> Dialect {
        Dialect::Postgres
    }

    fn execute(&self, sql: &str, args: &[Arg<'_>]) -> Result<u64, SqlError> {
        let stmt = self.prepared(sql)?;
        let bound = bound(&stmt, args)?;
        let refs: Vec<&(dyn ToSql + Sync)> = bound.iter().map(AsRef::as_ref).collect();
        Ok(self.client.borrow_mut().execute(&stmt, &refs)?)
    }

    fn query(&self, sql: &str, args: &[Arg<'_>]) -> Result<Vec<Row>, SqlError> {
        let stmt = self.prepared(sql)?;
        let bound = bound(&stmt, args)?;
        let refs: Vec<&(dyn ToSql + Sync)> = bound.iter().map(AsRef::as_ref).collect();
        let rows = self.client.borrow_mut().query(&stmt, &refs)?;
        rows.iter()
            .map(|row| {
                (0..row.len())
                    .map(|i| value(row, i))
                    .collect::<Result<Vec<_>, _>>()
                    .map(Row)
            })
            .collect()
    }

    fn batch(&self, sql: &str) -> Result<(), SqlError> {
        // A schema change may change what a kept statement means.
        if !matches!(sql, "BEGIN" | "COMMIT" | "ROLLBACK") {
            self.statements.borrow_mut().clear();
        }
        Ok(self.client.borrow_mut().batch_execute(sql)?)
    }

    /// Rewrites every table of the database (the store's alone: it
    /// refuses any other) into new files (`VACUUM FULL`), so that no dead
    /// tuple of an erased row stays in the tables' pages. The catalogs are
    /// left alone. (The server's write-ahead log keeps its records until it
    /// recycles them: a `CHECKPOINT` needs a privilege the demo does not
    /// assume.)
    fn reclaim(&self) -> Result<(), SqlError> {
        let this: &dyn Backend = self;
        let tables = this.tables()?;
        if tables.is_empty() {
            return Ok(());
        }
        let quoted: Vec<String> = tables
            .iter()
            .map(|t| format!("\"{}\"", t.replace('"', "\"\"")))
            .collect();
        self.batch(&format!("VACUUM FULL {}", quoted.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn placeholders_are_numbered_outside_literals() {
        assert_eq!(
            numbered("SELECT '?1', x FROM t WHERE a = ?1 AND b = ?12 OR c = '''?2'''"),
            "SELECT '?1', x FROM t WHERE a = $1 AND b = $12 OR c = '''?2'''"
        );
        assert_eq!(numbered("SELECT ? FROM t"), "SELECT ? FROM t");
    }

    #[test]
    fn a_password_never_shows() {
        assert_eq!(
            redacted("postgres://demo:s3cret@127.0.0.1:5432/db"),
            "postgres://demo@127.0.0.1:5432/db"
        );
        assert_eq!(redacted("postgres://demo@h/db"), "postgres://demo@h/db");
        assert!(!redacted("host=h password=s3cret").contains("s3cret"));
        let shown = format!(
            "{:?}",
            super::super::Location::Postgres("postgres://u:pw@h/d".to_owned())
        );
        assert!(!shown.contains("pw"));
    }

    #[test]
    fn arguments_bind_as_the_parameters_type() {
        let bound = |arg: Arg<'_>, ty: &Type| bind(1, &arg, ty).is_ok();
        assert!(bound(Arg::Int(3), &Type::INT8));
        assert!(bound(Arg::Int(3), &Type::INT4));
        assert!(!bound(Arg::Int(i64::MAX), &Type::INT4));
        assert!(bound(Arg::Bool(true), &Type::BOOL));
        assert!(bound(Arg::Bool(true), &Type::INT8));
        assert!(bound(Arg::Int(1), &Type::BOOL));
        assert!(!bound(Arg::Int(2), &Type::BOOL));
        assert!(bound(Arg::from("x"), &Type::TEXT));
        assert!(!bound(Arg::from("x"), &Type::INT8));
        assert!(bound(Arg::from(vec![1u8]), &Type::BYTEA));
        assert!(bound(Arg::Null, &Type::TEXT));
        assert!(matches!(
            bind(2, &Arg::from("x"), &Type::BYTEA),
            Err(SqlError::Bind { index: 2, .. })
        ));
    }
}
