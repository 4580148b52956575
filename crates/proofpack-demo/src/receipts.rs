//! The receipts of step 8, collected by `proofpack-platform`'s collator
//! (typed receipts with the raw exchanges behind them and the
//! subprocessor's signed statement, §16), with what only the demo does:
//! count what a subprocessor holds through its lookup API, and forge a
//! statement for `--fault receipt-forged`.

use crate::clock::Clock;
use crate::intake::TENANT;
use crate::services::Endpoint;
use crate::DemoError;
pub(crate) use proofpack_platform::CollectedReceipt;
use proofpack_platform::Collector;
use proofpack_producer::ReceiptStatement;
use serde_json::Value;

/// The `keyid` of the collator's own key, which signs nothing but the
/// forged statement of `--fault receipt-forged`.
pub(crate) const COLLATOR_KEY_ID: &str = "demo-receipt-collator";

/// A blocking HTTP client that hands every status back (a 404 is an
/// answer to record, not an error).
pub(crate) fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(std::time::Duration::from_secs(10)))
        .build()
        .into()
}

/// Asks `service` to delete `subject_id` and collects the receipt.
pub(crate) fn collect(
    service: &Endpoint,
    subject_id: &str,
    clock: &Clock,
) -> Result<CollectedReceipt, DemoError> {
    Ok(
        Collector::default().collect(service.name, &service.base_url, subject_id, &mut || {
            clock.stamp()
        })?,
    )
}

/// The defect of `--fault receipt-forged`: the collator drops the
/// statement the subprocessor signed and writes one itself, signed with
/// its own key (which no trust store holds for the subprocessor).
pub(crate) fn forge_attestation(
    receipt: &mut CollectedReceipt,
    subject_id: &str,
) -> Result<(), DemoError> {
    let collator = proofpack_author::keys::generate();
    let envelope = ReceiptStatement::of(&receipt.to_receipt()?, TENANT, subject_id)?
        .sign(COLLATOR_KEY_ID, &collator)?;
    receipt.attestation = Some(String::from_utf8_lossy(&envelope).into_owned());
    Ok(())
}

/// How many records `service` holds for `subject_id` (its lookup API), as
/// the cascade counts them.
pub(crate) fn held_records(service: &Endpoint, subject_id: &str) -> Result<u64, DemoError> {
    let url = format!("{}/v1/subjects/{subject_id}/records", service.base_url);
    let answer = Collector::default().exchange("GET", &url, None)?;
    serde_json::from_str::<Value>(&answer.body)
        .ok()
        .and_then(|body| body.get("records").and_then(Value::as_u64))
        .ok_or_else(|| {
            DemoError::Service(format!(
                "{}: lookup answered {}",
                service.name, answer.status
            ))
        })
}
