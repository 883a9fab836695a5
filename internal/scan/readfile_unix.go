//go:build unix

package scan

import (
	"errors"
	"fmt"

	"golang.org/x/sys/unix"
)

// readRegular reads the file at name (errors leave the name out: the caller
// reports them against the repository path, which the snapshot may hold), bounded by maxBytes, in as few system
// calls as the walk's size allows: open, one read, close. os.ReadFile spends
// twice that per file (a poller registration that fails for regular files,
// a stat, and a read to see end of file), which across the 13,650 files of
// a monorepo is most of what reading them costs.
//
// sizeHint is the size the walk saw. A read that returns exactly that many
// bytes is the whole file as of some instant after the walk; any other
// count (the file changed since) is followed by reads to end of file.
// O_NONBLOCK keeps a FIFO swapped in after the walk from hanging the scan;
// the check on that path refuses it.
func readRegular(name string, sizeHint, maxBytes int64) ([]byte, error) {
	fd, err := openRetry(name)
	if err != nil {
		return nil, fmt.Errorf("open: %w", err)
	}
	defer unix.Close(fd)
	if sizeHint < 0 || sizeHint > maxBytes {
		sizeHint = maxBytes
	}
	buf := make([]byte, sizeHint+1)
	n, err := readRetry(fd, buf)
	if err != nil {
		return nil, fmt.Errorf("read: %w", err)
	}
	if int64(n) == sizeHint {
		return buf[:n], nil
	}
	// The file changed since the walk: make sure it is still a regular file
	// (a FIFO with no writer reads as empty) before reading on.
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		return nil, fmt.Errorf("stat: %w", err)
	}
	if st.Mode&unix.S_IFMT != unix.S_IFREG {
		return nil, errors.New("no longer a regular file")
	}
	for {
		if n == len(buf) {
			if int64(len(buf)) > maxBytes {
				return nil, fmt.Errorf("file grew past scan.maxFileBytes (%d) while scanning", maxBytes)
			}
			buf = append(buf, make([]byte, min(int64(len(buf)), maxBytes+1-int64(len(buf))))...)
		}
		m, err := readRetry(fd, buf[n:])
		if err != nil {
			return nil, fmt.Errorf("read: %w", err)
		}
		if m == 0 {
			return buf[:n], nil
		}
		n += m
	}
}

func openRetry(name string) (int, error) {
	for {
		fd, err := unix.Open(name, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
		if !errors.Is(err, unix.EINTR) {
			return fd, err
		}
	}
}

func readRetry(fd int, p []byte) (int, error) {
	for {
		n, err := unix.Read(fd, p)
		if errors.Is(err, unix.EAGAIN) {
			return 0, errors.New("not a regular file")
		}
		if !errors.Is(err, unix.EINTR) {
			return max(n, 0), err
		}
	}
}
