// Vetmissing is a function package whose subako_gen.go was never written,
// with a test, as init writes it, that names what the file declares: go
// vet -vettool=subakogo says the file is missing (cmd/subakogo's
// TestVettool), not only that subakoPackage is undefined.
//
//subako:package vetmissing
package vetmissing

// In is the input.
type In struct {
	// Who to greet.
	Name string `json:"name"`
}

// Greet someone.
//
//subako:function
func greet(in In) (string, error) { return "Hello, " + in.Name, nil }
