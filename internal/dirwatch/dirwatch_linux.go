//go:build linux

package dirwatch

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"

	"golang.org/x/sys/unix"
)

// Watch is a set of watched directories: one inotify instance, read
// without blocking. It is not safe for concurrent use.
type Watch struct {
	fd       int
	dirs     map[int32][]string // the names of each watch descriptor's directory
	watching map[string]bool
	buf      []byte
	cleanup  runtime.Cleanup
}

// mask is what a watch is told of: writes, metadata, entries created,
// removed and renamed, and the directory itself going.
const mask = unix.IN_MODIFY | unix.IN_ATTRIB | unix.IN_CLOSE_WRITE | unix.IN_CREATE | unix.IN_DELETE |
	unix.IN_MOVED_FROM | unix.IN_MOVED_TO | unix.IN_DELETE_SELF | unix.IN_MOVE_SELF | unix.IN_ONLYDIR

// New watches dirs, slash-separated and relative to root ("." is root); a
// symlinked directory is watched at its target. A directory that no
// longer exists or is no directory is left out (Watching says which are
// in). Any other failure — the user's limit of watches or of inotify
// instances reached — is an error, and nothing is watched.
func New(root string, dirs []string) (*Watch, error) {
	fd, err := unix.InotifyInit1(unix.IN_NONBLOCK | unix.IN_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("dirwatch: %w", err)
	}
	w := &Watch{fd: fd, dirs: make(map[int32][]string, len(dirs)), watching: make(map[string]bool, len(dirs)), buf: make([]byte, 64<<10)}
	for _, d := range dirs {
		wd, err := unix.InotifyAddWatch(fd, filepath.Join(root, filepath.FromSlash(d)), mask)
		if errors.Is(err, unix.ENOENT) || errors.Is(err, unix.ENOTDIR) {
			continue
		}
		if err != nil {
			unix.Close(fd)
			return nil, fmt.Errorf("dirwatch: watch %s: %w", d, err)
		}
		w.dirs[int32(wd)] = append(w.dirs[int32(wd)], d)
		w.watching[d] = true
	}
	// A Watch dropped without Close does not keep its instance.
	w.cleanup = runtime.AddCleanup(w, func(fd int) { unix.Close(fd) }, fd)
	return w, nil
}

// Watching reports whether New watched dir.
func (w *Watch) Watching(dir string) bool { return w.watching[dir] }

// Drain calls fn with each event queued since the last Drain, in order,
// and returns when the queue is empty. lost reports that the kernel's
// queue overflowed and dropped events: the caller must look at
// everything.
func (w *Watch) Drain(fn func(Event)) (lost bool, err error) {
	for {
		n, err := unix.Read(w.fd, w.buf)
		switch {
		case errors.Is(err, unix.EAGAIN):
			return lost, nil
		case errors.Is(err, unix.EINTR):
			continue
		case err != nil:
			return lost, fmt.Errorf("dirwatch: %w", err)
		case n < unix.SizeofInotifyEvent:
			return lost, fmt.Errorf("dirwatch: a read of %d bytes", n)
		}
		for off := 0; off+unix.SizeofInotifyEvent <= n; {
			b := w.buf[off:n]
			wd := int32(binary.NativeEndian.Uint32(b[0:]))
			m := binary.NativeEndian.Uint32(b[4:])
			size := int(binary.NativeEndian.Uint32(b[12:]))
			name := b[unix.SizeofInotifyEvent:min(unix.SizeofInotifyEvent+size, len(b))]
			if i := bytes.IndexByte(name, 0); i >= 0 {
				name = name[:i]
			}
			off += unix.SizeofInotifyEvent + size
			if m&unix.IN_Q_OVERFLOW != 0 {
				lost = true
				continue
			}
			for _, d := range w.dirs[wd] {
				fn(Event{Dir: d, Name: string(name), Op: opOf(m)})
			}
			if m&unix.IN_IGNORED != 0 {
				delete(w.dirs, wd)
			}
		}
	}
}

func opOf(m uint32) Op {
	switch {
	case m&(unix.IN_DELETE_SELF|unix.IN_MOVE_SELF|unix.IN_UNMOUNT|unix.IN_IGNORED) != 0:
		return Gone
	case m&(unix.IN_CREATE|unix.IN_DELETE|unix.IN_MOVED_FROM|unix.IN_MOVED_TO) != 0:
		return Entries
	case m&unix.IN_MODIFY != 0:
		return Written
	}
	return Touched
}

// Close ends the watch. A closed or nil Watch does nothing.
func (w *Watch) Close() error {
	if w == nil || w.fd < 0 {
		return nil
	}
	w.cleanup.Stop()
	err := unix.Close(w.fd)
	w.fd = -1
	return err
}
