package codegen

import (
	"errors"
	"io/fs"

	"github.com/subako-ai/subako-go/internal/input"
)

// MaxGenerated is the most of a package's subako_gen.go that generate
// reads to compare with what it writes (or what it writes, when that is
// more): generated files weigh tens of KB (internal/codegen's widest test
// package: 250 KB), and the file on disk is the package's to choose.
const MaxGenerated = 4 << 20

// ReadGenerated reads the subako_gen.go at path through package input
// (generate -check and check read it so; here, beside what writes it,
// so that check need not import the generate command): a file
// that is missing reads as empty; a symbolic link, device or FIFO is a
// *input.NotRegularError and is not opened; a file past MaxGenerated (or
// past code, if larger) is a *input.TooLargeError.
func ReadGenerated(path string, code []byte) ([]byte, error) {
	f, err := input.Read(path, max(MaxGenerated, int64(len(code))))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return f.Data, nil
}
