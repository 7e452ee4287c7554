// Tags has fields without json tags.
//
//subako:package tags
package tags

// In is the input.
type In struct {
	// The user.
	UserID string // want `A007 field-json-tag: field UserID has no json tag, so its JSON name is the Go name: add json:"user_id"`
	// A key.
	APIKey string `yaml:"key"` // want `A007 field-json-tag: field APIKey has no json tag.*json:"api_key"`
	// Empty tag.
	Count int `` // want `A007 field-json-tag: field Count`
	// Tagged.
	Fine string `json:"fine"`
	// Options but no name keep the Go name.
	Opt string `json:",omitempty"` // want `A007 field-json-tag: field Opt`
	Embedded
	// Two names share a tag.
	A, B int // want `A007 field-json-tag: field A` `A007 field-json-tag: field B`
	// Who.
	Name string `json:"name"` // want `A022 json-name-duplicate: field Name has the JSON name "name", as Nick at the same depth, so encoding/json leaves them all out \(the schema has no "name" and a call that sends it is refused\): rename one, or tag one json:"-"`
	// Also who.
	Nick string `json:"name"` // want `A022 json-name-duplicate: field Nick has the JSON name "name", as Name`
}

// Embedded is promoted into In.
type Embedded struct {
	// Promoted.
	Promoted string `json:"promoted"`
	// Clashes with Other.Same at the same depth.
	Same string `json:"same"` // want `A022 json-name-duplicate: field Same has the JSON name "same", as Same at the same depth, so encoding/json leaves them all out`
}

// Out is the output.
type Out struct {
	Result string // want `A007 field-json-tag: field Result has no json tag`
	// Tags reflect cannot read.
	Bad Malformed `json:"bad"`
	Clash
}

// Clash embeds two structs with the same field.
type Clash struct {
	Embedded
	Other
}

// Other has a field named like one of Embedded.
type Other struct {
	Same string `json:"same"` // want `A022 json-name-duplicate: field Same has the JSON name "same"`
}

// Tool is a tool.
//
//subako:function
func tool(in In) (Out, error) { return Out{}, nil }

// Malformed has tags reflect cannot read, as go vet's structtag says.
type Malformed struct {
	// Unquoted.
	Name string `json:name` // want "A025 struct-tag-malformed: the tag of field Name is malformed \\(`json:name`: not key:\"value\" pairs, which reflect.StructTag.Get reads\\), so its JSON name is the Go name Name: write `json:\"name\"`"
	// A space after the colon, with options.
	Age int `json: "age,omitempty"` // want "A025 struct-tag-malformed: the tag of field Age.*write `json:\"age,omitempty\"`"
	// Single quotes, after a good key.
	Zip string `yaml:"zip" json:'zip'` // want "A025 struct-tag-malformed: .*write `yaml:\"zip\" json:\"zip\"`"
	// A bad key before a good json key hides it too.
	City string `xml:city json:"city"` // want "A025 struct-tag-malformed: .*write `xml:\"city\" json:\"city\"`"
	// Hostile bytes: the message escapes them (ESC, a bidi override).
	Evil string `json:name[31m‮` // want `A025 struct-tag-malformed: the tag of field Evil is malformed \(.json:name\\x1b\[31m\\u202e.: not key`
	// No json key meant: a missing tag, A007.
	Note string `yaml:note` // want `A007 field-json-tag: field Note has no json tag`
}
