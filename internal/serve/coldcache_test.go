package serve

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// coldCacheEnv turns TestNPMClientsColdCache on: its cold builds cost
// minutes of CPU, so .ci/run runs it once, on its own, and go test ./...
// skips it.
const coldCacheEnv = "SUBAKO_COLD_CACHE"

// TestNPMClientsColdCache (issue 33): the TypeScript SDK v2 (in its
// default mode, which speaks 2025-11-25, and in auto, which speaks
// 2026-07-28) and the Inspector v2's CLI start `subakogo serve
// ./examples/hello` as they start any stdio server, each on an empty Go
// build cache of its own (GOCACHE, the suite's GOFLAGS), and list its
// tools within their own 60 s request timeout: the build, a minute or
// more, outlasts it. serve answers tools/list with the tools the package's
// source declares (the analyzer's, seconds in), pending: the Inspector's
// CLI, which makes one request and exits, prints greet. The SDK, given the
// listChanged option it offers, hears list_changed once the linted module's
// list is known and calls greet then (a call made earlier would wait for
// the build, past its timeout). On an empty cache the analyzer's list
// always comes first (seconds against a minute or more): were the build
// first, the SDK would hear no list_changed and the test would end at its
// backstop.
func TestNPMClientsColdCache(t *testing.T) {
	if os.Getenv(coldCacheEnv) == "" {
		t.Skip("builds examples/hello on empty Go build caches, minutes of CPU: " + coldCacheEnv + "=1 runs it (.ci/run does, once)")
	}
	dir, node := npmClients(t)
	repo, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(t.TempDir(), "subakogo")
	build := exec.Command("go", "build", "-o", bin, "github.com/subako-ai/subako-go/cmd/subakogo")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build subakogo: %v\n%s", err, out)
	}
	// The clients' own time is the subject: the test gives each of them,
	// build included, a backstop far past it.
	const backstop = 8 * time.Minute
	serveArgs := []string{"serve", "./examples/hello"}
	for _, mode := range []string{"", "auto"} {
		t.Run(strings.TrimSuffix("sdk-v2-"+mode, "-"), func(t *testing.T) {
			t.Parallel()
			spec, _ := json.Marshal(map[string]any{"sdk": "v2", "mode": mode, "command": bin, "args": serveArgs, "cwd": repo,
				"env": map[string]string{"GOCACHE": t.TempDir()}, "awaitTools": true, "awaitChanged": true,
				"calls": []any{map[string]any{"name": "greet", "arguments": map[string]any{"name": "Ada"}}}})
			out := runNodeWithin(t, backstop, dir, node, npmScript, string(spec))
			var got struct {
				Error           string
				ProtocolVersion string
				Tools           []struct{ Name string }
				FirstTools      int
				FirstListMs     int64
				ToolsMs         int64
				Calls           []struct {
					Result json.RawMessage
					Error  string
				}
			}
			if err := json.Unmarshal(out, &got); err != nil || got.Error != "" {
				t.Fatalf("%s", out)
			}
			if got.FirstTools != 1 || len(got.Tools) != 1 || got.Tools[0].Name != "greet" {
				t.Errorf("tools %s, want greet, first from the source, then from the linted module", out)
			}
			if len(got.Calls) != 1 || !strings.Contains(string(got.Calls[0].Result), `"message":"Hello, Ada!"`) {
				t.Errorf("greet Ada: %s", out)
			}
			t.Logf("SDK v2 %q, speaking %s: greet from the source after %.1f s, the linted list on list_changed after %.1f s", mode, got.ProtocolVersion,
				float64(got.FirstListMs)/1000, float64(got.ToolsMs)/1000)
		})
	}
	t.Run("inspector", func(t *testing.T) {
		t.Parallel()
		args := []string{filepath.Join(dir, "node_modules", ".bin", "mcp-inspector"), "--cli", "--cwd", repo, "-e", "GOCACHE=" + t.TempDir()}
		if flags := os.Getenv("GOFLAGS"); flags != "" {
			args = append(args, "-e", "GOFLAGS="+flags)
		}
		start := time.Now()
		out := runNodeWithin(t, backstop, dir, node, append(append(args, bin), append(serveArgs, "--method", "tools/list")...)...)
		took := time.Since(start)
		var list struct {
			Tools []struct{ Name string }
		}
		if err := json.Unmarshal(out, &list); err != nil {
			t.Fatalf("tools/list: %v\n%s", err, out)
		}
		if len(list.Tools) != 1 || list.Tools[0].Name != "greet" {
			t.Errorf("tools/list: %s, want greet", out)
		}
		t.Logf("Inspector CLI: exited with its tools/list after %.1f s", took.Seconds())
	})
}
