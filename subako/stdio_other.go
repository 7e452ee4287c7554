//go:build !wasip1 || tinygo

package subako

import "io"

// protocolStreams returns the streams Serve reads and writes as they are:
// natively, and under TinyGo, whose wasip1 start-up leaves them blocking.
func protocolStreams(in io.Reader, out io.Writer) (io.Reader, io.Writer) { return in, out }
