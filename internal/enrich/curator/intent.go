package curator

import (
	"strings"
	"unicode"
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

// statementVerbs make a heading a statement rather than a task.
var statementVerbs = map[string]bool{
	"is": true, "are": true, "was": true, "were": true, "has": true, "have": true, "will": true,
	"can": true, "should": true, "does": true, "do": true, "must": true, "may": true,
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
	if first == "getting" || (first == "get" && second == "started") {
		return "" // "Getting started" is every project's first page, no task of its own
	}
	for _, f := range fields[1:] {
		if statementVerbs[strings.ToLower(f)] {
			return "" // "Building and pushing are one step" states, it does not ask
		}
	}
	rest := fields[1:]
	if titleCase(rest) {
		for i, w := range rest {
			rest[i] = lowerCapitalised(w)
		}
	}
	for i := 1; i < len(rest); i++ {
		if strings.EqualFold(rest[i-1], "and") || strings.EqualFold(rest[i-1], "or") {
			rest[i] = ungerund(rest[i]) // "Signing and notarizing" asks to sign and notarize
		}
	}
	return boundPhrase(verb + " " + strings.Join(rest, " "))
}

// titleCase reports whether a heading's words after the first are written
// in Title Case: every word longer than three letters capitalised, names
// with inner capitals and acronyms aside.
func titleCase(ws []string) bool {
	long := 0
	for _, w := range ws {
		if len(w) <= 3 || (w != strings.ToLower(w) && lowerCapitalised(w) == w) {
			continue
		}
		long++
		if w == strings.ToLower(w) {
			return false
		}
	}
	return long > 0
}

// lowerCapitalised lowercases a word written with only its first letter
// capitalised ("Images"), and keeps an acronym or a name with inner
// capitals ("CLI", "GoReleaser").
func lowerCapitalised(w string) string {
	if w == "" || w[1:] != strings.ToLower(w[1:]) || !unicode.IsUpper(rune(w[0])) {
		return w
	}
	return strings.ToLower(w)
}

// ungerund turns an -ing word into its verb, lowercased: from the known
// verbs, else by the spelling rules (pushing → push, notarizing →
// notarize, shipping → ship); a word without -ing is kept as written.
func ungerund(w string) string {
	l := strings.ToLower(w)
	if v, ok := gerunds[l]; ok {
		return v
	}
	base, ok := strings.CutSuffix(l, "ing")
	if !ok || len(base) < 3 {
		return w
	}
	n := len(base)
	switch {
	case base[n-1] == base[n-2] && !strings.ContainsRune("aeiouls", rune(base[n-1])):
		return base[:n-1]
	case strings.HasSuffix(base, "iz") || strings.HasSuffix(base, "yz") || strings.HasSuffix(base, "at") ||
		strings.HasSuffix(base, "v") || strings.HasSuffix(base, "ur") || strings.HasSuffix(base, "uc") ||
		strings.HasSuffix(base, "ag") || strings.HasSuffix(base, "ut") || strings.HasSuffix(base, "ir"):
		return base + "e"
	}
	return base
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
