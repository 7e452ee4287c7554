package model

import (
	"strings"
	"testing"
)

func TestAnnotationsJSON(t *testing.T) {
	t.Parallel()
	yes, no := true, false
	for _, c := range []struct {
		a    *Annotations
		want string
	}{
		{nil, ""},
		{&Annotations{}, ""},
		{&Annotations{Title: `Say "hi" <now>`}, `{"title":"Say \"hi\" <now>"}`},
		{&Annotations{ReadOnly: &yes, OpenWorld: &no}, `{"readOnlyHint":true,"openWorldHint":false}`},
		{&Annotations{Title: "T", ReadOnly: &no, Destructive: &no, Idempotent: &yes, OpenWorld: &yes},
			`{"title":"T","readOnlyHint":false,"destructiveHint":false,"idempotentHint":true,"openWorldHint":true}`},
	} {
		if got := string(c.a.JSON()); got != c.want {
			t.Errorf("%+v: got %s, want %s", c.a, got, c.want)
		}
	}
}

// Annotations are part of the hash, and a change to them is named.
func TestAnnotationsChange(t *testing.T) {
	t.Parallel()
	yes := true
	a, b := handModel(), handModel()
	b.Tools[0].Annotations = &Annotations{ReadOnly: &yes}
	if a.Hash() == b.Hash() {
		t.Error("annotations do not change the hash")
	}
	changes := Changes(a, b)
	if len(changes) != 1 || !strings.HasSuffix(changes[0].String(), ": its annotations changed") {
		t.Errorf("changes %v", changes)
	}
	if err := b.Resolve(); err != nil {
		t.Fatal(err)
	}
	list, err := b.ToolsJSON()
	if err != nil || !strings.Contains(string(list), `,"annotations":{"readOnlyHint":true},"_meta":`) {
		t.Errorf("tool list %s, %v", list, err)
	}
}
