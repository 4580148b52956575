-- Issue 21: a stored HNSW index per shard generation (the vectors lose their
-- two-neighbour lists); content-addressed fine-tune models trained on
-- immutable, versioned dataset manifests (examples kept once, manifests listing
-- them); the identity desk's verification records; the exceptions opened for
-- failed steps. (The same statements as the SQLite set, in this engine's types.)
ALTER TABLE vectors DROP COLUMN neighbours;
CREATE TABLE vector_indexes(shard BIGINT NOT NULL, generation BIGINT NOT NULL,
    graph BYTEA NOT NULL, PRIMARY KEY (shard, generation));
DROP TABLE training_lineage;
DROP TABLE model_releases;
DROP TABLE dataset_examples;
DROP TABLE dataset_manifests;
CREATE TABLE dataset_examples(example_id TEXT PRIMARY KEY, user_id TEXT NOT NULL,
    prompt TEXT NOT NULL, completion TEXT NOT NULL);
CREATE TABLE dataset_manifests(manifest_id TEXT PRIMARY KEY, dataset TEXT NOT NULL,
    version BIGINT NOT NULL, digest TEXT NOT NULL, created_at TEXT NOT NULL,
    UNIQUE (dataset, version));
CREATE TABLE manifest_entries(manifest_id TEXT NOT NULL, example_id TEXT NOT NULL,
    PRIMARY KEY (manifest_id, example_id));
CREATE TABLE model_releases(model_id TEXT PRIMARY KEY, release_name TEXT NOT NULL,
    manifest_id TEXT NOT NULL, trained_at TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('serving', 'retired')), weights TEXT);
CREATE TABLE identity_verifications(proof_ref TEXT PRIMARY KEY, subject_ref TEXT NOT NULL,
    verified_at TEXT NOT NULL);
CREATE TABLE exceptions(exception_id TEXT PRIMARY KEY, request_id TEXT NOT NULL,
    step TEXT NOT NULL, error TEXT NOT NULL, opened_at TEXT NOT NULL,
    state TEXT NOT NULL CHECK (state IN ('open', 'closed')));
