package run

func do() error { return nil }
