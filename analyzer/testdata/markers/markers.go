// Markers has markers that do not fit.
//
//subako:package markers
package markers

import "time"

// Color is an enum.
type Color string

// The colors.
const (
	Red  Color = "red"  // Red.
	Blue Color = "blue" // Blue.
)

// Node is recursive.
type Node struct {
	// Children.
	//subako:ignore A020 the schema of every kind of type is under test
	Children []Node `json:"children"`
}

// Unknown has unknown and misspelled markers.
type Unknown struct {
	// Case.
	// want +1 `A009 marker-unknown: unknown marker //subako:minlength: did you mean //subako:minLength\?`
	//subako:minlength=1
	A string `json:"a"`
	// Typo.
	// want +1 `A009 marker-unknown: unknown marker //subako:maximun: did you mean //subako:maximum\?`
	//subako:maximun=10
	B int `json:"b"`
	// Transposed.
	// want +1 `A009 marker-unknown: unknown marker //subako:patetrn: did you mean //subako:pattern\?`
	//subako:patetrn=^a
	C string `json:"c"`
	// Nothing close.
	// want +1 `A009 marker-unknown: unknown marker //subako:widget \(known: package, function, format, enum`
	//subako:widget=3
	D string `json:"d"`
	// A misspelled list marker with the wrong separator: the fix mends both.
	// want +1 `A009 marker-unknown: unknown marker //subako:enumm: did you mean //subako:enum\?`
	//subako:enumm=loud,quiet
	E string `json:"e"`
	// A misspelled marker whose value is wrong for it has no fix.
	// want +1 `A009 marker-unknown: unknown marker //subako:maximun: did you mean //subako:maximum\?`
	//subako:maximun=ten
	F int `json:"f"`
}

// Misplaced has markers on the wrong types.
type Misplaced struct {
	// Length of an int.
	// want +1 `A010 marker-misplaced: //subako:minLength applies to strings, not int`
	//subako:minLength=1
	A int `json:"a"`
	// Minimum of a string.
	// want +1 `A010 marker-misplaced: //subako:minimum applies to numbers, not string`
	//subako:minimum=1
	B string `json:"b"`
	// A pattern reaches the elements, which are ints.
	// want +1 `A010 marker-misplaced: //subako:pattern applies to strings, not int`
	//subako:pattern=^a
	C []int `json:"c"`
	// minItems of a string.
	// want +1 `A010 marker-misplaced: //subako:minItems applies to slices, not string`
	//subako:minItems=1
	D string `json:"d"`
	// minItems of an array.
	// want +1 `A010 marker-misplaced: //subako:maxItems does not apply to an array: \[3\] fixes its length`
	//subako:maxItems=2
	E [3]int `json:"e"`
	// minProperties of a slice.
	// want +1 `A010 marker-misplaced: //subako:minProperties applies to maps, not string`
	//subako:minProperties=1
	F []string `json:"f"`
	// An enum of an enum.
	// want +1 `A010 marker-misplaced: //subako:enum: enum Color is an enum already, from its constants`
	//subako:enum=red
	G Color `json:"g"`
	// An enum of bools.
	// want +1 `A010 marker-misplaced: //subako:enum applies to strings and integers, not bool`
	//subako:enum=true
	H bool `json:"h"`
	// Any on a string.
	// want +1 `A010 marker-misplaced: //subako:any is for an interface\{\} or a type with its own MarshalJSON; string has a schema already`
	//subako:any
	I string `json:"i"`
	// Format of an int.
	// want +1 `A010 marker-misplaced: //subako:format applies to strings, time.Time and time.Duration, not int`
	//subako:format=email
	J int `json:"j"`
	// Default of a slice.
	// want +1 `A010 marker-misplaced: //subako:default applies to strings, numbers, booleans, enums, times and durations, not \[\]string`
	//subako:default=a
	K []string `json:"k"`
	// Through a recursive type.
	// want +1 `A010 marker-misplaced: //subako:minimum applies to numbers, not recursive type Node`
	//subako:minimum=1
	//subako:ignore A020 the schema of every kind of type is under test
	L []Node `json:"l"`
	// Markers on an embedded struct.
	// want +1 `A010 marker-misplaced: //subako:optional on embedded Node does not apply: its fields are promoted, so mark them instead`
	//subako:optional
	Node
	// A function marker on a field.
	// want +1 `A010 marker-misplaced: //subako:function belongs in the doc comment of a package-level function`
	//subako:function
	M string `json:"m"`
}

// Values has markers with values that cannot work.
type Values struct {
	// Out of range.
	// want +1 `A011 marker-value: //subako:maximum: 300 is out of range for int8 \(-128..127\)`
	//subako:maximum=300
	A int8 `json:"a"`
	// Negative unsigned.
	// want +1 `A011 marker-value: //subako:minimum: -1 is out of range for uint \(0..18446744073709551615\)`
	//subako:minimum=-1
	B uint `json:"b"`
	// Fraction for an integer.
	// want +1 `A011 marker-value: //subako:minimum: "1.5" is not an integer, and int is an integer type`
	//subako:minimum=1.5
	C int `json:"c"`
	// Not a number.
	// want +1 `A011 marker-value: //subako:maximum: "abc" is not a finite number`
	//subako:maximum=abc
	D float64 `json:"d"`
	// Negative length.
	// want +1 `A011 marker-value: //subako:minLength=-1: want a whole number, 0 or more`
	//subako:minLength=-1
	E string `json:"e"`
	// Crossed bounds.
	//subako:minimum=10
	// want +1 `A011 marker-value: //subako:minimum=10 and //subako:maximum=5 leave no value`
	//subako:maximum=5
	F int `json:"f"`
	// Crossed lengths.
	//subako:minLength=5
	// want +1 `A011 marker-value: //subako:minLength=5 is above //subako:maxLength=2`
	//subako:maxLength=2
	G string `json:"g"`
	// Lookahead.
	// want +1 `A011 marker-value: //subako:pattern does not compile with Go's regexp \(RE2\).*invalid or unsupported Perl syntax`
	//subako:pattern=^(?=a)
	H string `json:"h"`
	// Unknown format.
	// want +1 `A011 marker-value: //subako:format=colour: unknown format for string \(want one of date-time`
	//subako:format=colour
	I string `json:"i"`
	// Duration format on a time.
	// want +1 `A011 marker-value: //subako:format=seconds: unknown format for time.Time \(want one of date-time, date\)`
	//subako:format=seconds
	J time.Time `json:"j"`
	// Empty enum value.
	// want +1 `A011 marker-value: //subako:enum=a;;b has an empty value`
	//subako:enum=a;;b
	K string `json:"k"`
	// Repeated enum value.
	// want +1 `A011 marker-value: //subako:enum lists a twice`
	//subako:enum=a;b;a
	L string `json:"l"`
	// Enum out of range.
	// want +1 `A011 marker-value: //subako:enum: 300 is out of range for int8`
	//subako:enum=1;300
	M int8 `json:"m"`
	// multipleOf zero.
	// want +1 `A011 marker-value: //subako:multipleOf=0: want a number above 0`
	//subako:multipleOf=0
	N int `json:"n"`
	// Marker needs a value.
	// want +1 `A011 marker-value: //subako:minimum needs a value`
	//subako:minimum
	O int `json:"o"`
	// Takes no value.
	// want +1 `A011 marker-value: //subako:required takes no value`
	//subako:required=yes
	P string `json:"p"`
	// Text after the name.
	// want +1 `A011 marker-value: //subako:minimum: unexpected "5" \(write //subako:minimum=value\)`
	//subako:minimum 5
	Q int `json:"q"`
	// Twice.
	//subako:minimum=1
	// want +1 `A011 marker-value: //subako:minimum is given twice`
	//subako:minimum=2
	R int `json:"r"`
	// Both optional and required.
	//subako:optional
	// want +1 `A011 marker-value: a field cannot be both //subako:optional and //subako:required`
	//subako:required
	S string `json:"s"`
	// Required with a default.
	//subako:required
	// want +1 `A011 marker-value: a field with a default is optional: drop //subako:required`
	//subako:default=x
	T string `json:"t"`
	// float32 range.
	// want +1 `A011 marker-value: //subako:maximum: 1e39 is out of range for float32`
	//subako:maximum=1e39
	U float32 `json:"u"`
	// A list with commas.
	// want +1 `A011 marker-value: //subako:enum=loud, quiet looks like a list, but list values are separated by ";": write //subako:enum=loud;quiet \(or, for one value with a comma in it, a JSON string: "loud, quiet"\)`
	//subako:enum=loud, quiet
	V string `json:"v"`
	// Quoted values may hold the separators.
	//subako:enum="a,b";"c;d";e
	W string `json:"w"`
	// A broken quote.
	// want +1 `A011 marker-value: //subako:enum="a;b a value starts with " but is not a JSON string`
	//subako:enum="a;b
	X string `json:"x"`
}

// Defaults has defaults that do not fit.
type Defaults struct {
	// Not an integer.
	// want +1 `A011 marker-value: //subako:default: "x" is not an integer`
	//subako:default=x
	A int `json:"a"`
	// Not one of the values.
	// want +1 `A011 marker-value: //subako:default=green: not one of the enum's values \(red, blue\)`
	//subako:default=green
	B Color `json:"b"`
	// Too short.
	//subako:minLength=3
	// want +1 `A011 marker-value: //subako:default="ab": its length 2 is outside the field's minLength/maxLength`
	//subako:default="ab"
	C string `json:"c"`
	// Wrong pattern.
	//subako:pattern=^[0-9]+$
	// want +1 `A011 marker-value: //subako:default=abc: does not match the field's pattern`
	//subako:default=abc
	D string `json:"d"`
	// Above the maximum.
	//subako:maximum=10
	// want +1 `A011 marker-value: //subako:default=15: not at most 10`
	//subako:default=15
	E int `json:"e"`
	// Not a boolean.
	// want +1 `A011 marker-value: //subako:default=maybe: want true or false`
	//subako:default=maybe
	F bool `json:"f"`
	// Not a time.
	// want +1 `A011 marker-value: //subako:default=yesterday: want an RFC 3339 date-time`
	//subako:default=yesterday
	G time.Time `json:"g"`
	// Not a multiple.
	//subako:multipleOf=5
	// want +1 `A011 marker-value: //subako:default=7: not a multiple of 5`
	//subako:default=7
	H int `json:"h"`
	// Not an ISO duration.
	//subako:format=duration
	// want +1 `A011 marker-value: //subako:default=1h: want an ISO 8601 duration`
	//subako:default=1h
	I time.Duration `json:"i"`
	// Fine: quoted and bare strings, an enum, a duration.
	//subako:default="a b"
	J string `json:"j"`
	// Fine.
	//subako:default=blue
	K Color `json:"k"`
	// Fine.
	//subako:format=milliseconds
	//subako:default=1500
	L time.Duration `json:"l"`
}

// In is the input.
type In struct {
	// Unknown markers.
	Unknown Unknown `json:"unknown"`
	// Misplaced markers.
	Misplaced Misplaced `json:"misplaced"`
	// Bad values.
	Values Values `json:"values"`
	// Bad defaults.
	Defaults Defaults `json:"defaults"`
}

// Out is the output.
type Out struct{}

// Tool is a tool.
// want +3 `A010 marker-misplaced: //subako:minimum is a field marker`
//
//subako:function
//subako:minimum=1
func tool(in In) (Out, error) { return Out{}, nil }

// Typed is a type with a marker.
// want +2 `A010 marker-misplaced: //subako:enum is a field marker: put it in the doc or line comment of a struct field`
//
//subako:enum=a;b
type Typed string

// A package directive on a function.
// want +2 `A010 marker-misplaced: //subako:package belongs in the package doc comment`
//
//subako:package again
func helper() {}
