package argsgen

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
)

// handwritten are schemas as MCP servers in several languages write them
// (pydantic, zod, schemars, hand-written), each with the cases it must give:
// the valid arguments exactly when the test says so, case names that must
// be there, and a note that must be there (then no case).
var handwritten = []struct {
	name, schema string
	valid        string   // the first valid case, exactly; "" to skip
	names        []string // case names that must be there
	note         string   // a note that must be there; then there are no cases
}{
	{name: "issue example",
		schema: `{"type":"object","properties":{"city":{"type":"string"},"days":{"type":"integer","minimum":1,"maximum":14}},"required":["city"],"additionalProperties":false}`,
		valid:  `{"city":"Berlin","days":3}`,
		names: []string{`valid: required members only`, `invalid: required field "city" missing`, `invalid: "days" is a string, schema wants integer`,
			`invalid: unknown field "zz" (additionalProperties false)`, `invalid: "days" = 15 above maximum 14`, `invalid: "days" = 0 below minimum 1`}},
	{name: "empty", schema: `{"type":"object"}`, valid: `{}`},
	{name: "true", schema: `true`, valid: `{}`},
	{name: "no type", schema: `{"properties":{"query":{"type":"string"}},"required":["query"]}`, valid: `{"query":"weather in Berlin"}`},
	{name: "pydantic optional", schema: `{"type":"object","properties":{"limit":{"anyOf":[{"type":"integer","minimum":1},{"type":"null"}],"default":null}},"title":"Args"}`,
		valid: `{"limit":10}`, names: []string{`valid: required members only`}},
	{name: "nullable type list", schema: `{"type":"object","properties":{"n":{"type":["integer","null"],"maximum":3}},"required":["n"]}`,
		valid: `{"n":1}`, names: []string{`valid: "n" is null`, `invalid: "n" is a string, schema wants integer or null`, `invalid: "n" = 4 above maximum 3`}},
	{name: "enum and const", schema: `{"type":"object","properties":{"unit":{"enum":["celsius","fahrenheit"]},"v":{"const":2}},"required":["unit","v"]}`,
		valid: `{"unit":"celsius","v":2}`, names: []string{`invalid: "unit" = "zz" not in enum`, `invalid: "v" = 3, const is 2`}},
	{name: "formats", schema: `{"type":"object","properties":{"a":{"type":"string","format":"date-time"},"b":{"type":"string","format":"date"},"c":{"type":"string","format":"time"},"d":{"type":"string","format":"email"},"e":{"type":"string","format":"uri"},"f":{"type":"string","format":"uuid"},"g":{"type":"string","format":"ipv4"},"h":{"type":"string","format":"ipv6"},"i":{"type":"string","format":"hostname"},"j":{"type":"string","format":"duration"},"k":{"type":"string","format":"json-pointer"}},"required":["a","b","c","d","e","f","g","h","i","j","k"]}`,
		valid: `{"a":"2026-08-14T12:00:00Z","b":"2026-08-14","c":"12:00:00Z","d":"ada@example.com","e":"https://example.com/","f":"123e4567-e89b-12d3-a456-426614174000","g":"192.0.2.1","h":"2001:db8::1","i":"example.com","j":"PT1H","k":"/a"}`},
	{name: "exclusive bounds", schema: `{"type":"object","properties":{"x":{"type":"number","exclusiveMinimum":0,"exclusiveMaximum":1},"i":{"type":"integer","exclusiveMinimum":5}},"required":["x","i"]}`,
		valid: `{"x":0.5,"i":6}`, names: []string{`invalid: "x" = 1 exclusiveMaximum 1`, `invalid: "x" = 0 exclusiveMinimum 0`, `invalid: "i" = 5 exclusiveMinimum 5`}},
	{name: "multipleOf", schema: `{"type":"object","properties":{"q":{"type":"number","multipleOf":0.01,"minimum":10.005},"n":{"type":"integer","multipleOf":7,"minimum":20,"maximum":30}},"required":["q","n"]}`,
		valid: `{"q":10.01,"n":21}`, names: []string{`invalid: "n" = 22 not a multiple of 7`}},
	{name: "integer multipleOf a fraction", schema: `{"type":"object","properties":{"n":{"type":"integer","multipleOf":1.5,"minimum":2}},"required":["n"]}`, valid: `{"n":3}`},
	{name: "draft 4 exclusive", schema: `{"$schema":"http://json-schema.org/draft-04/schema#","type":"object","properties":{"n":{"type":"integer","minimum":1,"exclusiveMinimum":true}},"required":["n"]}`, valid: `{"n":2}`},
	{name: "lengths", schema: `{"type":"object","properties":{"code":{"type":"string","minLength":12,"maxLength":12},"name":{"type":"string","maxLength":2}},"required":["code","name"]}`,
		valid: `{"code":"examplexxxxx","name":"Ad"}`, names: []string{`invalid: "code" has 13 characters, maxLength 12`, `invalid: "code" has 11 characters, minLength 12`}},
	{name: "patterns", schema: `{"type":"object","properties":{"zip":{"type":"string","pattern":"^[0-9]{5}$"},"sku":{"type":"string","pattern":"^(AB|CD)-[A-Z]{2,3}\\d+$"},"hex":{"type":"string","pattern":"^#[0-9a-fA-F]{6}$"},"long":{"type":"string","pattern":"^a+$","minLength":20}},"required":["zip","sku","hex","long"]}`,
		valid: `{"zip":"01234","sku":"AB-AB2","hex":"#abcdef","long":"aaaaaaaaaaaaaaaaaaaa"}`, names: []string{`invalid: "zip" = "!" does not match pattern "^[0-9]{5}$"`}},
	{name: "ecma pattern", schema: `{"type":"object","properties":{"p":{"type":"string","pattern":"^(?!x)[a-z]+$"}},"required":["p"]}`,
		note: `pattern "^(?!x)[a-z]+$" uses ECMA-262 syntax`},
	{name: "arrays", schema: `{"type":"object","properties":{"tags":{"type":"array","items":{"type":"string","enum":["a","b","c"]},"minItems":3,"uniqueItems":true},"point":{"type":"array","prefixItems":[{"type":"number"},{"type":"number"}],"items":false,"minItems":2}},"required":["tags","point"]}`,
		valid: `{"tags":["a","b","c"],"point":[1.5,1.5]}`, names: []string{`invalid: "tags" has 2 items, minItems 3`}},
	{name: "contains", schema: `{"type":"object","properties":{"l":{"type":"array","items":{"type":"integer"},"contains":{"const":7}}},"required":["l"]}`, valid: `{"l":[1,7]}`},
	{name: "nested and refs", schema: `{"type":"object","$defs":{"Point":{"type":"object","properties":{"x":{"type":"number"},"y":{"type":"number"}},"required":["x","y"],"additionalProperties":false}},"properties":{"from":{"$ref":"#/$defs/Point"},"to":{"$ref":"#/$defs/Point"}},"required":["from","to"],"additionalProperties":false}`,
		valid: `{"from":{"x":1.5,"y":1.5},"to":{"x":1.5,"y":1.5}}`, names: []string{`invalid: required field "from.x" missing`, `invalid: unknown field "to.zz" (additionalProperties false)`, `invalid: "from.y" is a string, schema wants number`}},
	{name: "draft 7 definitions", schema: `{"$schema":"http://json-schema.org/draft-07/schema#","type":"object","definitions":{"U":{"type":"string","enum":["km","mi"]}},"properties":{"u":{"$ref":"#/definitions/U"}},"required":["u"]}`, valid: `{"u":"km"}`},
	{name: "anchor and id", schema: `{"$id":"https://example.com/args.json","type":"object","$defs":{"n":{"$anchor":"num","type":"integer","minimum":2},"s":{"$id":"str.json","type":"string","minLength":2}},"properties":{"a":{"$ref":"#num"},"b":{"$ref":"str.json"}},"required":["a","b"]}`, valid: `{"a":2,"b":"example"}`},
	{name: "recursive tree", schema: `{"type":"object","$defs":{"Node":{"type":"object","properties":{"name":{"type":"string"},"children":{"type":"array","items":{"$ref":"#/$defs/Node"}}},"required":["name"]}},"properties":{"root":{"$ref":"#/$defs/Node"}},"required":["root"]}`},
	{name: "allOf", schema: `{"type":"object","allOf":[{"properties":{"a":{"type":"integer","minimum":5}},"required":["a"]},{"properties":{"a":{"maximum":6},"b":{"type":"boolean"}},"required":["b"]}]}`,
		valid: `{"a":5,"b":true}`},
	{name: "schemars allOf ref", schema: `{"type":"object","properties":{"mode":{"description":"How.","allOf":[{"$ref":"#/definitions/Mode"}]}},"required":["mode"],"definitions":{"Mode":{"type":"string","enum":["fast","slow"]}}}`, valid: `{"mode":"fast"}`},
	{name: "oneOf overlap", schema: `{"type":"object","properties":{"v":{"oneOf":[{"type":"number"},{"type":"integer"}]}},"required":["v"]}`, valid: `{"v":1.5}`},
	{name: "tagged union", schema: `{"type":"object","properties":{"shape":{"oneOf":[{"type":"object","properties":{"kind":{"const":"circle"},"r":{"type":"number"}},"required":["kind","r"]},{"type":"object","properties":{"kind":{"const":"square"},"side":{"type":"number"}},"required":["kind","side"]}]}},"required":["shape"]}`,
		valid: `{"shape":{"kind":"circle","r":1.5}}`},
	{name: "not", schema: `{"type":"object","properties":{"s":{"type":"string","not":{"const":"example"}}},"required":["s"]}`},
	{name: "if then", schema: `{"type":"object","properties":{"k":{"type":"string","enum":["a"]},"v":{"type":"integer"}},"required":["k"],"if":{"properties":{"k":{"const":"a"}}},"then":{"required":["v"]}}`, valid: `{"k":"a","v":1}`},
	{name: "maps", schema: `{"type":"object","properties":{"m":{"type":"object","additionalProperties":{"type":"integer"},"propertyNames":{"pattern":"^[a-z]{3}$"},"minProperties":2}},"required":["m"]}`,
		valid: `{"m":{"abc":1,"bcd":1}}`},
	{name: "pattern properties only", schema: `{"type":"object","patternProperties":{"^x-[a-z]+$":{"type":"string"}},"additionalProperties":false,"minProperties":1}`, valid: `{"x-a":"example"}`},
	{name: "dependentRequired", schema: `{"type":"object","properties":{"card":{"type":"string"},"cvc":{"type":"string","pattern":"^[0-9]{3}$"}},"required":["card"],"dependentRequired":{"card":["cvc"]}}`,
		valid: `{"card":"example","cvc":"012"}`},
	{name: "base64", schema: `{"type":"object","properties":{"d":{"type":"string","contentEncoding":"base64"},"j":{"type":"string","contentEncoding":"base64","contentMediaType":"application/json"}},"required":["d","j"]}`,
		valid: `{"d":"aGVsbG8=","j":"e30="}`},
	{name: "defaults and examples", schema: `{"type":"object","properties":{"city":{"type":"string","examples":["Tokyo"]},"units":{"type":"string","default":"metric"}},"required":["city","units"]}`,
		valid: `{"city":"Tokyo","units":"metric"}`},
	{name: "unevaluatedProperties", schema: `{"type":"object","allOf":[{"properties":{"a":{"type":"string"}}}],"unevaluatedProperties":false}`,
		names: []string{`invalid: unknown field "zz" (unevaluatedProperties false)`}},
	{name: "realistic numbers", schema: `{"type":"object","properties":{"latitude":{"type":"number","minimum":-90,"maximum":90},"longitude":{"type":"number"},"year":{"type":"integer"}},"required":["latitude","longitude","year"]}`,
		valid: `{"latitude":52.52,"longitude":13.405,"year":2026}`},

	// No valid object: each says why.
	{name: "false", schema: `false`, note: "is false"},
	{name: "not an object", schema: `{"type":"string"}`, note: "no valid arguments"},
	{name: "contradictory allOf", schema: `{"allOf":[{"type":"object","properties":{"a":{"type":"string"}},"required":["a"]},{"properties":{"a":{"type":"integer"}}}]}`, note: "leave none"},
	{name: "empty range", schema: `{"type":"object","properties":{"n":{"type":"integer","minimum":5,"maximum":4}},"required":["n"]}`, note: "no integer lies within >= 5 and <= 4"},
	{name: "no multiple in range", schema: `{"type":"object","properties":{"n":{"type":"integer","multipleOf":10,"minimum":1,"maximum":9}},"required":["n"]}`, note: "no integer multiple of 10"},
	{name: "external ref", schema: `{"type":"object","properties":{"a":{"$ref":"https://example.com/other.json"}},"required":["a"]}`, note: "does not compile"},
	{name: "file ref", schema: `{"type":"object","properties":{"a":{"$ref":"file:///etc/passwd"}},"required":["a"]}`, note: "not fetched"},
	{name: "missing def", schema: `{"type":"object","properties":{"a":{"$ref":"#/$defs/Nope"}},"required":["a"]}`, note: "does not compile"},
	{name: "required but forbidden", schema: `{"type":"object","properties":{},"required":["a"],"additionalProperties":false}`, note: "additionalProperties is false"},
	{name: "unsatisfiable not", schema: `{"type":"object","properties":{"a":{"not":{}}},"required":["a"]}`, note: "no valid arguments"},
	{name: "ref loop", schema: `{"$defs":{"a":{"$ref":"#/$defs/b"},"b":{"$ref":"#/$defs/a"}},"type":"object","properties":{"x":{"$ref":"#/$defs/a"}},"required":["x"]}`, note: "no valid arguments"},
	{name: "required recursion", schema: `{"type":"object","$defs":{"N":{"type":"object","properties":{"next":{"$ref":"#/$defs/N"}},"required":["next"]}},"properties":{"n":{"$ref":"#/$defs/N"}},"required":["n"]}`, note: "deeper than 32"},
	{name: "not JSON", schema: `{"type":`, note: "not JSON"},
}

func TestHandwritten(t *testing.T) {
	t.Parallel()
	for _, tc := range handwritten {
		t.Run(tc.name, func(t *testing.T) {
			cases, notes := Cases(json.RawMessage(tc.schema), Options{MaxCases: 60})
			if tc.note != "" {
				if !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, tc.note) }) {
					t.Errorf("notes %q, want one saying %q", notes, tc.note)
				}
				if strings.Contains(tc.note, "ECMA") {
					checkCases(t, tc.schema, cases)
					return
				}
				if len(cases) > 0 {
					t.Errorf("cases %v, want none", cases)
				}
				return
			}
			if len(notes) > 0 {
				t.Errorf("notes %q", notes)
			}
			if len(cases) == 0 {
				t.Fatal("no cases")
			}
			if tc.valid != "" && string(cases[0].Args) != tc.valid {
				t.Errorf("valid case %s, want %s", cases[0].Args, tc.valid)
			}
			names := checkCases(t, tc.schema, cases)
			for _, n := range tc.names {
				if !slices.Contains(names, n) {
					t.Errorf("no case %q in\n%s", n, strings.Join(names, "\n"))
				}
			}
		})
	}
}

// Found by FuzzCases: a pattern that covers every name left no unknown
// name to try, and the search for one never ended.
func TestEveryNameDeclared(t *testing.T) {
	t.Parallel()
	schema := `{"type":"object","patternProperties":{"":{"type":"string"}},"additionalProperties":false,"minProperties":1}`
	cases, notes := Cases(json.RawMessage(schema), Options{})
	if len(notes) > 0 || len(cases) == 0 {
		t.Fatalf("cases %v, notes %q", cases, notes)
	}
	for _, n := range checkCases(t, schema, cases) {
		if strings.Contains(n, "unknown field") {
			t.Errorf("case %q: every name is declared", n)
		}
	}
}
