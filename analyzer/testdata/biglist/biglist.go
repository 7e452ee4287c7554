// Biglist has many tools with large schemas.
// want +2 `A013 schema-too-large: the tool list is \d+ bytes \(\d+\.\d KiB\); Subako takes at most 256 KiB for all tools together`
//
//subako:package biglist
package biglist

// L4 is the innermost level.
type L4 struct {
	// A field.
	F0 string `json:"f0"`
	// A field.
	F1 string `json:"f1"`
	// A field.
	F2 string `json:"f2"`
	// A field.
	F3 string `json:"f3"`
	// A field.
	F4 string `json:"f4"`
	// A field.
	F5 string `json:"f5"`
	// A field.
	F6 string `json:"f6"`
	// A field.
	F7 string `json:"f7"`
}

// L3 nests L4.
type L3 struct {
	// A nested field.
	N0 L4 `json:"n0"`
	// A nested field.
	N1 L4 `json:"n1"`
	// A nested field.
	N2 L4 `json:"n2"`
	// A nested field.
	N3 L4 `json:"n3"`
	// A nested field.
	N4 L4 `json:"n4"`
	// A nested field.
	N5 L4 `json:"n5"`
	// A nested field.
	N6 L4 `json:"n6"`
	// A nested field.
	N7 L4 `json:"n7"`
}

// L2 nests L3.
type L2 struct {
	// A nested field.
	N0 L3 `json:"n0"`
	// A nested field.
	N1 L3 `json:"n1"`
	// A nested field.
	N2 L3 `json:"n2"`
	// A nested field.
	N3 L3 `json:"n3"`
	// A nested field.
	N4 L3 `json:"n4"`
	// A nested field.
	N5 L3 `json:"n5"`
	// A nested field.
	N6 L3 `json:"n6"`
	// A nested field.
	N7 L3 `json:"n7"`
}

// L1 nests L2.
type L1 struct {
	// A nested field.
	N0 L2 `json:"n0"`
	// A nested field.
	N1 L2 `json:"n1"`
	// A nested field.
	N2 L2 `json:"n2"`
	// A nested field.
	N3 L2 `json:"n3"`
}

// Out is the output.
type Out struct{}

// Tool0 takes an L2.
//
//subako:function
func tool0(in L2) (Out, error) { return Out{}, nil }

// Tool1 takes an L2.
//
//subako:function
func tool1(in L2) (Out, error) { return Out{}, nil }

// Tool2 takes an L2.
//
//subako:function
func tool2(in L2) (Out, error) { return Out{}, nil }

// Tool3 takes an L2.
//
//subako:function
func tool3(in L2) (Out, error) { return Out{}, nil }

// Tool4 takes an L2.
//
//subako:function
func tool4(in L2) (Out, error) { return Out{}, nil }

// Tool5 takes an L2.
//
//subako:function
func tool5(in L2) (Out, error) { return Out{}, nil }

// Tool6 takes an L2.
//
//subako:function
func tool6(in L2) (Out, error) { return Out{}, nil }

// Tool7 takes an L2.
//
//subako:function
func tool7(in L2) (Out, error) { return Out{}, nil }

// Tool8 takes an L2.
//
//subako:function
func tool8(in L2) (Out, error) { return Out{}, nil }
