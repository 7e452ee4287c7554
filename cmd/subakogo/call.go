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
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/callrun"
	"github.com/subako-ai/subako-go/internal/host"
	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/outfile"
	"github.com/subako-ai/subako-go/internal/probe/resultcheck"
	"github.com/subako-ai/subako-go/internal/rules"
	"github.com/subako-ai/subako-go/internal/termsafe"
	"github.com/subako-ai/subako-go/internal/wasmparse"
)

// stringList collects a repeated flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// maxArguments bounds the arguments read from a file or stdin: the ABI's
// limit on a request.
const maxArguments = abi.HTTPRequestMaxBytes

func runCall(args []string, stdout, stderr io.Writer) int {
	return interruptible("call", stderr, func(ctx context.Context, stderr io.Writer) int { return callCommand(ctx, args, stdout, stderr) })
}

// callCommand is call; a signal cancels ctx (interruptible).
func callCommand(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("call", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var allow stringList
	fs.Var(&allow, "allow-host", "a host subako_http may reach (repeatable; none by default)")
	fixture := httpFixtureFlag(fs)
	volume := fs.String("volume", "", "directory backing /volume, kept after the call (default: a temporary directory, removed)")
	data := fs.Bool("data", false, "mount /volume/data, as when the agent enables it")
	pkg := fs.String("package", "", "the package's assets, mounted at /package (a run's changes go to a copy of its own)")
	skills := fs.String("skills", "", "a directory of skills, mounted at /skills and /skills/<name>")
	timeout := fs.Duration("timeout", abi.CallTimeout, "the call's timeout")
	raw := fs.Bool("json", false, "print the raw JSON-RPC answer")
	profile := fs.String("profile", "", "write a CPU profile of the module's functions, in the module's own time, to this file (pprof's format: go tool pprof FILE)")
	engine := engineFlag(fs)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: subakogo call [flags] MODULE TOOL ['{\"json\":\"args\"}' | @args.json | -]\n\n"+
			"Runs one tools/call the way Subako does and shows the result. MODULE is a .wasm file, a package\n"+
			"directory (its module.wasm) or a Go main package, built for wasip1 first. The arguments are a\n"+
			"JSON object, given inline, read from a file (@FILE) or from standard input (-).")
		fs.PrintDefaults()
	}
	pos, err := parseInterspersed(fs, args)
	if err != nil {
		return usageError(stderr, fs, err)
	}
	if len(pos) < 2 || len(pos) > 3 {
		return usageError(stderr, fs, errors.New("want a module, a tool name and optionally its arguments"))
	}
	if *timeout <= 0 {
		// The host reads 0 as its default: a non-positive timeout given
		// is refused, not silently a minute (attack pass 42k).
		return usageError(stderr, fs, errors.New("--timeout must be positive"))
	}
	if len(pos) == 3 && stdinTwice(pos[0], strings.TrimPrefix(pos[2], "@")) {
		return usageError(stderr, fs, errors.New("standard input can hold the module or the arguments, not both"))
	}
	if *profile != "" {
		// Refused first, as lint --save-cases's file is: a path that would
		// be refused is refused before the call spends its time.
		if err := outfile.Check(*profile); err != nil {
			fmt.Fprintf(stderr, "subakogo call: --profile: %v\n", err)
			return exitUnreadable
		}
	}
	kept := *volume != "" // a volume given is the user's, and stays
	arguments := json.RawMessage("{}")
	if len(pos) == 3 {
		if arguments, err = readArguments(ctx, pos[2]); err != nil {
			fmt.Fprintf(stderr, "subakogo call: %v\n", err)
			return exitUnreadable
		}
		if err := checkArguments(arguments); err != nil {
			// The arguments are wrong, not the command line: the error and
			// one hint, not the whole usage.
			fmt.Fprintf(stderr, "subakogo call: %v\n(the arguments are one JSON object: '{\"name\":\"Ada\"}', @FILE or -; subakogo call --help shows every flag)\n", err)
			return exitUsage
		}
	}
	if *volume != "" {
		// The volume is the call's to write: one that does not exist yet
		// is made (its parent must exist), as Subako makes a session's.
		if err := os.Mkdir(*volume, 0o755); err == nil {
			fmt.Fprintf(stderr, "subakogo call: --volume %s: made the directory\n", *volume)
		} else if !errors.Is(err, os.ErrExist) {
			fmt.Fprintf(stderr, "subakogo call: --volume %s: cannot make the directory: %v\n", *volume, err)
			return exitUnreadable
		}
	}
	for _, d := range []struct{ flag, dir string }{{"--volume", *volume}, {"--package", *pkg}, {"--skills", *skills}} {
		if d.dir == "" {
			continue
		}
		if fi, err := os.Stat(d.dir); err != nil || !fi.IsDir() {
			fmt.Fprintf(stderr, "subakogo call: %s %s: not a directory\n", d.flag, d.dir)
			return exitUnreadable
		}
	}
	httpFixture, err := fixture()
	if err != nil {
		fmt.Fprintf(stderr, "subakogo call: %v\n", err)
		return exitUnreadable
	}
	modulePath, _, cleanup, code := moduleArg(ctx, "call", pos[0], stderr)
	defer cleanup()
	if code != exitOK {
		return code
	}
	// The one input reader: capped, and never blocked on a device.
	in, err := readModule(ctx, modulePath)
	var wasm []byte // the host keeps the bytes; a mapping may not outlive this
	if err == nil {
		err = input.Guard(func() { wasm = bytes.Clone(in.Data) })
		in.Release()
	}
	if err != nil {
		fmt.Fprintf(stderr, "subakogo call: %v\n", err)
		return exitUnreadable
	}
	if *volume == "" {
		if *volume, err = os.MkdirTemp("", "subako-volume-"); err != nil {
			fmt.Fprintf(stderr, "subakogo call: %v\n", err)
			return exitUnreadable
		}
		defer os.RemoveAll(*volume)
	} else {
		defer fmt.Fprintf(stderr, "the volume is kept at %s\n", *volume)
	}
	h, err := host.New(ctx, host.Options{Engine: *engine, Backstop: backstops.host})
	if err != nil {
		fmt.Fprintf(stderr, "subakogo call: the host could not start: %v\n", err)
		return exitUnreadable
	}
	defer h.Close(ctx)
	compile := h.Compile
	var prof *host.Profile
	if *profile != "" {
		compile, prof = h.CompileCovered, &host.Profile{} // its listener keeps the call stack
	}
	m, err := compile(ctx, wasm)
	var stalled *host.StalledError
	switch {
	case errors.As(err, &stalled): // the machine's condition: no verdict on the module
		fmt.Fprintf(stderr, "subakogo call: %s: %v\n", pos[0], err)
		return exitUnreadable
	case err != nil:
		fmt.Fprintf(stderr, "subakogo call: %s: %v (subakogo lint %s says why)\n", pos[0], err, pos[0])
		return exitUnreadable
	}
	// Subako discovers a module's tools at upload, before any call: the
	// tool's outputSchema, which the result is judged against, comes from
	// that discovery, when it passes. So a call costs up to discovery's
	// limit (10 s of the module's own time) before its --timeout, and a
	// discovery that stops is said, not passed over (attack pass 41q).
	var outputSchema json.RawMessage
	switch d := h.Discover(ctx, m, *pkg); {
	case d.Err != nil:
		fmt.Fprintf(stderr, "subakogo call: %s: discovery failed (%v), so the result is not checked against the tool's outputSchema (subakogo lint %s says more)\n", pos[0], d.Err, pos[0])
	case d.Stopped != nil:
		fmt.Fprintf(stderr, "subakogo call: %s: discovery stopped: %s; the result is not checked against the tool's outputSchema (subakogo lint %s says more)\n", pos[0], d.Stopped, pos[0])
	default:
		outputSchema = outputSchemaOf(d.Tools, pos[1])
	}
	c := callrun.Run(ctx, h, m, callrun.Spec{Tool: pos[1], Args: arguments, OutputSchema: outputSchema, What: "the call",
		CallConfig: host.CallConfig{
			Mounts:      host.Mounts{Volume: *volume, Data: *data, Package: *pkg, Skills: *skills},
			Timeout:     *timeout,
			AllowHosts:  allow,
			HTTPFixture: httpFixture,
			Profile:     prof,
		}})
	if ctx.Err() != nil {
		return exitUnreadable // interrupted: nothing to report
	}
	if c.Err != nil {
		fmt.Fprintf(stderr, "subakogo call: %v\n", c.Err)
		return exitUnreadable
	}
	if prof != nil {
		if err := writeProfile(*profile, prof, wasm); err != nil {
			fmt.Fprintf(stderr, "subakogo call: --profile: %v\n", err)
			return exitUnreadable
		}
		fmt.Fprintf(stderr, "subakogo call: %v of the module's CPU time profiled into %s (go tool pprof %s)\n", prof.Total, *profile, *profile)
	}
	if c.Unjudged != nil { // the machine's condition: no verdict on the module
		fmt.Fprintf(stderr, "subakogo call: %v\n", c.Unjudged)
		return exitUnreadable
	}
	// What the module wrote (its text, its stderr) must not move the
	// cursor, retitle the window or hide what it says; output piped
	// through cat, tee or less reaches a terminal all the same.
	outW, errOut := termsafe.NewWriter(stdout), termsafe.NewWriter(stderr)
	defer outW.Flush()
	defer errOut.Flush()
	out := io.Writer(outW)
	_, _ = errOut.Write(c.Record.Stderr)
	_ = errOut.Flush()
	breaks := c.Breaks
	if *raw && c.Response != nil {
		fmt.Fprintf(stdout, "%s\n", termsafe.JSON(c.Response)) // valid JSON still
	}
	if len(breaks) > 0 {
		w := out
		if *raw {
			w = errOut // stdout holds the raw answer
		}
		fmt.Fprintln(w, "The call crashed, as Subako would report it:")
		for _, b := range breaks {
			fmt.Fprintf(w, "  %s: %s%s\n", b.Kind, b.Message, b.MoreLikeIt())
		}
		if r := c.Record; r.StderrBytes > int64(len(r.Stderr)) {
			fmt.Fprintf(w, "(stderr above is the last %d of %d bytes)\n", len(r.Stderr), r.StderrBytes)
			if r.StderrCause != "" {
				// A Go crash's cause may come before a trace longer than the tail.
				fmt.Fprintf(w, "(before it, stderr says why: %s)\n", host.ShortLine([]byte(r.StderrCause)))
			}
		}
		return exitFindings
	}
	code = exitOK
	if *raw {
		if isError(c.Result) {
			code = exitFindings
		}
	} else {
		code = showResult(out, c.Result, *volume, kept)
	}
	w := out
	if *raw {
		w = errOut
	}
	if judged(w, c.Problems) {
		code = exitFindings
	}
	return code
}

// writeProfile writes a call's profile to path, the functions named by
// the module's name section, as lint --save-cases writes its file: never
// through a link, into a FIFO or a device (outfile.Write).
func writeProfile(path string, p *host.Profile, wasm []byte) error {
	parsed := wasmparse.Parse(wasm)
	var b bytes.Buffer
	if err := p.WriteTo(&b, func(fn uint32) string { return parsed.FuncName(int64(fn)) }); err != nil {
		return err
	}
	return outfile.Write(path, b.Bytes(), 0o644)
}

// judged prints the problems of a result, each with its rule, and says
// whether one is an error. A check that could not be made is said too,
// never dropped: a result not checked against its outputSchema (past
// offlineschema.MaxSchemaValues, say) is not a result found right
// (attack pass 51b, row 1).
func judged(w io.Writer, problems []resultcheck.Problem) bool {
	bad := false
	for _, p := range problems {
		rule := p.Kind.Rule()
		if rule == nil {
			fmt.Fprintf(w, "%s: %s\n", p.Kind, p.Detail)
			continue
		}
		fmt.Fprintf(w, "%s %s (%s): %s\n", rule.ID, rule.Slug, rule.Severity, p.Detail)
		bad = bad || rule.Severity == rules.Error
	}
	return bad
}

// outputSchemaOf is the outputSchema of the tool named name in a tool list.
func outputSchemaOf(tools []json.RawMessage, name string) json.RawMessage {
	for _, raw := range tools {
		var t struct {
			Name         string          `json:"name"`
			OutputSchema json.RawMessage `json:"outputSchema"`
		}
		if json.Unmarshal(raw, &t) == nil && t.Name == name {
			return t.OutputSchema
		}
	}
	return nil
}

// readArguments reads the arguments: "-" (or "@-") from standard input,
// "@FILE" from a file, both through the one input reader (a regular file,
// a pipe or a socket; a device on standard input is refused before it is
// read, attack pass 41i, row 2), anything else is the JSON itself.
func readArguments(ctx context.Context, arg string) (json.RawMessage, error) {
	switch {
	case arg == "-":
		arg = "@-"
		fallthrough
	case strings.HasPrefix(arg, "@"):
		f, err := input.ReadArg(ctx, arg[1:], maxArguments)
		if err != nil {
			return nil, err
		}
		return f.Data, nil
	}
	return json.RawMessage(arg), nil
}

// checkArguments requires a JSON object: Subako always sends one, so
// null, an array or a string would test a call that never happens.
func checkArguments(b json.RawMessage) error {
	b = bytes.TrimSpace(b)
	var obj map[string]json.RawMessage
	if len(b) == 0 || b[0] != '{' {
		return errors.New("arguments must be a JSON object, such as '{}' (Subako always sends one)")
	}
	if err := json.Unmarshal(b, &obj); err != nil {
		return fmt.Errorf("arguments must be a JSON object: %w", err)
	}
	return nil
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

// maxSavedImages bounds the inline images call saves of one result: the
// rest are counted and said, not written (attack pass 42k, row 4: 15,000
// image blocks wrote 15,000 files).
const maxSavedImages = 64

// showResult prints a CallToolResult as a person wants to read it: the
// structured value pretty-printed (or the text), then each image: where it
// is on this machine when the volume is kept, else its size.
//
// An inline image of a kept volume is saved, when it is an image Subako
// shows (not one P043 refuses), into a directory the call makes in the
// volume, inline-images-RANDOM (os.MkdirTemp: a new name, never an existing
// one), as inline-image-N.EXT, created exclusively through an os.Root of
// that directory: never into the volume's root, so no file of the user's is
// replaced (attack pass 42k, row 4); at most maxSavedImages a call.
func showResult(w io.Writer, result json.RawMessage, volume string, kept bool) int {
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
		shownValue = showValue(w, r.StructuredContent)
	}
	removed := ""
	if !kept {
		removed = " (in the call's temporary volume, now removed: give --volume DIR to keep the files)"
	}
	images := &imageSaver{volume: volume}
	defer images.close(w)
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
			if !kept {
				fmt.Fprintf(w, "image (%s, %d bytes, inline)\n", b.MIMEType, len(data))
				continue
			}
			if why := resultcheck.ImageProblem(b.MIMEType, b.Data); why != "" {
				fmt.Fprintf(w, "image (%s, %d bytes, inline) not saved: %s\n", b.MIMEType, len(data), why)
				continue
			}
			path, err := images.save(fmt.Sprintf("inline-image-%d%s", i, extension(b.MIMEType)), data)
			switch {
			case err != nil:
				fmt.Fprintf(w, "image %d: %v\n", i, err)
			case path != "":
				fmt.Fprintf(w, "image (%s, %d bytes, inline) saved to %s\n", b.MIMEType, len(data), path)
			}
		case "resource_link":
			fmt.Fprintln(w, describeLink(b, volume)+removed)
		default:
			fmt.Fprintf(w, "(a %s block, which Subako leaves out)\n", b.Type)
		}
	}
	return exitOK
}

// imageSaver saves a result's inline images into a directory of their own
// in the volume, made at the first image; past maxSavedImages it counts.
type imageSaver struct {
	volume  string
	dir     string
	root    *os.Root
	saved   int
	skipped int
}

// save writes data as name in the images' directory and says its path; ""
// with no error when the bound was reached (the image is counted).
func (s *imageSaver) save(name string, data []byte) (string, error) {
	if s.saved >= maxSavedImages {
		s.skipped++
		return "", nil
	}
	if s.root == nil {
		dir, err := os.MkdirTemp(s.volume, "inline-images-")
		if err != nil {
			return "", err
		}
		if s.root, err = os.OpenRoot(dir); err != nil {
			return "", err
		}
		_ = s.root.Chmod(".", 0o755) // as the volume call makes; MkdirTemp's is 0700
		s.dir = dir
	}
	f, err := s.root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644) // never an existing file
	if err != nil {
		return "", err
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return "", fmt.Errorf("%s: %w", filepath.Join(s.dir, name), err)
	}
	s.saved++
	return filepath.Join(s.dir, name), nil
}

// close releases the directory and says how many images were not saved.
func (s *imageSaver) close(w io.Writer) {
	if s.root != nil {
		_ = s.root.Close()
	}
	if s.skipped > 0 {
		fmt.Fprintf(w, "(%d more inline images not saved: call saves at most %d a call)\n", s.skipped, maxSavedImages)
	}
}

// showValue prints a structured value indented, two spaces a level, when
// that stays within indentedBound of the value; else compact, after a line
// saying why: indenting repeats the nesting depth on every line, so 800 KB
// of a wide array 1,000 levels deep would print 800 MB. It says whether the
// value was valid JSON (and so shown).
func showValue(w io.Writer, value json.RawMessage) bool {
	var out bytes.Buffer
	limit := indentedBound(len(value))
	if n := indentedSize(value, limit); n <= limit {
		if json.Indent(&out, value, "", "  ") != nil {
			return false
		}
	} else {
		if json.Compact(&out, value) != nil {
			return false
		}
		fmt.Fprintf(w, "(structuredContent shown compact: indented, its %d bytes would print more than %d)\n", len(value), limit)
	}
	fmt.Fprintln(w, out.String())
	return true
}

// indentedBound is the most call prints of a value of n bytes indented.
func indentedBound(n int) int { return 8*n + 64<<10 }

// indentedSize counts the bytes json.Indent(dst, src, "", "  ") writes for
// src, without writing them, and stops counting once past limit. src that
// is not JSON is counted as best it can be: Indent then refuses it.
func indentedSize(src []byte, limit int) int {
	n, depth := 0, 0
	inString, escaped := false, false
	for i := 0; i < len(src) && n <= limit; i++ {
		c := src[i]
		if inString {
			n++
			switch {
			case escaped:
				escaped = false
			case c == '\\':
				escaped = true
			case c == '"':
				inString = false
			}
			continue
		}
		if isJSONSpace(c) {
			continue // Indent drops the whitespace between tokens
		}
		switch c {
		case '"':
			inString = true
			n++
		case '[', '{':
			j := i + 1
			for j < len(src) && isJSONSpace(src[j]) {
				j++
			}
			if j < len(src) && (src[j] == ']' || src[j] == '}') {
				n, i = n+2, j // empty: [] or {}
				continue
			}
			depth++
			n += 2 + 2*depth // the bracket, a new line and its indent
		case ']', '}':
			depth--
			n += 2 + 2*max(depth, 0)
		case ',':
			n += 2 + 2*depth
		case ':':
			n += 2 // ": "
		default:
			n++
		}
	}
	return n
}

func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// describeLink maps a volume:/// link to the file on this machine, through
// an os.Root of the volume, so that a link such as volume:///../../x, or
// one through a symbolic link out of the volume, names nothing outside it.
func describeLink(b contentBlock, volume string) string {
	u, err := url.Parse(b.URI)
	if err != nil || u.Scheme != "volume" || u.Host != "" {
		return "link: " + b.URI + " (Subako shows it as a line naming the link)"
	}
	rel := strings.TrimPrefix(u.Path, "/")
	root, err := os.OpenRoot(volume)
	if err != nil {
		return "image link " + b.URI + ": the volume cannot be opened"
	}
	defer root.Close()
	fi, err := root.Stat(rel)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "image link " + b.URI + ": the file is missing"
	case err != nil:
		return "image link " + b.URI + ": leads outside the volume or cannot be read"
	case !fi.Mode().IsRegular():
		return "image link " + b.URI + ": not a regular file"
	}
	return fmt.Sprintf("image %s at %s (%d bytes)", b.URI, filepath.Join(volume, filepath.FromSlash(rel)), fi.Size())
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
