// Annotations has tools with hints, right and wrong.
//
//subako:package annotations
package annotations

// In is the input.
type In struct {
	// Who.
	//subako:readOnly // want `A010 marker-misplaced: //subako:readOnly is a tool annotation: put it in the doc comment of a //subako:function handler`
	Name string `json:"name"`
}

// Out is the output.
type Out struct {
	// What.
	Text string `json:"text"`
}

// Look looks, and says so.
//
//subako:function
//subako:title=Look it up
//subako:readOnly
//subako:openWorld=false
func look(in In) (Out, error) { return Out{}, nil }

// Change changes what exists, the same way each time.
//
//subako:function
//subako:readOnly=false
//subako:destructive=true
//subako:idempotent
//subako:openWorld=true
func change(in In) (Out, error) { return Out{}, nil }

// Bad states hints wrongly.
//
//subako:function
//subako:readOnly=yes // want `A011 marker-value: //subako:readOnly=yes // want .*: want true or false \(or no value, for true\)`
//subako:idempotent
//subako:idempotent // want `A011 marker-value: //subako:idempotent is given twice`
//subako:openworld=false // want `A009 marker-unknown: unknown marker //subako:openworld: did you mean //subako:openWorld\?`
//subako:title Bad // want `A011 marker-value: //subako:title: unexpected "Bad`
func bad(in In) (Out, error) { return Out{}, nil }

// Untitled has an empty title.
//
// want +2 `A011 marker-value: //subako:title needs a value: //subako:title=Current weather`
//
//subako:title=
//subako:function
func untitled(in In) (Out, error) { return Out{}, nil }

// Both says read-only and destructive.
//
//subako:function
//subako:readOnly
//subako:destructive // want `A011 marker-value: a tool cannot be both //subako:readOnly and //subako:destructive`
func both(in In) (Out, error) { return Out{}, nil }

// helper is no tool.
//
//subako:openWorld=false // want `A010 marker-misplaced: //subako:openWorld annotates a tool, but helper is not marked //subako:function`
func helper() {}
