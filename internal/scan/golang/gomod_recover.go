package golang

import (
	"bytes"
	"errors"

	"golang.org/x/mod/modfile"
)

// maxRecoveryPasses bounds the re-parses of a broken go.mod; each pass
// blanks the lines the previous one rejected.
const maxRecoveryPasses = 4

// recoverMod salvages a go.mod that modfile.Parse rejected. It blanks the
// rejected lines (keeping every other line where it was, so lines stay
// true) and parses again, up to maxRecoveryPasses times; then it tries the
// lax parse, which ignores replace, exclude, retract and unknown
// directives. nil when neither reads the file.
func recoverMod(p string, data []byte, err error) *modfile.File {
	buf := bytes.Clone(data)
	for range maxRecoveryPasses {
		lines := errLines(err)
		if len(lines) == 0 {
			break
		}
		blankLines(buf, lines)
		var f *modfile.File
		if f, err = modfile.Parse(p, buf, nil); err == nil {
			return f
		}
	}
	if f, laxErr := modfile.ParseLax(p, data, nil); laxErr == nil {
		return f
	}
	return nil
}

// errLines lists the lines modfile reported, as a set.
func errLines(err error) map[int]bool {
	var list modfile.ErrorList
	if !errors.As(err, &list) {
		return nil
	}
	lines := map[int]bool{}
	for _, e := range list {
		if e.Pos.Line > 0 {
			lines[e.Pos.Line] = true
		}
	}
	return lines
}

// blankLines overwrites the given 1-based lines of buf with spaces.
func blankLines(buf []byte, lines map[int]bool) {
	line := 1
	for i, c := range buf {
		if c == '\n' {
			line++
		} else if lines[line] {
			buf[i] = ' '
		}
	}
}
