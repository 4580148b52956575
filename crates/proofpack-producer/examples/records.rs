//! The typed records of a cascade that did not finish cleanly: honest bad
//! news (a cache deferred by its TTL, a pending vector rebuild, records kept
//! under an exemption) is written as it is, while malformed evidence (a
//! failure without an exception, an exempt audit log) is refused. Prints
//! `steps.jsonl`.
//!
//! `cargo run -p proofpack-producer --example records`

use proofpack_producer::{steps_jsonl, Exemption, ProducerError, Step, StepRecord, StepStatus};

fn record(
    step: Step,
    status: StepStatus,
    before: u64,
    after: u64,
) -> Result<StepRecord, ProducerError> {
    StepRecord::builder(step)
        .status(status)
        .started_at("2026-04-22T14:00:00Z")
        .ended_at("2026-04-22T14:05:00Z")
        .before_count(before)
        .after_count(after)
        .code_ref("git:platform@1a2b3c4")
        .build()
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let kept = Exemption {
        legal_basis: "GDPR Art. 17(3)(b)".to_owned(),
        justification: "invoices kept for the statutory retention period".to_owned(),
    };
    let steps = vec![
        record(Step::Working, StepStatus::ok(), 3, 0)?,
        record(
            Step::Vectors,
            StepStatus::Pending {
                due_at: "2026-04-29T00:00:00Z".to_owned(),
            },
            1210,
            1210,
        )?,
        record(
            Step::Uploads,
            StepStatus::Exempt {
                exemption: kept.clone(),
            },
            2,
            2,
        )?,
        record(
            Step::Derivatives,
            StepStatus::Deferred {
                expires_at: "2026-04-23T14:00:00Z".to_owned(),
            },
            4,
            4,
        )?,
    ];
    print!("{}", String::from_utf8(steps_jsonl(&steps)?)?);

    // Refused, never written: each would mislead the verifier.
    let silent = StepStatus::Fail {
        error: "timeout".to_owned(),
        exception_id: String::new(),
    };
    let refusals = [
        record(Step::Semantic, silent, 57, 57),
        record(Step::AuditLog, StepStatus::Exempt { exemption: kept }, 4, 4),
        record(Step::Working, StepStatus::ok(), 3, 1),
    ];
    for refused in refusals {
        match refused {
            Err(why) => eprintln!("refused: {why}"),
            Ok(_) => return Err("a malformed record was accepted".into()),
        }
    }
    Ok(())
}
