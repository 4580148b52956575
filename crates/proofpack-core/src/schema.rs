//! Shared helpers for reading well-formed JSON of a given shape (§0 "Which
//! code"): a member missing, mistyped or outside its allowed values is the
//! schema code of the section being read.

use crate::findings::{Code, Findings};
use proofpack_spec::json::{self, Json, JsonObject};
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
fn malformed(findings: &mut Findings, location: impl Into<String>, e: &json::JsonError) {
    findings.add(
        Code::JsonMalformed,
        location,
        format!("not well-formed JSON: {e}"),
    );
}

/// Reads the members of one JSON object, reporting shape problems under one
/// schema code. `ok` turns false at the first problem.
pub(crate) struct Fields<'o, 'f> {
    obj: &'o JsonObject,
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
        let location = location.into();
        match value.as_object() {
            Some(obj) => Some(Fields {
                obj,
                code,
                location,
                findings,
                ok: true,
            }),
            None => {
                findings.add(code, location, "expected a JSON object");
                None
            }
        }
    }

    /// The findings sink.
    pub(crate) fn findings(&mut self) -> &mut Findings {
        self.findings
    }

    /// The location of member `name`: a JSON pointer below the object's.
    fn member_location(&self, name: &str) -> String {
        // An object inside a member already has a pointer (`...#/output/...`).
        let separator = if self.location.contains('#') {
            "/"
        } else {
            "#/"
        };
        format!("{}{separator}{name}", self.location)
    }

    /// Reports a shape problem with member `name`.
    pub(crate) fn bad(&mut self, name: &str, why: &str) {
        self.ok = false;
        let location = self.member_location(name);
        self.findings
            .add(self.code, location, format!("member `{name}`: {why}"));
    }

    /// A raw member.
    pub(crate) fn get(&self, name: &str) -> Option<&'o Json> {
        self.obj.get(name)
    }

    /// A required member of any type.
    pub(crate) fn required(&mut self, name: &str) -> Option<&'o Json> {
        let v = self.obj.get(name);
        if v.is_none() {
            self.bad(name, "missing");
        }
        v
    }

    /// A required string.
    pub(crate) fn string(&mut self, name: &str) -> Option<&'o str> {
        let v = self.required(name)?;
        let s = v.as_str();
        if s.is_none() {
            self.bad(name, "not a string");
        }
        s
    }

    /// A required non-empty string.
    pub(crate) fn nonempty_string(&mut self, name: &str) -> Option<&'o str> {
        let s = self.string(name)?;
        if s.is_empty() {
            self.bad(name, "empty");
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
                self.bad(name, &e.to_string());
                None
            }
        }
    }

    /// A required count (§0).
    pub(crate) fn count(&mut self, name: &str) -> Option<u64> {
        let v = self.required(name)?;
        let c = v.as_count();
        if c.is_none() {
            self.bad(
                name,
                "not a count (an integer 0..2^53-1 without sign, fraction or exponent)",
            );
        }
        c
    }

    /// A required boolean.
    pub(crate) fn boolean(&mut self, name: &str) -> Option<bool> {
        let v = self.required(name)?;
        let b = v.as_bool();
        if b.is_none() {
            self.bad(name, "not a boolean");
        }
        b
    }

    /// A required array.
    pub(crate) fn array(&mut self, name: &str) -> Option<&'o [Json]> {
        let v = self.required(name)?;
        let a = v.as_array();
        if a.is_none() {
            self.bad(name, "not an array");
        }
        a
    }

    /// A required array of strings.
    pub(crate) fn string_array(&mut self, name: &str) -> Option<Vec<&'o str>> {
        let items = self.array(name)?;
        let strings: Option<Vec<&str>> = items.iter().map(Json::as_str).collect();
        if strings.is_none() {
            self.bad(name, "not an array of strings");
        }
        strings
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
            let location = self.member_location(name);
            self.findings.add(
                Code::TimeInvalid,
                location,
                format!("member `{name}`: {text:?} is not an RFC 3339 date-time with an offset"),
            );
        }
        t
    }
}

/// A line as parsed: `None` when it breaks the JSONL framing.
type ParsedLine = (usize, Option<Result<Json, json::JsonError>>);

fn parse_line((number, line): &(usize, Option<&[u8]>)) -> ParsedLine {
    (*number, line.map(json::parse))
}

/// The findings of one parsed line, and its record if it is one.
fn judge<'p>(
    (number, parsed): &'p ParsedLine,
    member: &str,
    schema: Code,
    findings: &mut Findings,
) -> Option<&'p Json> {
    let location = || format!("{member}:{number}");
    match parsed {
        None => findings.add(
            Code::JsonMalformed,
            location(),
            "a JSONL line must not be blank or hold a \\r",
        ),
        Some(Err(e)) => malformed(findings, location(), e),
        Some(Ok(value)) if value.as_object().is_some() => return Some(value),
        Some(Ok(_)) => findings.add(schema, location(), "a JSONL record must be a JSON object"),
    }
    None
}

/// Reads a JSONL member (§0) one record at a time: `record` gets each
/// object as it is parsed, so that a member of a million lines never holds a
/// million parsed values at once. A framing problem or a line that is not
/// well-formed JSON is `json.malformed`; a line that is not an object is a
/// finding under `schema`.
pub(crate) fn for_each_jsonl(
    bytes: &[u8],
    member: &str,
    schema: Code,
    findings: &mut Findings,
    mut record: impl FnMut(usize, &Json),
) {
    for line in json::jsonl_lines(bytes) {
        let parsed = parse_line(&line);
        if let Some(value) = judge(&parsed, member, schema, findings) {
            record(parsed.0, value);
        }
    }
}

/// The records of a JSONL member, read one line at a time by `read` (each
/// line's tree dropped once its record is read, so a member of millions of
/// lines holds only its records). The records' findings follow those of
/// every line's framing and syntax, as when all lines were parsed first.
pub(crate) fn jsonl_records<T>(
    bytes: &[u8],
    member: &str,
    schema: Code,
    findings: &mut Findings,
    mut read: impl FnMut(usize, &Json, &mut Findings) -> Option<T>,
) -> Vec<T> {
    let mut records = Vec::new();
    let mut record_findings = Findings::new();
    for_each_jsonl(bytes, member, schema, findings, |line, value| {
        records.extend(read(line, value, &mut record_findings));
    });
    findings.append(record_findings);
    records
}
