package run

import "os/exec"

func do() error { return exec.Command("true").Run() }
