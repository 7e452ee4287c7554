//go:build !linux && !wasip1

package run

func do() error { return nil }
