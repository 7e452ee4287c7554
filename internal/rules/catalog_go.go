package rules

// The Go source rules (A...), reported by the analyzers in
// github.com/subako-ai/subako-go/analyzer on a Go function package: go vet
// -vettool, golangci-lint, subakogo check. A diagnostic's category is the
// rule's ID. IDs never change meaning; a retired rule keeps its ID reserved.
var (
	GoHandlerShape = &Rule{ID: "A001", Slug: "handler-shape", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A //subako:function that is not a func(In) (Out, error)",
		Why: `A tool's handler is a package-level function of one parameter, a named struct type whose
fields are the tool's arguments, with two results: the value the tool answers (any type with a
JSON Schema, or subako.Answer[T] to show images too) and an error. Methods, generic functions,
variadic functions, other parameter or result lists, and inputs that are not named structs
(pointers, maps, strings, anonymous structs) cannot be called by the generated dispatch.
The directive itself must sit in a function's doc comment.`,
		Example: `    //subako:function
    func greet(name string) string { ... }            // not func(In) (Out, error)

    //subako:function
    func (s *Server) Greet(in GreetInput) (Greeting, error) { ... } // a method`,
		Fix: `write a package-level function that takes a struct and returns a value and an error:
    type GreetInput struct {
        // Who to greet.
        Name string ` + "`" + `json:"name"` + "`" + `
    }

    //subako:function
    func greet(in GreetInput) (Greeting, error) { ... }
A method can be wrapped: func greet(in GreetInput) (Greeting, error) { return server.Greet(in) }.`,
	}

	GoToolName = &Rule{ID: "A002", Slug: "tool-name", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A tool name Subako refuses",
		Why: `Subako takes tool names of 1 to 64 characters of a-z, 0-9, '_' and '-'. The name is the
function's name in snake_case (fetchPage is fetch_page), or the name= argument of the directive.`,
		Example: `    //subako:function name=Fetch.Page
    func fetchPage(in PageInput) (Page, error)`,
		Fix: `use lower-case letters, digits, '_' and '-' only, at most 64 of them:
    //subako:function name=fetch_page
The message names the name to write (name=Get Greeting: write name=get_greeting), and the
suggested fix rewrites it that way; it suggests nothing for a name with a letter beyond ASCII
(café: the name would lose it), and no fix when another tool of the package has the name it would
suggest. A directive takes no comment after it (name=get_thing2 // legacy is A011): write the
comment on a line of its own.`,
	}

	GoToolNameDuplicate = &Rule{ID: "A003", Slug: "tool-name-duplicate", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "Two tools with the same name",
		Why: `Tool names must be unique in a package: Subako refuses an upload that lists a name twice, and a
call could not say which one it means.`,
		Example: `func getUser and func GetUser both become get_user; or two functions carry
//subako:function name=search.`,
		Fix: "rename one of the functions, or give one a different name= argument.",
	}

	GoToolCount = &Rule{ID: "A004", Slug: "tool-count", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "No tools, or more than 64",
		Why: `A package offers 1 to 64 tools. Subako refuses an upload with none or with more.
A package with a //subako:package directive and no //subako:function has none.`,
		Example: "a package with 70 handlers, generated one per API endpoint.",
		Fix: `split the package in two, or merge closely related tools into one with an argument that
selects the operation (an enum works well). A package with no tools needs at least one
//subako:function.`,
	}

	GoDescriptionMissing = &Rule{ID: "A005", Slug: "description-missing", Severity: Warning, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A tool, field or package without a description",
		Why: `The model decides when to call a tool, and what to pass, from descriptions: the tool's from the
handler's doc comment, each argument's from the field's doc comment (or line comment, or the doc
comment of its named type), the package's from the package doc comment. Without one the model
guesses from the name.`,
		Example: `    //subako:function
    func greet(in GreetInput) (Greeting, error)   // no doc comment
    type GreetInput struct {
        Name string ` + "`" + `json:"name"` + "`" + `               // no comment
    }`,
		Fix: `write doc comments; directives such as //subako:function stay out of the text:
    // Greet someone by name.
    //
    //subako:function
    func greet(in GreetInput) (Greeting, error)`,
	}

	GoDescriptionTooLong = &Rule{ID: "A006", Slug: "description-too-long", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A description over 1,024 characters",
		Why: `Subako takes tool descriptions of up to 1,024 characters (Unicode code points) and refuses the
upload otherwise; field descriptions are held to the same limit, since the model reads every one
of them on every call. An enum's value descriptions count towards its field's description.`,
		Example: "a handler whose doc comment pastes in the whole API reference.",
		Fix: `keep the description to what the model needs to choose the tool and fill in its arguments;
move the rest to ordinary comments that are not doc comments (separated by a blank line), or
into the package's documentation.`,
	}

	GoFieldJSONTag = &Rule{ID: "A007", Slug: "field-json-tag", Severity: Warning, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A field without a json tag",
		Why: `Argument and result names are part of the tool's interface: the model reads and writes them.
Without a json tag the JSON name is the Go field name (UserID), which changes whenever the Go
code is refactored and reads poorly to a model. (Two fields with one JSON name, which encoding/json
would both drop, are an error of their own, A022.)`,
		Example: `    type SearchInput struct {
        Query string
    }`,
		Fix: `name every field:
    Query string ` + "`" + `json:"query"` + "`" + `
The suggested fix adds json:"query", the field name in snake_case. Use json:"-" to leave a field out.`,
	}

	GoTypeUnsupported = &Rule{ID: "A008", Slug: "type-unsupported", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A type with no JSON Schema",
		Why: `Every type a tool takes or returns needs a JSON Schema and a generated decoder or encoder.
These have none: channels, functions, complex numbers, unsafe.Pointer and uintptr, maps whose keys
are not strings, pointers to pointers, embedded pointers to structs, interfaces (unless an empty
interface or a type with its own MarshalJSON is marked //subako:any), subako.Answer anywhere but
as the result, the ,string tag option, and time.Duration without a format (its JSON form is not
obvious: encoding/json writes nanoseconds, encoding/json/v2 refuses to guess).`,
		Example: `    type Input struct {
        Timeout time.Duration ` + "`" + `json:"timeout"` + "`" + `
        Scores  map[int]float64 ` + "`" + `json:"scores"` + "`" + `
    }`,
		Fix: `use a type with a JSON form, or say which one:
    // How long to wait.
    //subako:format=seconds
    Timeout time.Duration ` + "`" + `json:"timeout"` + "`" + `    // an integer number of seconds
    Scores map[string]float64 ` + "`" + `json:"scores"` + "`" + `
    //subako:any
    Extra any ` + "`" + `json:"extra"` + "`" + `                  // any JSON value
Duration formats: nanoseconds, milliseconds, seconds (integers), duration (ISO 8601, "PT1M30S").`,
	}

	GoMarkerUnknown = &Rule{ID: "A009", Slug: "marker-unknown", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "An unknown or misspelled //subako: marker",
		Why: `Markers are checked by name, and an unknown one would otherwise be ignored silently. The field
markers are minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf, minLength,
maxLength, pattern, format, enum, default, minItems, maxItems, minProperties, maxProperties,
optional, required and any; //subako:function takes name=; //subako:package takes the name.`,
		Example: `    //subako:minlength=1      (minLength)
    //subako:maximun=10       (maximum)`,
		Fix: `spell the marker as listed. When the intended marker is certain (a difference in case, or a
single close match), the suggested fix respells it.`,
	}

	GoMarkerMisplaced = &Rule{ID: "A010", Slug: "marker-misplaced", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A //subako: marker on the wrong type or declaration",
		Why: `Each marker applies to some types only, and to one kind of declaration: //subako:package to the
package doc comment, //subako:function to a function's doc comment, the others to struct fields
(doc or line comment). Value markers go on the value they constrain, which for a slice, map or
pointer field is its element: minimum, maximum, exclusiveMinimum, exclusiveMaximum and multipleOf
on numbers; minLength, maxLength and pattern on strings; format on strings, time.Time and
time.Duration; enum on strings and integers that are not already enums; any on an empty
interface or a type with its own MarshalJSON. minItems and maxItems go on slices,
minProperties and maxProperties on maps, default on scalar fields.`,
		Example: `    //subako:minLength=1
    Count int ` + "`" + `json:"count"` + "`" + ``,
		Fix: `use the marker that fits the type (//subako:minimum=1 for an integer), or move the marker
to the declaration it belongs to.`,
	}

	GoMarkerValue = &Rule{ID: "A011", Slug: "marker-value", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A //subako: marker with a value that cannot work",
		Why: `A marker's value must parse and fit its field: a bound within the Go type's range (an int8
cannot reach 300, a uint cannot be -1) and integral for an integer; lengths and counts whole and
not negative; a minimum not above its maximum; a pattern that Go's regexp (RE2) compiles, since
the generated code checks it with regexp; a known format; enum values that are distinct and fit
the type; a default that is valid for the field and its other markers; not both optional and
required, nor required with a default; and each marker once.`,
		Example: `    //subako:maximum=300
    Level int8 ` + "`" + `json:"level"` + "`" + `
    //subako:pattern=^(?=.*\d)
    Code string ` + "`" + `json:"code"` + "`" + `     // lookahead is not RE2`,
		Fix: `correct the value: a bound that fits the type (or a wider type), a pattern without
lookaround or backreferences, a default that satisfies the field's own markers.`,
	}

	GoMarkerNotDirective = &Rule{ID: "A012", Slug: "marker-not-directive", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A marker that Go does not treat as a directive",
		Why: `Go treats a comment as a directive only when "//" is followed directly by lower-case letters or
digits, a colon and a lower-case letter or digit. A marker written any other way is not one: it is
not applied, and it becomes part of the doc comment, so it leaks into the description the model
reads (and gofmt may reflow it).`,
		Example: `    // subako:minimum=1       (a space after //)
    //subako:Minimum=1        (an upper-case letter after the colon)
    //Subako:function`,
		Fix: `write the marker with no space and with its exact spelling: //subako:minimum=1.
The suggested fix respells it.`,
	}

	GoSchemaTooLarge = &Rule{ID: "A013", Slug: "schema-too-large", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A schema over 64 KiB, or a tool list over 256 KiB",
		Why: `Subako takes input and output schemas of up to 64 KiB each and a tools/list of up to 256 KiB in
all, and refuses the upload otherwise. Named types are inlined at each use (only recursive types
go to $defs, since several clients reject $ref), so a struct used in many places counts many
times.`,
		Example: `an output type that embeds a large API response struct with hundreds of fields, or a
struct used in ten fields of another.`,
		Fix: `return only what the model needs; describe large nested values with fewer fields, or as
a json.RawMessage (any JSON) where their shape does not matter to the model; split the package.`,
	}

	GoStdoutWrite = &Rule{ID: "A014", Slug: "stdout-write", Severity: Error, Since: "v0.1.0", By: RuntimeAnalyzer,
		Title: "Output written to the protocol's stdout",
		Why: `A function package speaks JSON-RPC on stdout, one message per line. Anything else written there
is a line that is not a message, and Subako treats the call as crashed. subako.Serve makes
os.Stdout stderr before the first call, so a print at call time lands on stderr (A031, a
warning); what it cannot redirect is this rule: a write when the module starts (in an init
function or a package-level variable's initialiser, where os.Stdout is still the protocol's,
and a logger or writer made from it there keeps writing to it), and a write to file descriptor 1
itself (syscall.Stdout). The rule checks every file of the package that is built for wasip1
(files for other platforms and tests are left alone), every call into another package of the
module that writes to fd 1, however deep, reported at the call with the path to the write
(say.Raw writes to file descriptor 1 (say.Raw → syscall.Stdout)), and every package of the module
it imports whose init or package variables write to stdout, on the import. A package of another
module is at most A031: its author cannot edit it.`,
		Example: `    var logger = log.New(os.Stdout, "", 0)      // captured before Serve

    func init() { log.SetOutput(os.Stdout) }

    syscall.Write(syscall.Stdout, b)`,
		Fix: `write diagnostics to stderr, which Subako keeps (the last 4 KiB are shown when a call
crashes): log.New(os.Stderr, ...), fmt.Fprintln(os.Stderr, ...), or the log package's default
output. Put what the model should read in the tool's result instead.`,
	}

	GoExitInHandler = &Rule{ID: "A015", Slug: "exit-in-handler", Severity: Error, Since: "v0.1.0", By: RuntimeAnalyzer,
		Title: "os.Exit or log.Fatal reachable from a handler",
		Why: `A handler that exits the process ends the call without an answer, which Subako reports as a
crash; a model would never learn what went wrong. The rule follows calls from each handler to the
functions and methods of its package, and through go/analysis facts into the functions of every
other package of the module (not the standard library, whose exits are listed, nor versioned
dependencies; calls through interfaces are not followed), and reports every os.Exit,
syscall.Exit, log.Fatal* and (*log.Logger).Fatal* it reaches, at the call in the handler's
package, with the path to the exit. A panic in init is not reached from a handler.`,
		Example: `    func load(path string) Config {
        b, err := os.ReadFile(path)
        if err != nil {
            log.Fatal(err)
        }
        ...
    }`,
		Fix: "return an error instead; the handler returns it and the model reads it as an error result.",
	}

	GoNetHTTP = &Rule{ID: "A016", Slug: "net-http", Severity: Error, Since: "v0.1.0", By: NetHTTPAnalyzer,
		Title: "net/http in a package built for wasip1",
		Why: `WASI preview 1 has no sockets, so net/http cannot connect anywhere: every request fails at run
time, and the package adds megabytes to the module. Subako gives packages HTTP through the
subako_http host functions instead, which also apply the agent's host allowlist and credentials.
The rule reports imports of net/http (and its subpackages) in files built for wasip1, directly
or through a non-standard package that imports it.`,
		Example: `    resp, err := http.Get("https://api.example.com/v1/items")`,
		Fix: `use subako.Fetch:
    resp, err := subako.Fetch(&subako.HTTPRequest{Method: "GET", URL: "https://api.example.com/v1/items"})
Code that must use net/http on other platforms can live in a file with //go:build !wasip1.`,
	}

	GoGeneratedStale = &Rule{ID: "A017", Slug: "generated-stale", Severity: Error, Since: "v0.1.0", By: GeneratedAnalyzer,
		Title: "subako_gen.go is missing or out of date",
		Why: `subako_gen.go holds what subakogo generate derives from the handlers: schemas, decoders,
encoders and the dispatch. It records a hash of the package model it was generated from; when a
handler, a type, a comment or a marker changes, the hash no longer matches and the module would
serve stale schemas or decode arguments the old way. The finding is reported on the first handler,
since editors and linters hide findings inside generated files.`,
		Example: "a field was added to GreetInput after the last go generate.",
		Fix: `regenerate:
    go generate ./...
with //go:generate go tool subakogo-generate in the package. subakogo init writes a go.mod that has
the generator as a tool; in a module of your own, add it to go.mod by hand, as init does:
    tool github.com/subako-ai/subako-go/cmd/subakogo-generate
    require github.com/subako-ai/subako-go VERSION
(from a checkout of subako-go, also: replace github.com/subako-ai/subako-go => /path/to/checkout),
then go mod tidy; or run subakogo generate ./... with the subakogo you have. In CI, subakogo
generate -check fails when the file is out of date.`,
	}

	GoPackageDirective = &Rule{ID: "A018", Slug: "package-directive", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A missing, invalid or repeated //subako:package directive",
		Why: `A function package has a name, given once by a //subako:package NAME directive in the package
doc comment (the doc comment itself is the package's description, as in the Rust SDK's
package! macro). The name takes 1 to 64 characters of a-z, 0-9, '_' and '-', like a tool name.`,
		Example: `    // Hello says hello.
    package main                     // no directive

    //subako:package Hello World     (not a valid name)`,
		Fix: `    // Hello says hello.
    //
    //subako:package hello
    package main`,
	}

	// GoIgnore is the rule for //subako:ignore directives themselves.
	GoIgnore = &Rule{ID: "A019", Slug: "ignore-directive", Severity: Error, Since: "v0.1.0", By: ModelAnalyzer,
		Title: "A //subako:ignore without a reason, naming no rule, or suppressing no error",
		Why: `//subako:ignore ID reason suppresses one rule's findings on its own line and the line below
it. The reason is required, so the next reader knows why; an ignore of an error rule that
suppresses nothing is reported, so none outlives the code it was written for (one of a warning or
info rule that suppresses nothing is A023, a warning). On the command line, lint and check take
--ignore ID instead.`,
		Example: `    //subako:ignore A014
    fmt.Println("ready")   // no reason given`,
		Fix: `give the reason (//subako:ignore A014 the banner goes to stderr in production builds),
correct the rule ID, or remove the ignore.`,
	}

	GoSchemaPortability = &Rule{ID: "A020", Slug: "schema-portability", Severity: Warning, Since: "v0.2.0", By: ModelAnalyzer,
		Title: "An input field whose schema some MCP clients or model APIs refuse",
		Why: `Some Go types have a schema that not every client takes: a map is an object without
"properties" (OpenAI strict mode refuses it), an interface{} or json.RawMessage is a property
without "type" (Gemini CLI skips the tool), and a recursive type needs "$ref" and "$defs" (Gemini
refuses references). The analyzer reports each on the input field, where the Go fix is; the
tool-list rules (T021, T023, T024) stay silent for packages generated by subako-go, which mark
their tools with _meta "ai.subako/generator", since their author can act only here.`,
		Example: `    type Input struct {
        // Labels to set.
        Labels map[string]string ` + "`json:\"labels\"`" + `
    }`,
		Fix: `use a struct with the known keys as fields, or a slice of {name, value} structs, for a map;
a concrete type for an any; distinct types that bound the depth for a recursive one. Or keep the
type, if the package's clients take it, and //subako:ignore A020 with the reason.`,
	}

	GoHintContradicted = &Rule{ID: "A040", Slug: "hint-contradicted", Severity: Error, Since: "v0.2.0", By: HintsAnalyzer,
		Title: "A tool annotation that the handler's code contradicts",
		Why: `Clients decide from a tool's annotations what to ask the user before a call: a read-only
tool may be called without asking, a closed-world one is trusted not to reach the network. A
handler marked //subako:readOnly whose code can write a file outside /volume/tmp (the call's
scratch space; /volume/data, which outlives the call, counts) or send a subako_http request
other than GET or HEAD, or one marked //subako:openWorld=false whose code can send any request,
misleads them. The analyzer follows the handler through the functions of the module (across
packages, with facts) to os writes (os.WriteFile, os.Create, os.OpenFile for writing, os.Remove,
os.Rename, os.Mkdir...) and subako.Fetch (its Method, and SaveTo, which writes the response to a
file), and reports each one with its path from the handler. A path or method it cannot tell
(not a constant) counts as a write or a non-GET request.`,
		Example: `    //subako:function
    //subako:readOnly
    func note(in NoteInput) (Saved, error) {
        return Saved{}, os.WriteFile("/volume/data/notes.txt", []byte(in.Text), 0o644)
    }`,
		Fix: `drop the marker the code contradicts (a tool that saves notes is not read-only), or change
the code: write scratch files under /volume/tmp, send GET, give the path or method as a constant.
When the write cannot happen in practice, //subako:ignore A040 with the reason.`,
	}

	GoHintSuggested = &Rule{ID: "A041", Slug: "hint-suggested", Severity: Info, Since: "v0.2.0", By: HintsAnalyzer,
		Title: "A tool annotation the handler could state",
		Why: `MCP's defaults for a tool that states nothing are the most alarming ones: not read-only,
destructive, open world. Clients then ask the user before every call, and some label a greeting
"destructive". When nothing the handler can reach writes a file outside /volume/tmp or sends a
request other than GET or HEAD, it could be marked //subako:readOnly; when nothing it can reach
sends a request at all, //subako:openWorld=false. The analyzer suggests each (with a fix that adds
it) and never adds one to the tool list itself: only what the author states is listed.`,
		Example: `    // Greet someone by name.
    //
    //subako:function
    func greet(in GreetInput) (Greeting, error)   // no file write, no request`,
		Fix: `state the hints in the handler's doc comment:
    //subako:function
    //subako:readOnly
    //subako:openWorld=false
or state the opposite (//subako:readOnly=false) when the tool changes things the analyzer does not
see.`,
	}

	GoFieldUnexported = &Rule{ID: "A030", Slug: "field-unexported", Severity: Error, Since: "v0.2.0", By: ModelAnalyzer,
		Title: "A field of an argument or result type that is not exported",
		Why: `encoding/json, and the generated code after it, sees only exported fields: an unexported one is
left out of the schema without a word, and a call that sends it is refused ("is not a known
member"), though its doc comment says it is an argument. The rule reports every unexported field
of a type a tool takes or returns, in the package or in another package of the module, unless it
is tagged json:"-" (or named _), which says it is meant to stay out.`,
		Example: `    type ShoutInput struct {
        // Who to shout at.
        name string
    }`,
		Fix: `export it and name it:
    Name string ` + "`" + `json:"name"` + "`" + `
or, for a field that is not an argument, say so: ` + "`" + `json:"-"` + "`" + `.`,
	}

	GoStdoutRedirected = &Rule{ID: "A031", Slug: "stdout-redirected", Severity: Warning, Since: "v0.2.0", By: RuntimeAnalyzer,
		Title: "A print to os.Stdout during a call, which lands on stderr",
		Why: `subako.Serve makes os.Stdout stderr before the first call (fd 1 is the protocol's alone), so
fmt.Println, fmt.Printf, or a writer made from os.Stdout during a call writes a log line on
stderr: Subako keeps its last 4 KiB and shows them when a call crashes, but the model never reads
it. The call does not crash; the warning is there because the author may have meant the answer.
The same holds for such a write in a dependency outside the module (whatever it writes), which
the author cannot edit, so it never blocks generate or go vet.`,
		Example: `    func shout(in ShoutInput) (string, error) {
        fmt.Println("shouting at", in.Name)   // a log line on stderr
        ...
    }`,
		Fix: `say where it goes: fmt.Fprintln(os.Stderr, ...) or log.Printf(...) for a log line, or
put it in the tool's result for the model to read.`,
	}

	GoPathOutsideMounts = &Rule{ID: "A032", Slug: "path-outside-mounts", Severity: Warning, Since: "v0.2.0", By: RuntimeAnalyzer,
		Title: "A file path outside every directory a module can open",
		Why: `A module sees files only under its WASI preopens: /volume/tmp (the call's scratch space), /volume/data
(when the agent enables it), /package (the package's assets/ folder) and /skills. Go under wasip1
fails to open any other absolute path with "bad file number", which says nothing of why; the
runtime adds a line naming the path and the mounts to the error result, and this rule reports a
constant absolute path given to an os file function (os.Open, os.ReadFile, os.WriteFile,
os.Create, os.MkdirAll, ...) that lies outside them, before any call.`,
		Example: `    b, err := os.ReadFile("/etc/hostname")
    os.WriteFile("/tmp/chart.png", png, 0o644)`,
		Fix: `ship files the package reads in its assets/ folder and open them under /package
(/package/words.txt); write scratch files under /volume/tmp (subako.VolumePath("/volume/tmp/chart.png")
finds them in native tests too).`,
	}

	GoTimeZoneData = &Rule{ID: "A021", Slug: "time-zone-data", Severity: Error, Since: "v0.2.0", By: HintsAnalyzer,
		Title: "A handler loads a time zone, and the module has no time zone data",
		Why: `time.LoadLocation reads the zone from the system's zoneinfo files, which a module has
none of: under wasip1 it can open files only under its mounts. Every call that loads a zone then
fails with "Bad file number", which names no path, while go test, which runs on the machine, passes.
The standard library embeds the whole zone database in a module that imports time/tzdata (about
383 KB). The analyzer follows each handler through the module's functions (across packages, with
facts) to time.LoadLocation, and reports the call when nothing in the module imports time/tzdata.`,
		Example: `    loc, err := time.LoadLocation(in.Zone) // "Europe/Paris": Bad file number in the module`,
		Fix: `import the zone database into the module, one line in the package's main file
(go vet -fix adds it): import _ "time/tzdata". subakogo size names its cost. A tool that needs
only UTC or fixed offsets can use time.UTC or time.FixedZone instead.`,
	}

	GoJSONNameDuplicate = &Rule{ID: "A022", Slug: "json-name-duplicate", Severity: Error, Since: "v0.2.0", By: ModelAnalyzer,
		Title: "Two fields with one JSON name",
		Why: `encoding/json, and the generated code after it, leaves out every field of a struct that
shares its JSON name with another at the same depth (two tags alike, or the same name through two
embedded structs): the schema has no such member, and every call that sends it is refused as an
unknown member. Nothing says so at run time; the analyzer reports it at each of the fields.`,
		Example: `    type GreetInput struct {
        Name     string ` + "`" + `json:"name"` + "`" + `
        Nickname string ` + "`" + `json:"name"` + "`" + `
    }`,
		Fix: `give each field its own JSON name, or tag the one meant to stay out json:"-".`,
	}

	GoIgnoreUnused = &Rule{ID: "A023", Slug: "ignore-unused", Severity: Warning, Since: "v0.2.0", By: ModelAnalyzer,
		Title: "A //subako:ignore of advice that suppresses nothing",
		Why: `An ignore of a warning or info rule (A005, A020, A031, A041, ...) that suppresses no finding
is left over from code that changed. It is reported so that it does not hide the next finding on
its line, but as advice: what it names would not block go generate, go vet or pack, and neither
does it. A leftover ignore of an error rule is A019, an error.`,
		Example: `    //subako:ignore A031 the banner is for the log
    return "", nil   // the fmt.Println it was for is gone`,
		Fix: `remove the ignore.`,
	}

	GoOSExec = &Rule{ID: "A024", Slug: "os-exec", Severity: Error, Since: "v0.2.0", By: NetHTTPAnalyzer,
		Title: "os/exec in a package built for wasip1",
		Why: `WASI preview 1 has no processes: a module cannot start a program, so every exec.Command
fails at run time ("exec: \"date\": executable file not found in $PATH") while go test, which runs
on the machine, passes. A tool that runs a program fails on every call. The rule reports imports
of os/exec in files built for wasip1 (a file with //go:build !wasip1 or a _linux.go suffix does
not count, whatever GOOS go vet runs under), directly or through packages of the module that
import it. A dependency outside the module (a versioned one, not replaced) is not followed: it may
import os/exec for a function the tool never calls; a call that does fail is the probes' (P054).`,
		Example: `    out, err := exec.Command("date").Output()`,
		Fix: `do the work in Go (time.Now().Format for date, the standard library for most commands), or
call a web API that does it with subako.Fetch. Code that must run programs on other platforms can
live in a file with //go:build !wasip1.`,
	}

	GoStructTagMalformed = &Rule{ID: "A025", Slug: "struct-tag-malformed", Severity: Error, Since: "v0.2.0", By: ModelAnalyzer,
		Title: "A struct tag whose json key cannot be read",
		Why: `A struct tag is key:"value" pairs separated by spaces, the value in double quotes. A tag
written otherwise (json:name, json: "name", json:'name', json="name", or a malformed key before
the json one) cannot be read by reflect.StructTag.Get: encoding/json and the generator see no json
key, and the field's JSON name is its Go name, not the name the author wrote. go vet's structtag
check reports such tags; go vet -vettool=subakogo runs subakogo's analyzers instead of vet's, so
this rule says it for the fields of a tool's arguments and results. It is an error, as in go vet:
the tag says one thing and the schema another.`,
		Example: "    Name string `json:name`      // the JSON name is Name",
		Fix:     "write the tag as key:\"value\" pairs; the suggested fix rewrites it:\n    Name string `json:\"name\"`",
	}

	GoFetchURL = &Rule{ID: "A027", Slug: "fetch-url", Severity: Error, Since: "v0.2.0", By: NetHTTPAnalyzer,
		Title: "A request with a constant URL that is not https",
		Why: `The ABI takes only https URLs in a subako_http request ("url: Required. https only."): a
request to an http:// URL fails with invalid_request on every call, whatever the arguments,
while go test with a fake host may pass. The rule reports a constant URL in a subako.HTTPRequest
literal, or the constant start of a URL built with +, whose explicit scheme is not https
(http://, ftp://...), or that starts or ends with white space. A URL with no scheme ("/users") is
not reported: a client helper may prefix it with its base URL. It reports in function packages,
and in the module's packages they import, at the import (naming the request's place): a native
command or a package only tests import never runs under Subako.`,
		Example: `    resp, err := subako.Fetch(&subako.HTTPRequest{URL: "http://quotes.example.com/today"})`,
		Fix: `use the service's https URL (https://quotes.example.com/today); a service with no https has to
be reached through one that has.`,
	}

	GoFetchCredential = &Rule{ID: "A028", Slug: "fetch-credential", Severity: Error, Since: "v0.2.0", By: NetHTTPAnalyzer,
		Title: "A request that sends an Authorization header or a password in its URL",
		Why: `Credentials come from the agent's grant: the host attaches the credential the grant stores
for the origin, and refuses a request that brings its own (the ABI's credential_header). A request
with a constant Authorization or Proxy-Authorization header (the headers HTTP defines as carrying
credentials), or a constant URL with a user name or password, fails on every call. A token
written in the source is also a secret anyone with the module can read. As A027, it reports in
function packages, and at the import of the module's packages they import.`,
		Example: `    subako.Fetch(&subako.HTTPRequest{URL: "https://api.example.com/v1",
        Headers: map[string]string{"Authorization": "Bearer " + token}})`,
		Fix: `remove the header and the token: declare the origin's credential in the package's grant (the
agent stores it, and the host attaches it on the way out). A token the model must choose is an
argument, never a constant.`,
	}

	GoFetchCredentialLike = &Rule{ID: "A029", Slug: "fetch-credential-like", Severity: Warning, Since: "v0.2.0", By: NetHTTPAnalyzer,
		Title: "A request with a constant header that looks like a credential",
		Why: `Besides Authorization (A028), hosts refuse headers that carry API keys, tokens, cookies or
signatures (x-api-key, cookie, private-token, x-amz-..., any name with the word auth, token,
secret, session... between its hyphens or underscores: x-auth-token, x-session-id, but not
x-author or x-tokenizer): subakogo's host does, so the request fails on every call in subakogo call, serve and
check. The ABI names no list, so this is a warning: a header named so that carries no credential
is refused all the same, and should be renamed or sent as a query parameter.`,
		Example: `    Headers: map[string]string{"x-api-key": key}`,
		Fix: `let the grant carry the credential (the host attaches it); send data that is no credential under
another header name.`,
	}
)
