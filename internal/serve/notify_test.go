package serve

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/subako-ai/subako-go/analyzer/model"
	"github.com/subako-ai/subako-go/internal/generate"
	"github.com/subako-ai/subako-go/internal/outfile"
)

// TestWatchNotified: on Linux the watch hears of changes from inotify and
// never walks the tree (issue 22: polling 90,000 directories every 300 ms
// took 8.1 s of CPU in 28 s); a directory made after the watch began is
// watched too, and the generated file and hidden files do not count.
func TestWatchNotified(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("inotify is Linux's")
	}
	s, err := New(Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	src := t.TempDir()
	rebuilt := make(chan struct{}, 16)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	before := snapshots.Load()
	s.Watch(ctx, Watch{Dirs: []string{src}, Interval: 20 * time.Millisecond, Rebuild: func(context.Context) (string, error) {
		rebuilt <- struct{}{}
		return "", errors.New("not built") // the log says so; nothing is served
	}})
	write := func(p string) {
		t.Helper()
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Neither of these counts; the third file does, and is the one rebuilt for.
	write(filepath.Join(src, "subako_gen.go"))
	write(filepath.Join(src, ".hidden"))
	write(filepath.Join(src, "main.go"))
	<-rebuilt
	sub := filepath.Join(src, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	<-rebuilt // the new directory is a change
	write(filepath.Join(sub, "more.go"))
	<-rebuilt
	if n := snapshots.Load() - before; n != 0 {
		t.Errorf("the watch walked the tree %d times", n)
	}
}

// pollWait backs a polling watch off so looking takes at most 1/pollShare
// of a core.
func TestPollWait(t *testing.T) {
	if got := pollWait(300*time.Millisecond, time.Millisecond); got != 300*time.Millisecond {
		t.Errorf("a cheap look: wait %v", got)
	}
	if got := pollWait(300*time.Millisecond, 290*time.Millisecond); got != pollShare*290*time.Millisecond {
		t.Errorf("a costly look: wait %v", got)
	}
}

// TestWatchIgnoresGenerated (issue 33): what a rebuild writes in the
// package, subako_gen.go by way of the generator's temporary file, is no
// change of the sources, so a rebuild does not start another: the first
// change the watch reports is the source written after it.
func TestWatchIgnoresGenerated(t *testing.T) {
	gen := filepath.Join(t.TempDir(), model.GeneratedFile)
	if tmp := outfile.TempName(model.GeneratedFile); watched(tmp) || watched(model.GeneratedFile) {
		t.Fatalf("%s or %s counts as a change (the polling watch)", tmp, model.GeneratedFile)
	}
	if runtime.GOOS != "linux" {
		t.Skip("inotify is Linux's")
	}
	var log syncBuffer
	s, err := New(Options{Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	src := filepath.Dir(gen)
	rebuilt := make(chan struct{}, 16)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.Watch(ctx, Watch{Dirs: []string{src}, Interval: 20 * time.Millisecond, Rebuild: func(context.Context) (string, error) {
		rebuilt <- struct{}{}
		return "", errors.New("not built")
	}})
	if err := generate.Write(gen, nil, []byte("package main\n")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(src, "main.go"), []byte("package main\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	<-rebuilt
	if !strings.Contains(log.String(), "watch: main.go changed: rebuilding") {
		t.Errorf("the first rebuild was not for main.go:\n%s", log.String())
	}
}
