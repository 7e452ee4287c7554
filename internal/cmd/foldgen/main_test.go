package main

import (
	"bytes"
	"os"
	"testing"
)

// The committed table is what foldgen writes.
func TestTableUpToDate(t *testing.T) {
	want, err := table()
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("../../tooltext/lettertable.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Error("internal/tooltext/lettertable.go is stale: go run ./internal/cmd/foldgen -o internal/tooltext/lettertable.go")
	}
}
