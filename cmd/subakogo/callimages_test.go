package main

import (
	"bytes"
	"encoding/base64"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/subako-ai/subako-go/internal/gowasm"
)

// TestCallInlineImagesNeverInVolumeRoot (attack pass 42k, row 4): call
// --volume DIR saved every inline image block of a result as
// DIR/inline-image-N.EXT, in DIR's root, replacing a file of the user's of
// that name, whether or not the data was an image (P043), with no bound but
// stdout's 1 MiB: 15,000 empty image blocks wrote 15,000 files. Now only
// an image Subako shows is saved, into a new directory of the call's, and
// nothing is written into DIR's root: here, where no block is an image,
// nothing at all, and the user's file stays.
func TestCallInlineImagesNeverInVolumeRoot(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module")
	}
	module := gowasm.Path(t, "./testdata/manyimages")
	vol := t.TempDir()
	mine := filepath.Join(vol, "inline-image-7.png")
	if err := os.WriteFile(mine, []byte("the user's own file"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("call", "--volume", vol, module, "add", "{}")
	entries, _ := os.ReadDir(vol)
	var names []string
	for _, e := range entries {
		if e.Name() != "inline-image-7.png" && e.Name() != "tmp" && e.Name() != "data" {
			names = append(names, e.Name())
		}
	}
	if len(names) > 0 {
		t.Errorf("call wrote %d entries into the volume's root, e.g. %q (exit %d; %d bytes of output)", len(names), names[0], code, len(out)+len(errOut))
	}
	if b, _ := os.ReadFile(mine); string(b) != "the user's own file" {
		t.Errorf("the user's file in the volume's root was replaced: now %q", b)
	}
	if !strings.Contains(out, "not saved: its data (mimeType \"image/png\") is not a PNG") {
		t.Errorf("the output does not say why the images were not saved:\n%.500s", out)
	}
}

// TestShowResultImagesBounded: images Subako shows are saved, at most
// maxSavedImages a call, into one new directory of the volume, each
// created exclusively (the user's inline-image-0.png beside it stays);
// the rest are counted and said, and a block that is not an image is not
// saved (attack pass 42k, row 4).
func TestShowResultImagesBounded(t *testing.T) {
	vol := t.TempDir()
	mine := filepath.Join(vol, "inline-image-0.png")
	if err := os.WriteFile(mine, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	png := base64.StdEncoding.EncodeToString([]byte("\x89PNG\r\n\x1a\nrest"))
	var blocks []string
	blocks = append(blocks, `{"type":"image","data":"aGVsbG8=","mimeType":"image/png"}`) // "hello"
	for range maxSavedImages + 10 {
		blocks = append(blocks, fmt.Sprintf(`{"type":"image","data":%q,"mimeType":"image/png"}`, png))
	}
	var out bytes.Buffer
	if code := showResult(&out, []byte(`{"content":[`+strings.Join(blocks, ",")+`]}`), vol, true); code != exitOK {
		t.Fatalf("exit %d", code)
	}
	if b, _ := os.ReadFile(mine); string(b) != "mine" {
		t.Errorf("the user's file was replaced: %q", b)
	}
	entries, _ := os.ReadDir(vol)
	if len(entries) != 2 {
		t.Fatalf("volume root holds %d entries, want the user's file and one directory", len(entries))
	}
	var dir string
	for _, e := range entries {
		if e.IsDir() && strings.HasPrefix(e.Name(), "inline-images-") {
			dir = filepath.Join(vol, e.Name())
		}
	}
	if dir == "" {
		t.Fatalf("no inline-images- directory: %v", entries)
	}
	if fi, err := os.Stat(dir); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("the images' directory: %v, %v (want 0755, as the volume call makes)", fi, err)
	}
	saved, _ := os.ReadDir(dir)
	if len(saved) != maxSavedImages {
		t.Errorf("%d images saved, want %d", len(saved), maxSavedImages)
	}
	if _, err := os.Stat(filepath.Join(dir, "inline-image-0.png")); err == nil {
		t.Errorf("the block that is not an image was saved")
	}
	s := out.String()
	for _, want := range []string{
		"image (image/png, 5 bytes, inline) not saved: its data (mimeType \"image/png\") is not a PNG",
		"saved to " + filepath.Join(dir, "inline-image-1.png") + "\n",
		"(10 more inline images not saved: call saves at most 64 a call)",
	} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%.1000s", want, s)
		}
	}
	if strings.Count(s, "saved to ") != maxSavedImages {
		t.Errorf("%d paths printed, want %d", strings.Count(s, "saved to "), maxSavedImages)
	}
}
