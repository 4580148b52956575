//! The request handling itself: accepted requests, the step ledger and the
//! collected receipts, each kept as its JSON document.

use super::backend::args;
use super::{from_json, to_json, to_sql_int, Store, What};
use crate::DemoError;
use serde::de::DeserializeOwned;
use serde::Serialize;

// The documents kept here (an accepted request, a step ledger entry, a
// receipt) are the cascade's types; the store keeps them as JSON and names
// none of them, so that it depends on no module that depends on it.

impl Store {
    /// The account whose person entity has the e-mail address `email`.
    pub(crate) fn account_with_email(&self, email: &str) -> Result<Option<String>, DemoError> {
        let email_field = self.db.dialect().json_text("attrs", "email");
        self.db
            .opt(
                &format!(
                    "SELECT user_id FROM entities WHERE kind = 'person' AND {email_field} = ?1"
                ),
                args![email],
            )
            .what("looking up an account")
    }

    /// The request accepted as `request_id`, if any.
    pub(crate) fn erasure_request<T: DeserializeOwned>(
        &self,
        request_id: &str,
    ) -> Result<Option<T>, DemoError> {
        let document: Option<String> = self
            .db
            .opt(
                "SELECT document FROM erasure_requests WHERE request_id = ?1",
                args![request_id],
            )
            .what("reading an erasure request")?;
        document
            .map(|d| from_json("an erasure request", &d))
            .transpose()
    }

    /// Keeps an accepted request, for the account `user_id`.
    pub(crate) fn record_erasure_request(
        &self,
        request_id: &str,
        user_id: &str,
        intake: &impl Serialize,
    ) -> Result<(), DemoError> {
        let document = to_json("an erasure request", intake)?;
        self.db
            .execute(
                "INSERT INTO erasure_requests(request_id, user_id, document) VALUES (?1, ?2, ?3)",
                args![request_id, user_id, document],
            )
            .what("recording an erasure request")?;
        Ok(())
    }

    /// The step ledger's record of step `seq` of request `request_id`.
    pub(crate) fn recorded_step<T: DeserializeOwned>(
        &self,
        request_id: &str,
        seq: u64,
    ) -> Result<Option<T>, DemoError> {
        let seq = to_sql_int("a step's number", seq)?;
        let entry: Option<String> = self
            .db
            .opt(
                "SELECT entry FROM step_ledger WHERE request_id = ?1 AND seq = ?2",
                args![request_id, seq],
            )
            .what("reading the step ledger")?;
        entry
            .map(|e| from_json("a step ledger entry", &e))
            .transpose()
    }

    /// Records step `seq` of request `request_id` in the step ledger.
    pub(crate) fn record_step(
        &self,
        request_id: &str,
        seq: u64,
        entry: &impl Serialize,
    ) -> Result<(), DemoError> {
        let entry = to_json("a step ledger entry", entry)?;
        let seq = to_sql_int("a step's number", seq)?;
        self.db
            .execute(
                "INSERT INTO step_ledger(request_id, seq, entry) VALUES (?1, ?2, ?3)",
                args![request_id, seq, entry],
            )
            .what("recording a step")?;
        Ok(())
    }

    /// Keeps the receipts collected for request `request_id`, in order
    /// (replacing any kept before at the same positions).
    pub(crate) fn record_receipts(
        &self,
        request_id: &str,
        receipts: &[impl Serialize],
    ) -> Result<(), DemoError> {
        for (position, receipt) in receipts.iter().enumerate() {
            let position = to_sql_int("a receipt's position", position)?;
            let receipt = to_json("a receipt", receipt)?;
            self.db
                .execute(
                    "INSERT INTO receipts(request_id, position, receipt) VALUES (?1, ?2, ?3)
                     ON CONFLICT (request_id, position) DO UPDATE SET receipt = excluded.receipt",
                    args![request_id, position, receipt],
                )
                .what("recording a receipt")?;
        }
        Ok(())
    }

    /// The receipts collected for request `request_id`, in order.
    pub fn receipts<T: DeserializeOwned>(&self, request_id: &str) -> Result<Vec<T>, DemoError> {
        let rows: Vec<String> = self
            .db
            .column(
                "SELECT receipt FROM receipts WHERE request_id = ?1 ORDER BY position",
                args![request_id],
            )
            .what("reading receipts")?;
        rows.iter().map(|r| from_json("a receipt", r)).collect()
    }
}
