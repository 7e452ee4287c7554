// Package callcheck runs a package's example calls (testdata/calls.json)
// in the host, as Subako would call the tools, and reports each call whose
// result is not the one the entry expects (rule P020).
package callcheck

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/internal/callrun"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/outfile"
	"github.com/subako-ai/subako-go/internal/rules"
)

// File holds a package's example calls with their expected results,
// relative to the package directory.
const File = "testdata/calls.json"

// callTimeout bounds each example call.
const callTimeout = 30 * time.Second

// Call is one entry of testdata/calls.json.
type Call struct {
	Tool      string          `json:"tool"`
	Arguments json.RawMessage `json:"arguments"`
	// Exactly what structuredContent must be, when given.
	StructuredContent json.RawMessage `json:"structuredContent,omitempty"`
	// IsError says whether the result must be a tool error.
	IsError bool `json:"isError,omitempty"`
	// Contains is text that must appear in the result's text content.
	Contains string `json:"contains,omitempty"`
}

// Check runs dir's testdata/calls.json, if the package has one, on the
// module wasm in the host that hostOf gives (started only when there are
// calls to run; one that compiled the module already saves compiling it
// again), with assets mounted at /package ("" for none). It returns a
// finding for each call whose result is not the one expected, and an error
// when a call or the compilation was given up on the wall clock (a
// *host.StalledError: this machine is too busy) or the context ended: the
// calls are then not judged.
func Check(ctx context.Context, hostOf func(context.Context) (*host.Host, error), dir string, wasm []byte, assets string) ([]rules.Finding, error) {
	fail := func(msg string) rules.Finding {
		return rules.Finding{Rule: rules.ExampleCall, Message: msg, Offset: -1}
	}
	raw, err := input.Read(filepath.Join(dir, File), input.MaxCalls)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil
	case err != nil: // a link, a FIFO, a file past 8 MiB: not read
		return []rules.Finding{fail(err.Error())}, nil
	}
	var calls []Call
	if err := json.Unmarshal(raw.Data, &calls); err != nil {
		return []rules.Finding{fail(File + ": " + err.Error())}, nil //nolint:nilerr // a calls file that is not JSON is a finding, not a failure
	}
	h, err := hostOf(ctx)
	if err != nil {
		return []rules.Finding{fail(err.Error())}, nil
	}
	m, err := h.Compile(ctx, wasm)
	var stalled *host.StalledError
	switch {
	case errors.As(err, &stalled), ctx.Err() != nil:
		return nil, err // the machine's condition or the caller's, not the module's
	case err != nil:
		return []rules.Finding{fail(err.Error())}, nil
	}
	var out []rules.Finding
	for i, ec := range calls {
		where := fmt.Sprintf("%s[%d] (%s)", File, i, ec.Tool)
		c := callrun.Run(ctx, h, m, callrun.Spec{Tool: ec.Tool, Args: ec.Arguments, What: where,
			CallConfig: host.CallConfig{Mounts: host.Mounts{Package: assets}, Timeout: callTimeout}})
		switch {
		case c.Err != nil:
			out = append(out, fail(where+": not run: "+c.Err.Error()))
			continue
		case c.Unjudged != nil:
			return out, c.Unjudged
		case len(c.Breaks) > 0:
			out = append(out, fail(where+": the call crashed: "+c.Breaks[0].Message))
			continue
		}
		var res struct {
			Content []struct {
				Text string `json:"text"`
			} `json:"content"`
			StructuredContent json.RawMessage `json:"structuredContent"`
			IsError           bool            `json:"isError"`
		}
		if err := json.Unmarshal(c.Result, &res); err != nil {
			out = append(out, fail(where+": unreadable result: "+err.Error()))
			continue
		}
		var text strings.Builder
		for _, b := range res.Content {
			text.WriteString(b.Text)
		}
		switch {
		case res.IsError != ec.IsError:
			out = append(out, fail(fmt.Sprintf("%s: isError is %v, expected %v: %s", where, res.IsError, ec.IsError, host.ShortLine([]byte(text.String())))))
		case ec.Contains != "" && !strings.Contains(text.String(), ec.Contains):
			out = append(out, fail(fmt.Sprintf("%s: the result does not contain %q: %s", where, ec.Contains, host.ShortLine([]byte(text.String())))))
		case len(ec.StructuredContent) > 0 && !sameJSON(ec.StructuredContent, res.StructuredContent):
			out = append(out, fail(fmt.Sprintf("%s: structuredContent is %s, expected %s", where, res.StructuredContent, ec.StructuredContent)))
		}
	}
	return out, nil
}

func sameJSON(a, b json.RawMessage) bool {
	var x, y any
	return json.Unmarshal(a, &x) == nil && json.Unmarshal(b, &y) == nil && reflect.DeepEqual(x, y)
}

// Cases is a file of calls in testdata/calls.json's format that lint
// --save-cases adds to. It is opened before the probes run, so that a path
// that cannot be written is refused at once, and replaced whole by Add,
// never written through. The entries it holds are kept as written (a
// member Call does not know, such as a note beside a case, stays); a file
// nothing is added to is not rewritten.
type Cases struct {
	path string
	mode fs.FileMode
	have []Call
	raw  []json.RawMessage // the entries as the file holds them
}

// OpenCases reads the calls the file at path holds (none when it is
// missing) through the one input reader: anything but a regular file (a
// symbolic link, dangling or not, a FIFO, a device) is refused, and so is
// a file past input.MaxCalls and a path that names no file (one ending in
// a separator).
func OpenCases(path string) (*Cases, error) {
	if err := outfile.Check(path); err != nil {
		return nil, err
	}
	c := &Cases{path: path}
	return c, c.read()
}

// read reads what the file holds now into c: nothing when it is missing.
func (c *Cases) read() error {
	c.mode, c.have, c.raw = 0o644, nil, nil
	in, err := input.Read(c.path, input.MaxCalls)
	var nr *input.NotRegularError
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil
	case errors.As(err, &nr):
		return &outfile.NotRegularError{Path: c.path, Mode: nr.Mode}
	case err != nil:
		return err
	}
	if err := json.Unmarshal(in.Data, &c.raw); err != nil {
		return fmt.Errorf("%s: not a list of calls: %w", c.path, err)
	}
	c.have = make([]Call, len(c.raw))
	for i, r := range c.raw {
		if err := json.Unmarshal(r, &c.have[i]); err != nil {
			return fmt.Errorf("%s: not a list of calls: entry %d: %w", c.path, i, err)
		}
	}
	if fi, err := os.Lstat(c.path); err == nil {
		c.mode = fi.Mode().Perm()
	}
	return nil
}

// Add adds calls to the file, leaving out those it holds already, and
// returns how many it added; when none, the file is left as it is. The
// entries it held are written back as they were, each compacted on a
// line of its own. The new contents go to a temporary file created
// (exclusively) in the file's directory (outfile.Write), then renamed
// over the old file: nothing at the path is ever written through (a link
// or a special file put there since OpenCases is refused), and a reader
// sees the old file or the new one, never half of it. The file is read
// again under a lock on its directory (outfile.LockDir), so that two runs
// at once each add to what the other wrote (attack pass 42n, row 3).
func (c *Cases) Add(calls []Call) (int, error) {
	dir := filepath.Dir(c.path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return 0, err
	}
	unlock, err := outfile.LockDir(dir)
	if err != nil {
		return 0, err
	}
	defer unlock()
	if err := c.read(); err != nil {
		return 0, err
	}
	added := 0
	for _, call := range calls {
		dup := false
		for _, h := range c.have {
			dup = dup || (h.Tool == call.Tool && sameJSON(h.Arguments, call.Arguments))
		}
		if !dup {
			line, err := json.Marshal(call)
			if err != nil {
				return 0, err
			}
			c.have = append(c.have, call)
			c.raw = append(c.raw, line)
			added++
		}
	}
	if added == 0 {
		return 0, nil
	}
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, entry := range c.raw {
		b.WriteString("  ")
		if err := json.Compact(&b, entry); err != nil {
			return 0, err
		}
		if i < len(c.raw)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	return added, outfile.Write(c.path, b.Bytes(), c.mode)
}
