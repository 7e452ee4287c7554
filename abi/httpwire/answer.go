package httpwire

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/abi/jsonwire"
)

// Response is the host's answer to a request that got a response, of any
// status.
type Response struct {
	Status  int
	Headers map[string]string // names in lowercase
	// Text is the body, when it came back inline.
	Text string
	// Path and Bytes say where the body was saved and its size, when the
	// request set SaveTo.
	Path  string
	Bytes int64
}

// Error is a request that got no response: the answer
// {"error":{"kind":...,"message":...}}, or a misuse of the ABI (kind abi).
type Error struct {
	Kind    abi.HTTPErrorKind
	Message string
}

func (e *Error) Error() string {
	return "HTTP request failed (" + string(e.Kind) + "): " + e.Message
}

// CheckInline refuses a body the ABI does not return inline: over
// abi.HTTPInlineMaxBytes (too_large) or not UTF-8 (not_text). A reader
// that stops one byte past the limit may pass what it read.
func CheckInline(body []byte) *Error {
	const save = `: save it to a file instead, with output {"type":"file","path":...}`
	switch {
	case len(body) > abi.HTTPInlineMaxBytes:
		return &Error{Kind: abi.HTTPTooLarge, Message: "the body is over the inline limit of " +
			strconv.Itoa(abi.HTTPInlineMaxBytes) + " bytes" + save}
	case !utf8.Valid(body):
		return &Error{Kind: abi.HTTPNotText, Message: "the body is not UTF-8 text" + save}
	}
	return nil
}

// EncodeResponse writes {"ok":{"status","headers","body"}}: the body inline
// unless Path is set. Header names are lowercased; two spellings of one
// name are joined with ", ", in the order of their spellings, which is how
// HTTP combines field values.
func EncodeResponse(resp *Response) []byte {
	keys := make([]string, 0, len(resp.Headers))
	for key := range resp.Headers {
		keys = append(keys, key)
	}
	slices.Sort(keys)
	names := make([]string, 0, len(keys))
	joined := make(map[string]string, len(keys))
	for _, key := range keys {
		name, value := strings.ToLower(key), resp.Headers[key]
		if prev, ok := joined[name]; ok {
			value = prev + ", " + value
		} else {
			names = append(names, name)
		}
		joined[name] = value
	}
	slices.Sort(names)
	var w jsonwire.Writer
	w.BeginObject()
	w.Key("ok")
	w.BeginObject()
	w.Key("status")
	w.Int(int64(resp.Status))
	w.Key("headers")
	w.BeginObject()
	for _, name := range names {
		w.Key(name)
		w.String(joined[name])
	}
	w.EndObject()
	w.Key("body")
	w.BeginObject()
	w.Key("type")
	if resp.Path != "" {
		w.String("file")
		w.Key("path")
		w.String(resp.Path)
		w.Key("bytes")
		w.Int(resp.Bytes)
	} else {
		w.String("inline")
		w.Key("text")
		w.String(resp.Text)
	}
	w.EndObject()
	w.EndObject()
	w.EndObject()
	return w.Bytes()
}

// EncodeError writes {"error":{"kind","message"}}.
func EncodeError(e *Error) []byte {
	var w jsonwire.Writer
	w.BeginObject()
	w.Key("error")
	w.BeginObject()
	w.Key("kind")
	w.String(string(e.Kind))
	w.Key("message")
	w.String(e.Message)
	w.EndObject()
	w.EndObject()
	return w.Bytes()
}

// DecodeAnswer reads {"ok": ...} or {"error": ...}: the response, or the
// error as an *Error. An answer that cannot be read is an *Error of kind
// abi. Members it does not know are skipped, so that a newer host's
// additions do no harm.
func DecodeAnswer(answer []byte) (*Response, error) {
	var resp *Response
	var herr *Error
	s := jsonwire.NewScanner(answer)
	err := s.Members(func(key string) (err error) {
		switch key {
		case "ok":
			resp = new(Response)
			err = s.Members(func(key string) (err error) {
				switch key {
				case "status":
					var n int64
					n, err = readInt(s, 32)
					resp.Status = int(n)
				case "headers":
					resp.Headers = map[string]string{}
					err = s.Members(func(name string) (err error) {
						resp.Headers[name], err = str(s)
						return err
					})
				case "body":
					err = decodeResponseBody(s, resp)
				default:
					_, err = s.Skip()
				}
				return err
			})
		case "error":
			herr = new(Error)
			err = s.Members(func(key string) (err error) {
				switch key {
				case "kind":
					var kind string
					kind, err = str(s)
					herr.Kind = abi.HTTPErrorKind(kind)
				case "message":
					herr.Message, err = str(s)
				default:
					_, err = s.Skip()
				}
				return err
			})
		default:
			_, err = s.Skip()
		}
		return err
	})
	if err == nil {
		err = s.Expect(jsonwire.End)
	}
	switch {
	case err != nil:
		return nil, malformed(err.Error())
	case resp != nil && herr != nil:
		return nil, malformed(`it has both "ok" and "error"`)
	case herr != nil && herr.Kind == "":
		return nil, malformed("the error has no kind")
	case herr != nil:
		return nil, herr
	case resp == nil:
		return nil, malformed(`it has neither "ok" nor "error"`)
	case resp.Status == 0:
		return nil, malformed("the response has no status")
	}
	return resp, nil
}

func decodeResponseBody(s *jsonwire.Scanner, resp *Response) error {
	typ := ""
	err := s.Members(func(key string) (err error) {
		switch key {
		case "type":
			typ, err = str(s)
		case "text":
			resp.Text, err = str(s)
		case "path":
			resp.Path, err = str(s)
		case "bytes":
			resp.Bytes, err = readInt(s, 64)
		default:
			_, err = s.Skip()
		}
		return err
	})
	switch {
	case err != nil:
		return err
	case typ == "inline" && resp.Path == "":
		return nil
	case typ == "file" && resp.Path != "" && resp.Text == "":
		return nil
	}
	return &jsonwire.Error{Offset: s.Offset(), Msg: "the body is neither inline text nor a file path"}
}

func malformed(why string) *Error {
	return &Error{Kind: abi.HTTPABI, Message: "the " + abi.HTTPModule + " answer is malformed: " + why}
}

func readInt(s *jsonwire.Scanner, bitSize int) (int64, error) {
	if err := s.Expect(jsonwire.Number); err != nil {
		return 0, err
	}
	n, err := jsonwire.ParseInt(s.Num(), bitSize)
	if err != nil {
		return 0, &jsonwire.Error{Offset: s.Offset(), Msg: err.Error()}
	}
	return n, nil
}

// EncodeAnswer writes the answer to a request: EncodeError when err is not
// nil (an error other than an *Error is a connection error), EncodeResponse
// otherwise.
func EncodeAnswer(resp *Response, err error) []byte {
	if err != nil {
		var e *Error
		if !errors.As(err, &e) {
			e = &Error{Kind: abi.HTTPConnection, Message: err.Error()}
		}
		return EncodeError(e)
	}
	return EncodeResponse(resp)
}
