package curator

import (
	"strings"
	"unicode/utf8"
)

// Bounds of the intents read from one document.
const (
	maxIntentsPerDocument = 8
	maxPhraseRunes        = 120 // the add-intent payload's bound
)

// taskVerbs are verbs a task-shaped heading starts with. unambiguous ones
// are rarely a noun at the start of a heading ("Install", "Configure");
// the others ("Build", "Test", "Release") are an imperative only before a
// determiner or a preposition ("Build from source", "Test the parser").
var taskVerbs = map[string]bool{
	// unambiguous
	"add": true, "authenticate": true, "choose": true, "configure": true, "connect": true, "contribute": true,
	"create": true, "customise": true, "customize": true, "debug": true, "define": true, "deploy": true,
	"disable": true, "enable": true, "extend": true, "generate": true, "install": true, "integrate": true,
	"migrate": true, "publish": true, "register": true, "remove": true, "rename": true, "rotate": true,
	"run": true, "troubleshoot": true, "uninstall": true, "upgrade": true, "verify": true, "write": true,
	"avoid": true, "keep": true, "make": true, "reduce": true, "speed": true, "skip": true, "sign": true,
	// ambiguous: a noun as often as a verb
	"build": false, "check": false, "compile": false, "export": false, "get": false, "import": false,
	"monitor": false, "release": false, "report": false, "review": false, "scale": false, "search": false,
	"set": false, "start": false, "stop": false, "test": false, "update": false, "use": false, "validate": false,
}

// gerunds maps a verb's -ing form to the verb.
var gerunds = func() map[string]string {
	m := map[string]string{}
	for v := range taskVerbs {
		m[gerund(v)] = v
	}
	return m
}()

// gerund forms a verb's -ing form: configure → configuring, run →
// running, debug → debugging, set → setting.
func gerund(v string) string {
	switch {
	case strings.HasSuffix(v, "ee"):
		return v + "ing"
	case strings.HasSuffix(v, "e"):
		return v[:len(v)-1] + "ing"
	case v == "run" || v == "set" || v == "get" || v == "stop" || v == "debug" || v == "skip":
		return v + v[len(v)-1:] + "ing"
	}
	return v + "ing"
}

// objectStarts are words after which an ambiguous verb is a verb.
var objectStarts = map[string]bool{
	"a": true, "an": true, "the": true, "your": true, "this": true, "these": true, "it": true, "them": true,
	"from": true, "with": true, "on": true, "in": true, "to": true, "up": true, "out": true, "locally": true,
	"new": true, "all": true, "multiple": true, "my": true, "our": true, "started": true, "for": true,
}

// nounFollowers are words after which a verb-looking first word is a noun
// ("Release notes", "Install options").
var nounFollowers = map[string]bool{
	"notes": true, "cases": true, "case": true, "suite": true, "suites": true, "options": true, "output": true,
	"flags": true, "results": true, "status": true, "reference": true, "matrix": true, "modes": true,
	"mode": true, "policy": true, "types": true, "process": true, "requirements": true, "script": true,
	"scripts": true, "time": true, "errors": true, "log": true, "logs": true, "history": true, "settings": true,
}

// taskPhrase reads a heading as a task: "How to rotate keys", "Installing
// the CLI", "Configure the cache" give "rotate keys", "install the CLI",
// "configure the cache". It returns "" for a heading that names a topic.
func taskPhrase(heading string) string {
	h := strings.TrimSpace(strings.TrimRight(heading, " .:?!"))
	for _, prefix := range []string{"how to ", "how do i ", "how do you ", "how can i ", "how to: "} {
		if hasPrefixFold(h, prefix) {
			rest := strings.TrimSpace(h[len(prefix):])
			if len(strings.Fields(rest)) == 0 {
				return ""
			}
			return boundPhrase(lowerFirst(rest))
		}
	}
	fields := strings.Fields(h)
	if len(fields) < 2 {
		return "" // one word ("Installation", "Usage") is a topic
	}
	first := strings.ToLower(fields[0])
	second := strings.ToLower(strings.Trim(fields[1], ",.:;()"))
	verb, ok := gerunds[first]
	if !ok {
		unambiguous, known := taskVerbs[first]
		if !known || nounFollowers[second] || (!unambiguous && !objectStarts[second]) {
			return ""
		}
		verb = first
	}
	if first == "getting" && second != "started" {
		return ""
	}
	return boundPhrase(verb + " " + strings.Join(fields[1:], " "))
}

// boundPhrase drops a phrase longer than the payload allows.
func boundPhrase(p string) string {
	p = collapse(p)
	if utf8.RuneCountInString(p) > maxPhraseRunes || len(strings.Fields(p)) < 2 {
		return ""
	}
	return p
}

// lowerFirst lowercases a phrase's first word unless it is an acronym or
// a name written with inner capitals (CLI, GoReleaser).
func lowerFirst(s string) string {
	f, rest, _ := strings.Cut(s, " ")
	if f != strings.ToLower(f) && f[1:] == strings.ToLower(f[1:]) {
		f = strings.ToLower(f)
	}
	return strings.TrimSpace(f + " " + rest)
}
