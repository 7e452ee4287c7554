// Package store is a helper package of the module.
package store

import (
	"os"

	"github.com/subako-ai/subako-go/subako"
)

// Save keeps a note, through an unexported helper.
func Save(text string) error { // want Save:"writes: store.Save → store.save → os.WriteFile to \"/volume/data/notes.txt\""
	return save(text)
}

func save(text string) error { return os.WriteFile("/volume/data/notes.txt", []byte(text), 0o644) }

// Scratch writes under /volume/tmp only: no fact.
func Scratch(data []byte) error { return os.WriteFile("/volume/tmp/out.png", data, 0o644) }

// Look sends a GET.
func Look(url string) (*subako.HTTPResponse, error) { // want Look:"fetches: store.Look → subako.Fetch"
	return subako.Fetch(&subako.HTTPRequest{URL: url})
}

// Post sends a POST.
func Post(url string) error { // want Post:"fetches: store.Post → subako.Fetch; mutates: store.Post → subako.Fetch \\(POST\\)"
	_, err := subako.Fetch(&subako.HTTPRequest{Method: "POST", URL: url})
	return err
}
