package serve

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/callrun"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// callTool runs one tools/call in a fresh instance, as Subako runs it, and
// turns what came back into what Subako shows the model.
//
// The result holds a charge of the answers' budget until its line is
// built: release gives it back (nil when there is none).
func (s *Server) callTool(ctx context.Context, p *Package, e era, transport string, params map[string]json.RawMessage) (_ *mcp.CallToolResult, release func(), _ *rpcError) {
	var name string
	if raw, ok := params["name"]; !ok || json.Unmarshal(raw, &name) != nil {
		return nil, nil, invalidParams("tools/call: name must be a string")
	}
	if n := utf8.RuneCountInString(name); n > abi.ToolNameMax {
		// Quoted cut and escaped: the name is the client's, up to the
		// whole message (attack pass 40o, row 3).
		return nil, nil, invalidParams("Unknown tool: the name is " + strconv.Itoa(n) + " characters, over the limit of " +
			strconv.Itoa(abi.ToolNameMax) + ": " + strconv.Quote(clientText(name)))
	}
	if _, ok := p.byName[name]; !ok {
		return nil, nil, invalidParams("Unknown tool: " + name)
	}
	args := params["arguments"]
	if len(args) == 0 || string(args) == "null" {
		args = json.RawMessage("{}")
	} else if !isObject(args) {
		return nil, nil, invalidParams("tools/call: arguments must be an object")
	}
	select {
	case s.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, nil, &rpcError{Code: abi.CodeInternalError, Message: "cancelled while waiting for a free instance", status: 503}
	}
	defer func() { <-s.slots }()
	if s.slotTaken != nil {
		s.slotTaken(len(s.slots))
	}
	start := time.Now()
	h, err := s.checker.Host(ctx)
	if err != nil {
		return nil, nil, &rpcError{Code: abi.CodeInternalError, Message: err.Error(), status: 500}
	}
	var t mcp.Tool
	_ = json.Unmarshal(p.tools[p.byName[name]], &t)
	limits := s.quota.begin()
	call := callrun.Run(ctx, h, p.module, callrun.Spec{Tool: name, Args: args, OutputSchema: t.OutputSchema, What: "the call",
		CallConfig: host.CallConfig{
			Mounts:      host.Mounts{Volume: s.volume, Data: s.opt.Data, Package: p.assets},
			Timeout:     s.opt.Timeout,
			AllowHosts:  s.opt.AllowHosts,
			HTTPFixture: s.opt.HTTPFixture,
			HTTP:        s.opt.HTTP,
			Limits:      limits,
		}})
	s.quota.end(call.Record.VolumeRefused)
	took := time.Since(start).Round(100 * time.Microsecond)
	if ctx.Err() != nil {
		s.log.printf("%s call %s (%s): stopped after %v: the client went away or cancelled it", transport, name, e, took)
		return nil, nil, &rpcError{Code: abi.CodeInternalError, Message: "the call was cancelled", status: 499}
	}
	if call.Err != nil { // the host's failure, not the module's
		s.log.printf("%s call %s (%s): not run: %v", transport, name, e, call.Err)
		return nil, nil, &rpcError{Code: abi.CodeInternalError, Message: call.Err.Error(), status: 500}
	}
	if err := call.Unjudged; err != nil { // the machine's condition, not the module's
		s.log.printf("%s call %s (%s): given up: %v", transport, name, e, err)
		return nil, nil, &rpcError{Code: abi.CodeInternalError, Message: err.Error(), status: 503}
	}
	if call.Record.VolumeRefused {
		s.log.printf("%s call %s (%s): %s (the volume is %s)", transport, name, e, s.quota.fullNote(), s.volume)
	}
	if len(call.Breaks) > 0 {
		text := call.Crash()
		why, _, _ := strings.Cut(text, "\n")
		s.log.printf("%s call %s (%s): crashed after %v: %s", transport, name, e, took, strings.TrimPrefix(why, "The function crashed: "))
		return s.withVolumeNote(errorResult(text), call.Record), nil, nil
	}
	result, kind, release := s.shownResult(call.Result, e)
	result = s.withVolumeNote(result, call.Record)
	s.log.printf("%s call %s (%s): %s in %v", transport, name, e, kind, took)
	// The one judgement of a result that lint's probes and call make too.
	for _, pr := range call.Problems {
		if r := pr.Kind.Rule(); r != nil {
			s.log.printf("%s call %s (%s): %s %s (%s): %s", transport, name, e, r.ID, r.Slug, r.Severity, pr.Detail)
		}
	}
	return result, release, nil
}

// withVolumeNote adds to r, when the call met the volume's quota, a text
// block saying so: the module sees only EDQUOT, which does not say that
// serve's volume, not the call, was full.
func (s *Server) withVolumeNote(r *mcp.CallToolResult, rec *host.Record) *mcp.CallToolResult {
	if rec.VolumeRefused {
		r.Content = append(r.Content, textBlock("("+s.quota.fullNote()+")"))
	}
	return r
}

// errorResult is an isError result that says text.
func errorResult(text string) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []json.RawMessage{textBlock(text)}, IsError: true}
}

func textBlock(text string) json.RawMessage { return mcp.Block(mcp.Text(text)) }

// showResult keeps what Subako shows of a CallToolResult: text as it is,
// inline images, images linked from the volume (read now, after the
// module exited), a line for any other link and a note for any other
// block; the structured value and isError. Images are shown within the
// result's budgets (resultImages). kind names the outcome for the log.
func (s *Server) showResult(raw json.RawMessage, e era) (*mcp.CallToolResult, string) {
	var r mcp.CallToolResult
	if err := json.Unmarshal(raw, &r); err != nil {
		return errorResult("The function crashed: its result is not a CallToolResult: " + err.Error()), "crashed"
	}
	content := make([]json.RawMessage, 0, len(r.Content))
	images := 0
	shown := newResultImages(s.volume, s.opt.Data)
	for _, b := range r.Content {
		block, image := showBlock(b, shown)
		if image {
			images++
		}
		content = append(content, block)
	}
	out := &mcp.CallToolResult{Content: content, IsError: r.IsError}
	if len(r.StructuredContent) > 0 && (e.modern || isObject(r.StructuredContent)) {
		// The handshake era's structuredContent is an object; the text
		// block carries any other value.
		out.StructuredContent = r.StructuredContent
	}
	kind := "result"
	if r.IsError {
		kind = "tool error"
	}
	if images > 0 {
		kind += " with " + textutil.Plural(images, "image")
	}
	return out, kind
}

// showBlock turns one content block into what the client gets, its
// images shown by the result's images.
func showBlock(raw json.RawMessage, images *resultImages) (block json.RawMessage, image bool) {
	var b mcp.ContentBlock
	if json.Unmarshal(raw, &b) != nil {
		return textBlock("(a content block that is not an object was left out)"), false
	}
	switch b.Type {
	case mcp.BlockText:
		return textBlock(b.Text), false
	case mcp.BlockImage:
		// Inline images are shown as linked ones are: downscaled when large.
		data, err := base64.StdEncoding.DecodeString(b.Data)
		if err != nil {
			return textBlock("(an inline image whose data is not base64 was left out)"), false
		}
		img, note := images.image(data, "the inline image")
		if img == nil {
			return textBlock(note), false
		}
		return img, true
	case mcp.BlockResourceLink:
		if strings.HasPrefix(b.URI, "volume:") {
			img, note := images.linked(b.URI)
			if img == nil {
				return textBlock(note), false
			}
			return img, true
		}
		label := b.URI
		if b.Name != "" {
			label = b.Name + " (" + b.URI + ")"
		}
		return textBlock("Link: " + label), false
	}
	return textBlock("(a " + strconv.Quote(b.Type) + " block was left out: Subako shows text, images and links)"), false
}
