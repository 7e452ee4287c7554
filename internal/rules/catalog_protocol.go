package rules

// The protocol rules (P...): what the module did when run the way Subako
// runs it at upload (protocolcheck), and its example calls (callcheck). Each
// breaks the upload or crashes the call.
var (
	ProtocolNotMessage = &Rule{ID: "P001", Slug: "protocol-not-message", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title: "A stdout line that is not a JSON-RPC message",
		Why: `Stdout is the protocol alone: every line must be one JSON-RPC 2.0 message. A log line, a banner
or pretty-printed JSON breaks the call. So does text that is not Unicode: a byte that is not UTF-8,
or a \u escape of half a surrogate pair ("\ud800") without the other half. JSON exchanged between
systems must be UTF-8 (RFC 8259 8.1), and a strict reader such as serde_json refuses the line, where
Go's encoding/json would read U+FFFD and check a text the module never sent; the finding says
which, at its byte.`,
		Example: `fmt.Println("starting") in a Go package; println! in Rust; printf debugging in C; a
description cut in the middle of a UTF-8 character, or a JSON writer that escapes UTF-16 halves one by
one.`,
		Fix: `log to stderr (os.Stderr, eprintln!, fprintf(stderr, ...)), and write each answer as one
compact line of UTF-8 (cut text at a character boundary).`,
	}

	ProtocolUnknownID = &Rule{ID: "P002", Slug: "protocol-unknown-id", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title: "An answer to an id that was not asked",
		Why: `Each answer must echo its request's id exactly: a string stays a string, a number a number.
"1" and 1 are different ids.`,
		Example: `the request has "id":"call-0192f5c4" and the answer "id":0, or the id was parsed as a
number and written back as one.`,
		Fix: "keep the id as the raw JSON the request carried and write it back unchanged.",
	}

	ProtocolRPCError = &Rule{ID: "P003", Slug: "protocol-rpc-error", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title: "A JSON-RPC error answer",
		Why: `Subako reports a call as crashed when the module answers with a JSON-RPC error. A failure the
model should read is a result with isError.`,
		Example: `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"boom"}} for a tool that failed.`,
		Fix: `answer {"result":{"content":[{"type":"text","text":"what went wrong"}],"isError":true,...}}.
The Go SDK does this for a returned error.`,
	}

	ProtocolResultType = &Rule{ID: "P004", Slug: "protocol-result-type", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title:   `A result whose resultType is not "complete"`,
		Why:     `MCP 2026-07-28 results carry resultType, and a stateless server's are always "complete".`,
		Example: "a result without resultType, written for an older MCP revision.",
		Fix:     `add "resultType": "complete" to every result.`,
	}

	ProtocolRequest = &Rule{ID: "P005", Slug: "protocol-request", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title: "The module sent a request of its own",
		Why: `A stateless server sends no requests (no sampling, no elicitation, no roots): Subako would not
answer and reports the call as crashed.`,
		Example: `{"jsonrpc":"2.0","id":"s1","method":"sampling/createMessage",...}`,
		Fix:     "remove the request; do the work in the tool, or return what the model needs.",
	}

	ProtocolDiscover = &Rule{ID: "P006", Slug: "protocol-discover", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title: "server/discover is not answered as Subako needs",
		Why: `At upload Subako first sends server/discover. The answer must list "2026-07-28" in
supportedVersions and offer tools in capabilities.`,
		Example: `{"result":{"supportedVersions":["2025-06-18"],"capabilities":{}}}`,
		Fix:     `answer {"supportedVersions":["2026-07-28"],"capabilities":{"tools":{}},"resultType":"complete"}.`,
	}

	ProtocolPaging = &Rule{ID: "P007", Slug: "protocol-paging", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title: "tools/list paging that does not end",
		Why: `Subako reads tools/list page by page, following nextCursor, for at most 16 pages. A cursor
that repeats, or more pages than that, fails the upload.`,
		Example: "a server that always answers the same nextCursor.",
		Fix:     "end the last page without nextCursor; with at most 64 tools, one page is enough.",
	}

	ProtocolNoAnswer = &Rule{ID: "P008", Slug: "protocol-no-answer", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title: "A request was never answered",
		Why: `Every request must get its answer on stdout before stdin closes; Subako waits for it, then
reports the call as crashed. It is reported only when nothing else explains the missing answer:
when the run also broke another way (a trap, a time-out, an answer to the wrong id, a non-zero
exit), that finding says why.`,
		Example: `a module that reads all of stdin before answering (it waits forever: stdin stays open
until the answer comes), or that exits after the first request.`,
		Fix: "read a line, answer it, flush, repeat; exit only at end of stdin.",
	}

	ProtocolExit = &Rule{ID: "P009", Slug: "protocol-exit", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title: "The module exited with a non-zero status",
		Why: `At end of stdin the module must exit with status 0: return from _start, or proc_exit(0). A Go
panic exits with 2; os.Exit(1) with 1.`,
		Example: "a module that calls exit(1) after its last answer, or panics while shutting down.",
		Fix:     "exit 0 when stdin ends; report failures as isError results instead.",
	}

	ProtocolNoExit = &Rule{ID: "P010", Slug: "protocol-no-exit", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title:   "The module did not exit within a second of stdin closing",
		Why:     "Once the last answer is out, Subako closes stdin. The module must then exit within one second.",
		Example: "a server loop that ignores end of file, or a background goroutine that keeps main alive.",
		Fix:     "treat end of stdin as the end: return from main.",
	}

	ProtocolTrap = &Rule{ID: "P011", Slug: "protocol-trap", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title: "The module trapped",
		Why: `A trap (unreachable, an out-of-bounds access, an integer divide by zero, a failed
instantiation) ends the call as a crash; the message gives wazero's report.`,
		Example: "a Rust panic with panic=abort, a C null pointer dereference.",
		Fix:     "fix the bug the trap points at; run subakogo call with the same arguments to reproduce it.",
	}

	ProtocolTimeout = &Rule{ID: "P012", Slug: "protocol-timeout", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title: "The module ran out of time",
		Why: `Discovery has 10 seconds of the module's own time in all (the CPU time of the thread that
runs it, plus the waits it asks for, such as sleeps); a call has its own timeout. A module that
loops, sleeps, or does heavy work at start-up runs out of it. How busy the machine is changes
nothing: the wall clock is not counted. Compiling is apart, limited to a minute of CPU time: a
module whose compilation alone overruns is abandoned and reported so, its code far from what
toolchains emit (thousands of deeply nested blocks or huge br_tables in many functions).`,
		Example: "package-level initialisation that compiles large regular expressions or schemas.",
		Fix:     "answer first and work lazily; keep start-up cheap.",
	}

	ProtocolStdoutLimit = &Rule{ID: "P013", Slug: "protocol-stdout-limit", Severity: Error, Since: "v0.1.0", By: ProtocolCheck,
		Title:   "More than 1 MiB on stdout",
		Why:     "Stdout carries at most 1 MiB per run, inline images included.",
		Example: "an inline PNG of several megabytes, or a result listing a whole database.",
		Fix: `write large images to /volume/tmp and return a resource_link (Answer.WithImageFile in the Go
SDK); page large results.`,
	}

	// ExampleCall is subakogo check's rule for a package's own example calls.
	ExampleCall = &Rule{ID: "P020", Slug: "example-call", Severity: Error, Since: "v0.1.0", By: CallCheck,
		Title: "An example call in testdata/calls.json did not give the expected result",
		Why: `subakogo check runs each call in the package's testdata/calls.json in the local host, as
Subako would, and compares the result with what the entry expects: isError, text the result must
contain, or exactly its structuredContent.`,
		Example: `[{"tool": "greet", "arguments": {"name": "Ada"}, "structuredContent": {"message": "Hello, Ada!"}}]
when the handler now answers "Hi, Ada!".`,
		Fix: `fix the handler, or the expectation if the change was meant; subakogo call module.wasm TOOL
'{...}' shows the result as Subako would.`,
	}
)
