package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCheckBuildFailureReported: check of a package whose wasip1 build
// fails (a function declared without a body: go/types takes it, the
// compiler refuses it) exits 1, and every report format says the module
// was not built: SARIF an unsuccessful invocation with a notification
// naming the built module, JSON the module's file as not judged with the
// compiler's error. Attack pass 46b, row 1: the build's step line alone
// left SARIF a successful run without results and JSON no file, which a
// code-scanning viewer showed as a passing check.
func TestCheckBuildFailureReported(t *testing.T) {
	pkg := "./" + helloCopy(t, "buildfails-")
	if code, _, stderr := runCLI("generate", pkg); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	body := "package main\n\n// nobody has no body: the compiler refuses it.\nfunc nobody() int\n\nvar _ = nobody\n"
	if err := os.WriteFile(filepath.Join(pkg, "nobody.go"), []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("check", "--probes", "none", "--format", "sarif", pkg)
	if code != exitFindings || !strings.Contains(stderr, "missing function body") {
		t.Fatalf("check: exit %d, stderr %q", code, stderr)
	}
	inv := sarifInvocation(t, stdout)
	if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 || !strings.Contains(inv.ToolExecutionNotifications[0].Message.Text, "not judged: GOOS=wasip1 go build failed: ") {
		t.Errorf("SARIF invocation %+v: want unsuccessful, with one notification that the module was not built", inv)
	}

	code, stdout, _ = runCLI("check", "--probes", "none", "--format", "json", pkg)
	var doc struct {
		Files []struct {
			Path      string
			Error     *string
			NotJudged bool
		}
	}
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("not JSON (%v): %.300s", err, stdout)
	}
	var built []string
	for _, f := range doc.Files {
		if strings.HasSuffix(f.Path, "module.wasm (built)") && f.NotJudged && f.Error != nil && strings.Contains(*f.Error, "missing function body") {
			built = append(built, *f.Error)
		}
	}
	if code != exitFindings || len(built) != 1 {
		t.Errorf("check --format json: exit %d, files %+v: want exit 1 and the built module not judged, with the compiler's error", code, doc.Files)
	}
}

// TestCheckSkippedBuildReported: check of a package whose subako_gen.go
// is missing skips the build, lint and the example calls, exits 1, and
// says the module was not judged in SARIF even with the stale file's own
// finding ignored (--ignore A017). Attack pass 46e, row 5: the skip paths
// (a stale generated file, a package of no tools) added no report entry,
// so SARIF was a successful run without results or notifications.
func TestCheckSkippedBuildReported(t *testing.T) {
	pkg := "./" + helloCopy(t, "skipped-")
	if code, _, stderr := runCLI("generate", pkg); code != 0 {
		t.Fatalf("generate: exit %d: %s", code, stderr)
	}
	if err := os.Remove(filepath.Join(pkg, "subako_gen.go")); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := runCLI("check", "--probes", "none", "--ignore", "A017", "--format", "sarif", pkg)
	if code != exitFindings {
		t.Fatalf("check: exit %d, stderr %q", code, stderr)
	}
	inv := sarifInvocation(t, stdout)
	if inv.ExecutionSuccessful || len(inv.ToolExecutionNotifications) != 1 || !strings.Contains(inv.ToolExecutionNotifications[0].Message.Text, "not judged: subako_gen.go is not current") {
		t.Errorf("SARIF invocation %+v: want unsuccessful, with one notification that the module was not judged", inv)
	}
}

// invocation is what a SARIF log says of its one run's one invocation.
type invocation struct {
	ExecutionSuccessful        bool `json:"executionSuccessful"`
	ToolExecutionNotifications []struct {
		Message struct{ Text string }
	} `json:"toolExecutionNotifications"`
}

// sarifInvocation reads the invocation of the SARIF log in stdout, which
// must have one run of one invocation.
func sarifInvocation(t *testing.T, stdout string) invocation {
	t.Helper()
	var log struct {
		Runs []struct {
			Invocations []invocation `json:"invocations"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(stdout), &log); err != nil || len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 {
		t.Fatalf("not a SARIF log of one run and one invocation (%v): %.300s", err, stdout)
	}
	return log.Runs[0].Invocations[0]
}
