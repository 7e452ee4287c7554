//go:build !wasip1

package subako_test

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/subako-ai/subako-go/subako"
)

// GreetInput is greet's arguments.
type GreetInput struct {
	// Who to greet.
	Name string `json:"name"`
}

// Greeting is greet's answer.
type Greeting struct {
	Message string `json:"message"`
}

// Greet someone by name.
//
//subako:function
func greet(in GreetInput) (Greeting, error) {
	if in.Name == "" {
		return Greeting{}, subako.NewToolError("name must not be empty")
	}
	return Greeting{Message: "Hello, " + in.Name + "!"}, nil
}

// A //subako:function handler is an ordinary Go function, so a test calls
// it directly, natively, with no module and no host. Its error is what the
// model reads as the tool's error.
func Example_handlerTest() {
	got, err := greet(GreetInput{Name: "Ada"})
	fmt.Println(got.Message, err)

	_, err = greet(GreetInput{})
	var toolErr *subako.ToolError
	fmt.Println(errors.As(err, &toolErr), err)
	// Output:
	// Hello, Ada! <nil>
	// true name must not be empty
}

// A handler shows the model an image after its value by returning an
// Answer. This one is inline (WithImage), for small images; a large one is
// saved on the volume and linked (WithImageFile). The package is wired by
// hand here to show the call's answer: generated code does that part.
func ExampleAnswer_WithImage() {
	type Plot struct {
		Points int `json:"points"`
	}
	// The first bytes of a PNG file stand in for a chart.
	png := []byte("\x89PNG\r\n\x1a\n")
	plot := func() (subako.Answer[Plot], error) {
		return subako.NewAnswer(Plot{Points: 3}).WithImage("image/png", png), nil
	}
	answer, _ := plot()
	pkg := &subako.Package{Name: "charts", Tools: []subako.Tool{{
		Name:        "plot",
		InputSchema: []byte(`{"type":"object"}`),
		// Generated code encodes answer.Value; here it is written by hand.
		Call: func([]byte) subako.Result { return answer.Result([]byte(`{"points":3}`)) },
	}}}
	request := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"plot",` +
		`"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28","io.modelcontextprotocol/clientCapabilities":{}}}}`
	var out strings.Builder
	if err := subako.ServeIO(pkg, strings.NewReader(request), &out); err != nil {
		fmt.Println(err)
	}
	line := out.String()
	fmt.Println(line[strings.Index(line, `"content"`):strings.Index(line, `,"structuredContent"`)])
	// Output:
	// "content":[{"type":"text","text":"{\"points\":3}"},{"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}]
}

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
