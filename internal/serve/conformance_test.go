package serve

import (
	"bytes"
	"context"
	"net/http/httptest"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The conformance suite's server scenarios that apply to a tools-only
// stateless server, in each era it tests. Left out, as not applicable: the
// scenarios of features a tools-only server does not declare (logging,
// completion, resources, prompts, elicitation forms), multi round-trip
// input requests and tasks (ABI 1 has neither), skills (an extension), and
// 2025-11-25's SSE polling (resumable streams, which serve does not offer).
var conformanceScenarios = map[string][]string{
	"2025-11-25": {
		"server-initialize", "server-session-lifecycle", "ping", "tools-list",
		"tools-call-simple-text", "tools-call-image", "tools-call-audio", "tools-call-embedded-resource",
		"tools-call-mixed-content", "tools-call-error", "tools-call-with-progress", "tools-call-with-logging",
		"tools-call-sampling", "tools-call-elicitation", "json-schema-2020-12", "server-sse-multiple-streams",
		"dns-rebinding-protection",
	},
	"2026-07-28": {
		"server-stateless", "tools-list", "tools-call-simple-text", "tools-call-image", "tools-call-audio",
		"tools-call-embedded-resource", "tools-call-mixed-content", "tools-call-error", "tools-call-with-progress",
		"json-schema-2020-12", "caching", "http-header-validation", "http-custom-header-server-validation",
		"server-sse-multiple-streams", "dns-rebinding-protection",
	},
}

var passedLine = regexp.MustCompile(`Passed: (\d+)/(\d+), (\d+) failed`)

// TestConformance runs @modelcontextprotocol/conformance against serve
// --http on the fixture package, scenario by scenario, with the committed
// expected failures: any other failure, or an expected one that passes,
// fails the test. The score goes to the log (and bench/RESULTS.md).
func TestConformance(t *testing.T) {
	dir, node := npmClients(t)
	s, _ := newServer(t, buildWasm(t, "./testdata/conformance", ""), Options{})
	srv := httptest.NewServer(s.Handler(false))
	defer srv.Close()
	suite := filepath.Join(dir, "node_modules", "@modelcontextprotocol", "conformance", "dist", "index.js")
	for _, version := range []string{"2025-11-25", "2026-07-28"} {
		expected, _ := filepath.Abs(filepath.Join("testdata", "conformance", "expected-failures-"+version+".yaml"))
		passed, total := 0, 0
		for _, sc := range conformanceScenarios[version] {
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			cmd := exec.CommandContext(ctx, node, suite, "server", "--url", srv.URL+EndpointPath, "--scenario", sc,
				"--spec-version", version, "--expected-failures", expected)
			cmd.Dir = t.TempDir() // its results/ folder
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			err := cmd.Run()
			cancel()
			m := passedLine.FindStringSubmatch(out.String())
			if err != nil || m == nil {
				t.Errorf("%s %s: %v\n%s", version, sc, err, out.String())
				continue
			}
			p, _ := strconv.Atoi(m[1])
			n, _ := strconv.Atoi(m[2])
			passed, total = passed+p, total+n
			if n == 0 {
				t.Errorf("%s %s ran no check:\n%s", version, sc, out.String())
			}
		}
		t.Logf("conformance %s: %d of %d checks passed in %d scenarios", version, passed, total, len(conformanceScenarios[version]))
		if strings.HasPrefix(version, "2026") && passed == 0 {
			t.Errorf("no check passed")
		}
	}
}
