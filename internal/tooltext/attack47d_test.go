package tooltext

import (
	"os"
	"testing"
)

// Attack pass 47d (attack/README-47d.md on branch attack47d): plain-English
// evasions of the readings fix47y and fix47z added. Each text must draw the
// error named; today it draws none. Skipped unless SUBAKO_ATTACK=1.

func attack47dSkip(t *testing.T) {
	t.Helper()
	if os.Getenv("SUBAKO_ATTACK") != "1" {
		t.Skip("attack kit: SUBAKO_ATTACK=1")
	}
}
