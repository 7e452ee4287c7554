// Names has tools with bad and duplicate names.
//
//subako:package names
package names

// In is the input.
type In struct {
	// A name.
	Name string `json:"name"`
}

// Out is the output.
type Out struct{}

// Dotted has a name with a dot and capitals.
// want +2 `A002 tool-name: tool name "Bad.Name" is not 1 to 64 characters`
//
//subako:function name=Bad.Name
func dotted(in In) (Out, error) { return Out{}, nil }

// CamelCase names its tool as Go would: the fix is the snake_case that
// lint's T002 suggests too.
// want +2 `A002 tool-name: tool name "GetWeather" is not 1 to 64 characters`
//
//subako:function name=GetWeather
func camelCase(in In) (Out, error) { return Out{}, nil }

// Spaced has a name with a slash.
// want +2 `A002 tool-name: tool name "fetch/page"`
//
//subako:function name=fetch/page
func spaced(in In) (Out, error) { return Out{}, nil }

// Größe has a name that snake_case cannot make valid ASCII.
//
//subako:function
func Größe(in In) (Out, error) { return Out{}, nil } // want `A002 tool-name: tool name "größe" \(from the function's name\)`

// GetUser gets a user.
//
//subako:function
func GetUser(in In) (Out, error) { return Out{}, nil }

// getUser gets a user too.
//
//subako:function
func getUser(in In) (Out, error) { return Out{}, nil } // want `A003 tool-name-duplicate: tool name "get_user" is used by GetUser too`

// Search searches.
//
//subako:function name=get_user
func search(in In) (Out, error) { return Out{}, nil } // want `A003 tool-name-duplicate: tool name "get_user" is used by GetUser too`

// Typo has a misspelled argument.
// want +2 `A009 marker-unknown: //subako:function takes name=, not nmae: did you mean name\?`
//
//subako:function nmae=typo
func typo(in In) (Out, error) { return Out{}, nil }

// Long has a name over 64 characters.
// want +2 `A002 tool-name`
//
//subako:function name=a_very_long_tool_name_that_goes_on_and_on_well_past_the_limit_of_sixty_four
func long(in In) (Out, error) { return Out{}, nil }

// Spaced has a name of two words: one A002 on both, with the name to
// write, and no A009 on the second word.
// want +2 `A002 tool-name: tool name "Get Greeting" is not 1 to 64 characters of a-z, 0-9, '_' and '-': write name=get_greeting`
//
//subako:function name=Get Greeting
func twoWords(in In) (Out, error) { return Out{}, nil }

// Legacy has a comment after its name: the directive says no comment,
// and its name is get_thing2, no A002.
// want +2 `A011 marker-value: //subako:function takes no comment after its arguments: write // legacy name on a line of its own`
//
//subako:function name=get_thing2 // legacy name
func legacy(in In) (Out, error) { return Out{}, nil }

// Café has a letter beyond ASCII: no name is suggested that drops it.
// want +2 `A002 tool-name: tool name "café" is not 1 to 64 characters of a-z, 0-9, '_' and '-'$`
//
//subako:function name=café
func cafe(in In) (Out, error) { return Out{}, nil }

// Taken would be suggested get_user_2, which another tool has: no fix.
// want +2 `A002 tool-name: tool name "Get_User_2" is not 1 to 64 characters of a-z, 0-9, '_' and '-' \(not get_user_2, the name of user2's tool\)`
//
//subako:function name=Get_User_2
func taken(in In) (Out, error) { return Out{}, nil }

// User2 has the name the other's suggestion would give.
//
//subako:function name=get_user_2
func user2(in In) (Out, error) { return Out{}, nil }
