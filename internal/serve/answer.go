package serve

import (
	"encoding/base64"
	"encoding/json"

	"github.com/subako-ai/subako-go/internal/mcp"
)

// An answer of images is the largest thing serve builds: up to
// maxResultSentBytes of base64. json.Marshal would copy each image
// through growing buffers twice, once into its block and again into the
// answer's line (a 28 MiB answer of three linked JPEGs allocated 209 MiB,
// attack pass 38). So an image's block and a tools/call's line are each
// written once, into a buffer of their exact size (TestAnswerAllocations).

// answerCost is what building one tools/call answer holds at its peak:
// its blocks and its line, each up to maxResultSentBytes of images.
const answerCost = 2 * maxResultSentBytes

// answering is the budget concurrent answers share while they are built,
// as decodes share theirs: whatever --max-concurrent, at most four
// (imageBudget / answerCost) are built at once, the others wait their
// turn, so answers hold at most the 256 MiB serve holds beside its calls.
var answering = newByteBudget(imageBudget)

// shownResult is showResult within the answers' budget: release, once
// the answer's line is built, gives its charge back.
func (s *Server) shownResult(raw json.RawMessage, e era) (result *mcp.CallToolResult, kind string, release func()) {
	release = answering.acquire(answerCost)
	result, kind = s.showResult(raw, e)
	return result, kind, release
}

// encodeImageBlock is the MCP image block of the image file b, its base64
// encoded in place: what mcp.Block(mcp.Image(mime, base64 of b)) makes.
func encodeImageBlock(mime string, b []byte) json.RawMessage {
	head, _ := json.Marshal(mcp.ImageContent{MIMEType: mime, Type: mcp.BlockImage})
	// head is {"data":"","mimeType":…,"type":"image"}: the data goes
	// between its first quotes' pair.
	const open = `{"data":"`
	n := base64.StdEncoding.EncodedLen(len(b))
	block := make([]byte, 0, len(head)+n)
	block = append(block, open...)
	block = block[:len(open)+n]
	base64.StdEncoding.Encode(block[len(open):], b)
	return append(block, head[len(open):]...)
}

// callResultLine is resultLine for a tools/call result whose blocks are
// serve's own (compact JSON): the blocks are copied once into a line of
// the exact size. Anything else goes through json.Marshal.
func callResultLine(id json.RawMessage, r *mcp.CallToolResult) []byte {
	for _, b := range r.Content {
		if !json.Valid(b) {
			return marshalledLine(id, r) // its error line
		}
	}
	// The line without its blocks: the members other than content, then
	// the response around them.
	rest := *r
	rest.Meta, rest.Content = nil, []json.RawMessage{}
	tail, err := json.Marshal(&rest) // {"content":[],…}
	if err != nil {
		return marshalledLine(id, r)
	}
	tail = tail[len(`{"content":[`):]
	var meta []byte
	if len(r.Meta) > 0 {
		if meta, err = json.Marshal(r.Meta); err != nil {
			return marshalledLine(id, r)
		}
	}
	head, err := json.Marshal(mcp.Response{JSONRPC: mcp.Version, ID: id, Result: json.RawMessage(`{}`)})
	if err != nil {
		return marshalledLine(id, r)
	}
	head = head[:len(head)-len(`{}}`)] // {"jsonrpc":"2.0","id":…,"result":
	n := len(head) + len(`{"_meta":,"content":[`) + len(meta) + len(tail) + len(`}`)
	for _, b := range r.Content {
		n += len(b) + 1
	}
	line := make([]byte, 0, n+1) // and the newline the writers append
	line = append(line, head...)
	line = append(line, '{')
	if meta != nil {
		line = append(line, `"_meta":`...)
		line = append(line, meta...)
		line = append(line, ',')
	}
	line = append(line, `"content":[`...)
	for i, b := range r.Content {
		if i > 0 {
			line = append(line, ',')
		}
		line = append(line, b...)
	}
	line = append(line, tail...)
	return append(line, '}')
}
