package rules

// The call probes (P030-P045, P053-P056): after discovery passes, lint, check and serve
// run the module a few more times as Subako runs a call (a fresh instance,
// no network, an empty temporary volume) and judge what it did (package
// probe). Each finding names the probe and the tool, and for argument probes
// the case.
var (
	ProbeValidCall = &Rule{ID: "P030", Slug: "probe-valid-call", Severity: Error, Since: "v0.1.0", By: ProbeCheck,
		Title: "A call with valid arguments did not give a CallToolResult",
		Why: `The probe called the tool with arguments generated from its own inputSchema, as a model would,
and the call broke: a JSON-RPC error, a trap or crash, no answer, or a result that is not an MCP
CallToolResult (content, an array of blocks). Subako tells the model the function crashed. An isError
result is fine: a tool may refuse a made-up value. A Go module that died is quoted by the line that
says why ("stderr says why: "fatal error: out of memory (...)"", a panic's message), not the last frame
of its trace; a call out of time says what it had written to stdout and how large its memory was: a
loop grows neither, a huge answer being built grows the memory.`,
		Example: `make([]byte, 3<<30) in a Go handler (out of memory); a recursion without a base case; a Rust handler that unwraps a field the schema marks optional and panics; a C handler that
answers {"error":{"code":-32603,...}} when its own code fails; a result without "content".`,
		Fix: `answer every call with {"content":[...],"resultType":"complete"}, and turn failures into
isError results (Go: return an error from the handler; Rust: Err(ToolError); C: write the isError
result yourself). Reproduce with subakogo call module.wasm TOOL 'ARGS' using the arguments the
finding quotes.`,
	}

	ProbeInvalidArgs = &Rule{ID: "P031", Slug: "probe-invalid-args", Severity: Error, Since: "v0.1.0", By: ProbeCheck,
		Title: "Invalid arguments broke the call instead of giving an isError result",
		Why: `Subako does not check arguments against the schema: the module must. Models do send wrong
arguments (a required field missing, a string for a number, an unknown field), and the answer must be
an isError result that says what is wrong, so the model can correct itself. A JSON-RPC error, a trap or
a crash instead makes Subako tell the model the function crashed, with no reason.`,
		Example: `serde_json::from_value(args).unwrap() in Rust; a C parser that returns a JSON-RPC
-32602 "Invalid params" error; a Go handler that indexes a nil map.`,
		Fix: `validate the arguments and answer {"content":[{"type":"text","text":"city is required"}],
"isError":true,"resultType":"complete"}. Rust: map the deserialization error to a tool error (the
Rust SDK does); C: check each field and write the isError result; Go: the generated decoder does
this already.`,
	}

	ProbeInvalidAccepted = &Rule{ID: "P032", Slug: "probe-invalid-accepted", Severity: Warning, Since: "v0.1.0", By: ProbeCheck,
		Title: "Invalid arguments were answered with a success result",
		Why: `The probe sent arguments that the tool's own inputSchema rejects, and the tool answered as if
they were fine. The model learns nothing about its mistake, and the tool may act on a value it never
meant to take (a default for a missing field, a truncated number). A member the schema does not
require set to null is not counted: models send null for a member they leave out, and reading it
as absent is lenient, not wrong.`,
		Example: `a tool whose schema requires "city" answering {"forecast":...} for {}; a number field
given "12" and read as 12; an unknown field silently dropped when additionalProperties is false.`,
		Fix: `check what the schema says (required fields, types, ranges, enums, unknown fields) and answer
an isError result naming the field, or change the schema to say what the tool really accepts.`,
	}

	ProbeOutputSchema = &Rule{ID: "P033", Slug: "probe-output-schema", Severity: Error, Since: "v0.1.0", By: ProbeCheck,
		Title: "structuredContent does not validate against the tool's outputSchema",
		Why: `When a tool declares an outputSchema, MCP clients validate every structuredContent against it
and refuse a result that does not match. The probe validated the result of a successful call.`,
		Example: `an outputSchema with "temperature": {"type": "number"} and a result with "temperature":
"14.2"; a required member left out; a member the schema closes with additionalProperties: false.`,
		Fix: `make the result match the schema, or the schema the result: in Go both come from the same
types; in Rust derive both from one struct (schemars); in C keep the schema next to the code that
writes the result.`,
	}

	ProbeTextContent = &Rule{ID: "P034", Slug: "probe-text-content", Severity: Warning, Since: "v0.1.0", By: ProbeCheck,
		Title: "The text block does not carry the structuredContent value",
		Why: `A result with structuredContent should also carry the same value as JSON in a text block, as
the ABI's example does: clients that do not read structuredContent (and the model, in many of them)
see only the text.`,
		Example: `{"content":[{"type":"text","text":"done"}],"structuredContent":{"id":7}}`,
		Fix: `write the serialized value as the first text block: {"content":[{"type":"text",
"text":"{\"id\":7}"}],"structuredContent":{"id":7}}. The Go and Rust SDKs do this.`,
	}

	ProbeWaitsForEOF = &Rule{ID: "P035", Slug: "probe-waits-for-eof", Severity: Error, Since: "v0.1.0", By: ProbeCheck,
		Title: "The module did not answer while stdin stayed open",
		Why: `Subako keeps stdin open until the answer arrives, and closes it only then. A module that waits
for more input before it answers waits forever: the call runs out of time. There are two causes:
it reads to end of input before it answers (or reads ahead into a buffer and blocks for more), or
it has answered into a buffer that is written only when it exits (C's stdio buffers stdout fully
when it is a pipe). The probe held stdin open; as soon as the module blocked reading (or polling)
stdin with the request unanswered, it closed stdin and watched whether the answer came only then,
which confirms the diagnosis. One more run tells the two causes apart: with stdin held open, enough
requests that their answers pass any stdio buffer; a module that buffers its output writes
some before stdin closes, one that reads to end of input writes none, and the finding says which.
(A module busy past the wait is out of time instead, P030.)`,
		Example: `Rust: io::stdin().read_to_string(&mut s) before parsing; C: reading stdin with fread until
EOF, or stdio buffering that waits for a full block; Go: io.ReadAll(os.Stdin), or
json.NewDecoder(os.Stdin) waiting for more input after the request.`,
		Fix: `read one line at a time and answer it before reading the next: Rust's BufRead::read_line or
lines(), C's getline or fgets, Go's bufio.Reader.ReadString('\n'); and flush stdout after each
answer (C: fflush(stdout), or setvbuf(stdout, NULL, _IOLBF, 0) once; Go: a bufio.Writer's Flush).`,
	}

	ProbePause = &Rule{ID: "P036", Slug: "probe-pause", Severity: Warning, Since: "v0.1.0", By: ProbeCheck,
		Title: "The module broke when a request came after a pause on a real pipe",
		Why: `Subako sends one request per call and closes stdin once it is answered, so this does not break
a Subako call. It breaks where the module is kept running for several requests with stdin a real OS
pipe: a stdio MCP server started once by a client (a desktop assistant or an IDE running it under
wasmtime, wasmer, wazero or Node's WASI), or any host that reuses an instance. There, stdin is empty
between requests and a read waits for the next one (runtimes that make stdin non-blocking answer
EAGAIN instead, which the probe does not show: Subako's runtime keeps stdin blocking, and so does
the probe's). The probe sent a request, waited for the answer, paused, and sent another on an OS
pipe; the module took the empty pipe for the end, and the second request broke.`,
		Example: `A loop that polls stdin with a timeout of zero, or beside a clock already due, and stops
when stdin is not ready; a C loop that stops when read returns -1.`,
		Fix: `wait for input (a blocking read, or poll_oneoff without a due clock), and stop only at end of
file (read returns 0); on a runtime that answers EAGAIN, poll and read again. The Go SDK's runtime
does this.`,
	}

	ProbeNotificationAnswered = &Rule{ID: "P037", Slug: "probe-notification-answered", Severity: Error, Since: "v0.1.0", By: ProbeCheck,
		Title: "A notification sent before the request got an answer or broke the call",
		Why: `A message without an id is a notification and must get no answer: JSON-RPC forbids it, and
Subako takes an answer with an id it never sent (id null included) as a broken call. The probe sent
a notification, then the request.`,
		Example: `a server answering every line with {"jsonrpc":"2.0","id":null,"error":{"code":-32601,
...}}; a Rust loop that writes a response for each message it parses.`,
		Fix: `read the id first: when the message has none, do what it asks (or nothing) and write
nothing. The Go SDK ignores notifications.`,
	}

	ProbeIDEcho = &Rule{ID: "P038", Slug: "probe-id-echo", Severity: Error, Since: "v0.1.0", By: ProbeCheck,
		Title: "The request's id was not echoed exactly",
		Why: `Ids are opaque: a string or a number, different every time, and the answer must carry the same
one. The probe sent an integer id, a large integer id (past 2^53, where a float64 loses digits) and a
string id with characters that need escaping, and compared each answer's id with it.`,
		Example: `an integer id answered as a string ("7" for 7); 9007199254740993 answered as
9007199254740992 because the id went through a double (JavaScript, serde_json::Value as f64, C's
strtod); a string id re-encoded with different characters.`,
		Fix: `keep the id as the raw JSON the request carried (Rust: serde_json::value::RawValue or Value,
never f64; C: copy the token's bytes; Go: json.RawMessage) and write it back unchanged.`,
	}

	ProbeSlowExit = &Rule{ID: "P039", Slug: "probe-slow-exit", Severity: Error, Since: "v0.1.0", By: ProbeCheck,
		Title: "After a call, the module did not exit 0 within a second of stdin closing",
		Why: `Once a call is answered, Subako closes stdin, and the module must exit with status 0 within one
second; otherwise the call counts as crashed even though its answer was out. The probe measured the
time from stdin closing to exit after a call (discovery's exit is P009 and P010).`,
		Example: `a Rust server that spawns a thread and joins it on exit; a C loop that sleeps before
retrying a read at end of file; a Go program whose background goroutine keeps main alive; exit(1)
after the last answer.`,
		Fix: `treat end of stdin as the end: return from main (or _start) at once with status 0, and flush
what is left.`,
	}

	ProbeStdoutExtra = &Rule{ID: "P040", Slug: "probe-stdout-extra", Severity: Error, Since: "v0.1.0", By: ProbeCheck,
		Title: "Stdout held something other than the answer during a call",
		Why: `During a call, stdout must carry the answer (notifications are ignored) and nothing else:
a line that is not JSON-RPC, a second answer, a request of the module's own, or bytes after the last
newline break the call. Discovery's P001 sees only what the module prints at discovery; this is what
it prints during a call.`,
		Example: `a debug print in the handler (println! in Rust, printf in C, fmt.Println in Go); the
answer written twice; an answer without its trailing newline.`,
		Fix: `log to stderr, write each answer once as one compact line ending in a newline, and flush.`,
	}

	ProbeArgsUngenerable = &Rule{ID: "P041", Slug: "probe-args-ungenerable", Severity: Info, Since: "v0.1.0", By: ProbeCheck,
		Title: "No valid arguments could be generated from the inputSchema",
		Why: `The argument probes need a value the tool's inputSchema accepts. The generator could not make
one (the finding names the keyword: a pattern it cannot satisfy, contradicting keywords, a $ref it
cannot follow), so the valid-call probes did not run for this tool. A model has the same trouble.`,
		Example: `"pattern": "^(?=.*[A-Z]).{12,}$" (a look-ahead), or "minimum": 10 with "maximum": 1.`,
		Fix: `simplify the schema so a value can be written from it, or add an example call to
testdata/calls.json that subakogo check runs.`,
	}

	ProbeBudget = &Rule{ID: "P042", Slug: "probe-budget", Severity: Info, Since: "v0.1.0", By: ProbeCheck,
		Title: "The probes ran out of time",
		Why: `The probes have a bounded time for a package (--probe-time: the module's own time in their
runs and a fixed charge a run for the host's work), so that a slow or hostile module cannot hold lint.
When it ran out, the runs named were not made: their problems, if any, are not reported. The finding
says how many runs of how many were not made, what of each tool (e.g. 10 valid cases and 2 invalid
cases of "add", or the search's runs), and the first one not made, with its case. The module's own
time on memory-bound work grows with the machine's load and moves run to run, so which runs fit can
too: when the runs made found no error, the module is not judged and the command exits 3, naming
the budget and --probe-time, never a clean pass. An error they found stands (exit 1), and this
finding lists what was left out beside it. (Runs the host gives up on the wall clock because this
machine is too busy are not this finding: the command exits 3, not judged.)`,
		Example: `a package of 64 tools each of which takes a second to answer.`,
		Fix:     `give the probes more time with --probe-time, or make the tools answer faster.`,
	}

	ProbeImage = &Rule{ID: "P043", Slug: "probe-image", Severity: Error, Since: "v0.2.0", By: ProbeCheck,
		Title: "An image block in the result is not an image Subako can show",
		Why: `Subako shows an image block whose data is base64 of a PNG, JPEG, GIF or WebP, counted against
stdout's 1 MiB. Data that is not base64, another format (BMP, SVG, TIFF), a mimeType that does not
match the data, or data past 1 MiB is shown as no image at all: the model never sees what the tool
drew. The same judgement applies in lint's probes, subakogo call and subakogo serve.`,
		Example: `{"type":"image","mimeType":"image/bmp","data":"Qk0..."}; data with newlines or in
base64url; {"mimeType":"image/png"} with JPEG bytes.`,
		Fix: `encode a PNG (or JPEG, GIF, WebP) with standard base64 and name its type; for a large
image, write it to /volume/tmp and return a resource_link to volume:///tmp/NAME.`,
	}

	ProbeLinkMissing = &Rule{ID: "P044", Slug: "probe-link-missing", Severity: Error, Since: "v0.2.0", By: ProbeCheck,
		Title: "A resource_link names a volume file the call did not leave",
		Why: `Subako reads a resource_link to volume:///PATH from the volume after the module exits and
shows the image. A link to a file the call never wrote (or removed, or wrote outside /volume/tmp, or
that is not a PNG, JPEG, GIF or WebP) shows nothing.`,
		Example: `writing /tmp/chart.png (not beneath /volume) and linking volume:///tmp/chart.png;
linking before the file is written and flushed; deleting the file on exit.`,
		Fix: `write the file beneath /volume/tmp (open it by its absolute name), close it before
answering, and link volume:///tmp/NAME with each segment percent-encoded.`,
	}

	ProbeLeftOut = &Rule{ID: "P045", Slug: "probe-left-out", Severity: Info, Since: "v0.2.0", By: ProbeCheck,
		Title: "A content block is left out or shown only as a line",
		Why: `Subako shows text, images and resource_links to volume:///. Any other link is shown as a
line naming it, and any other block (audio, an embedded resource, an unknown type) as a note that it
was left out: the model does not get its content.`,
		Example: `{"type":"audio",...}; {"type":"resource","resource":{...}};
{"type":"resource_link","uri":"https://example.com/a.png"}.`,
		Fix: `put what the model should read in a text block, and images inline or in the volume.`,
	}

	ProbePanic = &Rule{ID: "P053", Slug: "probe-panic", Severity: Error, Since: "v0.2.0", By: ProbeCheck,
		Title: "Valid arguments make the tool panic",
		Why: `The probe called the tool with arguments its own inputSchema accepts, and the handler panicked.
subako-go's runtime recovers the panic and answers an isError result ("the tool NAME panicked: ..."),
so the call does not crash, but the model reads a failure it cannot fix by changing its arguments:
the tool is broken for that input. The runtime marks such a result with "_meta":
{"ai.subako/fault":"panic"}, which tells it from an error the handler returned; subakogo call and
serve's log report it the same way.`,
		Example: `a handler that indexes in.Name[0] panics on {"name":""}; a nil map written to; a type
assertion on a value the schema allows.`,
		Fix: `handle the input the schema allows (or narrow the schema: //subako:minLength=1), and return
an error for what the tool cannot do. Reproduce with the subakogo call command the finding gives,
whose arguments are the smallest found that panic.`,
	}

	ProbeAllErrors = &Rule{ID: "P054", Slug: "probe-all-errors", Severity: Warning, Since: "v0.2.0", By: ProbeCheck,
		Title: "The tool answers isError to every valid call the probes sent",
		Why: `Each valid case the probes sent, arguments the tool's inputSchema accepts, got an isError
result. A tool may refuse a made-up value, but one that refuses all of them is most likely broken
for every call (a file it cannot open, a setting it lacks, a time zone it cannot load) or its schema
allows much more than it takes: the model will try arguments it cannot know are wrong.`,
		Example: `time.LoadLocation without time/tzdata answers "Bad file number" to every call; a tool
whose schema takes any string where it needs a known id.`,
		Fix: `call the tool with the cases the finding names (subakogo call) and read the error; fix the
tool, or tighten the schema (enum, pattern, minimum) so that valid arguments are ones it takes.`,
	}

	ProbeResultFault = &Rule{ID: "P055", Slug: "probe-result-fault", Severity: Error, Since: "v0.2.0", By: ProbeCheck,
		Title: "Valid arguments make the handler return a result the runtime cannot send",
		Why: `The probe called the tool with arguments its own inputSchema accepts, and the handler returned
no error but a result subako-go's runtime cannot answer with: a nil pointer ("the tool returned a nil
*T and no error"), or a value with no JSON form (NaN or an infinity in a float, a time past year 9999,
a MarshalText that failed: "the tool's result cannot be written as JSON: ..."). The runtime answers an
isError result, so the call does not crash, but the model reads a failure it cannot fix by changing
its arguments: the tool is broken for that input, as if it had panicked. The runtime marks such a
result with "_meta": {"ai.subako/fault":"nil-result"} or {"ai.subako/fault":"result-not-json"},
which tells it from an error the handler returned; subakogo call and serve's log report it the same
way, and subakotest.FuzzTool fails on it.`,
		Example: `func greet(in In) (*Greeting, error) { if in.Name != "Ada" { return nil, nil }; ... }
answers {"name":"Bob"} with a nil result; Root{Value: math.Sqrt(in.X)} answers {"x":-1} with NaN.`,
		Fix: `return an error that says what is wrong where there is no value (return nil,
errors.New("no greeting for Bob")), and keep floats finite: check the input (or narrow the schema:
//subako:minimum=0), or test math.IsNaN and math.IsInf before answering. Reproduce with the subakogo
call command the finding gives, whose arguments are the smallest found that fail so.`,
	}

	ProbeResultNumber = &Rule{ID: "P056", Slug: "probe-result-number", Severity: Error, Since: "v0.2.0", By: ProbeCheck,
		Title: "A result holds a number a double cannot hold",
		Why: `Subako's client reads JSON numbers as doubles (float64), as most MCP clients do (JavaScript,
serde_json's f64, Go's float64): a number past a double's range (about 1.8e308; 1e309, -1e400) makes
the whole result unreadable, and the call fails. subakogo also refuses to read exactly a number of
more than a thousand digits or with an exponent past 1,000 (1e-1001, which a double reads as 0; a
thousand digits, of which a double keeps 17): no tool means one, and it is reported the same way.
Anywhere in the result counts, _meta and members MCP does not define included. The result's other
checks are still made (P030, P034, the blocks); P033 is not checked for a structuredContent that
holds one. Every check of a result reads each number as the double a client reads for it, not as
its exact value: {"n":1e-400} fails "exclusiveMinimum": 0 (a client reads 0), a priority of -1e-400
is -0 (valid), and a message quotes the number as it was sent beside the double judged.`,
		Example: `{"content":[...],"structuredContent":{"total":1e400}}; a factorial written as its
decimal digits as a number; {"content":[...],"_meta":{"seed":1e1001}}.`,
		Fix: `keep numbers within a double's range, or send such a value as a string
({"total":"1e400"}) and declare it "type": "string" in the outputSchema.`,
	}
)
