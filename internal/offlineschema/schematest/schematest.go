// Package schematest builds hostile JSON Schemas for tests of the code that
// validates against a module's schemas.
package schematest

import (
	"fmt"
	"strings"
)

// AnyOfTree is a schema of levels $defs, each an anyOf of width $refs to
// the one below, the last an integer: width^levels paths for a validator
// to walk on any value. Each level's only branch repeats, so the schema
// stays small (a few kilobytes for 10 levels of 30).
func AnyOfTree(levels, width int) string {
	defs := []string{`"l0":{"type":"integer"}`}
	for i := 1; i <= levels; i++ {
		alts := make([]string, width)
		for j := range alts {
			alts[j] = fmt.Sprintf(`{"$ref":"#/$defs/l%d"}`, i-1)
		}
		defs = append(defs, fmt.Sprintf(`"l%d":{"anyOf":[%s]}`, i, strings.Join(alts, ",")))
	}
	return fmt.Sprintf(`{"$defs":{%s},"$ref":"#/$defs/l%d"}`, strings.Join(defs, ","), levels)
}
