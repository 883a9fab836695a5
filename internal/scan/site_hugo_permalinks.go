package scan

import (
	"cmp"
	"path"
	"strings"
	"time"
	"unicode"
)

// permalink is the URL path Hugo serves the regular page at virtual path
// v under its section's permalink pattern; ok is false when the section
// has none, v is a section's own page (_index), or the pattern needs a
// date the page's front matter does not give.
//
// The tokens are Hugo's (gohugo.io/content-management/urls/#tokens):
// :year, :month, :monthname, :day, :weekday, :yearday from the front
// matter date; :section, :sections; :title, :slug (the front matter slug,
// else the title), :filename, :contentbasename, :slugorfilename,
// :slugorcontentbasename. An unknown token leaves the URL unknown.
func (s *hugoSite) permalink(v string, fm map[string]string) (string, bool) {
	dir, file := path.Split(v)
	dir = strings.Trim(dir, "/")
	section, _, _ := strings.Cut(dir, "/")
	pattern := s.permalinks[section]
	if pattern == "" || section == "" {
		return "", false
	}
	base := strings.TrimSuffix(file, path.Ext(file))
	switch base {
	case "_index":
		return "", false
	case "index": // a leaf bundle is named by its directory
		base = path.Base(dir)
		dir = path.Dir(dir)
	}
	date, dated := frontMatterDate(fm["date"])
	title := hugoURLize(fm["title"])
	slug := hugoURLize(fm["slug"])
	var b strings.Builder
	for rest := pattern; rest != ""; {
		i := strings.IndexByte(rest, ':')
		if i < 0 {
			b.WriteString(rest)
			break
		}
		b.WriteString(rest[:i])
		rest = rest[i+1:]
		j := 0
		for j < len(rest) && (unicode.IsLetter(rune(rest[j])) || rest[j] == '_') {
			j++
		}
		token := rest[:j]
		rest = rest[j:]
		var val string
		switch token {
		case "year", "month", "monthname", "day", "weekday", "yearday":
			if !dated {
				return "", false
			}
			val = map[string]string{"year": date.Format("2006"), "month": date.Format("01"), "monthname": strings.ToLower(date.Format("January")),
				"day": date.Format("02"), "weekday": date.Format("Monday"), "yearday": date.Format("002")}[token]
		case "section":
			val = section
		case "sections":
			val = dir
		case "title":
			val = title
		case "slug":
			val = cmp.Or(slug, title)
		case "filename", "contentbasename":
			val = base
		case "slugorfilename", "slugorcontentbasename":
			val = cmp.Or(slug, base)
		default:
			return "", false
		}
		if val == "" {
			return "", false
		}
		b.WriteString(val)
	}
	return b.String(), true
}

// frontMatterDate reads the date a front matter date field starts with
// (2021-01-06, 2021-01-06T12:30:00Z, "2021-01-06 12:30:00+00:00").
func frontMatterDate(s string) (time.Time, bool) {
	if len(s) < len("2006-01-02") {
		return time.Time{}, false
	}
	t, err := time.Parse("2006-01-02", s[:10])
	return t, err == nil
}

// hugoURLize is Hugo's urlize of a title or slug: lower case, spaces as
// "-", and only letters, digits and . _ - kept.
func hugoURLize(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(s)) {
		switch {
		case unicode.IsLetter(r), unicode.IsDigit(r), r == '.', r == '_', r == '-':
			b.WriteRune(r)
		case unicode.IsSpace(r):
			b.WriteByte('-')
		}
	}
	return b.String()
}
