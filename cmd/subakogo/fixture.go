package main

import (
	"flag"
	"fmt"

	"github.com/subako-ai/subako-go/internal/host/subakohttp"
)

// httpFixtureFlag adds --http-fixture to fs, for call and serve; the
// function it returns loads the fixture once fs is parsed (nil without
// the flag). A fixture that cannot be read is exit 3, not a usage error.
func httpFixtureFlag(fs *flag.FlagSet) func() (*subakohttp.Fixture, error) {
	path := fs.String("http-fixture", "", "answer subako_http from the recorded responses in this JSON file or directory of them, instead of the network")
	return func() (*subakohttp.Fixture, error) {
		if *path == "" {
			return nil, nil
		}
		f, err := subakohttp.LoadFixture(*path)
		if err != nil {
			return nil, fmt.Errorf("--http-fixture: %w", err)
		}
		return f, nil
	}
}
