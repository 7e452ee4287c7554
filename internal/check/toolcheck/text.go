package toolcheck

import (
	"encoding/json"

	"github.com/subako-ai/subako-go/internal/tooltext"
)

// text reports what internal/tooltext finds in the text of the list
// (T030-T045): run on every tool whatever else is wrong with it, so a
// list with a bad name or schema is still read for poisoning. A tool may
// waive one of these rules for itself, with a reason, in its _meta
// (tooltext.MetaIgnore); diff and serve do not honour waivers.
func (c *toolsCheck) text(tools []json.RawMessage) {
	waived := map[int]map[string]string{}
	for _, s := range tooltext.CheckTools(tools) {
		w, ok := waived[s.Index]
		if !ok {
			w = tooltext.Waivers(tools[s.Index])
			waived[s.Index] = w
		}
		if w[s.Rule.ID] == "" {
			c.out.Add(s.Finding())
		}
	}
}
