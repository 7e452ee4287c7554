// The x-mcp-header annotations of an inputSchema (T017, T018), read by
// internal/paramheader as diff and serve read them.

package toolcheck

import (
	"strconv"

	"github.com/subako-ai/subako-go/internal/paramheader"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/tooltext"
)

// paramHeaders reports the annotations clients on Streamable HTTP must
// reject (T017: the tool is gone for them) and those that mirror an
// argument named for a secret (T018).
func (c *toolsCheck) paramHeaders(label string, root *jnode) {
	schema, _ := root.toAny().(map[string]any)
	anns := paramheader.Find(schema)
	for _, p := range paramheader.Check(anns) {
		c.add(rules.ParamHeaderInvalid, label+": inputSchema "+p.Pointer()+" of argument "+strconv.Quote(p.Argument())+": "+p.Why+
			"; clients on the Streamable HTTP transport must reject the tool: they leave it out of tools/list")
	}
	for _, a := range anns {
		if secretHeader(a) {
			c.add(rules.ParamHeaderSecret, label+": inputSchema "+a.Pointer()+" mirrors argument "+strconv.Quote(a.Argument())+
				", named for a secret, into the "+strconv.Quote(paramheader.Prefix+a.Name())+
				" header: proxies and load balancers read headers and their logs keep them; MCP says servers SHOULD NOT mark passwords, API keys or tokens with x-mcp-header")
		}
	}
}

// secretHeader: the argument's name, or the header's, says it holds a
// secret, as the tool-text rules read names.
func secretHeader(a paramheader.Annotation) bool {
	return tooltext.SecretArgument(a.Path[len(a.Path)-1]) || a.Name() != "" && tooltext.SecretArgument(a.Name())
}
