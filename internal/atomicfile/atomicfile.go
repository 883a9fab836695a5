// Package atomicfile writes files so that a reader never sees a partial
// one: the bytes go to a synced temporary file beside the target, which is
// then renamed (or hard-linked) into place.
package atomicfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// Write writes through a temporary file in the same directory,
// synced, and a rename, so a reader never sees a partial file. A name that
// is a device, a FIFO or a socket (--out /dev/stdout, /dev/null) is written
// to as it is: renaming over it would replace the device with a regular
// file, which for a root-run /dev/null breaks the whole machine.
func Write(name string, data []byte) error {
	if fi, err := os.Stat(name); err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		return writeSpecial(name, data)
	}
	return writeSynced(name, data, os.Rename)
}

// writeSpecial writes data to an existing non-regular file without
// creating, truncating or replacing it.
func writeSpecial(name string, data []byte) error {
	f, err := os.OpenFile(name, os.O_WRONLY, 0)
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Create is Write publishing with a hard link instead
// of a rename: it fails with fs.ErrExist when name exists, so an entry once
// written is never replaced.
func Create(name string, data []byte) error {
	return writeSynced(name, data, os.Link)
}

// writeSynced writes data to a synced temporary file beside name and then
// publishes it there.
// Every error names name, the file the caller asked for, never the
// temporary file: "write out/report.json: permission denied".
func writeSynced(name string, data []byte, publish func(tmp, name string) error) error {
	tmp, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp*")
	if err != nil {
		return targetError(name, err)
	}
	defer os.Remove(tmp.Name()) // a no-op after a rename; the spare name after a link
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return targetError(name, err)
	}
	// CreateTemp makes the file 0600; what docbridge writes (a report, a
	// snapshot, the state) is read by the steps after it, which in an
	// action run as another user than the container's root.
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return targetError(name, err)
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return targetError(name, err)
	}
	if err := tmp.Close(); err != nil {
		return targetError(name, err)
	}
	if err := publish(tmp.Name(), name); err != nil {
		return targetError(name, err)
	}
	return nil
}

// targetError is err, an error about the temporary file or its publishing,
// restated about name: its cause (permission denied, no space left, file
// exists) kept, so errors.Is still matches it.
func targetError(name string, err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		err = pe.Err
	case errors.As(err, &le):
		err = le.Err
	}
	return &fs.PathError{Op: "write", Path: name, Err: err}
}
