// The smallest Subako function package: one tool, greet. Everything
// Subako needs besides the handler (schemas, argument checks, dispatch,
// main) is in subako_gen.go, which go generate writes from the handler and
// its types:
//
//	go generate ./examples/hello
//	GOOS=wasip1 GOARCH=wasm go build -o hello.wasm ./examples/hello

// Says hello.
//
//subako:package hello
package main

import "github.com/subako-ai/subako-go/subako"

//go:generate go run ../../cmd/subakogo-generate

// GreetInput is greet's arguments.
type GreetInput struct {
	// Who to greet.
	Name string `json:"name"`
}

// Greeting is greet's answer.
type Greeting struct {
	// The greeting.
	Message string `json:"message"`
}

// Greet someone by name.
//
//subako:function
//subako:title=Greet
//subako:readOnly
//subako:openWorld=false
func greet(in GreetInput) (Greeting, error) {
	if in.Name == "" {
		return Greeting{}, subako.NewToolError("name must not be empty")
	}
	return Greeting{Message: "Hello, " + in.Name + "!"}, nil
}
