// Command hello is a function package written against the runtime by hand,
// the way generated code uses it. The subako tests build it natively and
// for wasip1 and run it as Subako would.
package main

import (
	"github.com/subako-ai/subako-go/abi/jsonwire"
	"github.com/subako-ai/subako-go/subako"
)

func main() {
	subako.Serve(&subako.Package{
		Name:        "hello",
		Description: "Says hello.",
		Tools: []subako.Tool{
			{
				Name:         "greet",
				Description:  "Greet someone by name.",
				InputSchema:  []byte(`{"type":"object","properties":{"name":{"type":"string","description":"Who to greet."}},"required":["name"],"additionalProperties":false}`),
				OutputSchema: []byte(`{"type":"object","properties":{"message":{"type":"string"}},"required":["message"]}`),
				Call:         greet,
			},
			{
				Name:        "fetch",
				Description: "Fetch a page's text.",
				InputSchema: []byte(`{"type":"object","properties":{"url":{"type":"string"}},"required":["url"]}`),
				Call:        fetch,
			},
		},
	})
}

// stringArg decodes the one string member an input has.
func stringArg(args []byte, key string) (string, error) {
	s := jsonwire.NewScanner(args)
	if err := s.Expect(jsonwire.ObjectBegin); err != nil {
		return "", err
	}
	value, found := "", false
	for {
		k, err := s.Next()
		if err != nil {
			return "", err
		}
		if k == jsonwire.ObjectEnd {
			break
		}
		if s.Text() != key {
			return "", subako.NewToolError("unknown argument " + s.Text())
		}
		if err := s.Expect(jsonwire.String); err != nil {
			return "", subako.NewToolError(key + ": " + err.Error())
		}
		value, found = s.Text(), true
	}
	if !found {
		return "", subako.NewToolError(key + " is required")
	}
	return value, nil
}

func greet(args []byte) subako.Result {
	name, err := stringArg(args, "name")
	if err != nil {
		return subako.ErrorResult(err)
	}
	if name == "" {
		return subako.ErrorResult(subako.NewToolError("name must not be empty"))
	}
	var w jsonwire.Writer
	w.BeginObject()
	w.Key("message")
	w.String("Hello, " + name + "!")
	w.EndObject()
	return subako.ValueResult(w.Bytes())
}

func fetch(args []byte) subako.Result {
	url, err := stringArg(args, "url")
	if err != nil {
		return subako.ErrorResult(err)
	}
	resp, err := subako.Fetch(&subako.HTTPRequest{URL: url, Headers: map[string]string{"Accept": "text/plain"}})
	if err != nil {
		return subako.ErrorResult(err)
	}
	var w jsonwire.Writer
	w.BeginObject()
	w.Key("status")
	w.Int(int64(resp.Status))
	w.Key("text")
	w.String(resp.Text)
	w.EndObject()
	// The page's picture, which the test puts on the volume (or not).
	return subako.NewAnswer(0).WithImageFile("/volume/tmp/page.png").Result(w.Bytes())
}
