package serve

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"syscall"

	"github.com/subako-ai/subako-go/abi"
	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
	"github.com/subako-ai/subako-go/internal/textutil"
	"github.com/tetratelabs/wazero/sys"
)

// DefaultVolumeQuota is what serve's volume may hold unless
// Options.VolumeQuota says otherwise: two calls' write budgets, so that a
// call may always write its whole 1 GiB while the volume keeps less than
// another call's.
const DefaultVolumeQuota = 2 * abi.WriteBudgetBytes

// volumeEntries is how many files, directories and links serve's volume
// may hold: ten calls' worth, and few enough that measuring the volume
// before a call stays cheap.
var volumeEntries = 10 * sandboxfs.CallLimits.Entries

// volumeQuota bounds what serve's volume holds across its calls. Every
// call's write budget charges a quota shared by the calls (sandboxfs.
// VolumeQuota), so calls running at once cannot pass it together however
// they share it; a call that would is answered EDQUOT, as past its own
// budget. The quota counts what calls write, not what they remove, so it
// is set again to what the volume holds, measured, when a call starts while
// none runs, unless nothing changed since it was measured: no call wrote or
// was refused (measuring a volume of 100,000 entries costs 0.6 s of files
// to 3 s of directories, BenchmarkVolumeMeasure, which a read-only call
// need not pay).
type volumeQuota struct {
	dir   string
	data  bool // calls have /volume/data as well as /volume/tmp
	quota *sandboxfs.VolumeQuota

	mu       sync.Mutex
	running  int  // calls begun and not ended
	measured bool // the quota holds what was measured, and no call was refused since
	// unreadable is why the last measure could not read the volume whole
	// (an error of the walk, or errVolumeDepth), so that it counts as full;
	// nil when it read it whole.
	unreadable error
	// bytes and entries are what the quota was set to: what was measured,
	// or the quota's limits when the volume is refused (unreadable).
	bytes, entries int64
}

func newVolumeQuota(dir string, data bool, bytes int64) *volumeQuota {
	return &volumeQuota{dir: dir, data: data, quota: sandboxfs.NewVolumeQuota(bytes, volumeEntries)}
}

// begin is called before a call runs: it measures the volume when no
// other call runs and returns the call's limits, which charge the quota.
// end must follow once the call's module has left its instance.
func (v *volumeQuota) begin() sandboxfs.Limits {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.running == 0 && !v.unchanged() {
		v.bytes, v.entries = v.measure()
		if limit := v.quota.Limit(); v.unreadable != nil || v.entries > limit.Entries { // full: no call may write
			v.bytes, v.entries = max(v.bytes, limit.Bytes), max(v.entries, limit.Entries)
		}
		v.quota.Reset(v.bytes, v.entries)
		v.measured = true
	}
	v.running++
	return sandboxfs.Limits{Volume: v.quota}
}

// unchanged reports whether the quota still holds what was measured, and
// no call was refused since: a call refused whole is charged nothing, yet
// files removed since may have made the room it lacked.
func (v *volumeQuota) unchanged() bool {
	bytes, entries := v.quota.Held()
	return v.measured && bytes == v.bytes && entries == v.entries
}

// end is called when a call begun has ended; refused says the quota
// refused it something (host.Record.VolumeRefused).
func (v *volumeQuota) end(refused bool) {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.running--
	if refused {
		v.measured = false
	}
}

// measure is what the volume's mounts hold (/volume/tmp, and
// /volume/data when calls have it), where calls write: the bytes of their
// regular files and their entries. Anything else in a --volume DIR is not
// counted. The walk stops past the entry quota, and a volume that holds
// more is full. A volume the walk cannot read whole, or that has
// directories deeper than volumeMaxDepth, is refused: what was not read
// may hold anything, and counted as nothing it would let calls write past
// the quota again. measure returns what it counted, which for a refused
// volume is what it read before it stopped, and sets v.unreadable to why.
func (v *volumeQuota) measure() (bytes, entries int64) {
	w := volumeWalk{limit: v.quota.Limit()}
	v.unreadable = nil
	for _, m := range sandboxfs.VolumeMounts(v.data) {
		root, err := os.OpenRoot(filepath.Join(v.dir, m.Sub))
		if errors.Is(err, fs.ErrNotExist) {
			continue // no call made it yet
		}
		if err == nil {
			err = w.dir(root, 0)
			root.Close()
		}
		if err != nil {
			if !errors.Is(err, errVolumeEntries) {
				v.unreadable = fmt.Errorf("%s: %w", m.Guest, err)
			}
			break
		}
	}
	return w.bytes, w.entries
}

// volumeWalk measures a volume a directory at a time: each directory is
// read through its own handle, its entries stat'ed relative to it
// (fstatat) and its subdirectories opened relative to it (os.Root), so no
// path the walk uses is longer than one name. A walk by full paths cannot
// read a path over the kernel's 4,096 bytes (ENAMETOOLONG), which a call
// makes beneath /volume/tmp with 16 names of 255 bytes (attack pass 36c).
//
// A file with more than one link is counted once, by its device and inode:
// its links hold its bytes once on disk, and counting each would let a
// call make its package's volume look full with links alone (attack pass
// 38: 8 links to a 600 MB file counted 5.4 GB).
type volumeWalk struct {
	limit          sandboxfs.Limits // Bytes and Entries
	bytes, entries int64
	linked         map[[2]uint64]bool // the files of several links counted
}

// errVolumeEntries stops a walk past the volume's entry quota.
var errVolumeEntries = errors.New("the volume holds more entries than its quota")

// volumeMaxDepth is how many directory levels beneath a mount the walk
// goes: twice what a call may make (sandboxfs.CallLimits.Depth), which a
// volume only passes by a --volume DIR made so or a serve before attack
// pass 42j's fix. The walk holds two descriptors a level, so at most
// 2*(volumeMaxDepth+1) at once; without the bound a volume 10,000 levels
// deep took ~20,000, ran the process out of them (EMFILE at level 9,995)
// and was counted full (attack pass 42j, row 2).
var volumeMaxDepth = 2 * sandboxfs.CallLimits.Depth

// errVolumeDepth stops a walk deeper than volumeMaxDepth.
var errVolumeDepth = fmt.Errorf("it has directories more than %d levels deep, which the measure does not read (a call may make %d)", volumeMaxDepth, sandboxfs.CallLimits.Depth)

// volumeReadBatch is how many entries of a directory the walk reads at
// once, so that a directory of many entries is read in bounded pieces and
// the walk stops soon past the entry quota.
const volumeReadBatch = 256

// dir adds what the directory root holds beneath it. An entry removed
// while it is read is not counted; any other error ends the walk, and the
// volume is full.
func (w *volumeWalk) dir(root *os.Root, level int) error {
	f, err := root.Open(".")
	if err != nil {
		return err
	}
	defer f.Close()
	for {
		infos, err := f.Readdir(volumeReadBatch) // stat'ed by fstatat, relative to f
		for _, fi := range infos {
			w.entries++
			if w.entries > w.limit.Entries {
				return errVolumeEntries
			}
			switch {
			case fi.Mode().IsRegular():
				if w.counted(fi) {
					continue
				}
				w.bytes += fi.Size()
			case fi.IsDir():
				if level >= volumeMaxDepth {
					return errVolumeDepth
				}
				if err := w.subdir(root, fi.Name(), level+1); err != nil {
					return err
				}
			}
		}
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
	}
}

// counted reports whether fi, a file of several links, was counted at
// another of its links already; it records the file if not.
func (w *volumeWalk) counted(fi fs.FileInfo) bool {
	st := sys.NewStat_t(fi)
	if st.Nlink <= 1 || st.Ino == 0 {
		return false
	}
	id := [2]uint64{st.Dev, st.Ino}
	if w.linked[id] {
		return true
	}
	if w.linked == nil {
		w.linked = map[[2]uint64]bool{}
	}
	w.linked[id] = true
	return false
}

// subdir adds what root's subdirectory name, at level, holds beneath it.
func (w *volumeWalk) subdir(root *os.Root, name string, level int) error {
	sub, err := root.OpenRoot(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil // removed meanwhile
	}
	if err != nil {
		return err
	}
	defer sub.Close()
	return w.dir(sub, level)
}

// fullNote tells the client why a call's write or new file was refused:
// the volume, not the call, held its quota.
func (v *volumeQuota) fullNote() string {
	limit := v.quota.Limit()
	note := "serve's volume is full: a write or a new file was refused (EDQUOT) because it would pass the volume's quota of " +
		sizeText(limit.Bytes) + " in files or " + textutil.Commas(int(limit.Entries)) + " entries, which all calls share (serve --volume-quota); " +
		"remove files from /volume, or restart serve with a larger --volume-quota"
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.unreadable != nil {
		note += "; serve could not read all that the volume holds (" + unreadableText(v.unreadable) + "), which counts it full until what cannot be read is removed"
	}
	return note
}

// unreadableText says why a measure stopped, in words of serve's own: an
// error's text may hold names the module chose.
func unreadableText(err error) string {
	if errors.Is(err, errVolumeDepth) {
		return errVolumeDepth.Error()
	}
	var errno syscall.Errno
	if errors.As(err, &errno) {
		return "a read failed: " + errno.Error()
	}
	return "a read failed"
}
