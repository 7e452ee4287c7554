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

	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
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
		volume, _ := os.MkdirTemp("", "subako-check-volume-")
		c := h.Call(ctx, m, ec.Tool, ec.Arguments, host.CallConfig{Mounts: host.Mounts{Volume: volume, Package: assets}, Timeout: callTimeout})
		os.RemoveAll(volume)
		where := fmt.Sprintf("%s[%d] (%s)", File, i, ec.Tool)
		switch {
		case c.Err != nil:
			out = append(out, fail(where+": not run: "+c.Err.Error()))
			continue
		case c.Record.Stalled:
			return out, c.Record.StalledError(where)
		case c.Record.Interrupted:
			return out, fmt.Errorf("%s was interrupted: %w", where, context.Cause(ctx))
		}
		if bs := c.Record.Breaks(); len(bs) > 0 {
			out = append(out, fail(where+": the call crashed: "+bs[0].Message))
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

// Save adds calls to the file at path (created when missing), in this
// format, leaving out those it holds already; it returns how many it
// added. lint --save-cases writes the probes' failing cases with it.
func Save(path string, calls []Call) (int, error) {
	var have []Call
	if b, err := os.ReadFile(path); err == nil {
		if err := json.Unmarshal(b, &have); err != nil {
			return 0, fmt.Errorf("%s: not a list of calls: %w", path, err)
		}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return 0, err
	}
	added := 0
	for _, c := range calls {
		dup := false
		for _, h := range have {
			dup = dup || (h.Tool == c.Tool && sameJSON(h.Arguments, c.Arguments))
		}
		if !dup {
			have = append(have, c)
			added++
		}
	}
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, c := range have {
		line, err := json.Marshal(c)
		if err != nil {
			return 0, err
		}
		b.WriteString("  ")
		b.Write(line)
		if i < len(have)-1 {
			b.WriteString(",")
		}
		b.WriteString("\n")
	}
	b.WriteString("]\n")
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return 0, err
	}
	return added, os.WriteFile(path, b.Bytes(), 0o644)
}
