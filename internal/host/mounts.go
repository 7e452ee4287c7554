package host

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/tetratelabs/wazero"
	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
	"github.com/tetratelabs/wazero/experimental/sysfs"

	"github.com/subako-ai/subako-go/internal/host/sandboxfs"
)

// Mounts are the directories a run sees, preopened in Subako's order:
// /volume/tmp, /volume/data, /package, /skills, then each /skills/<name>.
type Mounts struct {
	// Volume backs /volume: its tmp folder is /volume/tmp, and its data
	// folder /volume/data when Data is set. "" for none (discovery).
	Volume  string
	Data    bool
	Package string // the package's assets; "" when it has none
	Skills  string // a directory whose subdirectories are skills; "" for none
}

// open opens every mount the run sees, in Subako's order, each confined to
// its directory (see sandboxfs). /package and /skills (with its skills) are
// writable as on Subako, but never the person's directories: the first
// change the module makes in one of them copies it into a private
// directory of the run, removed when the run ends (sandboxfs.Private).
// The module's writes and creations (on the volume and in those copies)
// are charged to b, not the copies themselves, which sandboxfs.PrivateLimits
// bound; stop cuts a huge read or write short when the run ends.
// virt, when set (a seeded run), is what the module sees of the mounts'
// times, inodes and devices (sandboxfs.Virtual): every mount is device
// sandboxfs.WasmtimeDev (1), as Subako's runtime shows them all.
func (m Mounts) open(b *sandboxfs.Budget, stop <-chan struct{}, virt *sandboxfs.Virtual) (mounts []*sandboxfs.Mount, err error) {
	defer func() {
		if err != nil {
			closeMounts(mounts)
			mounts = nil
		}
	}()
	add := func(mt *sandboxfs.Mount, err error) error {
		if err != nil {
			return err
		}
		mounts = append(mounts, mt)
		if virt != nil {
			mt.Virtualize(virt, sandboxfs.WasmtimeDev)
		}
		return nil
	}
	if m.Volume != "" {
		for _, v := range sandboxfs.VolumeMounts(m.Data) {
			dir := filepath.Join(m.Volume, v.Sub)
			if err := os.MkdirAll(dir, 0o755); err != nil {
				return mounts, err
			}
			if err := add(sandboxfs.Open(dir, v.Guest, true, b, stop)); err != nil {
				return mounts, err
			}
		}
	}
	if m.Package != "" {
		if err := add(sandboxfs.NewPrivate(m.Package, b, stop).Open(".", "/package")); err != nil {
			return mounts, err
		}
	}
	if m.Skills != "" {
		skills := sandboxfs.NewPrivate(m.Skills, b, stop)
		if err := add(skills.Open(".", "/skills")); err != nil {
			return mounts, err
		}
		entries, err := os.ReadDir(m.Skills)
		if err != nil {
			return mounts, err
		}
		names := make([]string, 0, len(entries))
		for _, e := range entries {
			if e.IsDir() {
				names = append(names, e.Name())
			}
		}
		if len(names) > MaxSkills {
			return mounts, fmt.Errorf("%s holds %d skills, over the %d a run preopens", m.Skills, len(names), MaxSkills)
		}
		sort.Strings(names)
		for _, n := range names {
			if err := add(skills.Open(n, "/skills/"+n)); err != nil {
				return mounts, err
			}
		}
	}
	return mounts, nil
}

// volumeOf is the run's mounts of its volume (open opens them first), for
// subako_http's files, so that a saved response is a change the run's
// Virtual sees (attack pass 51c, row 3).
func volumeOf(mounts []*sandboxfs.Mount) []*sandboxfs.Mount {
	n := 0
	for n < len(mounts) && strings.HasPrefix(mounts[n].Guest, "/volume/") {
		n++
	}
	return mounts[:n:n]
}

func closeMounts(mounts []*sandboxfs.Mount) {
	for _, m := range mounts {
		_ = m.Close()
	}
}

// fsConfig gives wazero the run's mounts, each noting in s which of the
// module's opens opened a directory (dirNotingFS).
func fsConfig(mounts []*sandboxfs.Mount, s *session) wazero.FSConfig {
	cfg := wazero.NewFSConfig()
	for _, m := range mounts {
		cfg = cfg.(sysfs.FSConfig).WithSysFSMount(dirNotingFS{FS: chainFS{posixFS{FS: m.FS(), dir: m, s: s}}, s: s}, m.Guest)
	}
	return cfg
}

// dirNotingFS is a mount that notes in its session whether the file it
// last opened is a directory, for path_open's listener (fdListener), so
// that a read or write of it answers as Subako's runtime answers a
// directory's (directoryErrno). wazero keeps what a descriptor is out of
// the host's reach.
type dirNotingFS struct {
	experimentalsys.FS
	s *session
}

func (d dirNotingFS) OpenFile(p string, flag experimentalsys.Oflag, perm fs.FileMode) (experimentalsys.File, experimentalsys.Errno) {
	f, errno := d.FS.OpenFile(p, flag, perm)
	if errno == 0 && f != nil && d.s != nil {
		dir, _ := f.IsDir()
		d.s.openedDir.Store(dir)
	}
	return f, errno
}
