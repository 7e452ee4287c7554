// Package codegen renders a package model ([model.Package], built by the
// analyzer from //subako:function handlers) into the package's
// subako_gen.go, with github.com/dave/jennifer:
//
//   - the tools' JSON Schemas as string constants, from
//     [model.Tool.InputSchema] and [model.Tool.OutputSchema];
//   - a decoder per input type that checks exactly what the input schema
//     says, straight from the bytes, on a [jsonwire.Scanner];
//   - an encoder per output type, on a [jsonwire.Writer];
//   - the tool table (subakoPackage), func main calling
//     [github.com/subako-ai/subako-go/subako.Serve],
//     a compile-time guard per handler (var _ func(In) (Out, error) = h)
//     and the model's hash in the constant [model.HashConstName], which
//     the analyzer compares to report a stale file.
//
// The file starts with [Header], is gofmt'ed, carries no build constraint,
// and is the same byte for byte for the same model. It imports neither
// reflect nor fmt nor encoding/json.
//
// # What a decoder checks
//
// Members are matched by exact (case-sensitive) name after JSON unescaping;
// a member given twice, a member the type does not have, and a required
// member missing are errors. A null for an optional member is read as its
// absence (a pointer stays nil, a default applies), as models send it; the
// schema does not say so, to stay portable (see docs/markers.md). Then each
// value: its JSON type (null is refused elsewhere, but in an any: a
// required member, an array's element and a map's value may not be null),
// integer ranges (the Go type's, exactly, from the number's
// text, never through a float: 1e2 and 100.0 are the integer 100),
// minimum, maximum, exclusiveMinimum, exclusiveMaximum and multipleOf
// (exact for decimals: 0.3 is a multiple of 0.1), minLength and maxLength
// in code points, pattern, enum, format, contentEncoding base64 (standard
// alphabet, padded), minItems, maxItems, fixed array lengths,
// minProperties, maxProperties and a map's allowed keys. Absent members
// keep their zero value, or take their //subako:default.
//
// Every failure is an error result whose text names the place and the
// problem, such as
//
//	arguments.items[2].name: must be at least 1 character
//	arguments.color: must be one of "red", "green", "blue"
//	arguments.nickname: is not a known member (known: name, color)
//
// Every bad member is reported, not just the first: an object's members in
// the order of its schema, an array's elements and a map's values in the
// order sent, nested objects, arrays and maps likewise, one a line, at
// most ten and then how many more (package rt's subakoErrors).
//
// # Formats
//
// These string formats are checked, as JSON Schema 2020-12 defines them:
// date-time, date and time (RFC 3339; a time.Time field is parsed with
// time.Parse after the check), duration (RFC 3339 appendix A), email (a
// dot-atom or quoted local part, @, a host name or an address literal),
// hostname, ipv4, ipv6 (RFC 4291 text, no zone), uri and uri-reference
// (RFC 3986, ASCII only: an IRI is not a URI), uuid, json-pointer and
// relative-json-pointer. The others the analyzer takes (idn-email,
// idn-hostname, iri, iri-reference, uri-template, regex) annotate only.
//
// # Patterns
//
// JSON Schema patterns are ECMA-262 regular expressions; the generated code
// matches them with Go's regexp (RE2), unanchored (regexp.MatchString),
// each compiled once on first use with sync.OnceValue, never at start-up.
// The analyzer accepts a pattern when it compiles as RE2, which keeps out
// what RE2 lacks (lookahead, lookbehind, backreferences). On the common
// subset (literals, classes, ^ and $ without flags, quantifiers, groups,
// alternation, \d, \w, \b, \p{...}) the two agree, with these exceptions:
//
//   - \s is [\t\n\f\r ] in RE2 but also takes \v and Unicode spaces
//     (U+00A0, U+FEFF, U+2028...) in ECMA-262;
//   - . excludes only \n in RE2 but also \r, U+2028 and U+2029 in ECMA-262;
//   - RE2-only syntax compiles but is not ECMA-262: flag groups such as
//     (?i), \A, \z, \pL without braces, [[:alpha:]], \x{...}, (?P<name>).
//
// Write explicit classes ([ \t], [^\n]) where the difference matters, so
// that clients validating with ECMA-262 agree with the module.
//
// # Where the decoder is stricter than the schema
//
// The decoder refuses some values the schema alone would take, because the
// Go value cannot hold them; the differential test counts these and fails
// on any other difference:
//
//   - numbers outside the Go type's range (int and int64 have no bounds in
//     the schema, float32 and time.Duration limits are not written in it);
//   - leap seconds (23:59:60) for a time.Time;
//   - years and months in an ISO 8601 duration for a time.Duration, which
//     have no fixed length;
//   - strings a type's UnmarshalText refuses (netip.Addr and the like);
//   - characters RFC 3986 does not allow in a uri or uri-reference (some
//     validators, built on net/url, take them).
//
// Of a member given twice, JSON parsers that keep the last one would see
// a valid instance; the decoder refuses it.
//
// # Encoders
//
// Members come in declaration order; omitempty and omitzero leave out what
// encoding/json leaves out (a type's IsZero method counts for omitzero;
// of a struct without one, the members the model knows are compared), and
// omitempty leaves out a text type whose MarshalText is empty, as
// encoding/json/v2 does, so that an empty netip.Addr does not break its
// format. A nil pointer member is left out; nil slices and maps are [] and
// {}; map keys are sorted; a time.Time is RFC 3339 with the digits it
// needs (or YYYY-MM-DD), a duration in its format's unit (whole units,
// truncated) or as PT#H#M#S; []byte is standard base64; an any is written
// from what it holds (NaN, an unsupported type or a failing MarshalText
// make the call an error result). An Answer tool encodes its Value and
// passes the JSON to Answer.Result.
//
// # Helpers
//
// The generated code calls a few helpers (error paths, scalar readers,
// format checks). They are written as ordinary Go in package rt, where they
// are compiled and tested, and copied into each file, only those it uses.
package codegen
