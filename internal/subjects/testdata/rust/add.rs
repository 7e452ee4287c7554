//! add: an ABI 1 function package in Rust (std only, wasm32-wasip1) with one
//! tool, add, that sums two integers. A test subject for subakogo's call
//! probes: built plain it behaves; each `--cfg 'variant="..."'` below breaks
//! one probe and nothing that upload discovery can see.
//!
//!   rpc_error      bad arguments get a JSON-RPC error instead of an isError result
//!   read_to_eof    a call is answered only once stdin reaches end of file
//!   slow_exit      after a call, the module sleeps 2 s at end of file before exiting
//!   answer_notify  a notification gets an answer
//!   bad_output     structuredContent's sum is a string, against the outputSchema
//!   string_id      a numeric id is echoed as a string
//!   max_trap       a or b at its maximum, 1000000, panics
//!
//! The edge variants declare three more optional members (mode, an enum;
//! label, a string or null of at most 16 characters; tags, at most 4
//! strings) and break on one edge of them; edge_good behaves:
//!
//!   enum_second    mode "difference" gets a JSON-RPC error
//!   empty_string   an empty label panics (its first byte indexed)
//!   non_ascii      a label starting with a non-ASCII character panics (sliced at byte 1)
//!
//! The search variants declare other optional members (note and code,
//! strings of at most 32 characters; level, from and to, integers from 0 to
//! 1000; when, a date) and break inside them, where no schema edge is;
//! search_good behaves:
//!
//!   magic_string   a note starting with "admin:" panics
//!   mid_number     level 613 panics
//!   relation       to one more than from panics
//!   exact_length   a code of exactly 11 characters panics
//!   leap_date      when on February 29 panics
//!   staged         level 347, note "open-sesame!" and from 271
//!                  together panic, each compared in a function of its own:
//!                  the module's constants give each value, the coverage of
//!                  the stage functions the way to combine them
use std::io::{self, BufRead, Read, Write};

/// Whether this build is an edge variant, with the larger schema.
const EDGE: bool = cfg!(any(variant = "edge_good", variant = "enum_second", variant = "empty_string", variant = "non_ascii"));

#[cfg(any(variant = "edge_good", variant = "enum_second", variant = "empty_string", variant = "non_ascii"))]
macro_rules! edge_members {
    () => {
        concat!(
            r#","mode":{"type":"string","enum":["sum","difference"],"description":"What to compute."},"#,
            r#""label":{"type":["string","null"],"maxLength":16,"description":"A label for the result."},"#,
            r#""tags":{"type":"array","items":{"type":"string","maxLength":8},"maxItems":4,"description":"Tags."}"#
        )
    };
}
/// Whether this build is a search variant, with the search members.
const SEARCH: bool = cfg!(any(
    variant = "search_good",
    variant = "magic_string",
    variant = "mid_number",
    variant = "relation",
    variant = "exact_length",
    variant = "leap_date",
    variant = "staged"
));

#[cfg(any(
    variant = "search_good",
    variant = "magic_string",
    variant = "mid_number",
    variant = "relation",
    variant = "exact_length",
    variant = "leap_date",
    variant = "staged"
))]
macro_rules! edge_members {
    () => {
        concat!(
            r#","note":{"type":"string","maxLength":32,"description":"A note."},"#,
            r#""code":{"type":"string","maxLength":32,"description":"A code."},"#,
            r#""level":{"type":"integer","minimum":0,"maximum":1000,"description":"A level."},"#,
            r#""from":{"type":"integer","minimum":0,"maximum":1000,"description":"The range's start."},"#,
            r#""to":{"type":"integer","minimum":0,"maximum":1000,"description":"The range's end."},"#,
            r#""when":{"type":"string","format":"date","description":"A day."}"#
        )
    };
}
#[cfg(not(any(
    variant = "edge_good",
    variant = "enum_second",
    variant = "empty_string",
    variant = "non_ascii",
    variant = "search_good",
    variant = "magic_string",
    variant = "mid_number",
    variant = "relation",
    variant = "exact_length",
    variant = "leap_date",
    variant = "staged"
)))]
macro_rules! edge_members {
    () => {
        ""
    };
}

const TOOLS: &str = concat!(
    r#""tools":[{"name":"add","description":"Adds two integers.","#,
    r#""inputSchema":{"type":"object","properties":{"#,
    r#""a":{"type":"integer","description":"The first addend.","minimum":-1000000,"maximum":1000000},"#,
    r#""b":{"type":"integer","description":"The second addend.","minimum":-1000000,"maximum":1000000}"#,
    edge_members!(),
    r#"},"required":["a","b"],"additionalProperties":false},"#,
    r#""outputSchema":{"type":"object","properties":{"#,
    r#""sum":{"type":"integer","description":"a + b."}},"#,
    r#""required":["sum"],"additionalProperties":false}}]"#
);

fn ws(s: &[u8], mut i: usize) -> usize {
    while i < s.len() && matches!(s[i], b' ' | b'\t' | b'\r' | b'\n') {
        i += 1;
    }
    i
}

/// The end of the JSON value at i, or None when it is malformed.
fn skip(s: &[u8], i: usize) -> Option<usize> {
    let mut i = ws(s, i);
    match *s.get(i)? {
        b'"' => {
            i += 1;
            while *s.get(i)? != b'"' {
                i += if s[i] == b'\\' { 2 } else { 1 };
            }
            Some(i + 1)
        }
        open @ (b'{' | b'[') => {
            let close = if open == b'{' { b'}' } else { b']' };
            i = ws(s, i + 1);
            if *s.get(i)? == close {
                return Some(i + 1);
            }
            loop {
                if open == b'{' {
                    if s[i] != b'"' {
                        return None;
                    }
                    i = ws(s, skip(s, i)?);
                    if *s.get(i)? != b':' {
                        return None;
                    }
                    i += 1;
                }
                i = ws(s, skip(s, i)?);
                match *s.get(i)? {
                    c if c == close => return Some(i + 1),
                    b',' => i = ws(s, i + 1),
                    _ => return None,
                }
            }
        }
        _ => {
            let start = i;
            while i < s.len() && b"+-.0123456789Eaeflnrstu".contains(&s[i]) {
                i += 1;
            }
            (i > start).then(|| i)
        }
    }
}

/// The members of the object at s, as (key without quotes, value) pairs;
/// None when s is not a well-formed object.
fn members(s: &[u8]) -> Option<Vec<(&[u8], &[u8])>> {
    let mut i = ws(s, 0);
    if *s.get(i)? != b'{' {
        return None;
    }
    skip(s, i)?;
    let mut out = Vec::new();
    i = ws(s, i + 1);
    while s[i] == b'"' {
        let k = skip(s, i)?;
        let v = ws(s, ws(s, k) + 1);
        let e = skip(s, v)?;
        out.push((&s[i + 1..k - 1], &s[v..e]));
        i = ws(s, e);
        if s[i] == b',' {
            i = ws(s, i + 1);
        }
    }
    Some(out)
}

fn member<'a>(s: &'a [u8], key: &str) -> Option<&'a [u8]> {
    members(s)?.into_iter().find(|(k, _)| *k == key.as_bytes()).map(|(_, v)| v)
}

/// A JSON integer within the schema's range.
fn integer(v: &[u8]) -> Option<i64> {
    let digits = v.strip_prefix(b"-").unwrap_or(v);
    if digits.is_empty() || digits.len() > 7 || !digits.iter().all(u8::is_ascii_digit) {
        return None;
    }
    let n: i64 = std::str::from_utf8(v).ok()?.parse().ok()?;
    if cfg!(variant = "max_trap") && n == 1_000_000 {
        panic!("max_trap: an addend at its maximum");
    }
    (-1_000_000..=1_000_000).contains(&n).then(|| n)
}

/// Writes one response line for id; body is its "result" or "error" member.
fn answer(out: &mut impl Write, id: &[u8], body: &str) {
    let id = String::from_utf8_lossy(id);
    let id = if cfg!(variant = "string_id") && !id.starts_with('"') { format!("\"{}\"", id) } else { id.into_owned() };
    writeln!(out, r#"{{"jsonrpc":"2.0","id":{},{}}}"#, id, body).unwrap();
    out.flush().unwrap();
}

fn result(members: &str) -> String {
    format!(r#""result":{{"resultType":"complete",{}}}"#, members)
}

/// The sum, or the reason the arguments are refused.
fn add(params: &[u8]) -> Result<i64, &'static str> {
    if member(params, "name") != Some(b"\"add\"") {
        return Err("there is no such tool: the tool is add");
    }
    let args = member(params, "arguments").and_then(members).ok_or("arguments must be an object with a and b")?;
    let (mut a, mut b) = (None, None);
    let (mut from, mut to) = (None, None);
    let (mut level, mut note) = (None, None);
    for (k, v) in args {
        let slot = match k {
            b"a" => &mut a,
            b"b" => &mut b,
            _ if EDGE => {
                edge_member(k, v)?;
                continue;
            }
            _ if SEARCH => {
                search_member(k, v, &mut from, &mut to)?;
                match k {
                    b"level" => level = integer(v),
                    b"note" => note = Some(&v[1..v.len() - 1]),
                    _ => {}
                }
                continue;
            }
            _ => return Err("unknown argument: add takes a and b only"),
        };
        *slot = Some(integer(v).ok_or("a and b must be integers from -1000000 to 1000000")?);
    }
    if let (true, Some(f), Some(t)) = (cfg!(variant = "relation"), from, to) {
        if t - f == 1 {
            panic!("relation: a one-element range");
        }
    }
    if let (true, Some(l), Some(f)) = (cfg!(variant = "staged"), level, from) {
        stage1(l, note.unwrap_or(b""), f);
    }
    Ok(a.ok_or("a and b are required")? + b.ok_or("a and b are required")?)
}

// The stages of the staged variant, each a function of its own (never
// inlined) so that entry coverage sees it, with the constant it compares.
#[inline(never)]
fn stage1(level: i64, note: &[u8], from: i64) {
    if level == 347 {
        stage2(note, from);
    }
}

#[inline(never)]
fn stage2(note: &[u8], from: i64) {
    if note == b"open-sesame!" {
        stage3(from);
    }
}

#[inline(never)]
fn stage3(from: i64) {
    if from == 271 {
        panic!("staged: the third stage");
    }
}

/// Checks one of the search variants' optional members; each variant
/// breaks inside its schema.
fn search_member(k: &[u8], v: &[u8], from: &mut Option<i64>, to: &mut Option<i64>) -> Result<(), &'static str> {
    match k {
        b"note" | b"code" | b"when" => {
            if v.len() < 2 || v[0] != b'"' {
                return Err("note, code and when must be strings");
            }
            let text = &v[1..v.len() - 1];
            // Characters, a JSON escape counting as one.
            let (mut n, mut i) = (0, 0);
            while i < text.len() {
                let c = text[i];
                i += match (c, text.get(i + 1)) {
                    (b'\\', Some(b'u')) => 6,
                    (b'\\', _) => 2,
                    _ => 1,
                };
                if c == b'\\' || (c & 0xC0) != 0x80 {
                    n += 1;
                }
            }
            if n > 32 {
                return Err("note, code and when must be at most 32 characters");
            }
            if cfg!(variant = "magic_string") && k == b"note" && text.starts_with(b"admin:") {
                panic!("magic_string: an admin note");
            }
            if cfg!(variant = "exact_length") && k == b"code" && n == 11 {
                panic!("exact_length: a code of 11 characters");
            }
            if k == b"when" {
                let ok = text.len() == 10
                    && text.iter().enumerate().all(|(i, c)| if i == 4 || i == 7 { *c == b'-' } else { c.is_ascii_digit() });
                let num = |i: usize| (text[i] - b'0') as u32 * 10 + (text[i + 1] - b'0') as u32;
                if !ok || !(1..=12).contains(&num(5)) || !(1..=31).contains(&num(8)) {
                    return Err("when must be a date, YYYY-MM-DD");
                }
                if cfg!(variant = "leap_date") && num(5) == 2 && num(8) == 29 {
                    panic!("leap_date: February 29");
                }
            }
        }
        b"level" | b"from" | b"to" => {
            let n = integer(v).filter(|n| (0..=1000).contains(n)).ok_or("level, from and to must be integers from 0 to 1000")?;
            match k {
                b"from" => *from = Some(n),
                b"to" => *to = Some(n),
                _ => {
                    if cfg!(variant = "mid_number") && n == 613 {
                        panic!("mid_number: level 613");
                    }
                }
            }
        }
        _ => return Err("unknown argument: add takes a, b, note, code, level, from, to and when only"),
    }
    Ok(())
}

/// Checks one of the edge variants' optional members; each variant breaks
/// on its edge. An error starting "rpc:" is answered as a JSON-RPC error.
fn edge_member(k: &[u8], v: &[u8]) -> Result<(), &'static str> {
    match k {
        b"mode" => {
            if v != b"\"sum\"" && v != b"\"difference\"" {
                return Err(r#"mode must be \"sum\" or \"difference\""#);
            }
            if cfg!(variant = "enum_second") && v == b"\"difference\"" {
                return Err("rpc:mode difference is not implemented");
            }
        }
        b"label" => {
            if v == b"null" {
                return Ok(());
            }
            if v.len() < 2 || v[0] != b'"' {
                return Err("label must be a string or null");
            }
            let text = std::str::from_utf8(&v[1..v.len() - 1]).map_err(|_| "label must be UTF-8")?;
            let mut chars = 0;
            let mut escaped = false;
            for c in text.chars() {
                if escaped {
                    escaped = false;
                    continue;
                }
                escaped = c == '\\';
                chars += 1;
            }
            if chars > 16 {
                return Err("label must be at most 16 characters");
            }
            if cfg!(variant = "empty_string") && text.as_bytes()[0] == b' ' {
                return Err("label must not start with a space"); // indexes the first byte: panics on ""
            }
            if cfg!(variant = "non_ascii") && &text[..1] == " " {
                return Err("label must not start with a space"); // slices at byte 1: panics on "é..."
            }
        }
        b"tags" => {
            let mut i = ws(v, 0);
            if v.get(i) != Some(&b'[') {
                return Err("tags must be an array of strings");
            }
            i = ws(v, i + 1);
            let mut n = 0;
            while v.get(i) == Some(&b'"') {
                let e = skip(v, i).ok_or("tags must be an array of strings")?;
                if std::str::from_utf8(&v[i + 1..e - 1]).map(|t| t.chars().count()).unwrap_or(99) > 8 {
                    return Err("a tag must be at most 8 characters");
                }
                n += 1;
                i = ws(v, e);
                if v.get(i) == Some(&b',') {
                    i = ws(v, i + 1);
                }
            }
            if v.get(i) != Some(&b']') || n > 4 {
                return Err("tags must be at most 4 strings");
            }
        }
        _ => return Err("unknown argument: add takes a, b, mode, label and tags only"),
    }
    Ok(())
}

fn call(out: &mut impl Write, id: &[u8], params: &[u8]) {
    match add(params) {
        Err(why) if why.starts_with("rpc:") => answer(out, id, &format!(r#""error":{{"code":-32603,"message":"{}"}}"#, &why[4..])),
        Ok(sum) if cfg!(variant = "bad_output") => answer(out, id, &result(&format!(
            r#""content":[{{"type":"text","text":"{{\"sum\":\"{0}\"}}"}}],"structuredContent":{{"sum":"{0}"}}"#, sum))),
        Ok(sum) => answer(out, id, &result(&format!(
            r#""content":[{{"type":"text","text":"{{\"sum\":{0}}}"}}],"structuredContent":{{"sum":{0}}}"#, sum))),
        Err(why) if cfg!(variant = "rpc_error") => answer(out, id, &format!(r#""error":{{"code":-32602,"message":"{}"}}"#, why)),
        Err(why) => answer(out, id, &result(&format!(r#""content":[{{"type":"text","text":"{}"}}],"isError":true"#, why))),
    }
}

fn main() {
    let stdin = io::stdin();
    let mut input = stdin.lock();
    let mut out = io::stdout().lock();
    let mut called = false;
    let mut line = Vec::new();
    while input.read_until(b'\n', &mut line).unwrap_or(0) > 0 {
        let msg = std::mem::take(&mut line);
        let method = member(&msg, "method").unwrap_or(b"");
        let id = match member(&msg, "id") {
            Some(id) => id,
            None => {
                if cfg!(variant = "answer_notify") {
                    writeln!(out, r#"{{"jsonrpc":"2.0","id":null,"result":{{}}}}"#).unwrap();
                    out.flush().unwrap();
                }
                continue;
            }
        };
        match method {
            b"\"server/discover\"" => answer(&mut out, id, &result(r#""supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}"#)),
            b"\"tools/list\"" => answer(&mut out, id, &result(TOOLS)),
            b"\"tools/call\"" => {
                if cfg!(variant = "read_to_eof") {
                    input.read_to_end(&mut Vec::new()).unwrap();
                }
                call(&mut out, id, member(&msg, "params").unwrap_or(b"{}"));
                called = true;
            }
            _ => answer(&mut out, id, r#""error":{"code":-32601,"message":"method not found"}"#),
        }
    }
    if cfg!(variant = "slow_exit") && called {
        std::thread::sleep(std::time::Duration::from_secs(2));
    }
}
