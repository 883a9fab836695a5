package typescript

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/tailscale/hujson"
)

// Bounds on what one configuration contributes; crossing one is a PathIssue.
const (
	// maxExtendsDepth bounds an `extends` chain.
	maxExtendsDepth = 16
	// maxPathPatterns bounds the compilerOptions.paths patterns of a config.
	maxPathPatterns = 512
	// maxPathTargets bounds the targets of one paths pattern.
	maxPathTargets = 32
)

// configFile is what one tsconfig/jsconfig file declares itself, before
// `extends` is applied.
type configFile struct {
	dir     string   // repo-relative directory of the file, "." at the root
	extends []string // as written
	opts    options
}

// options are the compilerOptions resolution reads. Each option remembers
// whether it was set, because a config overrides what it extends only for
// the options it sets.
type options struct {
	baseURL    string // repo-relative
	hasBaseURL bool
	paths      []pathRule
	hasPaths   bool
	// pathsDir is the directory of the config declaring paths: targets are
	// relative to it when no baseUrl is set.
	pathsDir string
	// keepImports is set when the compiler keeps imports whose names are
	// used only in types (verbatimModuleSyntax, preserveValueImports,
	// importsNotUsedAsValues "preserve" or "error").
	keepImports, hasKeepImports bool
	// decoratorMetadata is emitDecoratorMetadata: the compiler emits the
	// types of a decorated member's signature as values, so in a file
	// with decorators an import used only in types may be kept.
	decoratorMetadata, hasDecoratorMetadata bool
}

// pathRule is one compilerOptions.paths entry, in declaration order.
type pathRule struct {
	prefix, suffix string // around the `*`; prefix is the whole pattern without one
	wildcard       bool
	targets        []string
}

// overlay applies the options o sets on top of base.
func (o options) overlay(base options) options {
	if o.hasBaseURL {
		base.baseURL, base.hasBaseURL = o.baseURL, true
	}
	if o.hasPaths {
		base.paths, base.hasPaths, base.pathsDir = o.paths, true, o.pathsDir
	}
	if o.hasKeepImports {
		base.keepImports, base.hasKeepImports = o.keepImports, true
	}
	if o.hasDecoratorMetadata {
		base.decoratorMetadata, base.hasDecoratorMetadata = o.decoratorMetadata, true
	}
	return base
}

// parseConfig reads a tsconfig/jsconfig file: JSON with comments and
// trailing commas. Fields resolution does not read are ignored; a field it
// reads with the wrong shape is reported in problems and ignored, so one bad
// option does not discard the others. err is set when nothing can be read.
func parseConfig(file string, data []byte) (cf configFile, problems []string, err error) {
	cf.dir = path.Dir(file)
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return cf, nil, nil // tsc reads an empty config as {}
	}
	std, err := hujson.Standardize(data)
	if err != nil {
		return cf, nil, fmt.Errorf("parse %s: %w", file, err)
	}
	var top struct {
		Extends         json.RawMessage `json:"extends"`
		CompilerOptions json.RawMessage `json:"compilerOptions"`
	}
	if err := json.Unmarshal(std, &top); err != nil {
		return cf, nil, fmt.Errorf("parse %s: %w", file, err)
	}
	if cf.extends, err = decodeExtends(top.Extends); err != nil {
		problems = append(problems, err.Error())
	}
	if isNull(top.CompilerOptions) {
		return cf, problems, nil
	}
	var co struct {
		BaseURL json.RawMessage `json:"baseUrl"`
		Paths   json.RawMessage `json:"paths"`
		// A wrongly typed one reads as unset.
		Verbatim       any `json:"verbatimModuleSyntax"`
		PreserveValues any `json:"preserveValueImports"`
		NotUsed        any `json:"importsNotUsedAsValues"`
		Metadata       any `json:"emitDecoratorMetadata"`
	}
	if err := json.Unmarshal(top.CompilerOptions, &co); err != nil {
		return cf, append(problems, "compilerOptions is not an object; ignored"), nil
	}
	for _, v := range []any{co.Verbatim, co.PreserveValues, co.NotUsed} {
		switch v {
		case nil:
			continue
		case true, "preserve", "error":
			cf.opts.keepImports = true
		}
		cf.opts.hasKeepImports = true
	}
	if b, ok := co.Metadata.(bool); ok {
		cf.opts.decoratorMetadata, cf.opts.hasDecoratorMetadata = b, true
	}
	if !isNull(co.BaseURL) {
		var base string
		if err := json.Unmarshal(co.BaseURL, &base); err != nil {
			problems = append(problems, "compilerOptions.baseUrl is not a string; ignored")
		} else if p, ok := joinWithin(cf.dir, base); ok && !path.IsAbs(base) {
			cf.opts.baseURL, cf.opts.hasBaseURL = p, true
		} else {
			problems = append(problems, fmt.Sprintf("compilerOptions.baseUrl %q is outside the repository; ignored", base))
		}
	}
	if !isNull(co.Paths) {
		rules, pathProblems := decodePaths(co.Paths)
		problems = append(problems, pathProblems...)
		cf.opts.paths, cf.opts.hasPaths, cf.opts.pathsDir = rules, true, cf.dir
	}
	return cf, problems, nil
}

func isNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// decodeExtends accepts a string or (TypeScript 5) an array of strings.
func decodeExtends(raw json.RawMessage) ([]string, error) {
	if isNull(raw) {
		return nil, nil
	}
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		return []string{one}, nil
	}
	var many []string
	if err := json.Unmarshal(raw, &many); err != nil {
		return nil, errors.New("extends is neither a string nor an array of strings; ignored")
	}
	return many, nil
}

// decodePaths reads compilerOptions.paths keeping the patterns' order, which
// breaks ties between equally specific patterns (as in tsc).
func decodePaths(raw json.RawMessage) (rules []pathRule, problems []string) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, []string{"compilerOptions.paths is not an object; ignored"}
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return rules, append(problems, fmt.Sprintf("compilerOptions.paths: %v", err))
		}
		pattern, _ := tok.(string) // object keys are always strings
		var targets []string
		if err := dec.Decode(&targets); err != nil {
			// A type error consumes the value and decoding can go on; any
			// other error leaves the decoder where it cannot.
			var typeErr *json.UnmarshalTypeError
			if !errors.As(err, &typeErr) {
				return rules, append(problems, fmt.Sprintf("compilerOptions.paths: %v", err))
			}
			problems = append(problems, fmt.Sprintf("compilerOptions.paths[%q] is not an array of strings; ignored", pattern))
			continue
		}
		if len(rules) == maxPathPatterns {
			problems = append(problems, fmt.Sprintf("compilerOptions.paths has more than %d patterns; the rest are ignored", maxPathPatterns))
			break
		}
		rule, ok := newPathRule(pattern)
		if !ok {
			problems = append(problems, fmt.Sprintf("compilerOptions.paths pattern %q has more than one '*'; ignored", pattern))
			continue
		}
		for _, t := range targets {
			if strings.Count(t, "*") > 1 {
				problems = append(problems, fmt.Sprintf("compilerOptions.paths[%q] target %q has more than one '*'; ignored", pattern, t))
				continue
			}
			if len(rule.targets) == maxPathTargets {
				problems = append(problems, fmt.Sprintf("compilerOptions.paths[%q] has more than %d targets; the rest are ignored", pattern, maxPathTargets))
				break
			}
			rule.targets = append(rule.targets, t)
		}
		rules = append(rules, rule)
	}
	return rules, problems
}

func newPathRule(pattern string) (pathRule, bool) {
	switch strings.Count(pattern, "*") {
	case 0:
		return pathRule{prefix: pattern}, true
	case 1:
		prefix, suffix, _ := strings.Cut(pattern, "*")
		return pathRule{prefix: prefix, suffix: suffix, wildcard: true}, true
	}
	return pathRule{}, false
}

// match reports whether spec matches the rule and what the `*` captured.
func (r pathRule) match(spec string) (captured string, ok bool) {
	if !r.wildcard {
		return "", spec == r.prefix
	}
	if len(spec) < len(r.prefix)+len(r.suffix) || !strings.HasPrefix(spec, r.prefix) || !strings.HasSuffix(spec, r.suffix) {
		return "", false
	}
	return spec[len(r.prefix) : len(spec)-len(r.suffix)], true
}

// bestPathRule picks the rule tsc would: an exact pattern first, else the
// matching wildcard pattern with the longest prefix, the earliest on a tie.
func bestPathRule(rules []pathRule, spec string) (rule pathRule, captured string, ok bool) {
	best := -1
	for i, r := range rules {
		c, m := r.match(spec)
		if !m {
			continue
		}
		if !r.wildcard {
			return r, "", true
		}
		if best < 0 || len(r.prefix) > len(rules[best].prefix) {
			best, captured = i, c
		}
	}
	if best < 0 {
		return pathRule{}, "", false
	}
	return rules[best], captured, true
}
