//subako:package descriptions
package descriptions // want `A005 description-missing: the package has no description`

// In is the input.
type In struct {
	// want +2 `A005 description-missing: field Undocumented has no description`

	Undocumented string `json:"undocumented"`
	// A documented field.
	Documented string `json:"documented"`
	Trailing   string `json:"trailing"` // A line comment is a description too.
	// This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding.
	Long  string `json:"long"` // want `A006 description-too-long: the description of field Long is 1039 characters; keep it to 1024`
	Color Color  `json:"color"`
	// Short, but its enum's values make it long.
	Shade Shade `json:"shade"` // want `A006 description-too-long: the description of field Shade`
	// want +2 `A005 description-missing: field Nested has no description`

	Nested Nested `json:"nested"`
}

// Color is a color.
type Color string

// Shade has long value descriptions.
type Shade string

const (
	// This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. Th
	Dark Shade = "dark"
	// This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. Th
	Light Shade = "light"
)

type Nested struct {
	// want +2 `A005 description-missing: field Inner has no description`

	Inner int `json:"inner"`
}

// Out is the output; output fields need no descriptions.
type Out struct {
	// want +2 `A005 description-missing: field Result has no description: write a doc comment for it, which the model reads to understand the result`

	Result string `json:"result"`
}

//subako:function
func undocumented(in In) (Out, error) { return Out{}, nil } // want `A005 description-missing: tool undocumented has no description`

// This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding. This sentence is padding.  // want `A006 description-too-long: the description of tool verbose is \d+ characters; Subako takes at most 1024`
//
//subako:function
func verbose(in In) (Out, error) { return Out{}, nil }
