package gate

import (
	"fmt"
	"slices"
	"strings"
)

// Level is a repository role, ordered by what it may do: each level holds
// the ones below it. They are GitHub's repository roles; the transport's
// CollaboratorPermission (internal/ghapi) reads one from GitHub's answer.
// The scale lives here, with the rule that reads it, so the gate needs
// nothing of the transport.
type Level int

// The levels, lowest first.
const (
	LevelNone Level = iota
	LevelRead
	LevelTriage
	LevelWrite
	LevelMaintain
	LevelAdmin
)

var levelNames = []string{"none", "read", "triage", "write", "maintain", "admin"}

func (l Level) String() string {
	if l < 0 || int(l) >= len(levelNames) {
		return fmt.Sprintf("Level(%d)", int(l))
	}
	return levelNames[l]
}

// ParseLevel reads a level by its name (none, read, triage, write,
// maintain, admin; case-insensitive); an unknown name is LevelNone and an
// error naming the known ones.
func ParseLevel(s string) (Level, error) {
	i := slices.Index(levelNames, strings.ToLower(strings.TrimSpace(s)))
	if i < 0 {
		return LevelNone, fmt.Errorf("permission %q: want one of %s", s, strings.Join(levelNames, ", "))
	}
	return Level(i), nil
}

// Permission is the comment author's permission as the API answered it.
// A 404 is LevelNone (the API's way of saying "no access"); any other
// failure is Err, and the gate fails closed on it.
type Permission struct {
	Level Level
	Err   error
}
