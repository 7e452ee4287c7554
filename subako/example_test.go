//go:build !wasip1

package subako_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/subako-ai/subako-go/subako"
)

// A package answers one tools/call line the way Subako sends it.
func ExampleServeIO() {
	pkg := &subako.Package{
		Name:        "hello",
		Description: "Says hello.",
		Tools: []subako.Tool{{
			Name:        "greet",
			Description: "Greet someone by name.",
			InputSchema: []byte(`{"type":"object","properties":{"name":{"type":"string"}},"required":["name"]}`),
			Call: func(args []byte) subako.Result {
				return subako.ValueResult([]byte(`{"message":"Hello, Ada!"}`))
			},
		}},
	}
	request := `{"jsonrpc":"2.0","id":"call-0192f5c4","method":"tools/call","params":{"name":"greet","arguments":{"name":"Ada"},` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	if err := subako.ServeIO(pkg, strings.NewReader(request), os.Stdout); err != nil {
		fmt.Println(err)
	}
	// Output:
	// {"jsonrpc":"2.0","id":"call-0192f5c4","result":{"resultType":"complete","content":[{"type":"text","text":"{\"message\":\"Hello, Ada!\"}"}],"structuredContent":{"message":"Hello, Ada!"},"_meta":{"io.modelcontextprotocol/serverInfo":{"name":"hello","version":"0.0.0","description":"Says hello."}}}}
}

// A result shows the model an image saved on the volume after the value,
// as a resource_link to it. The file must be there when the answer is made
// (here nothing saved it, as on a machine without /volume): otherwise the
// call is the tool error the model reads. Tests of handlers make a
// directory stand in for /volume with subakotest.Volume.
func ExampleAnswer() {
	type chart struct{ Path string }
	path := "/volume/tmp/sales chart.png"
	answer := subako.NewAnswer(chart{Path: path}).WithImageFile(path)
	// Generated code encodes answer.Value; here it is written by hand.
	result := answer.Result([]byte(`{"path":"/volume/tmp/sales chart.png"}`))
	pkg := &subako.Package{Name: "charts", Tools: []subako.Tool{{
		Name:        "plot",
		InputSchema: []byte(`{"type":"object"}`),
		Call:        func([]byte) subako.Result { return result },
	}}}
	request := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"plot",` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	var out strings.Builder
	if err := subako.ServeIO(pkg, strings.NewReader(request), &out); err != nil {
		fmt.Println(err)
	}
	line := out.String()
	fmt.Println(line[strings.Index(line, `"content"`):strings.Index(line, `,"_meta"`)])
	// Output:
	// "content":[{"type":"text","text":"image file \"/volume/tmp/sales chart.png\" does not exist: save the image before returning the answer that links it"}],"isError":true
}
