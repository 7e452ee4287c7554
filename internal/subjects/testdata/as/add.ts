// add: an ABI 1 function package in AssemblyScript (with its WASI shim) with
// one tool, add, that sums two integers. A test subject for subakogo's call
// probes: built with VARIANT "good" it behaves; each other VARIANT (the
// builder writes variant.ts) breaks one probe and nothing that upload
// discovery can see:
//
//   rpc_error      bad arguments get a JSON-RPC error instead of an isError result
//   read_to_eof    a call is answered only once stdin reaches end of file
//   slow_exit      after a call, the module sleeps 2 s at end of file before exiting
//   answer_notify  a notification gets an answer
//   bad_output     structuredContent's sum is a string, against the outputSchema
//   string_id      a numeric id is echoed as a string
//   max_trap       a or b at its maximum, 1000000, traps
//
// The edge variants declare three more optional members (mode, an enum;
// label, a string or null of at most 16 characters; tags, at most 4
// strings) and break on one edge of them; edge_good behaves:
//
//   enum_second    mode "difference" gets a JSON-RPC error
//   max_items      tags at maxItems (4) traps (a fixed array of 4 indexed at 4)
//
// The search variants declare other optional members (note and code,
// strings of at most 32 characters; level, from and to, integers from 0 to
// 1000; when, a date) and break inside them, where no schema edge is;
// search_good behaves:
//
//   magic_string   a note starting with "admin:" traps
//   mid_number     level 613 traps
//   relation       to one more than from traps
//   exact_length   a code of exactly 11 characters traps
//   leap_date      when on February 29 traps
//   staged         level 347, note "open-sesame!" and from 271
//                  together trap, each compared in a function of its own:
//                  the module's constants give each value, the coverage of
//                  the stage functions the way to combine them
import { VARIANT } from "./variant";

@external("wasi_snapshot_preview1", "poll_oneoff")
declare function poll_oneoff(subs: usize, events: usize, n: usize, nevents: usize): u16;

// EDGE: the edge variants, with the larger schema.
const EDGE = VARIANT == "edge_good" || VARIANT == "enum_second" || VARIANT == "max_items";
// SEARCH: the search variants, with their own members.
const SEARCH = VARIANT == "search_good" || VARIANT == "magic_string" || VARIANT == "mid_number" ||
  VARIANT == "relation" || VARIANT == "exact_length" || VARIANT == "leap_date" || VARIANT == "staged";
const SEARCH_MEMBERS =
  ',"note":{"type":"string","maxLength":32,"description":"A note."},' +
  '"code":{"type":"string","maxLength":32,"description":"A code."},' +
  '"level":{"type":"integer","minimum":0,"maximum":1000,"description":"A level."},' +
  '"from":{"type":"integer","minimum":0,"maximum":1000,"description":"The range\'s start."},' +
  '"to":{"type":"integer","minimum":0,"maximum":1000,"description":"The range\'s end."},' +
  '"when":{"type":"string","format":"date","description":"A day."}';
const EDGE_MEMBERS =
  ',"mode":{"type":"string","enum":["sum","difference"],"description":"What to compute."},' +
  '"label":{"type":["string","null"],"maxLength":16,"description":"A label for the result."},' +
  '"tags":{"type":"array","items":{"type":"string","maxLength":8},"maxItems":4,"description":"Tags."}';

const TOOLS =
  '"tools":[{"name":"add","description":"Adds two integers.",' +
  '"inputSchema":{"type":"object","properties":{' +
  '"a":{"type":"integer","description":"The first addend.","minimum":-1000000,"maximum":1000000},' +
  '"b":{"type":"integer","description":"The second addend.","minimum":-1000000,"maximum":1000000}' +
  (EDGE ? EDGE_MEMBERS : SEARCH ? SEARCH_MEMBERS : "") +
  '},"required":["a","b"],"additionalProperties":false},' +
  '"outputSchema":{"type":"object","properties":{' +
  '"sum":{"type":"integer","description":"a + b."}},' +
  '"required":["sum"],"additionalProperties":false}}]';

function ws(s: string, i: i32): i32 {
  while (i < s.length) {
    const c = s.charCodeAt(i);
    if (c != 32 && c != 9 && c != 13 && c != 10) break;
    i++;
  }
  return i;
}

// skip returns the end of the JSON value at i, or -1 when it is malformed.
function skip(s: string, i: i32): i32 {
  i = ws(s, i);
  if (i >= s.length) return -1;
  const c = s.charCodeAt(i);
  if (c == 34) {
    for (i++; i < s.length && s.charCodeAt(i) != 34; i++) if (s.charCodeAt(i) == 92) i++;
    return i < s.length ? i + 1 : -1;
  }
  if (c == 123 || c == 91) {
    const close = c == 123 ? 125 : 93;
    i = ws(s, i + 1);
    if (i < s.length && s.charCodeAt(i) == close) return i + 1;
    while (i < s.length) {
      if (c == 123) {
        if (s.charCodeAt(i) != 34) return -1;
        i = ws(s, skip(s, i));
        if (i < 0 || i >= s.length || s.charCodeAt(i) != 58) return -1;
        i++;
      }
      i = skip(s, i);
      if (i < 0) return -1;
      i = ws(s, i);
      if (i >= s.length) return -1;
      if (s.charCodeAt(i) == close) return i + 1;
      if (s.charCodeAt(i) != 44) return -1;
      i = ws(s, i + 1);
    }
    return -1;
  }
  const start = i;
  while (i < s.length && "+-.0123456789Eaeflnrstu".indexOf(s.charAt(i)) >= 0) i++;
  return i > start ? i : -1;
}

class Member {
  constructor(public key: string, public value: string) {}
}

// members lists the object at s, keys without quotes; null when s is not
// a well-formed object.
function members(s: string): Member[] | null {
  let i = ws(s, 0);
  if (i >= s.length || s.charCodeAt(i) != 123 || skip(s, i) < 0) return null;
  const out: Member[] = [];
  i = ws(s, i + 1);
  while (s.charCodeAt(i) == 34) {
    const k = skip(s, i);
    const v = ws(s, ws(s, k) + 1);
    const e = skip(s, v);
    out.push(new Member(s.substring(i + 1, k - 1), s.substring(v, e)));
    i = ws(s, e);
    if (s.charCodeAt(i) == 44) i = ws(s, i + 1);
  }
  return out;
}

function member(s: string, key: string): string | null {
  const ms = members(s);
  if (ms == null) return null;
  for (let j = 0; j < ms.length; j++) if (ms[j].key == key) return ms[j].value;
  return null;
}

// integer reads a JSON integer within the schema's range, or returns null.
function integer(v: string): string | null {
  const digits = v.startsWith("-") ? v.substring(1) : v;
  if (digits.length == 0 || digits.length > 7) return null;
  for (let j = 0; j < digits.length; j++) {
    const c = digits.charCodeAt(j);
    if (c < 48 || c > 57) return null;
  }
  const n = I32.parseInt(v);
  if (VARIANT == "max_trap" && n == 1000000) unreachable();
  return n >= -1000000 && n <= 1000000 ? n.toString() : null;
}

// answer writes one response line for id; body is its "result" or "error" member.
function answer(id: string, body: string): void {
  if (VARIANT == "string_id" && !id.startsWith('"')) id = '"' + id + '"';
  process.stdout.write('{"jsonrpc":"2.0","id":' + id + "," + body + "}\n");
}

function result(members: string): string {
  return '"result":{"resultType":"complete",' + members + "}";
}

// add returns the sum as JSON, or sets problem.
let problem = "";
function add(params: string): i32 {
  const name = member(params, "name");
  if (name == null || name != '"add"') {
    problem = "there is no such tool: the tool is add";
    return 0;
  }
  const raw = member(params, "arguments");
  const args = members(raw == null ? "" : raw);
  if (args == null) {
    problem = "arguments must be an object with a and b";
    return 0;
  }
  let a: string | null = null, b: string | null = null;
  from = -1;
  to = -1;
  level = -1;
  note = "";
  for (let j = 0; j < args.length; j++) {
    const m = args[j];
    if (EDGE && (m.key == "mode" || m.key == "label" || m.key == "tags")) {
      if (!edgeMember(m.key, m.value)) return 0;
      continue;
    }
    if (SEARCH && m.key != "a" && m.key != "b") {
      if (!searchMember(m.key, m.value)) return 0;
      continue;
    }
    if (m.key != "a" && m.key != "b") {
      problem = "unknown argument: add takes a and b only";
      return 0;
    }
    const n = integer(m.value);
    if (n == null) {
      problem = "a and b must be integers from -1000000 to 1000000";
      return 0;
    }
    if (m.key == "a") a = n;
    else b = n;
  }
  if (a == null || b == null) {
    problem = "a and b are required";
    return 0;
  }
  if (VARIANT == "relation" && from >= 0 && to >= 0 && to - from == 1) unreachable(); // a one-element range
  if (VARIANT == "staged" && from >= 0) stage1(level, note, from);
  return I32.parseInt(a) + I32.parseInt(b);
}

// from and to are the search variants' range, -1 when absent; level and
// note the staged variant's other members.
let from = -1, to = -1, level = -1, note = "";

// The stages of the staged variant, each a function of its own (the build
// does not optimize, so none is inlined) so that entry coverage sees it,
// with the constant it compares.
function stage1(level: i32, note: string, from: i32): void {
  if (level == 347) stage2(note, from);
}

function stage2(note: string, from: i32): void {
  if (note == "open-sesame!") stage3(from);
}

function stage3(from: i32): void {
  if (from == 271) unreachable();
}

// chars counts the characters of the JSON string v, quotes included: an
// escape is one, and a low surrogate is part of the character before.
function chars(v: string): i32 {
  let n = 0;
  for (let k = 1; k < v.length - 1; k++) {
    const c = v.charCodeAt(k);
    if (c == 92) k += v.charCodeAt(k + 1) == 117 ? 5 : 1; // \uXXXX or \x
    if (c < 0xdc00 || c > 0xdfff) n++;
  }
  return n;
}

// searchMember checks one of the search variants' members, setting
// problem and returning false when it is refused; each variant breaks
// inside its schema.
function searchMember(key: string, v: string): bool {
  if (key == "note" || key == "code" || key == "when") {
    if (v.length < 2 || v.charAt(0) != '"' || chars(v) > 32) {
      problem = "note, code and when must be strings of at most 32 characters";
      return false;
    }
    const text = v.substring(1, v.length - 1);
    if (key == "note") note = text;
    if (VARIANT == "magic_string" && key == "note" && text.startsWith("admin:")) unreachable();
    if (VARIANT == "exact_length" && key == "code" && chars(v) == 11) unreachable();
    if (key == "when") {
      let ok = text.length == 10;
      for (let k = 0; k < text.length && ok; k++) {
        const c = text.charCodeAt(k);
        ok = k == 4 || k == 7 ? c == 45 : c >= 48 && c <= 57;
      }
      const month = ok ? I32.parseInt(text.substring(5, 7)) : 0;
      const day = ok ? I32.parseInt(text.substring(8, 10)) : 0;
      if (month < 1 || month > 12 || day < 1 || day > 31) {
        problem = "when must be a date, YYYY-MM-DD";
        return false;
      }
      if (VARIANT == "leap_date" && month == 2 && day == 29) unreachable();
    }
    return true;
  }
  if (key == "level" || key == "from" || key == "to") {
    const s = integer(v);
    const n = s == null ? -1 : I32.parseInt(s);
    if (n < 0 || n > 1000) {
      problem = "level, from and to must be integers from 0 to 1000";
      return false;
    }
    if (key == "level") level = n;
    if (key == "from") from = n;
    else if (key == "to") to = n;
    else if (VARIANT == "mid_number" && n == 613) unreachable();
    return true;
  }
  problem = "unknown argument: add takes a, b, note, code, level, from, to and when only";
  return false;
}

// edgeMember checks one of the edge variants' members, setting problem
// (or rpcProblem) and returning false when it is refused.
let rpcProblem = "";
function edgeMember(key: string, v: string): bool {
  if (key == "mode") {
    if (v != '"sum"' && v != '"difference"') {
      problem = 'mode must be \\"sum\\" or \\"difference\\"';
      return false;
    }
    if (VARIANT == "enum_second" && v == '"difference"') {
      rpcProblem = "mode difference is not implemented";
      return false;
    }
    return true;
  }
  if (key == "label") {
    if (v == "null") return true;
    if (v.length < 2 || v.charAt(0) != '"') {
      problem = "label must be a string or null";
      return false;
    }
    let chars = 0;
    for (let k = 1; k < v.length - 1; k++) {
      const c = v.charCodeAt(k);
      if (c == 92) k++; // an escape
      if (c < 0xdc00 || c > 0xdfff) chars++; // a low surrogate is part of the character before
    }
    if (chars > 16) {
      problem = "label must be at most 16 characters";
      return false;
    }
    return true;
  }
  // tags
  let i = ws(v, 0);
  if (i >= v.length || v.charAt(i) != "[") {
    problem = "tags must be an array of strings";
    return false;
  }
  i = ws(v, i + 1);
  let n = 0;
  const seen = new StaticArray<i32>(4); // one slot per tag allowed
  while (i < v.length && v.charAt(i) == '"') {
    const e = skip(v, i);
    if (e < 0) break;
    if (e - i - 2 > 8 * 6) {
      problem = "a tag must be at most 8 characters";
      return false;
    }
    n++;
    i = ws(v, e);
    if (i < v.length && v.charAt(i) == ",") i = ws(v, i + 1);
    if (n > 4) break;
  }
  if (i >= v.length || v.charAt(i) != "]" || n > 4) {
    problem = "tags must be at most 4 strings";
    return false;
  }
  if (VARIANT == "max_items" && n > 0) seen[n] = n; // index 4 of 4 at maxItems: out of bounds, an abort
  return true;
}

function call(id: string, params: string): void {
  problem = "";
  rpcProblem = "";
  const sum = add(params).toString();
  if (rpcProblem != "") {
    answer(id, '"error":{"code":-32603,"message":"' + rpcProblem + '"}');
  } else if (problem != "" && VARIANT == "rpc_error") {
    answer(id, '"error":{"code":-32602,"message":"' + problem + '"}');
  } else if (problem != "") {
    answer(id, result('"content":[{"type":"text","text":"' + problem + '"}],"isError":true'));
  } else if (VARIANT == "bad_output") {
    answer(id, result('"content":[{"type":"text","text":"{\\"sum\\":\\"' + sum + '\\"}"}],"structuredContent":{"sum":"' + sum + '"}'));
  } else {
    answer(id, result('"content":[{"type":"text","text":"{\\"sum\\":' + sum + '}"}],"structuredContent":{"sum":' + sum + "}"));
  }
}

// sleep waits on a relative clock subscription (48 bytes) for one event (32 bytes).
function sleep(ns: u64): void {
  const buf = new ArrayBuffer(48 + 32 + 4);
  const p = changetype<usize>(buf);
  store<u8>(p, 0, 8); // eventtype clock
  store<u32>(p, 1, 16); // clockid monotonic
  store<u64>(p, ns, 24);
  poll_oneoff(p, p + 48, 1, p + 80);
}

const chunk = new ArrayBuffer(4096);
// read returns the next bytes of stdin, none at end of file.
function read(): Uint8Array {
  const n = process.stdin.read(chunk);
  return Uint8Array.wrap(chunk, 0, n > 0 ? n : 0);
}

function handle(line: string): bool {
  const id = member(line, "id");
  const method = member(line, "method");
  if (id == null) {
    if (VARIANT == "answer_notify") process.stdout.write('{"jsonrpc":"2.0","id":null,"result":{}}\n');
    return false;
  }
  if (method == '"server/discover"') {
    answer(id, result('"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}}'));
  } else if (method == '"tools/list"') {
    answer(id, result(TOOLS));
  } else if (method == '"tools/call"') {
    if (VARIANT == "read_to_eof") while (read().length > 0) {}
    const params = member(line, "params");
    call(id, params == null ? "{}" : params);
    return true;
  } else {
    answer(id, '"error":{"code":-32601,"message":"method not found"}');
  }
  return false;
}

// Lines are cut from the bytes read so far, then decoded.
let pending = new Uint8Array(0);
let called = false;
while (true) {
  const got = read();
  if (got.length == 0) break;
  const joined = new Uint8Array(pending.length + got.length);
  joined.set(pending);
  joined.set(got, pending.length);
  let start = 0;
  for (let j = 0; j < joined.length; j++) {
    if (joined[j] != 10) continue;
    if (handle(String.UTF8.decode(joined.slice(start, j).buffer))) called = true;
    start = j + 1;
  }
  pending = joined.slice(start);
}
if (VARIANT == "slow_exit" && called) sleep(2000000000);
