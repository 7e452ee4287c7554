// The x-mcp-header annotations of the two inputSchemas (MCP 2026-07-28),
// read by internal/paramheader as lint (T017, T018) and serve read them.

package tooldiff

import (
	"fmt"
	"strings"

	"github.com/subako-ai/subako-go/internal/paramheader"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/tooltext"
)

// headers compares the annotations statically reachable in the two
// inputSchemas. A new version that breaks MCP's constraints where the old
// one kept them removes the tool for every client on the Streamable HTTP
// transport (they MUST leave it out of tools/list): D001. The reverse
// adds it for them (D101). Between two valid versions, per argument: an
// annotation added on an argument the old version took, or naming
// another header, is D024 (the call now needs the header); one removed,
// or changed only in case, is D301; an argument named for a secret newly
// mirrored is D025. (schema leaves these annotations to headers: see
// onChain.)
func (d *differ) headers(oIn, nIn map[string]any) {
	oAnns, nAnns := paramheader.Find(oIn), paramheader.Find(nIn)
	oBad, nBad := paramheader.Check(oAnns), paramheader.Check(nAnns)
	switch {
	case len(nBad) > 0 && len(oBad) == 0:
		p := nBad[0]
		d.add(rules.DiffToolRemoved, "/inputSchema"+p.Pointer(),
			"tool removed for clients on the Streamable HTTP transport: the x-mcp-header of argument %q is not valid (%s)%s; MCP 2026-07-28 has them reject the tool and leave it out of tools/list",
			p.Argument(), p.Why, more(len(nBad)-1))
		return
	case len(oBad) > 0 && len(nBad) == 0:
		p := oBad[0]
		d.add(rules.DiffToolAdded, "/inputSchema"+p.Pointer(),
			"tool added for clients on the Streamable HTTP transport: the old version's x-mcp-header of argument %q was not valid (%s)%s, so they left the tool out of tools/list",
			p.Argument(), p.Why, more(len(oBad)-1))
		return
	}
	valid := len(nBad) == 0
	old := map[string]paramheader.Annotation{}
	for _, a := range oAnns {
		old[a.Argument()] = a
	}
	for _, n := range nAnns {
		ptr := "/inputSchema" + n.Pointer()
		o, had := old[n.Argument()]
		delete(old, n.Argument())
		switch {
		case had && canonical(o.Value) == canonical(n.Value):
			continue
		case !valid:
			d.add(rules.DiffUnjudged, ptr, "x-mcp-header %s -> %s (the tool stays invalid for clients on Streamable HTTP: lint's T017)", annValue(o, had), quote(n.Value))
			continue
		case had && strings.EqualFold(o.Name(), n.Name()):
			d.add(rules.DiffUnjudged, ptr, "x-mcp-header %s -> %s: the same header, as header names are case-insensitive (it constrains no value)", quote(o.Value), quote(n.Value))
		case had:
			d.add(rules.DiffHeaderAdded, ptr, "x-mcp-header %s -> %s: on Streamable HTTP a call with argument %q must now send it in the %s header instead of %s; a client holding the old tool list, or a request written by hand, is refused until it reads the new one",
				quote(o.Value), quote(n.Value), n.Argument(), paramheader.Prefix+n.Name(), paramheader.Prefix+o.Name())
		case took(d.oRoot, n.Path):
			d.add(rules.DiffHeaderAdded, ptr, "x-mcp-header %s added: on Streamable HTTP a call with argument %q must now send its value in the %s header too; a client holding the old tool list, or a request written by hand, is refused until it reads the new one",
				quote(n.Value), n.Argument(), paramheader.Prefix+n.Name())
		}
		if !had && secretHeader(n) {
			d.add(rules.DiffHeaderSecret, ptr, "argument %q, named for a secret, is now mirrored into the %s header: proxies and load balancers read headers and their logs keep them (MCP: servers SHOULD NOT mark secrets with x-mcp-header)",
				n.Argument(), paramheader.Prefix+n.Name())
		}
	}
	for _, o := range oAnns {
		if _, gone := old[o.Argument()]; gone && took(d.nRoot, o.Path) {
			d.add(rules.DiffUnjudged, "/inputSchema"+o.Pointer(), "x-mcp-header %s removed: argument %q is no longer mirrored into the %s header (it constrains no value)",
				quote(o.Value), o.Argument(), paramheader.Prefix+o.Name())
		}
	}
}

// took says whether the schema has the argument at path, through
// properties alone.
func took(root any, path []string) bool {
	s, _ := root.(map[string]any)
	for _, k := range path {
		props, _ := s["properties"].(map[string]any)
		v, ok := props[k]
		if !ok {
			return false
		}
		s, _ = v.(map[string]any)
	}
	return true
}

// secretHeader: the argument's name, or the header's, says it holds a
// secret, as the tool-text rules read names (lint's T018).
func secretHeader(a paramheader.Annotation) bool {
	return tooltext.SecretArgument(a.Path[len(a.Path)-1]) || a.Name() != "" && tooltext.SecretArgument(a.Name())
}

func annValue(a paramheader.Annotation, had bool) string {
	if !had {
		return "(absent)"
	}
	return quote(a.Value)
}

func more(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return ", and 1 more annotation is not"
	}
	return fmt.Sprintf(", and %d more annotations are not", n)
}

// onChain says whether a subschema's pointer is an argument statically
// reachable from the inputSchema's root (/inputSchema/properties/a/...
// properties/b), where headers judges x-mcp-header.
func onChain(ptr string) bool {
	rest, ok := strings.CutPrefix(ptr, "/inputSchema")
	if !ok || rest == "" {
		return false
	}
	tokens := strings.Split(rest[1:], "/")
	if len(tokens)%2 != 0 {
		return false
	}
	for i := 0; i < len(tokens); i += 2 {
		if tokens[i] != "properties" {
			return false
		}
	}
	return true
}
