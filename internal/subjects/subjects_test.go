package subjects

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/subako-ai/subako-go/internal/check/pkgcheck"
	"github.com/subako-ai/subako-go/internal/host"
)

// TestDiscoveryClean builds every subject and lints it as upload does,
// without probes: each must draw no finding at all, since what each
// variant breaks shows only on a call.
func TestDiscoveryClean(t *testing.T) {
	c := pkgcheck.New(pkgcheck.Options{Host: host.Options{CacheDir: filepath.Join(os.TempDir(), "subako-subjects-test-cache")}})
	t.Cleanup(func() { c.Close(context.Background()) })
	for _, lang := range Langs {
		for _, v := range Variants {
			t.Run(string(lang)+"/"+string(v), func(t *testing.T) {
				dir := Package(t, lang, v)
				judged, err := c.Dir(context.Background(), dir, true)
				if err != nil {
					t.Fatal(err)
				}
				for _, f := range judged.Files {
					for _, fd := range f.Findings {
						t.Errorf("%s: %s %s: %s", filepath.Base(f.Path), fd.Rule.ID, fd.Rule.Slug, fd.Message)
					}
				}
			})
		}
	}
}

// TestMissingToolchain names the toolchain that is not there.
func TestMissingToolchain(t *testing.T) {
	t.Setenv("SUBAKO_RUSTC", filepath.Join(t.TempDir(), "rustc"))
	tc, err := rustToolchain()
	var missing *MissingError
	if !errors.As(err, &missing) || missing.Lang != Rust {
		t.Fatalf("got %v, %v; want a MissingError for rust", tc, err)
	}
	t.Log(err)
}
