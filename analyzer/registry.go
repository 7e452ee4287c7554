package analyzer

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/analyzer/model"
)

// A markerSpec is one //subako: directive: where it goes, which node of a
// field's type it applies to and which Go types those may be, the syntax
// of its value, the order it applies in, and its documentation. The table
// [markerSpecs] drives parsing, checking, applying and docs/markers.md.
type markerSpec struct {
	Name  string
	Place place
	// Stage orders a field's markers: lower first. Markers that change
	// what a node is (an enum, a format) come first, so that the others
	// see the result.
	Stage int
	// Target is the node of the field's type the marker applies to, and
	// fits (nil: any) says whether that node's Go type takes it.
	Target target
	fits   func(*model.Type) bool
	// AppliesTo names the Go types it applies to, for messages and docs:
	// "//subako:NAME applies to AppliesTo, not int".
	AppliesTo string
	Value     valueSyntax
	Example   string
	Doc       string
	// apply sets the marker on the node, reporting values that do not fit
	// it; nil for the markers the builder reads itself.
	apply func(b *builder, d *directive, n *model.Type)
}

// target is the node of a field's type a marker applies to.
type target int

const (
	targetDecl  target = iota // not a field marker: a function or the package
	targetField               // the field itself: whether it is required, its default
	targetValue               // the value: the element of pointers, slices and maps
	targetArray               // the first slice through pointers and maps
	targetMap                 // the first map through pointers and slices
	targetTool                // a tool annotation, in a handler's doc comment
)

// valueSyntax is the form of a marker's value.
type valueSyntax int

const (
	valueNone   valueSyntax = iota // no '=': //subako:optional
	valueCount                     // a whole number, 0 or more
	valueNumber                    // a JSON number within the Go type's range
	valueRegexp                    // an RE2 regular expression, unanchored
	valueWord                      // one of a fixed set of words
	valueList                      // values separated by ';'
	valueScalar                    // one value of the field's type
	valueArgs                      // key=value arguments after a space
	valueName                      // a name after a space
	valueBool                      // none (true), =true or =false
	valueText                      // text to the end of the line
)

// ListSeparator separates the values of a list marker (//subako:enum=a;b),
// as in controller-tools' markers. A value with a ';' or ',' in it, or
// leading or trailing spaces, is written as a JSON string: "a,b".
const ListSeparator = ";"

func isNumeric(t *model.Type) bool {
	return t.Kind == model.KindInteger || t.Kind == model.KindNumber
}

func isText(t *model.Type) bool { return t.Kind == model.KindString || t.Kind == model.KindText }

// markerSpecs are every directive, in the order docs/markers.md lists
// them.
var markerSpecs = []*markerSpec{
	{Name: "package", Place: placePackage, Value: valueName, AppliesTo: "the package, once",
		Example: "//subako:package hello",
		Doc:     "Names the function package (1 to 64 of a-z, 0-9, `_` and `-`). The package doc comment above it is its description."},
	{Name: "function", Place: placeFunc, Value: valueArgs, AppliesTo: "a package-level func(In) (Out, error)",
		Example: "//subako:function name=get_weather",
		Doc:     "Makes the function a tool. Its name is the function's in snake_case, or `name=`; its doc comment is the description the model reads."},
	{Name: "format", Place: placeField, Stage: 0, Target: targetValue, Value: valueWord,
		fits:      func(t *model.Type) bool { return isText(t) || t.Kind == model.KindTime || t.Kind == model.KindDuration },
		AppliesTo: "strings, time.Time and time.Duration",
		Example:   "//subako:format=email",
		Doc: "A string's JSON Schema format: " + strings.Join(stringFormats, ", ") + " (the generated code checks date-time, date, time, email, uuid, ipv4, ipv6, uri and hostname). " +
			"For time.Time: " + strings.Join(timeFormats, " or ") + ". For time.Duration, which needs one: " + strings.Join(durationFormats, ", ") + " (the first three an integer count, duration an ISO 8601 string).",
		apply: (*builder).applyFormat},
	{Name: "enum", Place: placeField, Stage: 0, Target: targetValue, Value: valueList,
		fits: func(t *model.Type) bool {
			return t.Kind == model.KindString || t.Kind == model.KindInteger || t.Kind == model.KindEnum
		},
		AppliesTo: "strings and integers",
		Example:   "//subako:enum=loud;quiet",
		Doc:       "The values the field takes. A named string or integer type with constants is an enum already, with each constant's comment as its description.",
		apply:     (*builder).applyEnum},
	{Name: "any", Place: placeField, Stage: 0, Target: targetValue, Value: valueNone,
		AppliesTo: "interface{} and types with their own MarshalJSON",
		Example:   "//subako:any",
		Doc:       "Accepts any JSON value where the type alone has no schema: an interface{}, or a type with its own MarshalJSON/UnmarshalJSON.",
		apply:     (*builder).applyAny},
	{Name: "minimum", Place: placeField, Stage: 1, Target: targetValue, Value: valueNumber, fits: isNumeric,
		AppliesTo: "numbers", Example: "//subako:minimum=1", Doc: "The least value, inclusive.",
		apply: limitNumber(func(l *model.Limits) *string { return &l.Minimum })},
	{Name: "maximum", Place: placeField, Stage: 1, Target: targetValue, Value: valueNumber, fits: isNumeric,
		AppliesTo: "numbers", Example: "//subako:maximum=100", Doc: "The greatest value, inclusive.",
		apply: limitNumber(func(l *model.Limits) *string { return &l.Maximum })},
	{Name: "exclusiveMinimum", Place: placeField, Stage: 1, Target: targetValue, Value: valueNumber, fits: isNumeric,
		AppliesTo: "numbers", Example: "//subako:exclusiveMinimum=0", Doc: "A bound the value must be above.",
		apply: limitNumber(func(l *model.Limits) *string { return &l.ExclusiveMinimum })},
	{Name: "exclusiveMaximum", Place: placeField, Stage: 1, Target: targetValue, Value: valueNumber, fits: isNumeric,
		AppliesTo: "numbers", Example: "//subako:exclusiveMaximum=1", Doc: "A bound the value must be below.",
		apply: limitNumber(func(l *model.Limits) *string { return &l.ExclusiveMaximum })},
	{Name: "multipleOf", Place: placeField, Stage: 1, Target: targetValue, Value: valueNumber, fits: isNumeric,
		AppliesTo: "numbers", Example: "//subako:multipleOf=5", Doc: "The value must be a multiple of this number, which is above 0.",
		apply: limitNumber(func(l *model.Limits) *string { return &l.MultipleOf })},
	{Name: "minLength", Place: placeField, Stage: 1, Target: targetValue, Value: valueCount, fits: isText,
		AppliesTo: "strings", Example: "//subako:minLength=1", Doc: "The least length, in code points (not bytes).",
		apply: limitCount},
	{Name: "maxLength", Place: placeField, Stage: 1, Target: targetValue, Value: valueCount, fits: isText,
		AppliesTo: "strings", Example: "//subako:maxLength=200", Doc: "The greatest length, in code points (not bytes).",
		apply: limitCount},
	{Name: "pattern", Place: placeField, Stage: 1, Target: targetValue, Value: valueRegexp, fits: isText,
		AppliesTo: "strings", Example: "//subako:pattern=^[A-Z]{3}$",
		Doc:   "A regular expression the value must match somewhere (anchor it with ^ and $). It must compile with Go's regexp, which the generated code checks it with: no lookaround or backreferences.",
		apply: (*builder).applyPattern},
	{Name: "minItems", Place: placeField, Stage: 1, Target: targetArray, Value: valueCount,
		AppliesTo: "slices", Example: "//subako:minItems=1", Doc: "The least number of elements. A Go array [N]T fixes its length already.",
		apply: limitCount},
	{Name: "maxItems", Place: placeField, Stage: 1, Target: targetArray, Value: valueCount,
		AppliesTo: "slices", Example: "//subako:maxItems=10", Doc: "The greatest number of elements.",
		apply: limitCount},
	{Name: "minProperties", Place: placeField, Stage: 1, Target: targetMap, Value: valueCount,
		AppliesTo: "maps", Example: "//subako:minProperties=1", Doc: "The least number of members.",
		apply: limitCount},
	{Name: "maxProperties", Place: placeField, Stage: 1, Target: targetMap, Value: valueCount,
		AppliesTo: "maps", Example: "//subako:maxProperties=20", Doc: "The greatest number of members.",
		apply: limitCount},
	{Name: "default", Place: placeField, Stage: 1, Target: targetField, Value: valueScalar,
		AppliesTo: "strings, numbers, booleans, enums, times and durations",
		Example:   "//subako:default=metric",
		Doc:       "The value the handler sees when the member is absent (or null); the field becomes optional. It is checked against the field's type and its other markers."},
	{Name: "optional", Place: placeField, Stage: 1, Target: targetField, Value: valueNone,
		AppliesTo: "any field", Example: "//subako:optional",
		Doc: "The member may be absent (or null), leaving the field's zero value. Pointers and fields tagged omitempty or omitzero are optional already."},
	{Name: "required", Place: placeField, Stage: 1, Target: targetField, Value: valueNone,
		AppliesTo: "any field", Example: "//subako:required",
		Doc: "The member must be present, even for a pointer or a field tagged omitempty."},
	{Name: "title", Place: placeFunc, Target: targetTool, Value: valueText, AppliesTo: "a //subako:function handler",
		Example: "//subako:title=Current weather",
		Doc:     "A human-readable name for the tool, which clients show people in place of its name (MCP's `annotations.title`). The model reads the description; the title is for people."},
	{Name: "readOnly", Place: placeFunc, Target: targetTool, Value: valueBool, AppliesTo: "a //subako:function handler",
		Example: "//subako:readOnly",
		Doc: "The tool does not change its environment (`readOnlyHint`; MCP's default is false), so a client may call it without asking. " +
			"The analyzer reports a read-only tool whose code can write a file outside /volume/tmp or send an HTTP request other than GET or HEAD (A040), and suggests the marker for a tool that can do neither (A041)."},
	{Name: "destructive", Place: placeFunc, Target: targetTool, Value: valueBool, AppliesTo: "a //subako:function handler",
		Example: "//subako:destructive=false",
		Doc:     "The tool may delete or overwrite what exists (`destructiveHint`; MCP's default is true, so a tool that only adds says `=false`). Meaningful only for a tool that is not read-only: with `//subako:readOnly` it is an error."},
	{Name: "idempotent", Place: placeFunc, Target: targetTool, Value: valueBool, AppliesTo: "a //subako:function handler",
		Example: "//subako:idempotent",
		Doc:     "Calling the tool again with the same arguments has no further effect (`idempotentHint`; MCP's default is false). Meaningful only for a tool that is not read-only."},
	{Name: "openWorld", Place: placeFunc, Target: targetTool, Value: valueBool, AppliesTo: "a //subako:function handler",
		Example: "//subako:openWorld=false",
		Doc: "The tool reaches entities outside itself, such as web APIs through subako_http (`openWorldHint`; MCP's default is true). " +
			"The analyzer reports a tool marked `=false` whose code can send an HTTP request (A040), and suggests `=false` for a tool that cannot (A041)."},
}

// markerByName indexes markerSpecs.
var markerByName = func() map[string]*markerSpec {
	m := make(map[string]*markerSpec, len(markerSpecs))
	for _, s := range markerSpecs {
		m[s.Name] = s
	}
	return m
}()

// markerNames are every directive's name, for suggestions.
var markerNames = func() []string {
	out := make([]string, len(markerSpecs))
	for i, s := range markerSpecs {
		out[i] = s.Name
	}
	return out
}()

// isToolMarker reports whether name is a tool annotation marker.
func isToolMarker(name string) bool {
	s := markerByName[name]
	return s != nil && s.Target == targetTool
}

func isFieldMarker(name string) bool {
	s := markerByName[name]
	return s != nil && s.Place == placeField
}

// splitList splits a list marker's value at ListSeparator, reading values
// that start with '"' as JSON strings. It fails on an empty or malformed
// value, with the reason.
func splitList(v string) ([]string, string) {
	var out []string
	rest := v
	for {
		rest = strings.TrimLeft(rest, " \t")
		var item string
		if strings.HasPrefix(rest, `"`) {
			dec := json.NewDecoder(strings.NewReader(rest))
			var s string
			if err := dec.Decode(&s); err != nil {
				return nil, "a value starts with \" but is not a JSON string"
			}
			item = s
			rest = strings.TrimLeft(rest[dec.InputOffset():], " \t")
			if rest != "" && !strings.HasPrefix(rest, ListSeparator) {
				return nil, "text follows a quoted value: separate values with " + ListSeparator
			}
		} else {
			end := strings.Index(rest, ListSeparator)
			if end < 0 {
				end = len(rest)
			}
			item = strings.TrimSpace(rest[:end])
			rest = rest[end:]
			if item == "" {
				return nil, "has an empty value"
			}
		}
		out = append(out, item)
		if rest == "" {
			return out, ""
		}
		rest = rest[len(ListSeparator):]
	}
}

// wrongSeparator reports whether a list value looks like a list written
// with another separator (a,b or a|b), and returns it written with
// ListSeparator.
func wrongSeparator(v string) (string, bool) {
	if strings.Contains(v, ListSeparator) || strings.Contains(v, `"`) {
		return "", false
	}
	for _, sep := range []string{",", "|"} {
		if !strings.Contains(v, sep) {
			continue
		}
		parts := strings.Split(v, sep)
		for i, p := range parts {
			parts[i] = strings.TrimSpace(p)
			if parts[i] == "" {
				return "", false
			}
		}
		return strings.Join(parts, ListSeparator), true
	}
	return "", false
}

// fixValue returns a field marker's value as the marker takes it, for a
// fix that respells the marker: the value itself when its syntax is
// right, a list with the right separator, or false when no certain fix
// exists (the value's fit with the field's type is checked once the fix
// is applied).
func fixValue(s *markerSpec, hasValue bool, v string) (string, bool) {
	switch s.Value {
	case valueNone:
		return "", !hasValue
	case valueCount:
		n, err := strconv.Atoi(strings.TrimSpace(v))
		return v, hasValue && err == nil && n >= 0
	case valueNumber:
		_, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
		return v, hasValue && err == nil
	case valueRegexp:
		_, err := regexp.Compile(v)
		return v, hasValue && v != "" && err == nil
	case valueList:
		if !hasValue {
			return "", false
		}
		if fixed, ok := wrongSeparator(v); ok {
			return fixed, true
		}
		_, why := splitList(v)
		return v, why == ""
	case valueWord, valueScalar, valueText:
		return v, hasValue && v != ""
	case valueBool:
		return v, !hasValue || v == "true" || v == "false"
	}
	return "", false
}

// markerText is a field marker as written: //subako:name or
// //subako:name=value.
func markerText(name string, hasValue bool, value string) string {
	if !hasValue {
		return prefix + name
	}
	return prefix + name + "=" + value
}
