package check

import (
	"context"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/check/gocheck"
	"github.com/subako-ai/subako-go/internal/rules"
)

// A package whose handler has the wrong shape has no tools for the
// analyzer's A017 to be reported on, and no subako_gen.go: the finding
// says the file is missing, with no line in a file that does not exist
// (issue 32: it said the file differs, at subako_gen.go:1:1).
func TestGeneratedMissing(t *testing.T) {
	t.Chdir("../../../analyzer/testdata") // a module of its own
	a, err := gocheck.Analyze(context.Background(), "./onlybad")
	if err != nil {
		t.Fatal(err)
	}
	files, ok, err := Generated(a)
	if err != nil || ok || len(files) != 1 || len(files[0].Findings) != 1 {
		t.Fatalf("ok %v, err %v, files %+v", ok, err, files)
	}
	fd := files[0].Findings[0]
	if fd.Rule != rules.GoGeneratedStale || fd.Line != 0 || !strings.HasPrefix(fd.Message, "subako_gen.go is missing: run go generate") {
		t.Errorf("finding %+v", fd)
	}
}
