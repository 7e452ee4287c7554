// Ignoredmodel shows malformed and unused //subako:ignore directives.
//
//subako:package ignoredmodelmodel
package ignoredmodel

// In is the input.
type In struct {
	// Name to use.
	Name string `json:"name"`
	// Inner has a field without a tag, excused below.
	Inner Tagless `json:"inner"`
}

// Out is the output.
type Out struct {
	// Message said.
	Message string `json:"message"`
}

// Greet greets.
//
//subako:function
func greet(in In) (Out, error) {
	return Out{Message: "hello " + in.Name}, nil
}

// Tagless has a field whose json tag is excused.
type Tagless struct {
	// Name of the thing.
	//subako:ignore A007 kept for a wire format that has no tags
	Name string
}

//subako:ignore A007 // want `A019 ignore-directive: //subako:ignore A007 needs a reason`
var unusedReasonless = 0

//subako:ignore A004 nothing here needs it // want `A019 ignore-directive: this //subako:ignore A004 suppresses nothing`
var unused = 1

//subako:ignore X999 no such rule // want `A019 ignore-directive: //subako:ignore names no rule: X999`
var alsoUnused = 2

//subako:ignore A005 the description was removed // want `A023 ignore-unused: this //subako:ignore A005 suppresses nothing: remove it`
var leftoverAdvice = 3
