package main

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/subako-ai/subako-go/host"
)

// stringList collects a repeated flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

func runCall(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("call", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var allow stringList
	fs.Var(&allow, "allow-host", "a host subako_http may reach (repeatable; none by default)")
	volume := fs.String("volume", "", "directory backing /volume (default: a new temporary directory)")
	data := fs.Bool("data", false, "mount /volume/data, as when the agent enables it")
	pkg := fs.String("package", "", "the package's assets, mounted read-only at /package")
	skills := fs.String("skills", "", "a directory of skills, mounted at /skills and /skills/<name>")
	timeout := fs.Duration("timeout", time.Minute, "the call's timeout")
	raw := fs.Bool("json", false, "print the raw JSON-RPC answer")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo call [flags] module.wasm TOOL ['{\"json\":\"args\"}']\n\nRuns one tools/call the way Subako does and shows the result.")
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	if len(pos) < 2 || len(pos) > 3 {
		return usageError(stderr, fs, errors.New("want a module, a tool name and optionally its arguments"))
	}
	arguments := json.RawMessage("{}")
	if len(pos) == 3 {
		arguments = json.RawMessage(pos[2])
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(arguments, &obj); err != nil {
			return usageError(stderr, fs, fmt.Errorf("arguments must be a JSON object: %w", err))
		}
	}
	wasm, err := os.ReadFile(pos[0])
	if err != nil {
		fmt.Fprintf(stderr, "subakogo call: %v\n", err)
		return exitUnreadable
	}
	if *volume == "" {
		if *volume, err = os.MkdirTemp("", "subako-volume-"); err != nil {
			fmt.Fprintf(stderr, "subakogo call: %v\n", err)
			return exitUnreadable
		}
		defer removeIfNoFiles(*volume)
	}
	ctx := context.Background()
	h, err := host.New(ctx, host.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "subakogo call: %v\n", err)
		return exitUnreadable
	}
	defer h.Close(ctx)
	m, err := h.Compile(ctx, wasm)
	if err != nil {
		fmt.Fprintf(stderr, "subakogo call: %s: %v (subakogo lint %s says why)\n", pos[0], err, pos[0])
		return exitUnreadable
	}
	c := h.Call(ctx, m, pos[1], arguments, host.CallConfig{
		Mounts:     host.Mounts{Volume: *volume, Data: *data, Package: *pkg, Skills: *skills},
		Timeout:    *timeout,
		AllowHosts: allow,
	})
	stderr.Write(c.Record.Stderr)
	breaks := c.Record.Breaks()
	if *raw && c.Response != nil {
		fmt.Fprintf(stdout, "%s\n", c.Response)
	}
	if len(breaks) > 0 {
		w := stdout
		if *raw {
			w = stderr // stdout holds the raw answer
		}
		fmt.Fprintln(w, "The call crashed, as Subako would report it:")
		for _, b := range breaks {
			fmt.Fprintf(w, "  %s: %s\n", b.Kind, b.Message)
		}
		if c.Record.StderrBytes > int64(len(c.Record.Stderr)) {
			fmt.Fprintf(w, "(stderr above is the last %d of %d bytes)\n", len(c.Record.Stderr), c.Record.StderrBytes)
		}
		return exitFindings
	}
	if *raw {
		if isError(c.Result) {
			return exitFindings
		}
		return exitOK
	}
	return showResult(stdout, c.Result, *volume)
}

func isError(result json.RawMessage) bool {
	var r struct {
		IsError bool `json:"isError"`
	}
	return json.Unmarshal(result, &r) == nil && r.IsError
}

type contentBlock struct {
	Type     string `json:"type"`
	Text     string `json:"text"`
	MIMEType string `json:"mimeType"`
	Data     string `json:"data"`
	URI      string `json:"uri"`
	Name     string `json:"name"`
}

// showResult prints a CallToolResult as a person wants to read it: the
// structured value pretty-printed (or the text), then where each image is.
func showResult(w io.Writer, result json.RawMessage, volume string) int {
	var r struct {
		Content           []contentBlock  `json:"content"`
		StructuredContent json.RawMessage `json:"structuredContent"`
		IsError           bool            `json:"isError"`
	}
	if err := json.Unmarshal(result, &r); err != nil {
		fmt.Fprintf(w, "unreadable result: %v\n%s\n", err, result)
		return exitFindings
	}
	if r.IsError {
		for _, b := range r.Content {
			if b.Type == "text" {
				fmt.Fprintf(w, "tool error: %s\n", b.Text)
			}
		}
		return exitFindings
	}
	shownValue := false
	if len(r.StructuredContent) > 0 {
		var pretty bytes.Buffer
		if json.Indent(&pretty, r.StructuredContent, "", "  ") == nil {
			fmt.Fprintln(w, pretty.String())
			shownValue = true
		}
	}
	for i, b := range r.Content {
		switch b.Type {
		case "text":
			if !shownValue {
				fmt.Fprintln(w, b.Text)
			}
		case "image":
			data, err := base64.StdEncoding.DecodeString(b.Data)
			if err != nil {
				fmt.Fprintf(w, "image %d: bad base64: %v\n", i, err)
				continue
			}
			path := filepath.Join(volume, fmt.Sprintf("inline-image-%d%s", i, extension(b.MIMEType)))
			if err := os.WriteFile(path, data, 0o644); err != nil {
				fmt.Fprintf(w, "image %d: %v\n", i, err)
				continue
			}
			fmt.Fprintf(w, "image (%s, %d bytes, inline) saved to %s\n", b.MIMEType, len(data), path)
		case "resource_link":
			fmt.Fprintln(w, describeLink(b, volume))
		default:
			fmt.Fprintf(w, "(a %s block, which Subako leaves out)\n", b.Type)
		}
	}
	return exitOK
}

// describeLink maps a volume:/// link to the file on this machine.
func describeLink(b contentBlock, volume string) string {
	u, err := url.Parse(b.URI)
	if err != nil || u.Scheme != "volume" {
		return "link: " + b.URI + " (Subako shows it as a line naming the link)"
	}
	path := filepath.Join(volume, filepath.FromSlash(strings.TrimPrefix(u.Path, "/")))
	fi, err := os.Stat(path)
	if err != nil {
		return "image link " + b.URI + ": the file is missing (" + err.Error() + ")"
	}
	return fmt.Sprintf("image %s at %s (%d bytes)", b.URI, path, fi.Size())
}

func extension(mime string) string {
	switch mime {
	case "image/png":
		return ".png"
	case "image/jpeg":
		return ".jpg"
	case "image/gif":
		return ".gif"
	case "image/webp":
		return ".webp"
	}
	return ".bin"
}

// removeIfNoFiles removes a temporary volume the call left nothing in.
func removeIfNoFiles(dir string) {
	files := false
	_ = filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			files = true
			return filepath.SkipAll
		}
		return nil
	})
	if !files {
		_ = os.RemoveAll(dir)
	}
}
