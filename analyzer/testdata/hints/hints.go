// Hints checks tool annotations against what the handlers reach.
//
//subako:package hints
package hints

import (
	"net/http"
	"os"
	"path/filepath"

	"example.com/t/hints/store"
	"github.com/subako-ai/subako-go/subako"
)

// In is the input.
type In struct{}

// Out is the output.
type Out struct{}

// Plain does nothing to the world.
//
//subako:function
func plain(in In) (Out, error) { // want `A041 hint-suggested: plain could be marked //subako:readOnly and //subako:openWorld=false: nothing it reaches writes a file outside /volume/tmp or sends a request other than GET or HEAD, and nothing it reaches sends an HTTP request`
	return Out{}, nil
}

// Note writes a note where it outlives the call, and an image where it
// does not.
//
//subako:function
//subako:readOnly
//subako:openWorld=false
func note(in In) (Out, error) {
	_ = os.WriteFile("/volume/tmp/chart.png", nil, 0o644)
	_ = os.MkdirAll(filepath.Join("/volume/tmp", "a", "b"), 0o755)
	_ = keep()
	return Out{}, store.Scratch(nil)
}

func keep() error {
	f, err := os.OpenFile("/volume/data/log", os.O_RDONLY, 0) // reading
	if err == nil {
		f.Close()
	}
	return store.Save("x") // want `A040 hint-contradicted: note is marked //subako:readOnly, but it can write a file outside /volume/tmp: store.Save → store.save → os.WriteFile to "/volume/data/notes.txt" \(note → keep\)`
}

// Post sends a POST, which a closed world cannot.
//
//subako:function
//subako:readOnly
//subako:openWorld=false
func post(in In) (Out, error) {
	_, err := subako.Fetch(&subako.HTTPRequest{Method: "POST", URL: "https://example.com"}) // want `A040 hint-contradicted: post is marked //subako:readOnly, but it can send a request other than GET or HEAD: subako.Fetch \(POST\)` `A040 hint-contradicted: post is marked //subako:openWorld=false, but it can send an HTTP request: subako.Fetch$`
	return Out{}, err
}

// Get sends GET and HEAD requests, read-only in an open world.
//
//subako:function
//subako:readOnly
//subako:openWorld
func get(in In) (Out, error) {
	req := &subako.HTTPRequest{URL: "https://example.com"}
	if _, err := subako.Fetch(req); err != nil {
		return Out{}, err
	}
	req.Method = "HEAD"
	_, err := subako.Fetch(req)
	if _, err := store.Look("https://example.com"); err != nil {
		return Out{}, err
	}
	return Out{}, err
}

// Save saves a response where it outlives the call.
//
//subako:function
//subako:readOnly
func save(in In) (Out, error) {
	_, err := subako.Fetch(&subako.HTTPRequest{URL: "https://example.com", SaveTo: "/volume/data/page.html"}) // want `A040 hint-contradicted: save is marked //subako:readOnly, but it can write a file outside /volume/tmp: subako.Fetch saving the response \(SaveTo\) to "/volume/data/page.html"`
	return Out{}, err
}

// Unknown writes and sends what the analyzer cannot tell.
//
//subako:function
//subako:readOnly
func unknown(in In, name, method string) (Out, error) {
	f, err := os.Create(name) // want `A040 hint-contradicted: unknown is marked //subako:readOnly, but it can write a file outside /volume/tmp: os.Create at a path its caller gives`
	if err == nil {
		f.Close()
	}
	_ = os.Remove("/volume/tmp" + name) // want `os.Remove to "/volume/tmp"\+\.\.\.`
	_ = os.Remove("/volume/tmp/" + name)
	_ = os.Remove("/volume/tmp/../data/x")                                // want `os.Remove to "/volume/tmp/../data/x"`
	_ = os.Remove(filepath.Join("/volume/tmp", name, "..", "..", "data")) // want `os.Remove at a path not known`
	_ = os.Remove(filepath.Join("/volume/tmp", name))
	d, _ := os.MkdirTemp("", "x") // want `os.MkdirTemp in the temporary or current directory`
	r, _ := os.OpenRoot(d)
	_ = r.Remove("x")                                                  // want `os.Root.Remove \(on a file not known\)`
	_, _ = os.OpenFile("/volume/data/log", os.O_WRONLY|os.O_APPEND, 0) // want `os.OpenFile to "/volume/data/log"`
	_, _ = os.ReadFile("/volume/data/log")
	req := subako.HTTPRequest{URL: "https://example.com"}
	req.Method = method
	_, err = subako.Fetch(&req) // want `A040 hint-contradicted: unknown is marked //subako:readOnly, but it can send a request other than GET or HEAD: subako.Fetch \(with a method not known\)`
	return Out{}, err
}

// Relay posts, through another package, and says it is not read-only.
//
//subako:function
//subako:readOnly=false
func relay(in In) (Out, error) {
	return Out{}, store.Post("https://example.com")
}

// writeFile saves a file; tests replace it.
var writeFile = os.WriteFile

const chartPath = "/volume/tmp/chart.png"

// Chart saves its image in the scratch space, through a variable.
//
//subako:function
//subako:readOnly
func chart(in In) (Out, error) { // want `A041 hint-suggested: chart could be marked //subako:openWorld=false: nothing it reaches sends an HTTP request`
	return Out{}, writeFile(chartPath, nil, 0o644)
}

// saveVar is a helper of the package, called through a variable.
var saveVar = archiveHelper

func archiveHelper() error {
	return os.Remove("/volume/data/old") // want `A040 hint-contradicted: archive is marked //subako:readOnly, but it can write a file outside /volume/tmp: os.Remove to "/volume/data/old" \(archive → archiveHelper\)`
}

// Archive saves through a variable, outside the scratch space.
//
//subako:function
//subako:readOnly
//subako:openWorld=false
func archive(in In) (Out, error) {
	_ = saveVar()
	return Out{}, writeFile("/volume/data/archive", nil, 0o644) // want `A040 hint-contradicted: archive is marked //subako:readOnly, but it can write a file outside /volume/tmp: os.WriteFile to "/volume/data/archive"`
}

// Web uses net/http, which cannot connect under wasip1 but means to.
//
//subako:function
//subako:readOnly
//subako:openWorld=false
func web(in In) (Out, error) {
	resp, err := http.Get("https://example.com") // want `A040 hint-contradicted: web is marked //subako:openWorld=false, but it can send an HTTP request: http.Get`
	if err == nil {
		resp.Body.Close()
	}
	_, err = http.DefaultClient.Do(nil) // want `web is marked //subako:readOnly, but it can send a request other than GET or HEAD: http.Client.Do` `web is marked //subako:openWorld=false`
	return Out{}, err
}

// Forward posts through another package while it claims to be read-only,
// and writes a lock it removes, which an ignore excuses.
//
//subako:function
//subako:readOnly
//subako:openWorld
func forward(in In) (Out, error) {
	//subako:ignore A040 the lock is removed before the call ends
	_ = os.WriteFile("/volume/data/.lock", nil, 0o644)
	return Out{}, store.Post("https://example.com") // want `A040 hint-contradicted: forward is marked //subako:readOnly, but it can send a request other than GET or HEAD: store.Post → subako.Fetch \(POST\)`
}

// saveAt writes where its caller says.
func saveAt(name string, data []byte) error {
	return os.WriteFile(name, data, 0o644)
}

// saveVia passes its caller's path on.
func saveVia(dir, name string) error { return saveAt(dir, nil) }

// Render saves its image in the scratch space through helpers, and a copy
// where it outlives the call.
//
//subako:function
//subako:readOnly
//subako:openWorld=false
func render(in In) (Out, error) {
	_ = saveAt("/volume/tmp/a.png", nil)
	_ = saveVia("/volume/tmp/b.png", "x")
	_ = saveVia("/volume/data/c.png", "x") // want `A040 hint-contradicted: render is marked //subako:readOnly, but it can write a file outside /volume/tmp: hints.saveVia → hints.saveAt → os.WriteFile to "/volume/data/c.png"`
	return Out{}, saveAt(chartPath, nil)
}

// store saves a file; tests replace it.
var storeFile = func(name string, data []byte) error {
	return os.WriteFile(name, data, 0o644)
}

// Picture saves through a function literal: in the scratch space, and
// where it outlives the call.
//
//subako:function
//subako:readOnly
//subako:openWorld=false
func picture(in In) (Out, error) {
	_ = storeFile(chartPath, nil)
	return Out{}, storeFile("/volume/data/pic.png", nil) // want `A040 hint-contradicted: picture is marked //subako:readOnly, but it can write a file outside /volume/tmp: hints.storeFile → os.WriteFile to "/volume/data/pic.png"`
}
