package subako

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path"
	"strings"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// Result is the answer to one tool call, an MCP CallToolResult. Make one
// with ValueResult, TextResult or ErrorResult, or with Answer.Result to
// show the model images too.
//
// For generated code and hand-written servers; not for use by authors of
// //subako:function handlers, which return their value or an error and
// leave this to subako_gen.go.
type Result struct {
	value   []byte  // compact JSON of a value result
	text    string  // the text block of a text or error result
	isError bool    // the call failed; text says why
	fault   string  // one of abi's Fault values: the author's bug, not the tool's answer
	images  []image // blocks after the value's text
}

// image is an image block: inline data, or a link to a file on the volume.
type image struct {
	mimeType string
	data     []byte // the bytes of an inline image
	uri      string // volume:/// URI of a linked file; "" for inline
	name     string // the linked file's base name
	file     string // the linked file's path, cleaned
}

// ValueResult answers with a value, given as JSON. The model reads the
// value's compact JSON as text, and clients get the same value as
// structuredContent, which must match the tool's OutputSchema if it has one.
//
// MCP 2026-07-28 lets structuredContent be any JSON value, so arrays,
// strings, numbers, booleans and null are sent as they are, not wrapped in
// an object. If value is not valid JSON, the result is an error naming the
// problem, since the tool could not have meant it.
func ValueResult(value []byte) Result {
	compact, err := jsonwire.AppendCompact(nil, value)
	if err != nil {
		return faultResult(NewToolError("the tool's result is not valid JSON: "+err.Error()), abi.FaultResultNotJSON)
	}
	return Result{value: compact}
}

// TextResult answers with plain text and no structuredContent, for a tool
// without an OutputSchema.
func TextResult(text string) Result { return Result{text: text} }

// ErrorResult answers that the call failed, with err's message as the text
// the model reads to correct itself (isError). Any error will do:
// ToolError, HTTPError, or one from errors.New.
//
// A failure to open a file outside the directories mounted for the call
// (Go under wasip1 says "bad file number") gets a line that names the path
// and the mounts.
func ErrorResult(err error) Result {
	msg := "the tool failed without saying why"
	if err != nil && err.Error() != "" {
		msg = err.Error()
	}
	if hint := mountHint(err); hint != "" {
		msg += "\n" + hint
	}
	return Result{text: msg, isError: true}
}

// faultResult is ErrorResult(err) marked as the author's bug (see
// abi.MetaFault): the model reads the same text.
func faultResult(err error, fault string) Result {
	r := ErrorResult(err)
	r.fault = fault
	return r
}

// NilResult answers a call whose handler returned a nil pointer (of the
// type Go spells typ) as its result and no error: there is no value to
// answer with. The call is an error result marked as the author's bug
// (abi.FaultNilResult).
//
// For generated code; not for use by authors, whose handlers return an
// error to say a call failed.
func NilResult(typ string) Result {
	return faultResult(NewToolError("the tool returned a nil "+typ+" and no error"), abi.FaultNilResult)
}

// UnencodableResult answers a call whose result the generated encoder
// could not write as JSON (err says why: a NaN or an infinity, a time past
// year 9999, a MarshalText that failed). The call is an error result
// marked as the author's bug (abi.FaultResultNotJSON).
//
// For generated code; not for use by authors.
func UnencodableResult(err error) Result {
	return faultResult(NewToolError("the tool's result cannot be written as JSON: "+err.Error()), abi.FaultResultNotJSON)
}

// ToolError is a failure the model should read: a bad argument, an API that
// refused, a missing file. It exists to say so in a handler's signature and
// to mirror the Rust SDK's ToolError; every error a handler returns reaches
// the model the same way.
type ToolError struct {
	Message string
}

// NewToolError returns a ToolError with message, which should say what was
// wrong and, when it can, how to fix it.
func NewToolError(message string) *ToolError { return &ToolError{Message: message} }

func (e *ToolError) Error() string { return e.Message }

// Answer is a value together with images to show the model. The model reads
// the value's JSON first, then each image in the order they were added.
// A handler returns one in place of its plain value type:
//
//	return subako.NewAnswer(Plot{Path: p}).WithImageFile(p), nil
type Answer[T any] struct {
	Value  T
	images []image
	err    error // the first image that could not be added
}

// NewAnswer returns an Answer with value and no images yet.
func NewAnswer[T any](value T) Answer[T] { return Answer[T]{Value: value} }

// WithImageFile adds the image file at path, which must be a PNG, JPEG, GIF
// or WebP file under /volume, written before the tool returns. It travels
// as a resource_link; Subako reads the file after the call and downscales
// it to at most 2000 pixels on its long edge. This is the way to show large
// images, since it costs nothing of stdout's 1 MiB.
//
// A path outside /volume or with another extension makes the answer an
// error result saying so, and so does a file that does not exist (or is
// not a regular file) when the answer is made into the call's result:
// Subako would show the model nothing. In a native build, tests make a
// directory stand in for /volume with subakotest.Volume.
func (a Answer[T]) WithImageFile(path string) Answer[T] {
	img, err := fileImage(path)
	return a.with(img, err)
}

// WithImage adds an image inline: mimeType is image/png, image/jpeg,
// image/gif or image/webp, and data the file's bytes. Inline images travel
// base64-encoded on stdout, which holds 1 MiB per answer; an answer that
// would be larger becomes an error result, so prefer WithImageFile for
// anything but small images.
func (a Answer[T]) WithImage(mimeType string, data []byte) Answer[T] {
	for _, t := range imageTypes {
		if mimeType == t.mimeType {
			return a.with(image{mimeType: mimeType, data: data}, nil)
		}
	}
	return a.with(image{}, NewToolError("image type "+quote(mimeType)+" is not one of image/png, image/jpeg, image/gif and image/webp"))
}

func (a Answer[T]) with(img image, err error) Answer[T] {
	if a.err != nil {
		return a
	}
	if err != nil {
		a.err = err
		return a
	}
	// Copy, so that answers built from a shared base do not share images.
	a.images = append(a.images[:len(a.images):len(a.images)], img)
	return a
}

// Result makes the call result from the value's JSON, which the caller
// encodes (generated code has an encoder for T), and the images.
//
// For generated code; not for use by authors, whose handlers return the
// Answer itself.
func (a Answer[T]) Result(valueJSON []byte) Result {
	if a.err != nil {
		return ErrorResult(a.err)
	}
	r := ValueResult(valueJSON)
	if r.isError {
		return r
	}
	if err := checkLinked(a.images); err != nil {
		return faultResult(err, abi.FaultLinkMissing)
	}
	r.images = a.images
	return r
}

// TextResult makes the call result from text, for a T whose answer is
// its text (a string type: no structuredContent), and the images.
//
// For generated code; not for use by authors, whose handlers return the
// Answer itself.
func (a Answer[T]) TextResult(text string) Result {
	if a.err != nil {
		return ErrorResult(a.err)
	}
	if err := checkLinked(a.images); err != nil {
		return faultResult(err, abi.FaultLinkMissing)
	}
	return Result{text: text, images: a.images}
}

// The image types Subako shows, by file extension.
var imageTypes = []struct{ ext, mimeType string }{
	{".png", "image/png"},
	{".jpg", "image/jpeg"},
	{".jpeg", "image/jpeg"},
	{".gif", "image/gif"},
	{".webp", "image/webp"},
}

// volumeRoot is where the session volume is mounted in the module.
const volumeRoot = "/volume"

// VolumePath is where the file at p, a path under /volume such as
// "/volume/tmp/chart.png", is on this system: p itself in the module; in a
// native build (go test), beneath the directory subakotest.Volume made
// stand in for /volume, when a test made one. Open, create and write files
// at VolumePath(p), and name them by p everywhere else (in the answer, in
// WithImageFile), so the same handler works in both:
//
//	const chart = "/volume/tmp/chart.png"
//	if err := os.WriteFile(subako.VolumePath(chart), png, 0o644); err != nil { ... }
//	return subako.NewAnswer(info).WithImageFile(chart), nil
//
// A path not under /volume is returned as it is.
func VolumePath(p string) string {
	clean := path.Clean(p)
	if clean != volumeRoot && !strings.HasPrefix(clean, volumeRoot+"/") {
		return p
	}
	return volumePath(clean)
}

// fileImage makes the resource_link for an image file on the volume. Its URI
// is volume:/// and the path beneath /volume, each segment percent-encoded.
func fileImage(p string) (image, error) {
	clean := path.Clean(p)
	if !strings.HasPrefix(clean, volumeRoot+"/") {
		return image{}, NewToolError("image file " + quote(p) + " is not under /volume: Subako can show only images saved on the session volume, such as /volume/tmp/chart.png")
	}
	name := path.Base(clean)
	ext := strings.ToLower(path.Ext(name))
	for _, t := range imageTypes {
		if ext == t.ext {
			uri := "volume://"
			for _, seg := range strings.Split(clean[len(volumeRoot)+1:], "/") {
				uri += "/" + escapeSegment(seg)
			}
			return image{mimeType: t.mimeType, uri: uri, name: name, file: clean}, nil
		}
	}
	return image{}, NewToolError("image file " + quote(p) + " is not PNG, JPEG, GIF or WebP (by its extension)")
}

// checkLinked reports the first linked image whose file is not a regular
// file on the volume, as the tool error the model reads.
func checkLinked(images []image) error {
	for _, img := range images {
		if img.file == "" {
			continue
		}
		fi, err := os.Stat(volumePath(img.file))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return NewToolError("image file " + quote(img.file) + " does not exist: save the image before returning the answer that links it")
		case err != nil:
			return NewToolError("image file " + quote(img.file) + " cannot be read: " + err.Error())
		case !fi.Mode().IsRegular():
			return NewToolError("image file " + quote(img.file) + " is not a regular file")
		}
	}
	return nil
}

// escapeSegment percent-encodes every byte of a path segment except RFC
// 3986's unreserved characters, which is always a valid URI path segment.
func escapeSegment(seg string) string {
	const hex = "0123456789ABCDEF"
	var b []byte
	for i := 0; i < len(seg); i++ {
		c := seg[i]
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~' {
			b = append(b, c)
		} else {
			b = append(b, '%', hex[c>>4], hex[c&15])
		}
	}
	return string(b)
}

// appendResult appends r as a CallToolResult object, ending with meta (the
// serverInfo member, with its leading comma).
func appendResult(b []byte, r Result, meta []byte) []byte {
	b = append(b, `{"resultType":"complete","content":[{"type":"text","text":`...)
	if r.value != nil {
		b = jsonwire.AppendString(b, string(r.value))
	} else {
		b = jsonwire.AppendString(b, r.text)
	}
	b = append(b, '}')
	for _, img := range r.images {
		if img.uri == "" {
			b = append(b, `,{"type":"image","data":"`...)
			b = appendBase64(b, img.data)
			b = append(b, `","mimeType":`...)
		} else {
			b = append(b, `,{"type":"resource_link","uri":`...)
			b = jsonwire.AppendString(b, img.uri)
			b = append(b, `,"name":`...)
			b = jsonwire.AppendString(b, img.name)
			b = append(b, `,"mimeType":`...)
		}
		b = append(jsonwire.AppendString(b, img.mimeType), '}')
	}
	b = append(b, ']')
	if r.value != nil {
		b = append(append(b, `,"structuredContent":`...), r.value...)
	}
	if r.isError {
		b = append(b, `,"isError":true`...)
	}
	if r.fault == "" {
		b = append(b, meta...)
		return append(b, '}')
	}
	// The fault joins the server's _meta object (meta is `,"_meta":{...}`).
	b = jsonwire.AppendString(append(b, `,"_meta":{"`+abi.MetaFault+`":`...), r.fault)
	if rest, ok := bytes.CutPrefix(meta, []byte(`,"_meta":{`)); ok && len(rest) > 1 {
		b = append(append(b, ','), rest...)
	} else {
		b = append(b, '}')
	}
	return append(b, '}')
}

// appendBase64 appends data in standard base64 (RFC 4648, padded), as
// encoding/base64's StdEncoding.AppendEncode does. The runtime links into
// every module, and encoding/base64 costs 8 KB there (its package
// initialisation builds four encodings with their decoding maps); an
// encoder is a few lines (TestAppendBase64 holds it to the package's).
func appendBase64(b, data []byte) []byte {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	for len(data) >= 3 {
		v := uint(data[0])<<16 | uint(data[1])<<8 | uint(data[2])
		b = append(b, alphabet[v>>18], alphabet[v>>12&63], alphabet[v>>6&63], alphabet[v&63])
		data = data[3:]
	}
	switch len(data) {
	case 1:
		v := uint(data[0]) << 16
		b = append(b, alphabet[v>>18], alphabet[v>>12&63], '=', '=')
	case 2:
		v := uint(data[0])<<16 | uint(data[1])<<8
		b = append(b, alphabet[v>>18], alphabet[v>>12&63], alphabet[v>>6&63], '=')
	}
	return b
}

// hasInlineImage reports whether r carries image data on stdout.
func (r Result) hasInlineImage() bool {
	for _, img := range r.images {
		if img.uri == "" {
			return true
		}
	}
	return false
}

// quote writes s as a JSON string for messages. The runtime keeps its own
// helpers: it compiles into every module and imports only the standard
// library and abi/... (host-side code uses internal/textutil).
func quote(s string) string { return string(jsonwire.AppendString(nil, s)) }
