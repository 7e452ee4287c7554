package argsgen

import (
	"strings"
	"testing"
)

// BenchmarkCases generates every repository tool's cases once per
// iteration (compiling each schema twice, as a probe run does).
func BenchmarkCases(b *testing.B) {
	tools := repoTools(&testing.T{})
	b.ResetTimer()
	for range b.N {
		for _, tl := range tools {
			Cases(tl.InputSchema, Options{})
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*len(tools)), "µs/tool")
}

// BenchmarkCasesEverything is the largest schema here: the golden
// package's run tool, 37 members, a recursive $ref.
func BenchmarkCasesEverything(b *testing.B) {
	var schema []byte
	for name, tl := range repoTools(&testing.T{}) {
		if strings.HasSuffix(name, "/run") {
			schema = tl.InputSchema
		}
	}
	b.ResetTimer()
	for range b.N {
		Cases(schema, Options{})
	}
}
