package progress

import "testing"

// A Reporter sees each step with its description and runs it; none runs
// the step alone.
func TestRun(t *testing.T) {
	var said []string
	r := Reporter(func(what string, step func()) { said = append(said, what); step() })
	ran := 0
	r.Run("building", func() { ran++ })
	Reporter(nil).Run("linting", func() { ran++ })
	if ran != 2 || len(said) != 1 || said[0] != "building" {
		t.Errorf("ran %d steps, the reporter saw %q", ran, said)
	}
}
