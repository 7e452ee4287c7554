// Shape has handlers of every wrong shape.
//
//subako:package shape
package shape

// In is a good input.
type In struct {
	// A name.
	Name string `json:"name"`
}

// Out is a good output.
type Out struct {
	// want +2 `A005 description-missing: field Message has no description: write a doc comment for it, which the model reads to understand the result`

	Message string `json:"message"`
}

// Server has methods.
type Server struct{}

// Greet is a method.
//
//subako:function
func (s *Server) Greet(in In) (Out, error) { return Out{}, nil } // want `A001 handler-shape: Greet is a method`

// Generic is generic.
//
//subako:function
func Generic[T any](in In) (Out, error) { return Out{}, nil } // want `A001 handler-shape: Generic is generic`

// Variadic is variadic.
//
//subako:function
func Variadic(in ...In) (Out, error) { return Out{}, nil } // want `A001 handler-shape: Variadic is variadic`

// TwoParams takes two.
//
//subako:function
func TwoParams(a In, b In) (Out, error) { return Out{}, nil } // want `A001 handler-shape: TwoParams takes 2 parameters`

// NoParams takes none.
//
//subako:function
func NoParams() (Out, error) { return Out{}, nil } // want `A001 handler-shape: NoParams takes 0 parameters`

// OneResult returns no error.
//
//subako:function
func OneResult(in In) Out { return Out{} } // want `A001 handler-shape: OneResult returns \(Out\); a handler returns \(Out, error\)`

// NoResults returns nothing.
//
//subako:function
func NoResults(in In) {} // want `A001 handler-shape: NoResults returns \(\)`

// ErrorFirst has its results swapped.
//
//subako:function
func ErrorFirst(in In) (error, Out) { return nil, Out{} } // want `A001 handler-shape: ErrorFirst returns \(error, Out\)`

// Pointer takes a pointer.
//
//subako:function
func Pointer(in *In) (Out, error) { return Out{}, nil } // want `A001 handler-shape: Pointer takes \*In; take the struct by value: In`

// Str takes a string.
//
//subako:function
func Str(name string) (Out, error) { return Out{}, nil } // want `A001 handler-shape: the input of Str is string; it must be a named struct type`

// Anonymous takes an unnamed struct.
//
//subako:function
func Anonymous(in struct{ A int }) (Out, error) { return Out{}, nil } // want `A001 handler-shape: the input of Anonymous is struct\{A int\}`

// Mapped takes a map.
//
//subako:function
func Mapped(in map[string]int) (Out, error) { return Out{}, nil } // want `A001 handler-shape: the input of Mapped is map\[string\]int`

// Twice is marked twice.
//
//subako:function
//subako:function name=twice_again // want `A011 marker-value: //subako:function is given twice`
func Twice(in In) (Out, error) { return Out{}, nil }

// Good is fine.
//
//subako:function
func Good(in In) (Out, error) { return Out{}, nil }

// NotAFunc is a type.
//
//subako:function // want `A010 marker-misplaced: //subako:function belongs in the doc comment of a package-level function`
type NotAFunc struct{}

func body() {
	//subako:function // want `A010 marker-misplaced`
	_ = 1
}
