package analyzer

import (
	"fmt"
	"io"
	"strings"
)

// writeMarkersMarkdown writes docs/markers.md, the markers reference,
// from the marker table: each marker, where it goes, the Go types it
// applies to, its value's syntax and an example.
func writeMarkersMarkdown(w io.Writer) error {
	var b strings.Builder
	b.WriteString(`# Markers reference

<!-- Generated from the marker table in analyzer/registry.go by go generate ./analyzer; a test fails when it is stale. -->

A marker is a Go directive comment: ` + "`//subako:NAME`" + `, ` + "`//subako:NAME=VALUE`" + ` for a field marker or a tool annotation, or
` + "`//subako:NAME ARGUMENTS`" + ` for ` + "`package`" + ` and ` + "`function`" + `. Like ` + "`//go:generate`" + `, it has no space after
` + "`//`" + ` and is lower case up to the colon, so ` + "`go doc`" + ` and the descriptions leave it out. A field marker
goes in the field's doc comment or its line comment. The value runs to the end of the line.

Markers meant for a value (` + "`minimum`" + `, ` + "`pattern`" + `, ` + "`enum`" + `...) reach through pointers, slices and maps
to the element: ` + "`//subako:maxLength=20`" + ` on a ` + "`[]string`" + ` limits each string. ` + "`minItems`" + ` and ` + "`maxItems`" + `
apply to the slice, ` + "`minProperties`" + ` and ` + "`maxProperties`" + ` to the map. A field's markers apply in the order of
their stage (0 first: the markers that change what a value is, such as ` + "`enum`" + ` and ` + "`format`" + `), so a
` + "`default`" + ` is checked against the enum and the bounds, wherever they are written.

## Lists

A list value separates its items with ` + "`" + ListSeparator + "`" + `: ` + "`//subako:enum=loud;quiet`" + `, as controller-tools'
markers do. Spaces around an item are dropped. An item that holds ` + "`;`" + ` or ` + "`,`" + `, or spaces at its ends, is
written as a JSON string: ` + "`//subako:enum=\"a,b\";c`" + `. A bare value written with another separator
(` + "`//subako:enum=loud,quiet`" + ` or ` + "`loud|quiet`" + `) is an error (A011), with a fix that writes it with ` + "`;`" + `.

## Optional fields and null

A field is optional when it is a pointer, is tagged ` + "`omitempty`" + ` or ` + "`omitzero`" + `, has a ` + "`default`" + `, or is
marked ` + "`//subako:optional`" + `. Its name is left out of the object's ` + "`required`" + `, and the generated decoder
takes ` + "`null`" + ` for it as it takes an absent member: a pointer stays nil, another field keeps its zero
value or takes its default. Models often send ` + "`null`" + ` for an argument they mean to leave out, and
Rust's ` + "`Option<T>`" + ` with serde reads it the same way.

The schema does not say ` + "`\"type\": [\"integer\", \"null\"]`" + ` (or ` + "`anyOf`" + ` with ` + "`null`" + `): type arrays and
` + "`null`" + ` types are where model providers' schema subsets differ most, and a schema without them is read
the same by all of them. So the decoder is more lenient than the schema on this one point; the
generator's differential test against a JSON Schema validator counts each such case. A required
field refuses ` + "`null`" + `, as its schema does.

## Tool annotations

` + "`title`" + `, ` + "`readOnly`" + `, ` + "`destructive`" + `, ` + "`idempotent`" + ` and ` + "`openWorld`" + ` go in a handler's doc comment, beside
` + "`//subako:function`" + `, and become the tool's MCP ` + "`annotations`" + ` in tools/list. Clients use them to decide what to
ask before a call; a hint left out takes MCP's default (not read-only, destructive, not idempotent, open
world), and only what the author states is listed. The analyzer checks the hints against what the
handler's code can reach (A040) and suggests the ones it could state (A041): see
[annotations.md](annotations.md).

## The markers

| marker | goes on | applies to | value | stage |
|---|---|---|---|---|
`)
	for _, s := range markerSpecs {
		stage := "-"
		if s.Place == placeField {
			stage = fmt.Sprint(s.Stage)
		}
		fmt.Fprintf(&b, "| [`%s`](#%s) | %s | %s | %s | %s |\n", s.Name, strings.ToLower(s.Name), placeName(s.Place), s.AppliesTo, shortSyntax(s.Value), stage)
	}
	for _, s := range markerSpecs {
		fmt.Fprintf(&b, "\n### %s\n\n%s\n\n", s.Name, s.Doc)
		fmt.Fprintf(&b, "- Goes on: %s\n- Applies to: %s\n- Value: %s\n", placeName(s.Place), s.AppliesTo, s.Value.syntax())
		fmt.Fprintf(&b, "- Example: `%s`\n", s.Example)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func placeName(p place) string {
	switch p {
	case placePackage:
		return "the package doc comment"
	case placeFunc:
		return "a function's doc comment"
	case placeField:
		return "a struct field"
	}
	return ""
}

func shortSyntax(v valueSyntax) string {
	switch v {
	case valueNone:
		return "none"
	case valueCount:
		return "`=N`"
	case valueNumber:
		return "`=NUMBER`"
	case valueRegexp:
		return "`=REGEXP`"
	case valueWord:
		return "`=WORD`"
	case valueList:
		return "`=A;B;C`"
	case valueScalar:
		return "`=VALUE`"
	case valueArgs:
		return "`name=TOOL` (optional)"
	case valueName:
		return "NAME, after a space"
	case valueBool:
		return "none, `=true` or `=false`"
	case valueText:
		return "`=TEXT`"
	}
	return ""
}

// syntax is how the value is written, for docs/markers.md.
func (v valueSyntax) syntax() string {
	switch v {
	case valueNone:
		return "no value"
	case valueCount:
		return "`=N`, a whole number, 0 or more"
	case valueNumber:
		return "`=N`, a JSON number (an integer for integer types), within the Go type's range"
	case valueRegexp:
		return "`=RE`, a Go (RE2) regular expression, unanchored, to the end of the line"
	case valueWord:
		return "`=WORD`, one of the words listed"
	case valueList:
		return "`=A;B;C`: values separated by `;` (a value with `;`, `,` or spaces at its ends is a JSON string: `\"a,b\"`)"
	case valueScalar:
		return "`=VALUE`, one value of the field's type: a number, true or false, or a string bare or as a JSON string"
	case valueArgs:
		return "optional `key=value` arguments after a space"
	case valueName:
		return "a name after a space"
	case valueBool:
		return "none for true, or `=true` or `=false`"
	case valueText:
		return "`=TEXT`, plain text to the end of the line"
	}
	return ""
}
