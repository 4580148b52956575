//! The probe job's queries beyond the class counts of
//! [`super::reader`]: the store's schema as the engine reports it (every
//! table, its columns and its key, modelled or not), a content match over
//! any table, and the reads of the subject's fingerprint, of the stored
//! indexes and of the serving models. Each is written here, for the job,
//! apart from the cascade's.
//!
//! The schema comes from the engine's catalogue: on SQLite, `sqlite_master`
//! and `pragma_table_info`; a PostgreSQL backend answers the same from
//! `information_schema.columns` (`column_name`, `data_type`, in
//! `ordinal_position` order, for `table_schema = current_schema()`) and the
//! `PRIMARY KEY` constraint's `information_schema.key_column_usage`; text
//! columns there are `text`, `character varying`, `character`, `json` and
//! `jsonb`.

use super::backend::{args, Arg};
use super::reader::Reader;
use super::What;
use crate::DemoError;

/// A person entity: the account it belongs to, its name and its attributes
/// (JSON text).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Person {
    /// The account.
    pub user_id: Option<String>,
    /// The name.
    pub label: String,
    /// The attributes, as stored.
    pub attrs: String,
}

/// A column of a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Column {
    /// Its name.
    pub name: String,
    /// Whether it holds text (declared text, or declared with no type).
    pub text: bool,
}

/// A table of the store, as its catalogue describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Table {
    /// Its name.
    pub name: String,
    /// Its columns, in order.
    pub columns: Vec<Column>,
    /// Its primary key's columns, in key order (empty: none).
    pub key: Vec<String>,
}

/// A serving model release as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ServingModel {
    /// The release's name.
    pub release: String,
    /// Its recorded id.
    pub model_id: String,
    /// The manifest it records being trained on.
    pub manifest_id: String,
    /// Its weights, if kept.
    pub weights: Option<String>,
}

/// The content of a training example.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ExampleContent {
    /// Whose.
    pub user_id: String,
    /// The prompt.
    pub prompt: String,
    /// The completion.
    pub completion: String,
}

/// An example a manifest lists, with its content if it is still there.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ManifestExample {
    /// Its id.
    pub example_id: String,
    /// Its content.
    pub content: Option<ExampleContent>,
}

/// `name` quoted as an SQL identifier.
fn quoted(name: &str) -> String {
    format!("\"{}\"", name.replace('"', "\"\""))
}

/// A LIKE pattern matching text that holds `phrase` (lower-cased), with
/// `\` escaping the pattern's own characters.
fn containing(phrase: &str) -> String {
    let mut p = String::from("%");
    for c in phrase.to_lowercase().chars() {
        if matches!(c, '%' | '_' | '\\') {
            p.push('\\');
        }
        p.push(c);
    }
    p.push('%');
    p
}

/// The texts `sql` returns for `arg`.
fn texts(
    reader: &Reader,
    what: &'static str,
    sql: &str,
    arg: &str,
) -> Result<Vec<String>, DemoError> {
    reader.db.column(sql, args![arg]).what(what)
}

/// The provenance nodes derived, by forward edges, from a source of the
/// account `?1`.
const DERIVED: &str = "WITH RECURSIVE derived(scope, key) AS (
    SELECT child_scope, child_key FROM prov_edges WHERE parent_scope = 'user:' || ?1
    UNION SELECT e.child_scope, e.child_key FROM prov_edges e
          JOIN derived d ON e.parent_scope = d.scope AND e.parent_key = d.key)";

impl Reader {
    /// The `meta` value `key`.
    pub(crate) fn meta_value(&self, key: &str) -> Result<Option<String>, DemoError> {
        self.db
            .opt("SELECT value FROM meta WHERE key = ?1", args![key])
            .what("reading a meta value")
    }

    /// Every person entity.
    pub(crate) fn persons(&self) -> Result<Vec<Person>, DemoError> {
        self.db
            .map(
                "SELECT user_id, label, attrs FROM entities WHERE kind = 'person' ORDER BY entity_id",
                &[],
                |r| {
                    Ok(Person {
                        user_id: r.get(0)?,
                        label: r.get(1)?,
                        attrs: r.get(2)?,
                    })
                },
            )
            .what("reading person entities")
    }

    /// The contents of the account's episodic rows, primary and replica.
    pub(crate) fn contents_of(&self, user_id: &str) -> Result<Vec<String>, DemoError> {
        texts(
            self,
            "reading the subject's contents",
            "SELECT content FROM episodic WHERE user_id = ?1
             UNION SELECT content FROM episodic_replica WHERE user_id = ?1 ORDER BY 1",
            user_id,
        )
    }

    /// The prompts of the account's training examples.
    pub(crate) fn prompts_of(&self, user_id: &str) -> Result<Vec<String>, DemoError> {
        texts(
            self,
            "reading the subject's prompts",
            "SELECT DISTINCT prompt FROM dataset_examples WHERE user_id = ?1 ORDER BY prompt",
            user_id,
        )
    }

    /// The ids of the account's vectors, in any generation.
    pub(crate) fn vector_ids_of(&self, user_id: &str) -> Result<Vec<String>, DemoError> {
        texts(
            self,
            "reading the subject's vector ids",
            "SELECT DISTINCT vector_id FROM vectors WHERE user_id = ?1 ORDER BY vector_id",
            user_id,
        )
    }

    /// The questions of the cached answers derived from the account's
    /// sources.
    pub(crate) fn questions_derived_from(&self, user_id: &str) -> Result<Vec<String>, DemoError> {
        texts(
            self,
            "reading the subject's derived questions",
            &format!(
                "{DERIVED} SELECT DISTINCT c.question FROM answer_cache c
                 WHERE c.cache_key IN (SELECT key FROM derived WHERE scope = 'cache:answers')
                 ORDER BY c.question"
            ),
            user_id,
        )
    }

    /// The keys of the cached answers to `question`.
    pub(crate) fn cached_answers_to(&self, question: &str) -> Result<Vec<String>, DemoError> {
        texts(
            self,
            "asking the answer cache",
            "SELECT cache_key FROM answer_cache WHERE question = ?1 ORDER BY cache_key",
            question,
        )
    }

    /// Summaries and cached answers derived, by forward edges, from the
    /// account's sources, or filed under it: `(table, key)`.
    pub(crate) fn derived_artefacts(
        &self,
        user_id: &str,
    ) -> Result<Vec<(String, String)>, DemoError> {
        self.db
            .map(
                &format!(
                    "{DERIVED} SELECT 'summaries', summary_id FROM summaries
                        WHERE user_id = ?1 OR summary_id IN (SELECT key FROM derived)
                     UNION SELECT 'answer_cache', cache_key FROM answer_cache
                        WHERE cache_key IN (SELECT key FROM derived WHERE scope = 'cache:answers')
                     ORDER BY 1, 2"
                ),
                args![user_id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .what("following provenance forward")
    }

    /// The replication log entries not yet applied that write a row of the
    /// account: their log sequence numbers.
    pub(crate) fn unapplied_replication_of(&self, user_id: &str) -> Result<Vec<String>, DemoError> {
        texts(
            self,
            "reading the replication log",
            "SELECT CAST(r.lsn AS TEXT) FROM replication_log r JOIN episodic e ON e.row_id = r.row_id
             WHERE r.applied = FALSE AND e.user_id = ?1 ORDER BY 1",
            user_id,
        )
    }

    /// Every edge of the entity graph with an end that is no entity, as
    /// `src|dst|relation`.
    pub(crate) fn dangling_edges(&self) -> Result<Vec<String>, DemoError> {
        self.db
            .column(
                "SELECT src || '|' || dst || '|' || relation FROM entity_edges ed
                 WHERE NOT EXISTS (SELECT 1 FROM entities WHERE entity_id = ed.src)
                    OR NOT EXISTS (SELECT 1 FROM entities WHERE entity_id = ed.dst)
                 ORDER BY 1",
                &[],
            )
            .what("reading dangling edges")
    }

    /// Every stored vector index: `(shard, generation, graph)`.
    pub(crate) fn vector_indexes(&self) -> Result<Vec<(i64, i64, Vec<u8>)>, DemoError> {
        self.db
            .map(
                "SELECT shard, generation, graph FROM vector_indexes ORDER BY shard, generation",
                &[],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)),
            )
            .what("reading vector indexes")
    }

    /// Every serving model release.
    pub(crate) fn serving_models(&self) -> Result<Vec<ServingModel>, DemoError> {
        self.db
            .map(
                "SELECT release_name, model_id, manifest_id, weights FROM model_releases
                 WHERE state = 'serving' ORDER BY release_name, model_id",
                &[],
                |r| {
                    Ok(ServingModel {
                        release: r.get(0)?,
                        model_id: r.get(1)?,
                        manifest_id: r.get(2)?,
                        weights: r.get(3)?,
                    })
                },
            )
            .what("reading serving models")
    }

    /// The examples `manifest_id` lists, with their contents if kept.
    pub(crate) fn manifest_examples(
        &self,
        manifest_id: &str,
    ) -> Result<Vec<ManifestExample>, DemoError> {
        type Row = (String, Option<String>, Option<String>, Option<String>);
        let rows: Vec<Row> = self
            .db
            .map(
                "SELECT m.example_id, e.user_id, e.prompt, e.completion FROM manifest_entries m
                 LEFT JOIN dataset_examples e ON e.example_id = m.example_id
                 WHERE m.manifest_id = ?1 ORDER BY m.example_id",
                args![manifest_id],
                |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)),
            )
            .what("reading a manifest")?;
        Ok(rows
            .into_iter()
            .map(
                |(example_id, user_id, prompt, completion)| ManifestExample {
                    example_id,
                    content: match (user_id, prompt, completion) {
                        (Some(user_id), Some(prompt), Some(completion)) => Some(ExampleContent {
                            user_id,
                            prompt,
                            completion,
                        }),
                        _ => None,
                    },
                },
            )
            .collect())
    }

    /// Every table of the store (the engine's own excluded), with its
    /// columns and key, from the engine's catalogue.
    pub(crate) fn schema(&self) -> Result<Vec<Table>, DemoError> {
        const WHAT: &str = "reading the store's catalogue";
        let mut tables = Vec::new();
        for name in self.db.tables().what(WHAT)? {
            let cols: Vec<(String, String, i64)> = self
                .db
                .map(self.db.dialect().columns_query(), args![&name], |r| {
                    Ok((r.get(0)?, r.get(1)?, r.get(2)?))
                })
                .what(WHAT)?;
            let mut key: Vec<(i64, String)> = cols
                .iter()
                .filter(|(_, _, pk)| *pk > 0)
                .map(|(n, _, pk)| (*pk, n.clone()))
                .collect();
            key.sort();
            let columns = cols
                .into_iter()
                .map(|(name, ty, _)| Column {
                    name,
                    text: holds_text(&ty),
                })
                .collect();
            tables.push(Table {
                name,
                columns,
                key: key.into_iter().map(|(_, n)| n).collect(),
            });
        }
        Ok(tables)
    }

    /// The keys (key columns' values joined by `|`; `#n` in a table without
    /// a key) of the rows of `table` filed under `user_id` (when the table
    /// has a `user_id` column) or whose text holds one of `phrases`, case
    /// aside (ASCII case: SQL's `LOWER`).
    pub(crate) fn matching_rows(
        &self,
        table: &Table,
        user_id: Option<&str>,
        phrases: &[String],
    ) -> Result<Vec<String>, DemoError> {
        let mut values: Vec<String> = Vec::new();
        let mut conditions = Vec::new();
        if let Some(user) = user_id.filter(|_| table.columns.iter().any(|c| c.name == "user_id")) {
            values.push(user.to_owned());
            conditions.push("\"user_id\" = ?1".to_owned());
        }
        let text: Vec<&Column> = table.columns.iter().filter(|c| c.text).collect();
        let first = values.len() + 1;
        if !text.is_empty() {
            values.extend(phrases.iter().map(|p| containing(p)));
        }
        for column in text {
            for n in first..=values.len() {
                conditions.push(format!(
                    "LOWER({}) LIKE ?{n} ESCAPE '\\'",
                    quoted(&column.name)
                ));
            }
        }
        if conditions.is_empty() {
            return Ok(Vec::new());
        }
        let key = if table.key.is_empty() {
            "1".to_owned()
        } else {
            table
                .key
                .iter()
                .map(|k| format!("CAST({} AS TEXT)", quoted(k)))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let sql = format!(
            "SELECT {key} FROM {} WHERE {}",
            quoted(&table.name),
            conditions.join(" OR ")
        );
        let width = table.key.len();
        let args: Vec<Arg<'_>> = values.iter().map(|v| Arg::from(v.as_str())).collect();
        let rows: Vec<Vec<Option<String>>> = self
            .db
            .map(&sql, &args, |r| (0..width).map(|i| r.get(i)).collect())
            .what("scanning a table")?;
        Ok(rows
            .into_iter()
            .enumerate()
            .map(|(n, values)| {
                if table.key.is_empty() {
                    format!("#{n}")
                } else {
                    values
                        .into_iter()
                        .map(Option::unwrap_or_default)
                        .collect::<Vec<_>>()
                        .join("|")
                }
            })
            .collect())
    }
}

/// Whether a column declared `ty` holds text: declared text (SQLite's
/// text affinity, PostgreSQL's text types, JSON), or with no type at all
/// (SQLite then keeps whatever is written, text included).
fn holds_text(ty: &str) -> bool {
    let ty = ty.to_uppercase();
    ty.is_empty()
        || ["TEXT", "CHAR", "CLOB", "JSON"]
            .iter()
            .any(|t| ty.contains(t))
}

#[cfg(test)]
mod tests {
    #[test]
    fn patterns_escape_their_own_characters() {
        assert_eq!(super::containing("50%_A\\b"), "%50\\%\\_a\\\\b%");
        assert_eq!(super::quoted("a\"b"), "\"a\"\"b\"");
    }
}
