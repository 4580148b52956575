//! Shared helpers for reading well-formed JSON of a given shape (§0 "Which
//! code"): a member missing, mistyped or outside its allowed values is the
//! schema code of the section being read.

use crate::cancel::Cancel;
use crate::findings::{Code, Findings};
use crate::messages::{message, quoted, MessageArg, MessageId};
use proofpack_spec::encoding::base64_hash;
use proofpack_spec::json::{self, Json, JsonObject, Scalar, Value};
use proofpack_spec::merkle::Hash;
use proofpack_spec::timestamp::Timestamp;

/// Parses a JSON member of the pack, reporting `json.malformed` on failure.
/// A JSON member parsed to what its reader uses (`shape`); every byte is
/// still checked against §0.
pub(crate) fn parse_json(
    bytes: &[u8],
    location: &str,
    shape: &'static json::Shape,
    findings: &mut Findings,
) -> Option<Json> {
    match json::parse_shaped(bytes, shape) {
        Ok(v) => Some(v),
        Err(e) => {
            malformed(findings, location, &e);
            None
        }
    }
}

/// `json.malformed` for bytes that did not parse.
pub(crate) fn malformed(findings: &mut Findings, location: impl Into<String>, e: &json::JsonError) {
    findings.add(
        Code::JsonMalformed,
        location,
        message!(JsonMalformed, why = e),
    );
}

/// A JSON object as [`Fields`] reads it: a parsed tree's ([`JsonObject`]),
/// or the members a record reader captured from the bytes ([`Record`]).
pub(crate) trait Object {
    /// Its members' values.
    type Member: Member;
    /// The member named `name`.
    fn member(&self, name: &str) -> Option<&Self::Member>;
}

/// A member's value as [`Fields`] reads it.
pub(crate) trait Member: Sized {
    /// The string, if it is one.
    fn text(&self) -> Option<&str>;
    /// The §0 count, if it is one.
    fn count(&self) -> Option<u64>;
    /// The boolean, if it is one.
    fn boolean(&self) -> Option<bool>;
    /// The items, if it is an array.
    fn items(&self) -> Option<&[Self]>;
}

impl Object for JsonObject {
    type Member = Json;
    fn member(&self, name: &str) -> Option<&Json> {
        self.get(name)
    }
}

impl Member for Json {
    fn text(&self) -> Option<&str> {
        self.as_str()
    }
    fn count(&self) -> Option<u64> {
        self.as_count()
    }
    fn boolean(&self) -> Option<bool> {
        self.as_bool()
    }
    fn items(&self) -> Option<&[Json]> {
        self.as_array()
    }
}

/// How a record reader captures a member it names (see [`Record`]).
#[derive(Debug, Clone, Copy)]
pub(crate) enum Read {
    /// As a scalar: an array or object only as its kind.
    Scalar,
    /// As an array of scalars (any other value as a scalar).
    Scalars,
    /// By the record type's own reader ([`Custom`]).
    Custom,
}

/// The members a record reader names, and how it captures each.
pub(crate) type RecordNames = &'static [(&'static str, Read)];

/// A member as a record reader captured it from the bytes, borrowing its
/// strings: no tree is built.
#[derive(Debug)]
pub(crate) enum Slot<'a, X> {
    /// A scalar; a container is only its kind, its contents checked and skipped.
    Scalar(Scalar<'a>),
    /// An array, each item captured.
    Items(Vec<Slot<'a, X>>),
    /// What the record type's own reader made of the value.
    Custom(X),
}

impl<X> Member for Slot<'_, X> {
    fn text(&self) -> Option<&str> {
        match self {
            Slot::Scalar(s) => s.as_str(),
            _ => None,
        }
    }
    fn count(&self) -> Option<u64> {
        match self {
            Slot::Scalar(s) => s.as_count(),
            _ => None,
        }
    }
    fn boolean(&self) -> Option<bool> {
        match self {
            Slot::Scalar(s) => s.as_bool(),
            _ => None,
        }
    }
    fn items(&self) -> Option<&[Self]> {
        match self {
            Slot::Items(items) => Some(items),
            _ => None,
        }
    }
}

/// The members a record type reads itself (objects, arrays of objects),
/// straight from the bytes.
pub(crate) trait Custom<'a>: Sized {
    /// Captures the member `name`, marked [`Read::Custom`] in the record's
    /// [`RecordNames`].
    fn read(name: &str, value: Value<'a, '_>) -> Slot<'a, Self>;
}

/// The custom reader of records that have none.
#[derive(Debug)]
pub(crate) enum NoCustom {}

impl<'a> Custom<'a> for NoCustom {
    fn read(_: &str, value: Value<'a, '_>) -> Slot<'a, Self> {
        Slot::Scalar(value.scalar())
    }
}

/// The members of one JSON object that its reader names, captured from the
/// bytes in one pass (see [`RecordNames`]); the others are checked and skipped.
/// [`Fields`] reads it as it reads a parsed object, so a record read either
/// way has the same findings.
#[derive(Debug)]
pub(crate) struct Record<'a, X = NoCustom> {
    names: RecordNames,
    members: Vec<(&'static str, Slot<'a, X>)>,
}

impl<'a, X: Custom<'a>> Record<'a, X> {
    /// A record of the members named in `names`, none captured yet.
    pub(crate) fn new(names: RecordNames) -> Self {
        Record {
            names,
            members: Vec::new(),
        }
    }

    /// Captures the members of `value` named in `names`; `None` (the value
    /// checked and skipped) if it is not an object.
    pub(crate) fn read(value: Value<'a, '_>, names: RecordNames) -> Option<Self> {
        let mut record = Record::new(names);
        value
            .members(|name, value| record.capture(&name, value))
            .then_some(record)
    }

    /// Captures the member `name` if the record names it (else it is skipped).
    pub(crate) fn capture(&mut self, name: &str, value: Value<'a, '_>) {
        let Some(&(name, read)) = self.names.iter().find(|(n, _)| *n == name) else {
            return;
        };
        let slot = match read {
            Read::Scalar => Slot::Scalar(value.scalar()),
            Read::Scalars => match value.kind() {
                Some(json::Kind::Array) => {
                    let mut items = Vec::new();
                    value.items(|item| items.push(Slot::Scalar(item.scalar())));
                    Slot::Items(items)
                }
                _ => Slot::Scalar(value.scalar()),
            },
            Read::Custom => X::read(name, value),
        };
        self.put(name, slot);
    }

    /// Sets the member `name`, as its reader captured it.
    pub(crate) fn put(&mut self, name: &'static str, slot: Slot<'a, X>) {
        self.members.push((name, slot));
    }
}

impl<'a, X> Object for Record<'a, X> {
    type Member = Slot<'a, X>;
    fn member(&self, name: &str) -> Option<&Slot<'a, X>> {
        // A name the table lacks would read as missing on every record.
        debug_assert!(
            self.names.iter().any(|(n, _)| *n == name),
            "{name:?} is read but not captured"
        );
        self.members
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, slot)| slot)
    }
}

/// Reads the members of one JSON object, reporting shape problems under one
/// schema code. `ok` turns false at the first problem.
pub(crate) struct Fields<'o, 'f, O: Object = JsonObject> {
    obj: &'o O,
    code: Code,
    location: String,
    findings: &'f mut Findings,
    /// Whether every member read so far had the expected shape.
    pub ok: bool,
}

impl<'o, 'f> Fields<'o, 'f> {
    /// Reads `value` as an object; a non-object is a schema finding and `None`.
    pub(crate) fn of(
        value: &'o Json,
        code: Code,
        location: impl Into<String>,
        findings: &'f mut Findings,
    ) -> Option<Fields<'o, 'f>> {
        Fields::of_object(value.as_object(), code, location, findings)
    }
}

impl<'o, 'f, O: Object> Fields<'o, 'f, O> {
    /// Reads `obj`; `None` (not an object) is a schema finding and `None`.
    pub(crate) fn of_object(
        obj: Option<&'o O>,
        code: Code,
        location: impl Into<String>,
        findings: &'f mut Findings,
    ) -> Option<Fields<'o, 'f, O>> {
        let location = location.into();
        match obj {
            Some(obj) => Some(Fields {
                obj,
                code,
                location,
                findings,
                ok: true,
            }),
            None => {
                findings.add(code, location, MessageId::SchemaExpectedObject);
                None
            }
        }
    }

    /// The findings sink.
    pub(crate) fn findings(&mut self) -> &mut Findings {
        self.findings
    }

    /// What joins the object's location and a member's name into a JSON
    /// pointer: an object inside a member already has one (`...#/output/...`).
    fn separator(&self) -> &'static str {
        if self.location.contains('#') {
            "/"
        } else {
            "#/"
        }
    }

    /// Reports a shape problem with member `name`.
    pub(crate) fn bad(&mut self, name: &str, why: impl Into<MessageArg>) {
        self.ok = false;
        self.findings.add_lazily(
            self.code,
            format_args!("{}{}{}", self.location, self.separator(), name),
            || message!(SchemaMember, name = name, why = why.into()),
        );
    }

    /// A raw member.
    pub(crate) fn get(&self, name: &str) -> Option<&'o O::Member> {
        self.obj.member(name)
    }

    /// A required member of any type.
    pub(crate) fn required(&mut self, name: &str) -> Option<&'o O::Member> {
        let v = self.obj.member(name);
        if v.is_none() {
            self.bad(name, MessageId::WhyMissing);
        }
        v
    }

    /// A required string.
    pub(crate) fn string(&mut self, name: &str) -> Option<&'o str> {
        let v = self.required(name)?;
        let s = v.text();
        if s.is_none() {
            self.bad(name, MessageId::WhyNotString);
        }
        s
    }

    /// A required non-empty string.
    pub(crate) fn nonempty_string(&mut self, name: &str) -> Option<&'o str> {
        let s = self.string(name)?;
        if s.is_empty() {
            self.bad(name, MessageId::WhyEmpty);
            return None;
        }
        Some(s)
    }

    /// A required string naming a member of a closed set of the spec
    /// (see [`proofpack_spec::vocab`]); a name outside the set is a schema problem.
    pub(crate) fn name<T: std::str::FromStr<Err = proofpack_spec::vocab::UnknownName>>(
        &mut self,
        name: &str,
    ) -> Option<T> {
        let s = self.string(name)?;
        match s.parse::<T>() {
            Ok(v) => Some(v),
            Err(e) => {
                self.bad(name, &e);
                None
            }
        }
    }

    /// A required count (§0).
    pub(crate) fn count(&mut self, name: &str) -> Option<u64> {
        let v = self.required(name)?;
        let c = v.count();
        if c.is_none() {
            self.bad(name, MessageId::WhyNotCount);
        }
        c
    }

    /// A required boolean.
    pub(crate) fn boolean(&mut self, name: &str) -> Option<bool> {
        let v = self.required(name)?;
        let b = v.boolean();
        if b.is_none() {
            self.bad(name, MessageId::WhyNotBoolean);
        }
        b
    }

    /// A required array.
    pub(crate) fn array(&mut self, name: &str) -> Option<&'o [O::Member]> {
        let v = self.required(name)?;
        let a = v.items();
        if a.is_none() {
            self.bad(name, MessageId::WhyNotArray);
        }
        a
    }

    /// A required array of strings.
    pub(crate) fn string_array(&mut self, name: &str) -> Option<Vec<&'o str>> {
        let items = self.array(name)?;
        let strings: Option<Vec<&str>> = items.iter().map(Member::text).collect();
        if strings.is_none() {
            self.bad(name, MessageId::WhyNotStringArray);
        }
        strings
    }

    /// A required array of strict base64 32-byte hashes (§10's and §22's
    /// proofs); anything else is a schema problem.
    pub(crate) fn hashes(&mut self, name: &str) -> Option<Vec<Hash>> {
        let items = self.array(name)?;
        // Collected through `Option`, a vector grows by doubling (24 hashes in
        // room for 32): sized to the items, it holds only the proof.
        let mut hashes = Some(Vec::with_capacity(items.len()));
        for item in items {
            match (item.text().and_then(base64_hash), hashes.as_mut()) {
                (Some(hash), Some(list)) => list.push(hash),
                _ => hashes = None,
            }
        }
        if hashes.is_none() {
            self.bad(name, MessageId::WhyNotHashes);
        }
        hashes
    }

    /// A required timestamp: a non-string is a schema problem, a string that
    /// does not parse is `time.invalid`.
    pub(crate) fn timestamp(&mut self, name: &str) -> Option<Timestamp> {
        let s = self.string(name)?;
        self.parse_time(name, s)
    }

    fn parse_time(&mut self, name: &str, text: &str) -> Option<Timestamp> {
        let t = Timestamp::parse(text);
        if t.is_none() {
            self.ok = false;
            self.findings.add_lazily(
                Code::TimeInvalid,
                format_args!("{}{}{}", self.location, self.separator(), name),
                || message!(SchemaNotTime, name = name, text = quoted(text)),
            );
        }
        t
    }
}

/// Reads a JSONL member (§0) one record at a time: `record` gets each
/// line's object as its members named in `names` (see [`Record`]), read
/// straight from the line's bytes, so that a member of a million lines never
/// holds a million records' worth of JSON. A framing problem or a line that
/// is not well-formed JSON is `json.malformed`; a line that is not an object
/// is a finding under `schema`. The lines stop early once `cancel` is
/// raised (see [`Cancel::raised_at`]).
pub(crate) fn for_each_jsonl<'b, X: Custom<'b>>(
    bytes: &'b [u8],
    cancel: &Cancel,
    member: &str,
    schema: Code,
    names: RecordNames,
    findings: &mut Findings,
    mut record: impl FnMut(usize, &Record<'b, X>),
) {
    // One reader for all lines: its scratch space is reused.
    let mut reader = json::Reader::new();
    for (number, line) in json::jsonl_lines(bytes) {
        if cancel.raised_at(number) {
            break;
        }
        let location = || format!("{member}:{number}");
        let Some(line) = line else {
            findings.add(Code::JsonMalformed, location(), MessageId::JsonlBlankLine);
            continue;
        };
        match reader.read(line, |value| Record::read(value, names)) {
            Ok(Some(value)) => record(number, &value),
            Ok(None) => findings.add(schema, location(), MessageId::JsonlNotObject),
            Err(e) => malformed(findings, location(), &e),
        }
    }
}

/// The records of a JSONL member, read one line at a time by `read` (see
/// [`for_each_jsonl`]). The records' findings follow those of every line's
/// framing and syntax, as when all lines were parsed first.
pub(crate) fn jsonl_records<'b, T, X: Custom<'b>>(
    bytes: &'b [u8],
    cancel: &Cancel,
    member: &str,
    schema: Code,
    names: RecordNames,
    findings: &mut Findings,
    mut read: impl FnMut(usize, &Record<'b, X>, &mut Findings) -> Option<T>,
) -> Vec<T> {
    let mut records = Vec::new();
    let mut record_findings = Findings::new();
    for_each_jsonl(
        bytes,
        cancel,
        member,
        schema,
        names,
        findings,
        |line, value| {
            records.extend(read(line, value, &mut record_findings));
        },
    );
    findings.append(record_findings);
    records
}
