package pkgcheck

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/subako-ai/subako-go/internal/input"
	"github.com/subako-ai/subako-go/internal/rules"
)

// readPackageFile reads one of the package's files through the input
// reader. A file that is missing gives missing's finding; a symbolic link,
// directory, device or FIFO in its place, or a file past max, gives M008
// or M009, and is never opened for reading. Other errors are the
// linter's.
func readPackageFile(path string, max int64, missing *rules.Rule, dir string) (*input.File, []rules.Finding, error) {
	f, err := input.Read(path, max)
	var nr *input.NotRegularError
	var tl *input.TooLargeError
	switch {
	case err == nil:
		return f, nil, nil
	case errors.Is(err, fs.ErrNotExist):
		return nil, []rules.Finding{{Rule: missing, Message: "no " + filepath.Base(path) + " in " + dir, Offset: -1}}, nil
	case errors.As(err, &nr):
		return nil, []rules.Finding{{Rule: rules.PackageFileNotRegular, Offset: -1,
			Message: filepath.Base(path) + " is " + input.Kind(nr.Mode) + ", not a regular file; subakogo does not read it"}}, nil
	case errors.As(err, &tl):
		return nil, []rules.Finding{{Rule: rules.PackageFileTooLarge, Offset: -1, Message: tl.Error()}}, nil
	}
	return nil, nil, err
}

// CheckAssets walks dir/assets without following anything and reports
// each symbolic link, device, FIFO or socket in it (M010), the folder
// itself included. It returns the folder to mount at /package: "" when
// there is none or when it has findings, so the module never sees it.
func CheckAssets(dir string) (mount string, findings []rules.Finding, err error) {
	root := filepath.Join(dir, AssetsDir)
	fi, err := os.Lstat(root)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", nil, nil
	case err != nil:
		return "", nil, err
	case fi.Mode()&fs.ModeSymlink != 0:
		return "", []rules.Finding{assetFinding(AssetsDir, fi.Mode(), root)}, nil
	case !fi.IsDir():
		return "", nil, nil // a file named assets is no assets folder; Subako ignores it too
	}
	var found rules.Collector
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if t := d.Type(); !t.IsDir() && !t.IsRegular() {
			rel, _ := filepath.Rel(dir, path)
			found.Add(assetFinding(filepath.ToSlash(rel), t, path))
		}
		return nil
	})
	if err != nil {
		return "", nil, err
	}
	findings = found.Findings()
	if len(findings) > 0 {
		return "", findings, nil
	}
	return root, nil, nil
}

func assetFinding(rel string, mode fs.FileMode, path string) rules.Finding {
	msg := rel + " is " + input.Kind(mode)
	if mode&fs.ModeSymlink != 0 {
		if target, err := os.Readlink(path); err == nil {
			msg += " to " + strings.ToValidUTF8(target, "?")
		}
	}
	return rules.Finding{Rule: rules.AssetsNotRegular, Offset: -1, Message: msg + "; it is not followed, and assets/ is not mounted for discovery"}
}
