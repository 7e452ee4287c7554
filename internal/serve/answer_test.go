package serve

import (
	"bytes"
	"encoding/json"
	"image"
	"image/jpeg"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"testing"

	"github.com/subako-ai/subako-go/internal/mcp"
)

// TestAnswerAllocations (from attack pass 38): a result that links three
// distinct 7 MB JPEGs of 1900x1900 pixels (under MaxImageEdge, so sent as
// they are, never decoded), 27 MiB of base64 in all, within
// maxResultSentBytes. Building its answer (showResult, then resultLine)
// allocated 209 MiB, 7.5 times its size: the base64 was marshalled into
// each block and the blocks again into the line, each through growing
// buffers, so four calls' answers at once held nearly 1 GB. Now each
// file is read once, encoded once into its block and the blocks copied
// once into the line, which has room for the newline stdio and HTTP
// append: what it allocates is bounded by the files read plus
// twice the answer. The line is the one json.Marshal makes.
func TestAnswerAllocations(t *testing.T) { // not parallel: measures the process's allocations
	volume := t.TempDir()
	if err := os.MkdirAll(filepath.Join(volume, "tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	// A JPEG's header and a flat image, then incompressible bytes: the
	// header is all serve reads of an image it does not downscale.
	var head bytes.Buffer
	if err := jpeg.Encode(&head, image.NewGray(image.Rect(0, 0, 1900, 1900)), nil); err != nil {
		t.Fatal(err)
	}
	content := []json.RawMessage{json.RawMessage(`{"type":"text","text":"three <images> & a note"}`)}
	read := 0
	for i := range 3 {
		b := append(bytes.Clone(head.Bytes()), make([]byte, 7<<20)...)
		for j := head.Len(); j < len(b); j++ {
			b[j] = byte(rand.Uint32())
		}
		read += len(b)
		name := "i" + strconv.Itoa(i) + ".jpg"
		if err := os.WriteFile(filepath.Join(volume, "tmp", name), b, 0o644); err != nil {
			t.Fatal(err)
		}
		content = append(content, json.RawMessage(`{"type":"resource_link","uri":"volume:///tmp/`+name+`","name":"`+name+`"}`))
	}
	raw, err := json.Marshal(map[string]any{"content": content, "structuredContent": map[string]any{"n": 3, "html": "<b>"}, "isError": false})
	if err != nil {
		t.Fatal(err)
	}
	s := &Server{volume: volume}
	e := era{modern: true}
	info := &mcp.Implementation{Name: "answer", Version: "1"}
	id := json.RawMessage(`"call-1"`)
	runtime.GC()
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	result, kind := s.showResult(raw, e)
	line := resultLine(id, e.finish(result, info))
	(&lineWriter{w: io.Discard}).write(line)
	runtime.ReadMemStats(&after)
	alloc := int64(after.TotalAlloc - before.TotalAlloc)
	t.Logf("%s: %d MiB read, an answer of %d MiB allocated %d MiB (%.2f times the answer)",
		kind, read>>20, len(line)>>20, alloc>>20, float64(alloc)/float64(len(line)))
	if kind != "result with 3 images" {
		t.Fatalf("the images were not shown: %s", kind)
	}
	if bound := int64(read) + 2*int64(len(line)) + 1<<20; alloc > bound {
		t.Errorf("one answer of %d bytes (%d read) allocated %d bytes, past the %d of the files read and two copies of the answer", len(line), read, alloc, bound)
	}
	if want := marshalledLine(id, result); !bytes.Equal(line, want) {
		t.Errorf("the line differs from json.Marshal's:\n%.300s\n%.300s", line, want)
	}
	if !json.Valid(line) {
		t.Error("the line is not JSON")
	}
}

// TestAnswersShareBudget: building a tools/call answer holds answerCost
// of the answers' budget until its line is built, so whatever
// --max-concurrent, four answers of images are built at once and the
// fifth waits (byteBudget.acquire) within the 256 MiB serve holds beside
// its calls.
func TestAnswersShareBudget(t *testing.T) { // not parallel: reads the shared budget
	if imageBudget/answerCost != 4 {
		t.Fatalf("the budget holds %d answers at once", imageBudget/answerCost)
	}
	s := &Server{volume: t.TempDir()}
	raw := json.RawMessage(`{"content":[{"type":"text","text":"hi"}]}`)
	used := func() int64 {
		answering.mu.Lock()
		defer answering.mu.Unlock()
		return answering.used
	}
	base := used()
	var releases []func()
	for i := range 4 {
		result, _, release := s.shownResult(raw, era{modern: true})
		if len(result.Content) != 1 {
			t.Fatalf("content %s", result.Content)
		}
		releases = append(releases, release)
		if got := used() - base; got != int64(i+1)*answerCost {
			t.Fatalf("%d answers being built hold %d bytes of the budget, want %d", i+1, got, int64(i+1)*answerCost)
		}
	}
	for _, release := range releases {
		release()
	}
	if got := used() - base; got != 0 {
		t.Errorf("after the lines were built the answers hold %d bytes", got)
	}
}
