package rules

import "strconv"

// MaxPerRule bounds the findings of one rule a Collector keeps; past it,
// one last finding says how many more there were.
const MaxPerRule = 100

// Collector gathers a file's findings so that a hostile input cannot make
// the report grow with it: a finding identical to an earlier one (same
// rule and message) is folded into it as a count, and past MaxPerRule
// findings of a rule the rest are only counted. Both happen before
// anything is stored.
type Collector struct {
	list    []Finding
	repeats []int
	seen    map[foldKey]int
	perRule map[*Rule]int
	more    map[*Rule]int
	order   []*Rule // rules with more findings than listed, in order of first excess
}

type foldKey struct {
	rule    *Rule
	message string
}

// Add records f.
func (c *Collector) Add(f Finding) { c.AddRepeated(f, 0) }

// AddRepeated records f, which stands for itself and n more identical
// findings folded already (wasmparse folds repeated problems).
func (c *Collector) AddRepeated(f Finding, n int) {
	k := foldKey{f.Rule, f.Message}
	if i, ok := c.seen[k]; ok {
		c.repeats[i] += 1 + n
		return
	}
	if c.seen == nil {
		c.seen, c.perRule, c.more = map[foldKey]int{}, map[*Rule]int{}, map[*Rule]int{}
	}
	if c.perRule[f.Rule] >= MaxPerRule {
		if c.more[f.Rule] == 0 {
			c.order = append(c.order, f.Rule)
		}
		c.more[f.Rule] += 1 + n
		return
	}
	c.perRule[f.Rule]++
	c.seen[k] = len(c.list)
	c.list = append(c.list, f)
	c.repeats = append(c.repeats, n)
}

// Findings returns what was collected, in order, each folded finding's
// message ending with its count.
func (c *Collector) Findings() []Finding {
	out := make([]Finding, 0, len(c.list)+len(c.order))
	for i, f := range c.list {
		if n := c.repeats[i]; n > 0 {
			f.Message += " (repeated " + strconv.Itoa(n) + " more " + times(n) + ")"
		}
		out = append(out, f)
	}
	for _, r := range c.order {
		out = append(out, Finding{Rule: r, Offset: -1,
			Message: strconv.Itoa(c.more[r]) + " more " + r.ID + " findings not listed (at most " + strconv.Itoa(MaxPerRule) + " are)"})
	}
	return out
}

func times(n int) string {
	if n == 1 {
		return "time"
	}
	return "times"
}
