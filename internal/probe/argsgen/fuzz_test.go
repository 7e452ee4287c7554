package argsgen

import (
	"encoding/json"
	"testing"
)

// FuzzCases: on any bytes, Cases ends without a panic, every case is a
// JSON object within the size limit, valid cases pass the schema and
// invalid ones fail it (checked with a validator set up here).
func FuzzCases(f *testing.F) {
	for _, tc := range handwritten {
		f.Add([]byte(tc.schema))
	}
	f.Fuzz(func(t *testing.T, schema []byte) {
		if len(schema) > 16<<10 {
			return
		}
		opt := Options{MaxCases: 8, MaxNodes: 2000}
		cases, notes := Cases(json.RawMessage(schema), opt)
		if len(cases) == 0 && len(notes) == 0 {
			t.Fatal("no cases and no note")
		}
		for _, c := range cases {
			if len(c.Args) > opt.withDefaults().MaxBytes {
				t.Fatalf("%s: %d bytes", c.Name, len(c.Args))
			}
		}
		if len(cases) > 0 {
			checkCases(t, string(schema), cases)
		}
	})
}
