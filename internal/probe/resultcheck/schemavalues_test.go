package resultcheck

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/offlineschema"
)

// anyOfEmpty is an outputSchema whose one member is an anyOf of n {}.
func anyOfEmpty(n int) json.RawMessage {
	return json.RawMessage(`{"type":"object","properties":{"a":{"anyOf":[` + strings.TrimSuffix(strings.Repeat("{},", n), ",") + `]}}}`)
}

// TestOutputSchemaPastValuesNotCompiled: the schema library's compile is
// quadratic in the subschemas (an anyOf of 40,000 {}, 120 KB, took 7.6 s
// of CPU, charged nothing), so an outputSchema past
// offlineschema.MaxSchemaValues JSON values is refused before its
// compile, as the inputSchema is (argsgen), and one within it compiles.
func TestOutputSchemaPastValuesNotCompiled(t *testing.T) {
	if _, _, err := compile(anyOfEmpty(offlineschema.MaxSchemaValues / 2)); err != nil {
		t.Fatalf("%d {}: %v", offlineschema.MaxSchemaValues/2, err)
	}
	s, _, err := compile(anyOfEmpty(offlineschema.MaxSchemaValues))
	if s != nil || err == nil || !strings.Contains(err.Error(), "JSON values, past the 10000 subakogo compiles") {
		t.Errorf("%d {}: compiled %v, error %v; want it refused before its compile", offlineschema.MaxSchemaValues, s != nil, err)
	}
}
