// Command hello is the smallest Subako function package: one tool, greet,
// that says hello. It is wired to the runtime by hand, the way the code
// subakogo generates does it: static schemas, a decoder for the arguments
// written with jsonwire, and an encoder for the answer.
//
// Build it for Subako with
//
//	GOOS=wasip1 GOARCH=wasm go build -o hello.wasm ./examples/hello
//
// Built for the machine, `go run ./examples/hello --subako-manifest` prints
// its subako-package.json.
package main

import (
	"github.com/subako-ai/subako-go/subako"
	"github.com/subako-ai/subako-go/subako/jsonwire"
)

func main() {
	subako.Serve(pkg)
}

// pkg is the package: what discovery learns and what tools/call runs.
var pkg = &subako.Package{
	Name:        "hello",
	Description: "Says hello.",
	Tools: []subako.Tool{{
		Name:         "greet",
		Description:  "Greet someone by name.",
		InputSchema:  []byte(`{"type":"object","properties":{"name":{"type":"string","description":"Who to greet."}},"required":["name"],"additionalProperties":false}`),
		OutputSchema: []byte(`{"type":"object","properties":{"message":{"type":"string"}},"required":["message"],"additionalProperties":false}`),
		Call:         callGreet,
	}},
}

// greetInput is greet's arguments.
type greetInput struct {
	Name string // Who to greet.
}

// greeting is greet's answer.
type greeting struct {
	Message string
}

// greet is the tool itself: it greets someone by name.
func greet(in greetInput) (greeting, error) {
	if in.Name == "" {
		return greeting{}, subako.NewToolError("name must not be empty")
	}
	return greeting{Message: "Hello, " + in.Name + "!"}, nil
}

// callGreet is greet as the runtime calls it: JSON arguments in, a result
// out. Bad arguments are an error result the model can correct.
func callGreet(args []byte) subako.Result {
	in, err := decodeGreetInput(args)
	if err != nil {
		return subako.ErrorResult(err)
	}
	out, err := greet(in)
	if err != nil {
		return subako.ErrorResult(err)
	}
	return subako.ValueResult(encodeGreeting(out))
}

// decodeGreetInput reads {"name": string} exactly: name is required, and
// any other member is refused, as the schema's additionalProperties says.
func decodeGreetInput(args []byte) (greetInput, error) {
	var in greetInput
	s := jsonwire.NewScanner(args)
	if err := s.Expect(jsonwire.ObjectBegin); err != nil {
		return in, subako.NewToolError("the arguments must be an object: " + err.Error())
	}
	seen := false
	for {
		k, err := s.Next()
		if err != nil {
			return in, subako.NewToolError("the arguments are not valid JSON: " + err.Error())
		}
		if k == jsonwire.ObjectEnd {
			break
		}
		switch key := s.Text(); key {
		case "name":
			if err := s.Expect(jsonwire.String); err != nil {
				return in, subako.NewToolError("name: " + err.Error())
			}
			in.Name, seen = s.Text(), true
		default:
			return in, subako.NewToolError("unknown argument " + string(jsonwire.AppendString(nil, key)) + ": greet takes only name")
		}
	}
	if !seen {
		return in, subako.NewToolError("name is required")
	}
	return in, nil
}

// encodeGreeting writes {"message": string}.
func encodeGreeting(g greeting) []byte {
	var w jsonwire.Writer
	w.BeginObject()
	w.Key("message")
	w.String(g.Message)
	w.EndObject()
	return w.Bytes()
}
