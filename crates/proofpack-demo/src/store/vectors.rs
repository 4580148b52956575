//! The vector tier's embeddings and stored indexes: each shard generation
//! has an HNSW index ([`crate::ml::ann::Index`]) built from its vectors and
//! kept in `vector_indexes`; it is built once, when the generation is
//! complete, and dropped with the generation.

use super::backend::args;
use super::{Store, What};
use crate::ml::ann::Index;
use crate::ml::embed;
use crate::DemoError;

impl Store {
    /// Writes the vector of an episodic row (`vec-<row_id>`) into
    /// `generation` of `shard`: the embedding of `content`.
    pub(super) fn index_vector(
        &self,
        shard: i64,
        generation: i64,
        row_id: i64,
        user_id: &str,
        content: &str,
    ) -> Result<(), DemoError> {
        self.db
            .execute(
                "INSERT INTO vectors(shard, generation, vector_id, user_id, source_key, embedding)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                args![
                    shard,
                    generation,
                    format!("vec-{row_id}"),
                    user_id,
                    super::note_key(row_id),
                    embed::to_bytes(&embed::embed(content))
                ],
            )
            .what("indexing a vector")?;
        Ok(())
    }

    /// Builds the HNSW index of `generation` of `shard` from its vectors
    /// and keeps it (replacing one built before).
    pub(crate) fn build_index(&self, shard: i64, generation: i64) -> Result<(), DemoError> {
        const WHAT: &str = "building a vector index";
        let rows: Vec<(String, Vec<u8>)> = self
            .db
            .map(
                "SELECT vector_id, embedding FROM vectors WHERE shard = ?1 AND generation = ?2 ORDER BY vector_id",
                args![shard, generation],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .what(WHAT)?;
        let points = rows
            .into_iter()
            .filter_map(|(id, bytes)| embed::from_bytes(&bytes).map(|v| (id, v)))
            .collect();
        let graph = Index::build(points)
            .to_bytes()
            .map_err(|source| DemoError::Json {
                what: "a vector index",
                source,
            })?;
        self.db
            .execute(
                "INSERT INTO vector_indexes(shard, generation, graph) VALUES (?1, ?2, ?3)
                 ON CONFLICT (shard, generation) DO UPDATE SET graph = excluded.graph",
                args![shard, generation, graph],
            )
            .what(WHAT)?;
        Ok(())
    }

    /// Builds the index of every generation of every shard.
    pub(crate) fn build_all_indexes(&self) -> Result<(), DemoError> {
        let generations: Vec<(i64, i64)> = self
            .db
            .map(
                "SELECT shard, generation FROM vector_generations ORDER BY shard, generation",
                &[],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .what("listing vector generations")?;
        for (shard, generation) in generations {
            self.build_index(shard, generation)?;
        }
        Ok(())
    }

    /// Drops the stored index of every generation of `shard` but `keep`.
    pub(super) fn drop_indexes_except(&self, shard: i64, keep: i64) -> Result<(), DemoError> {
        self.db
            .execute(
                "DELETE FROM vector_indexes WHERE shard = ?1 AND generation != ?2",
                args![shard, keep],
            )
            .what("dropping vector indexes")?;
        Ok(())
    }
}
