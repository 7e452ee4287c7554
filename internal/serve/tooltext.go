package serve

import (
	"encoding/json"

	"github.com/subako-ai/subako-go/internal/report"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/tooltext"
)

// Clients show a tool's name, title and descriptions verbatim to the
// model and, often, to the user: a package whose tool text carries an
// error-level tool-text signal (hidden characters, an <IMPORTANT> block,
// a request for secrets, shadowing) is not served unless --force. Lint's
// report says which; serve reads the tool list with the tool-text checker
// itself as well, without the waivers lint honours (tooltext.MetaIgnore:
// a waiver in the module's own _meta must not hide what clients will
// show), so that it refuses on the text it is about to hand out, and adds
// to the report what lint did not say.

// withToolText adds to the module's report (files[0]) the tool-text
// signals of tools, and of the text its server/discover result gives
// the model (discover's instructions, its serverInfo's title and
// description, which serve hands its clients), that it lacks, and
// returns how many error-level ones there are.
func withToolText(files []report.File, discover json.RawMessage, tools []json.RawMessage) (errors int) {
	if len(files) == 0 {
		return 0
	}
	said := map[string]bool{}
	for i := range files {
		files[i].Waived = nil // serve honours no waiver: the checker's own signals below say them as findings
	}
	for _, f := range files {
		for _, fd := range f.Findings {
			said[findingKey(fd)] = true
		}
	}
	signals := tooltext.CheckTools(tools)
	if discover != nil {
		signals = append(signals, tooltext.CheckServer(discover, tooltext.Names(tools))...)
	}
	for _, s := range signals {
		if s.Severity() == rules.Error {
			errors++
		}
		if fd := s.Finding(); !said[findingKey(fd)] {
			files[0].Findings = append(files[0].Findings, fd)
		}
	}
	return errors
}

func findingKey(fd rules.Finding) string {
	return fd.Rule.ID + "\x00" + fd.Tool + "\x00" + fd.Pointer + "\x00" + fd.Message
}
