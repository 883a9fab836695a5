//go:build !unix

package scan

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// readRegular reads the file at name, bounded by maxBytes. Errors leave the
// name out, as on unix.
func readRegular(name string, _, maxBytes int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, withoutPath(err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxBytes+1))
	if err != nil {
		return nil, withoutPath(err)
	}
	if int64(len(data)) > maxBytes {
		return nil, fmt.Errorf("file grew past scan.maxFileBytes (%d) while scanning", maxBytes)
	}
	return data, nil
}

func withoutPath(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return fmt.Errorf("%s: %w", pe.Op, pe.Err)
	}
	return err
}
