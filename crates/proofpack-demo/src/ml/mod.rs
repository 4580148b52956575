//! The platform's models, pure functions over text with no access to the
//! store: the tokenizer, the fine-tuned n-gram model ([`ngram`]), the
//! hashing embedding ([`embed`]) and the HNSW index over embeddings
//! ([`ann`]). They are the store's data formats as much as its schema is:
//! the cascade trains and indexes with them, and the probe job
//! re-trains and queries with them to check what the store holds.

pub(crate) mod ann;
pub(crate) mod embed;
pub(crate) mod ngram;

/// The words of `text`: lower-cased, split on white space, stripped of the
/// punctuation around them (an e-mail address or an IP address stays one
/// word).
#[must_use]
pub(crate) fn tokens(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// `text` as its words joined by single spaces: the form in which a phrase
/// is looked for in a model's output.
#[must_use]
pub(crate) fn normalized(text: &str) -> String {
    tokens(text).join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_keep_addresses_whole_and_drop_punctuation() {
        assert_eq!(
            tokens("Dear Alice Example, (alice@example.com) at 192.0.2.10."),
            [
                "dear",
                "alice",
                "example",
                "alice@example.com",
                "at",
                "192.0.2.10"
            ]
        );
        assert_eq!(normalized("  Alice   Example! "), "alice example");
    }
}
