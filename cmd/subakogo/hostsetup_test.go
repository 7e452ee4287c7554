package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/wasmbuild"
)

// TestHostSetupNotBlamedOnModule (attack pass 44e, row 4): a host that
// could not set up (its compilation cache unusable, a volume directory
// refused under a umask) made lint say the module file "cannot be read:
// create directory .../subako-go/wazero: ...", which it could: the exit
// code was right (3), the message blamed the file. It now says the module
// was not judged and names the cache directory. (A cache path under a
// regular file refuses the directory to root too.)
func TestHostSetupNotBlamedOnModule(t *testing.T) {
	fixtures(t)
	if err := os.WriteFile("plain.wasm", wasmbuild.Encode(wasmbuild.Command()), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile("afile", nil, 0o644); err != nil {
		t.Fatal(err)
	}
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("XDG_CACHE_HOME", filepath.Join(wd, "afile", "cache"))
	code, stdout, stderr := runCLI("lint", "plain.wasm")
	cache := filepath.Join(wd, "afile", "cache", "subako-go", "wazero")
	t.Logf("stdout %q", stdout)
	if code != exitUnreadable || strings.Contains(stdout, "cannot be read") || !strings.Contains(stdout, "plain.wasm: not judged: the host could not use its compilation cache "+cache) {
		t.Errorf("lint with an unusable cache: exit %d, stdout %q, stderr %q; want exit 3 and the report saying the module was not judged for want of the cache %s", code, stdout, stderr, cache)
	}
}
