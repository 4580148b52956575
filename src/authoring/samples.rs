//! Deterministic sample packs (placeholder until the generator lands).
