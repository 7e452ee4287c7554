package input

import "runtime/debug"

// Guard runs f, which reads mapped data, turning a memory fault (the file
// truncated under the mapping) into ErrChanged instead of a crash.
func Guard(f func()) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if e := recover(); e != nil {
			if _, isFault := e.(interface{ Addr() uintptr }); !isFault {
				panic(e)
			}
			err = ErrChanged
		}
	}()
	f()
	return nil
}
