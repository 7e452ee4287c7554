package toolcheck

import (
	"encoding/json"

	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
	"github.com/subako-ai/subako-go/internal/tooltext"
)

// text reports what internal/tooltext finds in the text of the list
// (T030-T045): run on every tool whatever else is wrong with it, so a
// list with a bad name or schema is still read for poisoning. A tool may
// waive a warning of these rules for itself, with a reason, in its _meta
// (tooltext.MetaIgnore): the warning is kept with its Waiver, which the
// report lists apart and never counts, so a reviewer still sees what
// the package hid. An error it cannot waive: the waiver is written by the
// module being vetted, and a client shows the model the text as it is,
// waiver or not, so the error stays, its message quoting the waiver (lint
// --ignore ID is the user's own way to leave a rule out). diff and serve
// do not honour waivers at all.
func (c *toolsCheck) text(tools []json.RawMessage) {
	waived := map[int]map[string]string{}
	for _, s := range tooltext.CheckTools(tools) {
		w, ok := waived[s.Index]
		if !ok {
			w = tooltext.Waivers(tools[s.Index])
			waived[s.Index] = w
		}
		reason := w[s.Rule.ID]
		switch {
		case reason == "":
			c.out.Add(s.Finding())
		case s.Severity() != rules.Error:
			f := s.Finding()
			f.Waiver = reason
			c.out.Add(f)
		default:
			f := s.Finding()
			f.Message += " (the tool's _meta waives " + s.Rule.ID + `, "` + tooltext.Escape(textutil.Truncate(reason, 120)) +
				`", but a package cannot waive an error in its own text: a client shows the model the text as it is)`
			c.out.Add(f)
		}
	}
}

// Server reports what internal/tooltext finds in the text a module's
// server/discover result gives the model beside its tools (its
// instructions, its serverInfo's title and description); tools are the
// tools it listed, whose names the text may name.
func Server(discover json.RawMessage, tools []json.RawMessage) []rules.Finding {
	var out rules.Collector
	for _, s := range tooltext.CheckServer(discover, tooltext.Names(tools)) {
		out.Add(s.Finding())
	}
	return out.Findings()
}
