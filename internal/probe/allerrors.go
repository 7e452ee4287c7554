package probe

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/textutil"
)

// validAnswers are the results of one tool's valid cases that were
// answered with a CallToolResult, for P054.
type validAnswers struct {
	results int    // answered
	refused []Case // the ones answered isError
	said    string // the first isError result's text
	fault   bool   // one was a fault (P053, P044), reported already
	network bool   // one was refused for the network the probes deny
}

// answered records the result of a valid case of toolName.
func (r *runner) answered(toolName string, c *Case, result json.RawMessage) {
	if r.valid == nil {
		r.valid = map[string]*validAnswers{}
	}
	a := r.valid[toolName]
	if a == nil {
		a = &validAnswers{}
		r.valid[toolName] = a
		r.validOrder = append(r.validOrder, toolName)
	}
	a.results++
	var res struct {
		IsError bool `json:"isError"`
		Content []struct {
			Text string `json:"text"`
		} `json:"content"`
	}
	if json.Unmarshal(result, &res) != nil || !res.IsError {
		return
	}
	text := ""
	if len(res.Content) > 0 {
		text = res.Content[0].Text
	}
	a.fault = a.fault || resultcheck.Fault(result) != ""
	a.network = a.network || strings.Contains(text, string(abi.HTTPHostNotAllowed)) || strings.Contains(text, "network allowlist")
	if len(a.refused) == 0 {
		a.said = text
	}
	a.refused = append(a.refused, *c)
}

// maxNamed is how many cases a P054 finding names.
const maxNamed = 5

// allErrors reports each tool whose every answered valid case was an
// isError result (P054), naming the cases. A tool refused the network
// (the probes allow no host) or whose fault is reported already is left
// out: neither says anything more of the tool.
func (r *runner) allErrors() {
	for _, name := range r.validOrder {
		a := r.valid[name]
		if a.results == 0 || len(a.refused) < a.results || a.fault || a.network {
			continue
		}
		var named []string
		for i, c := range a.refused {
			if i == maxNamed {
				named = append(named, fmt.Sprintf("and %d more", len(a.refused)-maxNamed))
				break
			}
			named = append(named, c.Name+" "+short(c.Args))
		}
		r.add(rules.ProbeAllErrors, fmt.Sprintf("%s: every valid case the probes sent (%d) was answered isError, the first with %s: %s; reproduce: %s",
			where(ProbeValid, name, ""), a.results, quote(textutil.OneLine(a.said, 200)), strings.Join(named, "; "), r.reproduce(name, a.refused[0].Args)))
	}
}
