package resultcheck

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"strings"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/mcp"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// The outcomes of the ABI's content-block table that are not a valid
// block shown as it is.
const (
	// Image (P043): an image block whose data is not base64, not a PNG,
	// JPEG, GIF or WebP, or past stdout's 1 MiB: Subako shows no image.
	Image Kind = "image"
	// LinkMissing (P044): a resource_link to volume:/// whose file the
	// call left missing (or unreadable, or not an image) once it exited.
	LinkMissing Kind = "missing-link"
	// LeftOut (P045): a block Subako leaves out with a note (audio, an
	// embedded resource, an unknown type) or a link it shows only as a
	// line (not volume:///).
	LeftOut Kind = "left-out"
	// Panicked (P053): an isError result the runtime marked as a panic of
	// the handler (abi.MetaFault).
	Panicked Kind = "panicked"
	// ResultFault (P055): an isError result the runtime marked as a
	// result it could not send (abi.FaultNilResult, abi.FaultResultNotJSON).
	ResultFault Kind = "result-fault"
)

// Fault is the fault an isError result is marked with (abi.MetaFault in
// its _meta: one of abi's Fault values), "" when none.
func Fault(result json.RawMessage) string {
	var r struct {
		IsError bool           `json:"isError"`
		Meta    map[string]any `json:"_meta"`
	}
	if json.Unmarshal(result, &r) != nil || !r.IsError {
		return ""
	}
	fault, _ := r.Meta[abi.MetaFault].(string)
	return fault
}

// faultProblems is the problem of an isError result marked as a fault,
// with the text the model read.
func faultProblems(obj map[string]any) []Problem {
	meta, _ := obj["_meta"].(map[string]any)
	fault, _ := meta[abi.MetaFault].(string)
	text := ""
	if blocks, ok := obj["content"].([]any); ok && len(blocks) > 0 {
		if b, ok := blocks[0].(map[string]any); ok {
			text, _ = b["text"].(string)
		}
	}
	f, ok := faults[fault]
	if !ok {
		return nil
	}
	return []Problem{{f.kind, f.says + ": " + fmt.Sprintf("%q", textutil.Truncate(firstLine(text), 300))}}
}

// faults are the faults the runtime marks (abi.MetaFault), each with its
// kind of problem and what it says before the text the model read.
var faults = map[string]struct {
	kind Kind
	says string
}{
	abi.FaultPanic:         {Panicked, "the handler panicked (the runtime marked its isError result as a panic)"},
	abi.FaultNilResult:     {ResultFault, "the handler returned a nil result and no error (the runtime marked its isError result " + abi.FaultNilResult + ")"},
	abi.FaultResultNotJSON: {ResultFault, "the handler's result has no JSON form (the runtime marked its isError result " + abi.FaultResultNotJSON + ")"},
	abi.FaultLinkMissing:   {LinkMissing, "the answer links a volume file that is not there (the runtime answered isError instead)"},
}

// FaultKind is the kind of problem of an isError result marked with
// fault (see Fault), "" for none or a fault the runtime does not mark.
func FaultKind(fault string) Kind { return faults[fault].kind }

// Shrunk reports whether a problem of kind k is a fault of the handler
// that the probes shrink to its smallest arguments, as they do a crash
// (P053, P055): one cause per tool and rule.
func (k Kind) Shrunk() bool { return k == Panicked || k == ResultFault }

// firstLine is s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// Rule is the one rule of each kind, whichever command meets it (the
// probes, call, serve); nil for NotChecked.
func (k Kind) Rule() *rules.Rule {
	switch k {
	case NotCallToolResult:
		return rules.ProbeValidCall
	case OutputSchema:
		return rules.ProbeOutputSchema
	case TextContent:
		return rules.ProbeTextContent
	case Image:
		return rules.ProbeImage
	case LinkMissing:
		return rules.ProbeLinkMissing
	case LeftOut:
		return rules.ProbeLeftOut
	case Panicked:
		return rules.ProbePanic
	case ResultFault:
		return rules.ProbeResultFault
	case UnreadableNumber:
		return rules.ProbeResultNumber
	}
	return nil
}

// Judge is the one judgement of a call's result that the probes, call
// and serve share: Check, then, for a CallToolResult, Blocks.
func Judge(result, outputSchema json.RawMessage, volume string, data bool) []Problem {
	out, _ := JudgeWork(result, outputSchema, volume, data)
	return out
}

// Work is the part of a judgement whose cost the module chooses beyond
// the result's bytes, which the probes charge their budget.
type Work struct {
	// Schema is the work of validating structuredContent against the
	// outputSchema (offlineschema.Cost.Work, within offlineschema.MaxWork;
	// 0 when it was not validated): probe.SchemaWorkCharge.
	Schema int
	// Links is how many volume:/// links were opened, each distinct link
	// once: each walks the volume to its file, through the module's
	// directories and symbolic links (probe.LinkCharge).
	Links int
}

// JudgeWork is Judge, with the work the module chose (Work).
func JudgeWork(result, outputSchema json.RawMessage, volume string, data bool) ([]Problem, Work) {
	out, schema := check(result, outputSchema)
	for _, p := range out {
		if p.Kind == NotCallToolResult {
			return out, Work{Schema: schema}
		}
	}
	blocks, links := blocks(result, volume, data)
	return append(out, blocks...), Work{Schema: schema, Links: links}
}

// Blocks applies the ABI's content-block table: text is shown; an image
// must be base64 of a PNG, JPEG, GIF or WebP that fits stdout's 1 MiB; a
// resource_link to volume:///PATH must name a file the call wrote, an
// image, read after the module exited from the volume directory volume
// (whose tmp and, when data, data folders were mounted; "" leaves links
// unchecked); other links and blocks are shown as a line or a note.
func Blocks(result json.RawMessage, volume string, data bool) []Problem {
	out, _ := blocks(result, volume, data)
	return out
}

// blocks is Blocks, with how many links it opened: a link is judged once
// however often the result repeats it (attack pass 47d, row 2: 3,000
// blocks linking one file through a 62-deep chain of directories cost
// 0.79 s of CPU, each walking the volume again).
func blocks(result json.RawMessage, volume string, data bool) ([]Problem, int) {
	var r struct {
		Content []json.RawMessage `json:"content"`
	}
	if json.Unmarshal(result, &r) != nil {
		return nil, 0
	}
	var out []Problem
	judged := map[string]string{} // a link's URI: why it fails, "" for none
	for i, raw := range r.Content {
		var b struct {
			Type     string `json:"type"`
			URI      string `json:"uri"`
			MIMEType string `json:"mimeType"`
			Data     string `json:"data"`
		}
		if json.Unmarshal(raw, &b) != nil {
			continue // Check reports a block that is not an object
		}
		at := fmt.Sprintf("content block %d", i)
		switch b.Type {
		case mcp.BlockText:
		case mcp.BlockImage:
			if why := ImageProblem(b.MIMEType, b.Data); why != "" {
				out = append(out, Problem{Image, at + ": " + why + ": Subako shows no image"})
			}
		case mcp.BlockResourceLink:
			if !strings.HasPrefix(b.URI, "volume:") {
				out = append(out, Problem{LeftOut, fmt.Sprintf("%s: the link %s is not volume:///, so Subako shows it as a line naming it, not an image", at, quote(b.URI))})
				continue
			}
			if volume == "" {
				continue
			}
			why, seen := judged[b.URI]
			if !seen {
				why = linkProblem(volume, data, b.URI)
				judged[b.URI] = why
			}
			if why != "" {
				out = append(out, Problem{LinkMissing, at + ": " + why})
			}
		default:
			out = append(out, Problem{LeftOut, fmt.Sprintf("%s: a %s block, which Subako leaves out with a note (it shows text, images and links)", at, quote(b.Type))})
		}
	}
	return out, len(judged)
}

// Sniff names the image type of data from its first bytes: PNG, JPEG,
// GIF and WebP, the types Subako shows; "" for any other.
func Sniff(data []byte) string {
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		return "image/png"
	case bytes.HasPrefix(data, []byte{0xff, 0xd8, 0xff}):
		return "image/jpeg"
	case bytes.HasPrefix(data, []byte("GIF87a")), bytes.HasPrefix(data, []byte("GIF89a")):
		return "image/gif"
	case len(data) >= 12 && string(data[:4]) == "RIFF" && string(data[8:12]) == "WEBP":
		return "image/webp"
	}
	return ""
}

// ImageProblem says what keeps an inline image from being shown (P043), "" when
// nothing does.
func ImageProblem(mime, data string) string {
	if len(data) > abi.StdoutMaxBytes {
		return fmt.Sprintf("its data is %d bytes, past stdout's %d MiB", len(data), abi.StdoutMaxBytes>>20)
	}
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return "its data is not base64: " + err.Error()
	}
	got := Sniff(b)
	switch {
	case got == "":
		return fmt.Sprintf("its data (mimeType %s) is not a PNG, JPEG, GIF or WebP", quote(mime))
	case mime != got:
		return fmt.Sprintf("its data is %s but its mimeType is %s", got, quote(mime))
	}
	return ""
}

// maxLinkedImage bounds the file read of a linked image: the first bytes
// name its type.
const maxLinkedImage = 64

// linkProblem says what is wrong with a volume:/// link after the call:
// a path outside the mounted folders, a missing file, not an image.
func linkProblem(volume string, data bool, uri string) string {
	u, err := url.Parse(uri)
	if err != nil || u.Scheme != "volume" || u.Host != "" {
		return fmt.Sprintf("the link %s is not a volume:/// URI", quote(uri))
	}
	rel := strings.TrimPrefix(path.Clean("/"+u.Path), "/")
	if mounted := strings.HasPrefix(rel, "tmp/") || (data && strings.HasPrefix(rel, "data/")); !mounted {
		return fmt.Sprintf("the link %s is outside the mounted /volume/tmp", quote(uri))
	}
	root, err := os.OpenRoot(volume)
	if err != nil {
		return ""
	}
	defer root.Close()
	f, err := root.Open(rel)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return fmt.Sprintf("the link %s names a file the call did not write (Subako reads it after the module exits)", quote(uri))
	case err != nil:
		return fmt.Sprintf("the link %s cannot be read: %v", quote(uri), err)
	}
	defer f.Close()
	head := make([]byte, maxLinkedImage)
	n, _ := f.Read(head)
	if Sniff(head[:n]) == "" {
		return fmt.Sprintf("the file the link %s names is not a PNG, JPEG, GIF or WebP", quote(uri))
	}
	return ""
}
