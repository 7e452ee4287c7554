package jsonwire_test

import (
	"fmt"

	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// Decoding an object token by token, as a generated decoder does: exact
// keys, a type check per member, and a position for every error.
func ExampleScanner() {
	s := jsonwire.NewScanner([]byte(`{"name": "Ada", "age": 36.0, "tags": ["x"]}`))
	if err := s.Expect(jsonwire.ObjectBegin); err != nil {
		fmt.Println(err)
		return
	}
	for s.PeekKind() != jsonwire.ObjectEnd {
		if err := s.Expect(jsonwire.String); err != nil {
			fmt.Println(err)
			return
		}
		switch key := s.Text(); key {
		case "name":
			if err := s.Expect(jsonwire.String); err != nil {
				fmt.Println("name:", err)
				return
			}
			fmt.Println("name:", s.Text())
		case "age":
			if err := s.Expect(jsonwire.Number); err != nil {
				fmt.Println("age:", err)
				return
			}
			age, err := jsonwire.ParseInt(s.Num(), 8)
			fmt.Println("age:", age, err)
		default:
			raw, err := s.Skip()
			fmt.Printf("skipped %s: %s %v\n", key, raw, err)
		}
	}
	_ = s.Expect(jsonwire.ObjectEnd)
	_, err := s.Next()
	fmt.Println(err)

	s.Reset([]byte(`{"age": 1.5}`))
	_ = s.Expect(jsonwire.ObjectBegin)
	_ = s.Expect(jsonwire.String)
	_ = s.Expect(jsonwire.Number)
	_, err = jsonwire.ParseInt(s.Num(), 8)
	fmt.Printf("age (offset %d): %v\n", s.Offset(), err)
	// Output:
	// name: Ada
	// age: 36 <nil>
	// skipped tags: ["x"] <nil>
	// <nil>
	// age (offset 8): 1.5 is not an integer
}

// Encoding a value: the Writer adds the commas and colons.
func ExampleWriter() {
	var w jsonwire.Writer
	w.BeginObject()
	w.Key("message")
	w.String("Hello, \"Ada\"!")
	w.Key("scores")
	w.BeginArray()
	w.Float(0.1, 64)
	w.Float(1e21, 64)
	w.Int(-7)
	w.EndArray()
	w.EndObject()
	fmt.Println(string(w.Bytes()), w.Err())
	// Output:
	// {"message":"Hello, \"Ada\"!","scores":[0.1,1e+21,-7]} <nil>
}
