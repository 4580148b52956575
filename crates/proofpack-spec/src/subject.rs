//! The data-minimisation rule of §5: a subject is named by a pseudonymous
//! reference, never by the raw identifier.

/// Whether `subject_id` is a pseudonymous reference: `sub_` and 64
/// lowercase hex digits.
pub fn is_pseudonymous(subject_id: &str) -> bool {
    subject_id
        .strip_prefix("sub_")
        .is_some_and(crate::encoding::is_sha256_hex)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pseudonymous_subjects() {
        assert!(is_pseudonymous(&format!("sub_{}", "a".repeat(64))));
        assert!(!is_pseudonymous(&format!("sub_{}", "A".repeat(64))));
        assert!(!is_pseudonymous(&format!("sub_{}", "a".repeat(63))));
        assert!(!is_pseudonymous("alice@example.com"));
    }
}
