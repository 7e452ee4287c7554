package rules

// The tool rules (T...), reported by toolcheck: the tools a module lists in tools/list, all pages
// together. T001-T015 are Subako's limits and the MCP schema (Subako refuses
// the upload); T016 the annotations clients read; T017-T018 the x-mcp-header
// annotations HTTP clients read; T020-T026 are portability hazards of input schemas (a client
// or a model API refuses or mangles the tool).
var (
	ToolCount = &Rule{ID: "T001", Slug: "tools-count", Severity: Error, Since: "v0.1.0", By: ToolCheck,
		Title: "The module lists no tools, or more than 64",
		Why: `A package offers 1 to 64 tools: tools/list, all pages together, must answer at least one tool
and at most 64. A result that is no object with a "tools" array is reported here too, and so is
one that writes "tools" or "nextCursor" twice or in another case ("TOOLS"): readers that match
keys regardless of case (Go's encoding/json) would read another list than the others.`,
		Example: `a tools/list answer of {"tools": []} because the tools are registered after the
server starts answering; or a package that generates one tool per API endpoint, 120 in all.`,
		Fix: `register the tools before answering tools/list. Split a large package into several
packages by topic; clients suffer long before 64 anyway (Cursor sends only the first 40 tools,
Copilot at most 128 across all servers).`,
	}

	ToolName = &Rule{ID: "T002", Slug: "tool-name-invalid", Severity: Error, Since: "v0.1.0", By: ToolCheck,
		Title: "A tool name that is missing, malformed or used twice",
		Why: `Every tool has a name of 1 to 64 characters from a-z, 0-9, '_' and '-', and no two tools share
one. The set fits inside every client's rules (the Anthropic API, OpenAI, VS Code), which is
why capitals, dots, slashes and spaces are refused even though MCP itself allows some of them.
A tools entry that is not a JSON object is reported here too. Duplicates name the indexes of
the tools array (from 0).`,
		Example: `"name": "Weather.Get" (capitals and a dot); "name": "search" on tools[0] and tools[3].`,
		Fix: `lowercase the name and replace other characters with '_' or '-' ("weather_get"); give
every tool its own name.`,
	}

	ToolDescriptionMissing = &Rule{ID: "T003", Slug: "tool-description-missing", Severity: Warning, Since: "v0.1.0", By: ToolCheck,
		Title: "A tool without a description",
		Why: `The model chooses tools by their descriptions. A tool without one (missing, null, empty, or not
a string) is picked by its name alone, badly or never.`,
		Example: `{"name": "lookup", "inputSchema": {"type": "object", ...}}`,
		Fix: `add a description that says what the tool does, when to use it and what it returns:
    "description": "Look up a customer by email. Returns the customer's id, name and plan."`,
	}

	ToolDescriptionLong = &Rule{ID: "T004", Slug: "tool-description-long", Severity: Error, Since: "v0.1.0", By: ToolCheck,
		Title: "A tool description over 1,024 characters",
		Why: `A description is at most 1,024 characters. Characters are counted as Unicode code points, not
bytes: "é" and "日" count one each (they are 2 and 3 bytes in UTF-8), an emoji built from
several code points counts each of them.`,
		Example: `a description that pastes a whole manual page, or lists every enum value with its
meaning.`,
		Fix: `keep the description to what the model needs to choose the tool; move the details of each
argument into that property's own "description" in inputSchema.`,
	}

	InputSchema = &Rule{ID: "T010", Slug: "input-schema", Severity: Error, Since: "v0.1.0", By: ToolCheck,
		Title: "inputSchema is missing, or not an object schema",
		Why: `Every tool has an inputSchema: a JSON Schema object with "type": "object" at its top, because a
tool's arguments are always a JSON object. The MCP schema requires it, and so does Subako.`,
		Example: `"inputSchema": {"type": "string"}; "inputSchema": {"properties": {...}} without a
type; no inputSchema at all for a tool that takes no arguments.`,
		Fix: `describe the arguments as an object:
    "inputSchema": {"type": "object", "properties": {"city": {"type": "string", "description": "City name."}},
                    "required": ["city"], "additionalProperties": false}
and for a tool without arguments:
    "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false}`,
	}

	OutputSchema = &Rule{ID: "T011", Slug: "output-schema", Severity: Warning, Since: "v0.1.0", By: ToolCheck,
		Title: "outputSchema is present but not an object schema",
		Why: `outputSchema is optional, and when present it should be a JSON Schema object with "type": "object"
at its top. Subako's ABI and MCP 2026-07-28 no longer require it, so this is a warning; but the MCP
schema required it up to revision 2025-11-25, and clients built on it
(the TypeScript SDK before 2026) reject the whole tools/list answer when one tool breaks the
rule: every tool of the package disappears, not only this one. A null outputSchema counts as
present.`,
		Example: `"outputSchema": {"type": "array", "items": {...}}; "outputSchema": null.`,
		Fix: `wrap the result in an object ({"type": "object", "properties": {"items": {"type": "array", ...}}})
and return structuredContent of that shape; or leave outputSchema out.`,
	}

	SchemaSize = &Rule{ID: "T012", Slug: "schema-size", Severity: Error, Since: "v0.1.0", By: ToolCheck,
		Title: "An inputSchema or outputSchema over 64 KiB",
		Why: `Each schema is at most 64 KiB: 65,536 bytes. Subako measures the schema as compact JSON: the
bytes the module sent for the value, with the whitespace between tokens removed (Go's
encoding/json Compact). Indentation does not count; string escapes count as written
("\u00e9" is 6 bytes, "é" is 2).`,
		Example: `an enum listing every IANA time zone with a description each; a schema generated
from a large API with every definition repeated inline.`,
		Fix: `shorten descriptions, drop unused definitions, or accept a plain string and validate it in
the tool instead of enumerating every value.`,
	}

	ToolsSize = &Rule{ID: "T013", Slug: "tools-size", Severity: Error, Since: "v0.1.0", By: ToolCheck,
		Title: "All tools together over 256 KiB",
		Why: `All tools together are at most 256 KiB: 262,144 bytes. Subako measures the compact JSON of the
whole tools array, [tool,tool,...]: each tool as the module sent it with the whitespace between
tokens removed (Go's encoding/json Compact), joined by commas, in brackets - all pages
together. Over it, the linter compiles none of the list's schemas (as it does not compile one
over 64 KiB, T012): whether they are valid JSON Schema is not checked.`,
		Example: "64 tools that each carry a 5 KiB schema and a long description.",
		Fix:     "shorten descriptions and schemas, or split the package in two.",
	}

	SchemaRemoteRef = &Rule{ID: "T014", Slug: "schema-remote-ref", Severity: Error, Since: "v0.1.0", By: ToolCheck,
		Title: "A schema that needs something fetched",
		Why: `Subako and MCP clients never fetch schemas over the network (MCP: implementations MUST NOT
dereference network $refs). A "$ref" (or "$dynamicRef") to anything but a fragment of the same
schema ("#/$defs/...", "#anchor") points at nothing, and a "$schema" that names a dialect other
than the JSON Schema drafts (2020-12, 2019-09, draft-07, -06, -04) needs its metaschema
fetched. The linter reports these before compiling and fetches nothing.`,
		Example: `"$ref": "https://example.com/schemas/address.json"; "$ref": "common.json#/$defs/id";
"$schema": "https://example.com/my-dialect".`,
		Fix: `copy the referenced schema into the tool's schema (inline it, or under "$defs" with
"$ref": "#/$defs/address"); drop "$schema", or use https://json-schema.org/draft/2020-12/schema.`,
	}

	SchemaInvalid = &Rule{ID: "T015", Slug: "schema-invalid", Severity: Error, Since: "v0.1.0", By: ToolCheck,
		Title: "A schema that does not compile as JSON Schema",
		Why: `inputSchema and outputSchema must be valid JSON Schema: 2020-12, the MCP default, or the draft
their own "$schema" names. The linter compiles each with github.com/santhosh-tekuri/jsonschema/v6,
without network access, and reports the library's error: a keyword of the wrong type, a
"type" that does not exist, a local "$ref" to nothing, a "pattern" that is not a regular
expression. Patterns are ECMA-262, as JSON Schema says: lookarounds, backreferences and \u
escapes, which Go's regexp lacks, are accepted. A schema nested more than 128 levels deep as
JSON is reported without compiling it: compiling takes time that grows steeply with depth, and
MCP asks implementations to bound it. So is a schema whose patterns, wherever they are (unused
"$defs" too), compile to more than 100,000 instructions, a repetition counting its copies
("x{0,1000}" is 2,000): each costs about 2 µs to compile.`,
		Example: `"type": "text" (no such type); "required": "city" (must be an array);
"$ref": "#/$defs/addr" where the definition is named address.`,
		Fix: `correct the schema at the location shown; when a library generates the schema, check the
types it is generated from.`,
	}

	SchemaValues = &Rule{ID: "T019", Slug: "schema-values", Severity: Error, Since: "v0.2.0", By: ToolCheck,
		Title: "An inputSchema or outputSchema of more than 10,000 JSON values",
		Why: `subakogo checks arguments against a tool's inputSchema and results against its outputSchema
(lint's probes, check, call, serve), and compiles each schema to do so; it compiles a schema of at
most 10,000 JSON values (every object, array, member value and item counts, nested, unused
"$defs" too). The schema library's compile grows with the square of the subschemas (an anyOf of
60,000 {} took 30 s of CPU), so a larger schema is reported without compiling it: its arguments
are not generated and its results are not checked against it, and the probes' verdict would say
nothing about them. The largest schema of the real tool lists in the tool-text corpus holds 2,937
values. A list's schemas together are compiled up to 100,000 values (each distinct schema once;
the corpus's largest list compiles 21,523): the schemas past that are not compiled, and the list
is reported once.`,
		Example: `an enum of 20,000 product codes; a schema generated with every definition repeated
inline; an unused "$defs" entry padded with values.`,
		Fix: `drop unused definitions, share repeated ones through "$ref": "#/$defs/...", or accept a
plain string and validate it in the tool instead of enumerating every value.`,
	}

	SchemaRootComposition = &Rule{ID: "T020", Slug: "schema-root-composition", Severity: Warning, Since: "v0.1.0", By: ToolCheck,
		Title: "oneOf, anyOf or allOf at the root of inputSchema",
		Why: `MCP allows any 2020-12 keyword beside "type": "object", but the Anthropic API answers 400
("input_schema does not support oneOf, allOf, or anyOf at the top level"), and so do Bedrock,
Vertex AI and Azure for Claude models; Claude Code drops the tool, or the whole session fails.`,
		Example: `{"type": "object", "oneOf": [{"required": ["id"]}, {"required": ["email"]}], ...}`,
		Fix: `keep the root a plain object: make the alternatives optional properties and say in the
descriptions which to give, or split the tool in two ("get_by_id", "get_by_email").`,
	}

	SchemaRef = &Rule{ID: "T021", Slug: "schema-ref", Severity: Warning, Since: "v0.1.0", By: ToolCheck,
		Title: "$ref or $defs in inputSchema",
		Why: `Gemini answers 400 ("reference to undefined schema") for input schemas with references, and
allows "$ref" only beside "description" and "default"; several Gemini clients (gemini-cli,
opencode, the Vercel AI SDK) have broken on it. Reported for "$ref", "$dynamicRef",
"$recursiveRef", "$defs" and "definitions" anywhere in inputSchema, once per tool.`,
		Example: `{"type": "object", "properties": {"to": {"$ref": "#/$defs/address"}},
"$defs": {"address": {...}}} - what most schema generators write for a shared type.`,
		Fix: `inline the definitions: copy each referenced schema where it is used, and drop "$defs"
(recursive types cannot be inlined: flatten them, or accept a JSON string).`,
	}

	SchemaConditional = &Rule{ID: "T022", Slug: "schema-conditional", Severity: Warning, Since: "v0.1.0", By: ToolCheck,
		Title: "if/then/else in inputSchema",
		Why: `Gemini refuses the conditional keywords ('Unknown name "if"'), and models follow them poorly
even where they are accepted.`,
		Example: `{"if": {"properties": {"unit": {"const": "c"}}}, "then": {"properties": {"value": {"maximum": 100}}}}`,
		Fix: `say the condition in the property descriptions and check it in the tool, returning an
isError result the model can read; or split the tool.`,
	}

	SchemaOpenObject = &Rule{ID: "T023", Slug: "schema-open-object", Severity: Warning, Since: "v0.1.0", By: ToolCheck,
		Title: `An object schema without "additionalProperties": false, or without "properties"`,
		Why: `OpenAI's strict mode and the Responses API require "additionalProperties": false on every
object schema, nested ones included, and refuse an object schema without "properties"
("object schema missing properties"). A schema is an object schema here when its "type" is
"object" or includes it. Gemini rejects the additionalProperties keyword itself, so clients
for Gemini must rewrite schemas anyway; false is what the strictest consumer needs.`,
		Example: `{"type": "object"} for a tool without arguments; a nested
"options": {"type": "object", "properties": {...}} without additionalProperties.`,
		Fix: `give every object "properties" (an empty {} when there are none) and
"additionalProperties": false; a map with free keys is better taken as an array of
{"key", "value"} objects.`,
	}

	SchemaUntypedProperty = &Rule{ID: "T024", Slug: "schema-untyped-property", Severity: Warning, Since: "v0.1.0", By: ToolCheck,
		Title: `A property without "type" or without "description"`,
		Why: `Gemini CLI skipped tools with a property that has no "type" ("missing types in its parameter
schema"), and models guess what a property without a "description" means from its name.
A property counts as typed with "type", with a "$ref" (reported by schema-ref), or with
anyOf/oneOf branches that are all typed.`,
		Example: `"properties": {"query": {}, "limit": {"type": "integer"}} - query has no type,
neither has a description.`,
		Fix: `give every property a "type" and a one-line "description":
    "limit": {"type": "integer", "description": "Most results to return, 1 to 50."}`,
	}

	SchemaDeep = &Rule{ID: "T025", Slug: "schema-deep", Severity: Warning, Since: "v0.1.0", By: ToolCheck,
		Title: "Objects and arrays nested more than 5 levels deep",
		Why: `OpenAI's strict mode refuses schemas nested more than 5 levels, and models fill deep structures
badly. Levels count the object and array schemas on the way down: the root object is level 1,
an array property of it level 2, the objects in that array level 3 ("anyOf" branches and
"$defs" add no level).`,
		Example: `{"type": "object", "properties": {"order": {"type": "object", "properties": {"lines":
{"type": "array", "items": {"type": "object", "properties": {"product": {"type": "object",
"properties": {"dims": {"type": "object", ...}}}}}}}}}} - dims is level 6.`,
		Fix: "flatten the arguments (product_id instead of a nested product object), or split the tool.",
	}

	SchemaLargeEnum = &Rule{ID: "T026", Slug: "schema-large-enum", Severity: Warning, Since: "v0.1.0", By: ToolCheck,
		Title: "An enum of more than 256 values",
		Why: `OpenAI's strict mode caps the size of enums, and every value costs the model context on every
call. More than 256 values is reported.`,
		Example: `"country": {"type": "string", "enum": ["AD", "AE", "AF", ...]} with all 249 ISO codes
plus historical ones; a list of every time zone.`,
		Fix: `take a plain string, say its format in the description ("an ISO 3166-1 alpha-2 code"),
and validate it in the tool, returning an isError result the model can correct.`,
	}

	ToolAnnotations = &Rule{ID: "T016", Slug: "tool-annotations", Severity: Warning, Since: "v0.2.0", By: ToolCheck,
		Title: "Tool annotations that are malformed or contradict each other",
		Why: `A tool's "annotations" is MCP's ToolAnnotations: an object whose "title" is a string and whose
"readOnlyHint", "destructiveHint", "idempotentHint" and "openWorldHint" are booleans. Clients
that check the tool list against the MCP schema (the TypeScript SDK) refuse the whole answer when
one tool's annotations are not of those types, so every tool of the package disappears. A tool
that says "readOnlyHint": true and "destructiveHint": true contradicts itself (a read-only tool
changes nothing). A null counts as the wrong type.`,
		Example: `"annotations": {"readOnlyHint": "yes"}; "annotations": ["readOnly"];
"annotations": {"readOnlyHint": true, "destructiveHint": true}.`,
		Fix: `write the hints as JSON booleans and the title as a string, in an object:
    "annotations": {"title": "Current weather", "readOnlyHint": true, "openWorldHint": true}
and drop destructiveHint from a read-only tool.`,
	}

	ParamHeaderInvalid = &Rule{ID: "T017", Slug: "param-header-invalid", Severity: Error, Since: "v0.2.0", By: ToolCheck,
		Title: "An x-mcp-header annotation that clients on Streamable HTTP must reject",
		Why: `MCP 2026-07-28 lets a property of inputSchema carry "x-mcp-header": a client on the
Streamable HTTP transport then sends the argument's value in an Mcp-Param-{Name} header too. The
value must be a non-empty HTTP token (RFC 9110 tchar: letters, digits and !#$%&'*+-.^_` + "`" + `|~, no
space or control character), unique among the tool's x-mcp-header values regardless of case, on
a string, integer or boolean property ("number", "object", "array" or no "type" at all are not
allowed; a type list may add "null"). Clients on Streamable HTTP MUST reject a tool that breaks
one of these rules: it is left out of their tools/list, so the tool is gone for them, and a server
that checks the headers (serve --http does) refuses every call that carries the argument, asking
for a header no client can send. Read on the properties statically reachable from the root
(properties of properties), where serve reads them. The finding names the tool and the
annotation's JSON pointer.`,
		Example: `"region": {"type": "string", "x-mcp-header": "Bad Region"} (a space);
"limit": {"type": "number", "x-mcp-header": "Limit"}; "x-mcp-header": "Region" on one property and
"region" on another.`,
		Fix: `name the header with letters, digits and '-' ("Region"), give each argument its own name,
and mirror only string, integer or boolean arguments ("type": "integer" rather than "number");
or drop the annotation: it is optional, and clients on stdio ignore it.`,
	}

	ParamHeaderSecret = &Rule{ID: "T018", Slug: "param-header-secret", Severity: Warning, Since: "v0.2.0", By: ToolCheck,
		Title: "An x-mcp-header annotation on an argument named for a secret",
		Why: `A header an argument is mirrored in (x-mcp-header) is there for proxies, load balancers and
firewalls to read, and their logs keep it. MCP 2026-07-28 says servers SHOULD NOT mark
passwords, API keys, tokens or personal data with x-mcp-header. The argument counts as a secret
when its name, or the header's, says it holds one, as the tool-text rules read names (api_key,
password, private_key, auth_token, credentials; not sort_key or page_token).`,
		Example: `"api_key": {"type": "string", "description": "Your API key.", "x-mcp-header": "Api-Key"}`,
		Fix: `drop the annotation: the value still reaches the tool in the body. Route on something that
is no secret (a region, a tenant id).`,
	}
)
