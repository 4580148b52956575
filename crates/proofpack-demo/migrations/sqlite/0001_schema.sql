-- The agent-memory store's schema on SQLite: one table per tier (see
-- src/store/mod.rs). Its twin for PostgreSQL is migrations/postgres/; the
-- two differ only in types (INTEGER/BIGINT, BLOB/BYTEA) and in how a key
-- is generated, so that every query runs unchanged on both.
CREATE TABLE meta(key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE working_sessions(session_id TEXT PRIMARY KEY, user_id TEXT NOT NULL,
    opened_at TEXT NOT NULL, scratchpad TEXT NOT NULL);
-- An INTEGER PRIMARY KEY is the rowid: a new row gets the next one.
CREATE TABLE episodic(row_id INTEGER PRIMARY KEY, user_id TEXT NOT NULL, at TEXT NOT NULL,
    kind TEXT NOT NULL, content TEXT NOT NULL);
CREATE TABLE episodic_replica(row_id INTEGER PRIMARY KEY, user_id TEXT NOT NULL, at TEXT NOT NULL,
    kind TEXT NOT NULL, content TEXT NOT NULL);
-- The log is append-only: max(lsn) + 1 never reuses a number.
CREATE TABLE replication_log(lsn INTEGER PRIMARY KEY, row_id INTEGER NOT NULL,
    op TEXT NOT NULL CHECK (op IN ('upsert', 'delete')), applied BOOLEAN NOT NULL DEFAULT FALSE);
CREATE TABLE entities(entity_id TEXT PRIMARY KEY, user_id TEXT, kind TEXT NOT NULL,
    label TEXT NOT NULL, attrs TEXT NOT NULL DEFAULT '{}');
CREATE TABLE entity_edges(src TEXT NOT NULL, dst TEXT NOT NULL, relation TEXT NOT NULL,
    PRIMARY KEY (src, dst, relation));
CREATE TABLE vector_generations(shard INTEGER NOT NULL, generation INTEGER NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('serving', 'previous')), built_at TEXT NOT NULL,
    PRIMARY KEY (shard, generation));
CREATE TABLE vectors(shard INTEGER NOT NULL, generation INTEGER NOT NULL, vector_id TEXT NOT NULL,
    user_id TEXT NOT NULL, source_key TEXT NOT NULL, embedding BLOB NOT NULL,
    neighbours TEXT NOT NULL, PRIMARY KEY (shard, generation, vector_id));
CREATE TABLE dataset_manifests(manifest_id TEXT PRIMARY KEY, created_at TEXT NOT NULL);
CREATE TABLE dataset_examples(manifest_id TEXT NOT NULL, example_id TEXT NOT NULL,
    user_id TEXT NOT NULL, prompt TEXT NOT NULL, completion TEXT NOT NULL,
    PRIMARY KEY (manifest_id, example_id));
CREATE TABLE model_releases(model_id TEXT PRIMARY KEY, manifest_id TEXT NOT NULL,
    trained_at TEXT NOT NULL, state TEXT NOT NULL CHECK (state IN ('serving', 'retired')));
CREATE TABLE training_lineage(model_id TEXT NOT NULL, user_id TEXT NOT NULL,
    examples INTEGER NOT NULL, PRIMARY KEY (model_id, user_id));
CREATE TABLE output_filters(model_id TEXT NOT NULL, user_id TEXT NOT NULL, added_at TEXT NOT NULL,
    PRIMARY KEY (model_id, user_id));
CREATE TABLE uploads(upload_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, file_name TEXT NOT NULL,
    sha256 TEXT NOT NULL);
CREATE TABLE summaries(summary_id TEXT PRIMARY KEY, user_id TEXT NOT NULL, text TEXT NOT NULL,
    created_at TEXT NOT NULL);
CREATE TABLE answer_cache(cache_key TEXT PRIMARY KEY, question TEXT NOT NULL, answer TEXT NOT NULL,
    created_at TEXT NOT NULL, expires_at TEXT NOT NULL, purgeable BOOLEAN NOT NULL);
CREATE TABLE prov_nodes(scope TEXT NOT NULL, key TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('source', 'live', 'tombstoned', 'expiring')),
    expires_at TEXT, PRIMARY KEY (scope, key));
CREATE TABLE prov_edges(child_scope TEXT NOT NULL, child_key TEXT NOT NULL,
    parent_scope TEXT NOT NULL, parent_key TEXT NOT NULL,
    PRIMARY KEY (child_scope, child_key, parent_scope, parent_key));
CREATE TABLE prov_reverse(parent_scope TEXT NOT NULL, parent_key TEXT NOT NULL,
    child_scope TEXT NOT NULL, child_key TEXT NOT NULL,
    PRIMARY KEY (parent_scope, parent_key, child_scope, child_key));
CREATE TABLE tombstones(scope TEXT NOT NULL, key TEXT NOT NULL, at TEXT NOT NULL,
    request_id TEXT NOT NULL, PRIMARY KEY (scope, key));
CREATE TABLE backup_snapshots(snapshot_id TEXT PRIMARY KEY, taken_at TEXT NOT NULL,
    retention_until TEXT NOT NULL, in_use BOOLEAN NOT NULL);
CREATE TABLE backup_episodic(snapshot_id TEXT NOT NULL, row_id INTEGER NOT NULL,
    user_id TEXT NOT NULL, at TEXT NOT NULL, kind TEXT NOT NULL, content TEXT NOT NULL,
    PRIMARY KEY (snapshot_id, row_id));
CREATE TABLE suppression_ledger(user_id TEXT NOT NULL, request_id TEXT NOT NULL,
    recorded_at TEXT NOT NULL, PRIMARY KEY (user_id, request_id));
CREATE TABLE erasure_requests(request_id TEXT PRIMARY KEY, user_id TEXT NOT NULL,
    document TEXT NOT NULL);
CREATE TABLE step_ledger(request_id TEXT NOT NULL, seq INTEGER NOT NULL, entry TEXT NOT NULL,
    PRIMARY KEY (request_id, seq));
CREATE TABLE receipts(request_id TEXT NOT NULL, position INTEGER NOT NULL, receipt TEXT NOT NULL,
    PRIMARY KEY (request_id, position));
