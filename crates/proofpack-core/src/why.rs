//! Why a text or a proof does not hold, as a message value: each error of
//! the spec crate's readers (JSON, signed notes and checkpoints,
//! cosignatures, Merkle proofs, closed sets) as a message id with its
//! values, so that a renderer writes the whole finding in the reader's
//! language. The English of each is the error's own `Display` (the tests
//! below check every variant), so §13's `message` is unchanged.

use crate::messages::{MessageArg, MessageId};
use proofpack_spec::checkpoint::{NoteError, MAX_SIGNATURES};
use proofpack_spec::cosignature::{CosignatureError, COSIGNATURE_LENGTH};
use proofpack_spec::dsse::{names, EnvelopeError};
use proofpack_spec::encoding::hex;
use proofpack_spec::json::{JsonError, JsonErrorKind};
use proofpack_spec::merkle::MerkleError;
use proofpack_spec::vocab::UnknownName;

fn said(id: MessageId, args: Vec<(&'static str, MessageArg)>) -> MessageArg {
    MessageArg::Said(id, args)
}

impl From<&JsonError> for MessageArg {
    fn from(e: &JsonError) -> Self {
        let id = match e.reason {
            JsonErrorKind::InvalidUtf8 => MessageId::WhyJsonUtf8,
            JsonErrorKind::ByteOrderMark => MessageId::WhyJsonBom,
            JsonErrorKind::Syntax => MessageId::WhyJsonSyntax,
            JsonErrorKind::UnexpectedEnd => MessageId::WhyJsonEnd,
            JsonErrorKind::TrailingCharacters => MessageId::WhyJsonTrailing,
            JsonErrorKind::DuplicateMember => MessageId::WhyJsonDuplicate,
            JsonErrorKind::LoneSurrogate => MessageId::WhyJsonSurrogate,
            JsonErrorKind::TooDeep => MessageId::WhyJsonDeep,
            JsonErrorKind::TooLarge => MessageId::WhyJsonLarge,
        };
        said(id, vec![("offset", e.offset.into())])
    }
}

impl From<&NoteError> for MessageArg {
    fn from(e: &NoteError) -> Self {
        let (id, line) = match *e {
            NoteError::ControlCharacter => (MessageId::WhyNoteControl, None),
            NoteError::MissingSignatureBlock => (MessageId::WhyNoteNoBlock, None),
            NoteError::NoSignatures => (MessageId::WhyNoteNoSignatures, None),
            NoteError::UnterminatedSignatureBlock => (MessageId::WhyNoteUnterminated, None),
            NoteError::TooManySignatures => {
                return said(
                    MessageId::WhyNoteTooMany,
                    vec![("max", MAX_SIGNATURES.into())],
                );
            }
            NoteError::NotASignatureLine { line } => {
                (MessageId::WhyNoteNotSignatureLine, Some(line))
            }
            NoteError::InvalidKeyName { line } => (MessageId::WhyNoteKeyName, Some(line)),
            NoteError::InvalidSignatureEncoding { line } => (MessageId::WhyNoteBase64, Some(line)),
            NoteError::SignatureTooShort { line } => (MessageId::WhyNoteShort, Some(line)),
            NoteError::CheckpointTooShort => (MessageId::WhyCheckpointShort, None),
            NoteError::EmptyOrigin => (MessageId::WhyCheckpointOrigin, None),
            NoteError::InvalidTreeSize => (MessageId::WhyCheckpointSize, None),
            NoteError::InvalidRootHash => (MessageId::WhyCheckpointRoot, None),
            NoteError::EmptyExtensionLine => (MessageId::WhyCheckpointExtension, None),
        };
        said(id, line.map(|l| ("line", l.into())).into_iter().collect())
    }
}

impl From<&CosignatureError> for MessageArg {
    fn from(e: &CosignatureError) -> Self {
        match *e {
            CosignatureError::WrongLength { got } => said(
                MessageId::WhyCosignatureLength,
                vec![("length", COSIGNATURE_LENGTH.into()), ("got", got.into())],
            ),
            CosignatureError::TimestampTooLarge(timestamp) => said(
                MessageId::WhyCosignatureTimestamp,
                vec![("timestamp", timestamp.into())],
            ),
            CosignatureError::SignatureInvalid => {
                said(MessageId::WhyCosignatureSignature, Vec::new())
            }
        }
    }
}

impl From<&MerkleError> for MessageArg {
    fn from(e: &MerkleError) -> Self {
        match e {
            MerkleError::IndexOutOfRange { index, tree_size } => said(
                MessageId::WhyMerkleIndex,
                vec![
                    ("index", (*index).into()),
                    ("tree_size", (*tree_size).into()),
                ],
            ),
            MerkleError::WrongProofLength { expected, got } => said(
                MessageId::WhyMerkleLength,
                vec![("expected", (*expected).into()), ("got", (*got).into())],
            ),
            MerkleError::MismatchedRoot { expected, got } => {
                roots(MessageId::WhyMerkleRoot, expected, got)
            }
            MerkleError::MismatchedRoot1 { expected, got } => {
                roots(MessageId::WhyMerkleRoot1, expected, got)
            }
            MerkleError::MismatchedRoot2 { expected, got } => {
                roots(MessageId::WhyMerkleRoot2, expected, got)
            }
            MerkleError::EqualSizesDifferentRoots { size, root1, root2 } => said(
                MessageId::WhyMerkleEqualSizes,
                vec![
                    ("size", (*size).into()),
                    ("root1", hex(root1).into()),
                    ("root2", hex(root2).into()),
                ],
            ),
            MerkleError::EmptyFirstTree { size2 } => said(
                MessageId::WhyMerkleEmptyFirst,
                vec![("size2", (*size2).into())],
            ),
            MerkleError::SizeOrder { size1, size2 } => said(
                MessageId::WhyMerkleSizeOrder,
                vec![("size1", (*size1).into()), ("size2", (*size2).into())],
            ),
            MerkleError::NonEmptyProofForEqualSizes { size, got } => said(
                MessageId::WhyMerkleNonEmpty,
                vec![("size", (*size).into()), ("got", (*got).into())],
            ),
            MerkleError::SizeBeyondTree {
                requested,
                available,
            } => said(
                MessageId::WhyMerkleBeyond,
                vec![
                    ("requested", (*requested).into()),
                    ("available", (*available).into()),
                ],
            ),
        }
    }
}

fn roots(id: MessageId, expected: &[u8; 32], got: &[u8; 32]) -> MessageArg {
    said(
        id,
        vec![("expected", hex(expected).into()), ("got", hex(got).into())],
    )
}

impl From<&EnvelopeError> for MessageArg {
    fn from(e: &EnvelopeError) -> Self {
        let named = |id, name: &str| said(id, vec![("name", name.into())]);
        match e {
            EnvelopeError::NotObject => said(MessageId::WhyEnvelopeNotObject, Vec::new()),
            EnvelopeError::NotString(name) => named(MessageId::WhyMissingOrNotString, name),
            EnvelopeError::PayloadType { expected } => said(
                MessageId::WhyMustBe,
                vec![
                    ("name", names::PAYLOAD_TYPE.into()),
                    ("expected", format!("{expected:?}").into()),
                ],
            ),
            EnvelopeError::PayloadNotBase64 => named(MessageId::WhyNotStrictBase64, names::PAYLOAD),
            EnvelopeError::NoSignatures => named(MessageId::WhyNotNonEmptyArray, names::SIGNATURES),
            EnvelopeError::SignatureNotObject => said(MessageId::WhySignatureNotObject, Vec::new()),
            EnvelopeError::SigNotBase64 => named(MessageId::WhyNotBase64Of64, names::SIG),
        }
    }
}

impl From<&UnknownName> for MessageArg {
    fn from(e: &UnknownName) -> Self {
        said(
            MessageId::WhyNotOneOf,
            vec![
                ("value", format!("{:?}", e.value).into()),
                ("allowed", e.allowed.as_str().into()),
            ],
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn same<E: std::fmt::Display>(errors: &[E])
    where
        for<'a> &'a E: Into<MessageArg>,
    {
        for e in errors {
            assert_eq!(e.into().to_string(), e.to_string());
        }
    }

    #[test]
    fn the_english_of_every_reason_is_the_errors_own() {
        let kinds = [
            JsonErrorKind::InvalidUtf8,
            JsonErrorKind::ByteOrderMark,
            JsonErrorKind::Syntax,
            JsonErrorKind::UnexpectedEnd,
            JsonErrorKind::TrailingCharacters,
            JsonErrorKind::DuplicateMember,
            JsonErrorKind::LoneSurrogate,
            JsonErrorKind::TooDeep,
            JsonErrorKind::TooLarge,
        ];
        same(&kinds.map(|reason| JsonError {
            offset: 1234,
            reason,
        }));
        same(&[
            NoteError::ControlCharacter,
            NoteError::MissingSignatureBlock,
            NoteError::NoSignatures,
            NoteError::UnterminatedSignatureBlock,
            NoteError::TooManySignatures,
            NoteError::NotASignatureLine { line: 3 },
            NoteError::InvalidKeyName { line: 4 },
            NoteError::InvalidSignatureEncoding { line: 5 },
            NoteError::SignatureTooShort { line: 6 },
            NoteError::CheckpointTooShort,
            NoteError::EmptyOrigin,
            NoteError::InvalidTreeSize,
            NoteError::InvalidRootHash,
            NoteError::EmptyExtensionLine,
        ]);
        same(&[
            CosignatureError::WrongLength { got: 7 },
            CosignatureError::TimestampTooLarge(u64::MAX),
            CosignatureError::SignatureInvalid,
        ]);
        let (a, b) = ([1; 32], [2; 32]);
        same(&[
            MerkleError::IndexOutOfRange {
                index: 9,
                tree_size: 3,
            },
            MerkleError::WrongProofLength {
                expected: 2,
                got: 5,
            },
            MerkleError::MismatchedRoot {
                expected: a,
                got: b,
            },
            MerkleError::MismatchedRoot1 {
                expected: a,
                got: b,
            },
            MerkleError::MismatchedRoot2 {
                expected: a,
                got: b,
            },
            MerkleError::EqualSizesDifferentRoots {
                size: 4,
                root1: a,
                root2: b,
            },
            MerkleError::EmptyFirstTree { size2: 8 },
            MerkleError::SizeOrder { size1: 9, size2: 8 },
            MerkleError::NonEmptyProofForEqualSizes { size: 4, got: 1 },
            MerkleError::SizeBeyondTree {
                requested: 10,
                available: 7,
            },
        ]);
        same(&[
            EnvelopeError::NotObject,
            EnvelopeError::NotString("keyid".to_owned()),
            EnvelopeError::PayloadType {
                expected: "application/x".to_owned(),
            },
            EnvelopeError::PayloadNotBase64,
            EnvelopeError::NoSignatures,
            EnvelopeError::SignatureNotObject,
            EnvelopeError::SigNotBase64,
        ]);
        same(&[UnknownName {
            value: "x\"y".to_owned(),
            allowed: "a, b".to_owned(),
        }]);
    }
}
