package rules_test

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/rules"
)

// abiQuotes are the numbers the rule docs may quote with each unit: the
// ABI's limits (docs/rules.md, explain and SARIF render these docs).
var abiQuotes = map[string][]int64{
	"KiB":        {abi.SchemaMaxBytes >> 10, abi.ToolListMaxBytes >> 10, abi.HTTPInlineMaxBytes >> 10, abi.StderrTailBytes >> 10},
	"MiB":        {abi.StdoutMaxBytes >> 20, abi.HTTPRequestMaxBytes >> 20},
	"GiB":        {abi.WriteBudgetBytes >> 30},
	"bytes":      {abi.SchemaMaxBytes, abi.ToolListMaxBytes, abi.StdoutMaxBytes},
	"characters": {abi.ToolNameMax, abi.DescriptionMax},
	"tools":      {abi.ToolsMin, abi.ToolsMax},
	"pages":      {abi.PagesMax},
	"seconds":    {int64(abi.DiscoverTimeout / time.Second)},
	"hops":       {abi.HTTPRedirectsMax},
	"redirects":  {abi.HTTPRedirectsMax},
}

// notLimits are quotes in the docs that are not the ABI's limits, each
// written exactly as the docs have it: examples, and thresholds of our own.
var notLimits = []string{
	"Groups under 1 KiB",                  // W040's own threshold
	"each carry a 5 KiB schema",           // an example of a large tool list
	"only the first 40 tools",             // a client's limit, not Subako's
	"they are 2 and 3 bytes",              // UTF-8, explaining the character count
	`("\u00e9" is 6 bytes`,                // the same
	`{"supportedVersions":["2025-06-18"]`, // an older revision, in P006's example
	"up to revision 2025-11-25",           // an older revision of MCP
	// The engines' implementation limits (W050-W054): wasmparse's, checked
	// against these docs by modulecheck's TestLimitDocs.
	"one function of 56 bytes declaring",        // issue 8's hostile module
	"larger than 7,654,321 bytes",               // W053's title
	"at most 7,654,321 bytes",                   // V8's function size
	"10 MB Go build is 62,501 bytes",            // a measurement
	"100,000 bytes in an import or export name", // V8's name length
	"A module over 16 MiB",                      // W041's title: modulecheck.SizeWarn, a recommendation
	"took 96 GiB",                               // W055: what wazero allocated for issue 30's module
	"about 32 bytes a local-names entry",        // W056: what wazero holds, measured
	"held 343 MiB",                              // W056: attack pass 46d's module
	"32 MiB decoded (wasmparse.EngineNamesMax)", // W056: the host's own bound
	"some 330 bytes for each value",             // W054: what wazero's compiler allocates, measured
}

var (
	quote = regexp.MustCompile(`(\d[\d,]*) (KiB|MiB|GiB|bytes|characters|tools|pages|seconds|hops|redirects)\b`)
	date  = regexp.MustCompile(`\b20\d\d-\d\d-\d\d\b`)
	// A second is written as a word.
	second = regexp.MustCompile(`\b(one|a|1) second\b`)
)

// TestDocsQuoteTheABI fails when a rule's documentation quotes a limit that
// is not the ABI's (a limit changed in package abi and not in the docs, or
// a typo in the docs): every number with a unit of size, count or time,
// and every protocol revision, is either a limit of package abi or one of
// the known exceptions above.
func TestDocsQuoteTheABI(t *testing.T) {
	t.Parallel()
	used := map[string]bool{}
	exception := func(text string, start, end int) bool {
		for _, e := range notLimits {
			for i := 0; ; {
				j := strings.Index(text[i:], e)
				if j < 0 {
					break
				}
				if i+j <= start && end <= i+j+len(e) {
					used[e] = true
					return true
				}
				i += j + 1
			}
		}
		return false
	}
	quotes := 0
	for _, r := range rules.Catalog {
		text := r.Title + "\n" + r.Doc()
		for _, m := range quote.FindAllStringSubmatchIndex(text, -1) {
			quotes++
			n, err := strconv.ParseInt(strings.ReplaceAll(text[m[2]:m[3]], ",", ""), 10, 64)
			unit := text[m[4]:m[5]]
			if err != nil || (!slices.Contains(abiQuotes[unit], n) && !exception(text, m[0], m[1])) {
				t.Errorf("%s quotes %q, which is not one of the ABI's limits in %s (%v) nor a known exception",
					r.ID, text[m[0]:m[1]], unit, abiQuotes[unit])
			}
		}
		for _, m := range date.FindAllStringIndex(text, -1) {
			quotes++
			if text[m[0]:m[1]] != abi.ProtocolVersion && !exception(text, m[0], m[1]) {
				t.Errorf("%s names revision %s, not abi.ProtocolVersion %s", r.ID, text[m[0]:m[1]], abi.ProtocolVersion)
			}
		}
		if second.MatchString(text) && abi.ExitGrace != time.Second {
			t.Errorf("%s says a module has a second to exit; abi.ExitGrace is %v", r.ID, abi.ExitGrace)
		}
	}
	if quotes < 30 {
		t.Fatalf("only %d quotes found: is the pattern still right?", quotes)
	}
	for _, e := range notLimits {
		if !used[e] {
			t.Errorf("the exception %q is no longer in the docs: remove it", e)
		}
	}
}
