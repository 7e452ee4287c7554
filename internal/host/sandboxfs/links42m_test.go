package sandboxfs

import (
	"io"
	"os"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"

	experimentalsys "github.com/tetratelabs/wazero/experimental/sys"
)

// TestCreateNeverThroughLink (attack pass 42m, row 1): an O_CREAT open of
// a name that exists to Lstat is not charged, so it must create nothing. A
// dangling symbolic link "s" -> "t" exists; the os.Root followed it and
// created t uncharged, and renaming t away left s dangling again: 201
// entries under a limit of 10. Now the open answers ELOOP (what
// O_CREAT|O_NOFOLLOW answers), O_CREAT|O_EXCL answers EEXIST, and a link
// to an existing file still opens that file.
func TestCreateNeverThroughLink(t *testing.T) {
	dir := t.TempDir()
	lim := CallLimits
	lim.Entries = 10
	b := NewBudget(lim)
	m, err := Open(dir, "/volume/tmp", true, b, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = m.Close() }()
	f := m.FS()
	if e := f.Symlink("t", "s"); e != 0 {
		t.Fatalf("symlink: %v", e)
	}
	for i := 0; i < 20; i++ {
		file, e := f.OpenFile("s", experimentalsys.O_CREAT|experimentalsys.O_WRONLY, 0o644)
		if e != 0 {
			if e != experimentalsys.ELOOP {
				t.Errorf("O_CREAT through a dangling link: %v, want ELOOP", e)
			}
			break
		}
		_ = file.Close()
		if e := f.Rename("t", "f"+strconv.Itoa(i)); e != 0 {
			t.Fatalf("rename %d: %v", i, e)
		}
	}
	if _, e := f.OpenFile("s", experimentalsys.O_CREAT|experimentalsys.O_EXCL|experimentalsys.O_WRONLY, 0o644); e != experimentalsys.EEXIST {
		t.Errorf("O_CREAT|O_EXCL on a dangling link: %v, want EEXIST", e)
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 1 || b.Entries() != 1 {
		t.Errorf("%d entries on disk, %d charged; want only the link, charged", len(ents), b.Entries())
	}
	// A link to a file that exists: O_CREAT opens the file, creating nothing.
	if err := os.WriteFile(filepath.Join(dir, "t"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	file, e := f.OpenFile("s", experimentalsys.O_CREAT|experimentalsys.O_WRONLY|experimentalsys.O_APPEND, 0o644)
	if e != 0 {
		t.Fatalf("O_CREAT through a link to an existing file: %v", e)
	}
	if n, e := file.Write([]byte("y")); n != 1 || e != 0 {
		t.Errorf("write: %d, %v", n, e)
	}
	_ = file.Close()
	if got, _ := os.ReadFile(filepath.Join(dir, "t")); string(got) != "xy" || b.Entries() != 1 {
		t.Errorf("the link's file holds %q, %d entries charged", got, b.Entries())
	}
	// CreateFile (subako_http's output) refuses the dangling name too.
	if err := os.Remove(filepath.Join(dir, "t")); err != nil {
		t.Fatal(err)
	}
	if out, err := m.CreateFile("s"); err == nil {
		_ = out.Close()
		t.Error("CreateFile made a dangling link's target")
	}
	if _, err := os.Lstat(filepath.Join(dir, "t")); err == nil {
		t.Error("the dangling link's target exists")
	}
}

// TestSetTimesRefusesHardLinked (attack pass 42m, row 2): a regular file
// with more than one hard link is never opened for writing, since its
// other link may be outside the mount; path_filestat_set_times and
// fd_filestat_set_times (an fd opened read-only) set its times anyway, and
// moved a file outside the mount to 1970. Both now answer EPERM; a file
// of one link still takes its times.
func TestSetTimesRefusesHardLinked(t *testing.T) {
	outside := t.TempDir()
	dir := t.TempDir()
	secret := filepath.Join(outside, "secret")
	if err := os.WriteFile(secret, []byte("user's file\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Link(secret, filepath.Join(dir, "h")); err != nil {
		t.Skip("no hard links here:", err)
	}
	if err := os.WriteFile(filepath.Join(dir, "one"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	before, err := os.Stat(secret)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Open(dir, "/volume/tmp", true, NewBudget(CallLimits), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = m.Close() }()
	f := m.FS()
	const past = int64(86400) * 1e9 // 1970-01-02
	if e := f.Utimens("h", past, past); e != experimentalsys.EPERM {
		t.Errorf("path set_times on a hard-linked file: %v, want EPERM", e)
	}
	rd, e := f.OpenFile("h", experimentalsys.O_RDONLY, 0)
	if e != 0 {
		t.Fatalf("open h read-only: %v", e)
	}
	if e := rd.Utimens(past, past); e != experimentalsys.EPERM {
		t.Errorf("fd set_times on a hard-linked file: %v, want EPERM", e)
	}
	_ = rd.Close()
	after, err := os.Stat(secret)
	if err != nil {
		t.Fatal(err)
	}
	if !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("the mtime of a file outside the mount moved from %v to %v", before.ModTime(), after.ModTime())
	}
	if e := f.Utimens("one", past, past); e != 0 {
		t.Errorf("set_times on a file of one link: %v", e)
	}
	if info, _ := os.Stat(filepath.Join(dir, "one")); info == nil || info.ModTime().UnixNano() != past {
		t.Errorf("a file of one link did not take its time")
	}
}

// fdsOn counts this process's descriptors open on path (Linux's
// /proc/self/fd), or -1 where it cannot tell.
func fdsOn(path string) int {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		return -1
	}
	n := 0
	for _, fd := range fds {
		if target, err := os.Readlink("/proc/self/fd/" + fd.Name()); err == nil && target == path {
			n++
		}
	}
	return n
}

// TestRewindKeepsDirectory (attack pass 42m, row 4): wazero rewinds a
// directory fd (fd_readdir at cookie 0 after entries were read) by opening
// its name again, and that open was blocking and unchecked: a module that
// renamed the directory away and a FIFO into its name held the host call
// in open(2) until a writer came (here the test's own writer releases it;
// without one the call never returned), and a descriptor on the FIFO was
// left open. Now the rewind seeks the directory's own descriptor: it lists
// the same directory again, opens nothing, and fd_close leaves nothing.
func TestRewindKeepsDirectory(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "p")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	if err := os.Mkdir(filepath.Join(dir, "d"), 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"x", "y"} {
		if err := os.WriteFile(filepath.Join(dir, "d", n), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	m, err := Open(dir, "/volume/tmp", true, NewBudget(CallLimits), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = m.Close() }()
	f := m.FS()
	d, e := f.OpenFile("d", experimentalsys.O_RDONLY|experimentalsys.O_DIRECTORY, 0)
	if e != 0 {
		t.Fatalf("open d: %v", e)
	}
	if ents, e := d.Readdir(-1); e != 0 || len(ents) != 2 {
		t.Fatalf("readdir: %d entries, %v", len(ents), e)
	}
	if e := f.Rename("d", "d2"); e != 0 {
		t.Fatalf("rename d: %v", e)
	}
	if e := f.Rename("p", "d"); e != 0 {
		t.Fatalf("rename p: %v", e)
	}
	// A writer, so that the old code's blocking open of the FIFO returns:
	// its own open returns once something opens the FIFO to read.
	type opened struct {
		f   *os.File
		err error
	}
	writer := make(chan opened, 1)
	go func() {
		w, err := os.OpenFile(filepath.Join(dir, "d"), os.O_WRONLY, 0)
		writer <- opened{w, err}
	}()
	if _, e := d.Seek(0, io.SeekStart); e != 0 {
		t.Fatalf("seek: %v", e)
	}
	ents, e := d.Readdir(-1)
	held := fdsOn(filepath.Join(dir, "d"))
	// Release the writer whatever happened: a reader of our own.
	r, err := os.OpenFile(filepath.Join(dir, "d"), os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if w := <-writer; w.err == nil {
		defer w.f.Close()
	}
	if e != 0 || len(ents) != 2 {
		t.Errorf("the rewound directory: %d entries, %v; want its 2 again", len(ents), e)
	}
	if held > 0 {
		t.Errorf("the rewind opened the FIFO now named d: %d descriptor(s) on it", held)
	}
	if e := d.Close(); e != 0 {
		t.Errorf("close: %v", e)
	}
	if n := fdsOn(filepath.Join(dir, "d2")); n > 0 {
		t.Errorf("%d descriptor(s) left on the directory after fd_close", n)
	}
}
