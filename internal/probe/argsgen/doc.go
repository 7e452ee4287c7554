// Package argsgen makes tools/call arguments from a tool's inputSchema (JSON
// Schema 2020-12, as MCP uses it, and the drafts before it as far as they
// agree): one valid object, built to look like what a model would send
// ("Berlin" for a city, a date-time for a date-time), and invalid ones that
// each break the schema in one named place. The call probes send them: a
// module must answer the valid ones with a CallToolResult and the invalid
// ones with an isError result, never a JSON-RPC error.
//
// The generator reads types, const and enum, default and examples, the
// formats (date-time, date, time, duration, email, hostname, ipv4, ipv6,
// uri, uuid, json-pointer and their kin), bounds and multipleOf, string
// lengths, patterns (a string is built from the pattern's syntax tree),
// contentEncoding base64, arrays (prefixItems, items, minItems, maxItems,
// uniqueItems, contains), objects (properties, required, additionalProperties,
// patternProperties, propertyNames, min/maxProperties, dependentRequired),
// $ref within the document (pointers, $id, $anchor; recursion ends where
// optional members stop), allOf (merged), and anyOf, oneOf, not and
// if/then/else by trying branches and keeping the value the schema takes.
//
// Every case is validated before it is returned (santhosh-tekuri/jsonschema,
// through internal/offlineschema, so no schema can make it read a file or
// the network): Valid is the validator's verdict, and a value the generator
// got wrong is dropped with a note rather than sent. Work, depth, output
// size and validations are bounded, so a hostile schema costs a bounded
// time and memory. Nothing is compiled until Cases runs.
package argsgen
