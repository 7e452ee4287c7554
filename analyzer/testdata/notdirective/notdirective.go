// Notdirective has markers that Go does not take for directives.
//
//subako:package notdirective
package notdirective

// In is the input.
type In struct {
	// A space after the slashes.
	// subako:minimum=1 // want `A012 marker-not-directive: // subako:minimum=1 is not a Go directive \(space after //\), so it is not applied and leaks into the description: write //subako:minimum=1`
	A int `json:"a"`
	// An upper-case letter after the colon.
	//subako:Minimum=1 // want `A012 marker-not-directive: .*\(upper-case letter after the colon\).*write //subako:minimum=1`
	B int `json:"b"`
	// Upper case in subako.
	//Subako:maxLength=3 // want `A012 marker-not-directive: .*\(upper case in subako\).*write //subako:maxLength=3`
	C string `json:"c"`
	// Kubebuilder style.
	//+subako:optional // want `A012 marker-not-directive: .*\('\+' after //\).*write //subako:optional`
	D string `json:"d"`
	// An unknown marker that is not a directive either.
	//subako:Widget=1 // want `A012 marker-not-directive: //subako:Widget=1 is not a Go directive \(upper-case letter after the colon\), so it is not applied and leaks into the description; and //subako:Widget is not a marker`
	E int `json:"e"`
	// Subako: prose mentioning the platform is left alone.
	F int `json:"f"`
}

// Out is the output.
type Out struct{}

// Tool is a tool.
//
// subako:function // want `A012 marker-not-directive: // subako:function is not a Go directive`
//
//subako:function
func tool(in In) (Out, error) { return Out{}, nil }
