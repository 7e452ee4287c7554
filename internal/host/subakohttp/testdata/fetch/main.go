// Command fetch is a module for the end-to-end test: built for wasip1, it
// sends each argument through subako.Fetch and prints one line per answer.
// An argument is a URL, or URL>PATH to save the body at PATH.
package main

import (
	"errors"
	"os"
	"strconv"
	"strings"

	"github.com/subako-ai/subako-go/subako"
)

func main() {
	for _, arg := range os.Args[1:] {
		u, saveTo, _ := strings.Cut(arg, ">")
		resp, err := subako.Fetch(&subako.HTTPRequest{URL: u, SaveTo: saveTo})
		var line string
		var herr *subako.HTTPError
		switch {
		case errors.As(err, &herr):
			line = "error " + string(herr.Kind) + " " + herr.Message
		case err != nil:
			line = "failed " + err.Error()
		case resp.Path != "":
			line = "file " + strconv.Itoa(resp.Status) + " " + resp.Path + " " + strconv.FormatInt(resp.Bytes, 10)
		default:
			line = "inline " + strconv.Itoa(resp.Status) + " " + resp.Headers["x-multi"] + " " + resp.Text
		}
		os.Stdout.WriteString(line + "\n")
	}
}
