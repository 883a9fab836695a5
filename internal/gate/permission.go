package gate

import "github.com/docbridge/docbridge/internal/review"

// Level is a repository role, ordered by what it may do: the one scale
// review.CollaboratorPermission reads from GitHub's answer.
type Level = review.Permission

// The levels, lowest first.
const (
	LevelNone     = review.PermissionNone
	LevelRead     = review.PermissionRead
	LevelTriage   = review.PermissionTriage
	LevelWrite    = review.PermissionWrite
	LevelMaintain = review.PermissionMaintain
	LevelAdmin    = review.PermissionAdmin
)

// ParseLevel reads a level name; an unknown name is LevelNone and false.
func ParseLevel(s string) (Level, bool) {
	l, err := review.ParsePermission(s)
	return l, err == nil
}

// Permission is the comment author's permission as the API answered it.
// A 404 is LevelNone (the API's way of saying "no access"); any other
// failure is Err, and the gate fails closed on it.
type Permission struct {
	Level Level
	Err   error
}
