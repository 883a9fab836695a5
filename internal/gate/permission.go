package gate

import "strings"

// Level is a repository role, as GitHub's collaborator-permission API
// names them; the order is the order of what a role may do.
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
	if l < LevelNone || l > LevelAdmin {
		return "none"
	}
	return levelNames[l]
}

// ParseLevel reads a level name; an unknown name is LevelNone and false.
func ParseLevel(s string) (Level, bool) {
	for i, n := range levelNames {
		if strings.EqualFold(s, n) {
			return Level(i), true
		}
	}
	return LevelNone, false
}

// LevelFromAPI reads the answer of GET /repos/{o}/{r}/collaborators/{user}/permission:
// role_name carries the real role (maintain and triage, which permission
// shows as write and read); a custom role falls back to its base,
// permission. Anything unknown is LevelNone.
func LevelFromAPI(permission, roleName string) Level {
	if l, ok := ParseLevel(roleName); ok {
		return l
	}
	l, _ := ParseLevel(permission)
	return l
}

// Permission is the comment author's permission as the API answered it.
// A 404 is LevelNone (the API's way of saying "no access"); any other
// failure is Err, and the gate fails closed on it.
type Permission struct {
	Level Level
	Err   error
}
