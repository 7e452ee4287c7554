// The JSON values a tool list's schemas may compile, all together.

package toolcheck

import (
	"strconv"

	"github.com/subako-ai/subako-go/internal/offlineschema"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// listBudget is what the list's compiles may still spend: T019 bounds
// each schema's compile (offlineschema.MaxSchemaValues), this the list's
// (offlineschema.MaxListSchemaValues, each distinct schema text counted
// once, as it is compiled once). Eight tools of 9,990 values each took
// 2.8 s of Check's CPU, 34 (1 MiB, T013) 12 s (attack pass 51e, row 1).
type listBudget struct {
	left    int  // values the list may still compile
	stopped bool // the list is over ToolListMaxBytes (T013): nothing is compiled
	// Past the budget: the schemas left uncompiled and their values,
	// and the values compiled before.
	skipped []string
	over    int
	spent   int
}

// spend says whether a schema of n values may be compiled, and counts it.
// Once one is refused, every later one is: the schemas compiled are the
// list's first, in order.
func (b *listBudget) spend(what string, n int) bool {
	if b.stopped {
		return false
	}
	if len(b.skipped) > 0 || n > b.left {
		b.skipped = append(b.skipped, what)
		b.over += n
		return false
	}
	b.left -= n
	b.spent += n
	return true
}

// report adds the list's T019 when schemas were left uncompiled for the
// budget (not for T013, which says the list is refused).
func (b *listBudget) report(c *toolsCheck) {
	if len(b.skipped) == 0 {
		return
	}
	named := b.skipped[:min(len(b.skipped), namedMax)]
	if len(b.skipped) > namedMax {
		named = append(named[:len(named):len(named)], strconv.Itoa(len(b.skipped)-namedMax)+" more")
	}
	c.add(rules.SchemaValues, "the tool list's schemas hold "+textutil.Commas(b.spent+b.over)+" JSON values in all (a schema listed twice counted once), past the "+
		textutil.Commas(offlineschema.MaxListSchemaValues)+" subakogo compiles for one list: "+textutil.Plural(len(b.skipped), "schema")+" ("+textutil.JoinAnd(named)+
		") "+were(len(b.skipped))+" not compiled, so whether they are valid JSON Schema is not checked: drop unused definitions, share repeated ones, or split the package")
}

func were(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}
