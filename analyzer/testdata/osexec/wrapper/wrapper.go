// Package wrapper wraps runner. // want package:"osExec\\(example.com/t/osexec/runner → os/exec\\)"
package wrapper

import "example.com/t/osexec/runner"

// Today is today's date.
func Today() string { b, _ := runner.Date(); return string(b) }
