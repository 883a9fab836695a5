package ghapitest

import (
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
	"github.com/getkin/kin-openapi/routers"
)

// multiRoute is a path template whose last parameter spans segments.
type multiRoute struct {
	tmpl  string
	match *regexp.Regexp // the template, the last parameter captured whole
	param string
}

// multiSegmentRoutes lists the templates whose last parameter GitHub marks
// x-multi-segment (a ref such as heads/docbridge/enrichment, a file path).
// kin-openapi's router matches one segment per parameter, so findRoute
// routes a copy of the request whose last parameter is one segment and
// validates the real value.
func multiSegmentRoutes(doc *openapi3.T) []multiRoute {
	seen := map[string]bool{}
	var out []multiRoute
	for tmpl, item := range doc.Paths.Map() {
		for _, op := range item.Operations() {
			for _, ref := range slices.Concat(item.Parameters, op.Parameters) {
				p := ref.Value
				if p == nil || p.In != "path" || p.Extensions["x-multi-segment"] != true ||
					!strings.HasSuffix(tmpl, "/{"+p.Name+"}") || seen[tmpl] {
					continue
				}
				seen[tmpl] = true
				var re strings.Builder
				for _, seg := range strings.Split(strings.Trim(strings.TrimSuffix(tmpl, "{"+p.Name+"}"), "/"), "/") {
					if strings.HasPrefix(seg, "{") {
						re.WriteString(`/[^/]+`)
					} else {
						re.WriteString("/" + regexp.QuoteMeta(seg))
					}
				}
				re.WriteString("/")
				out = append(out, multiRoute{tmpl: tmpl, match: regexp.MustCompile(`^(` + re.String() + `)(.+/.+)$`), param: p.Name})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].tmpl < out[j].tmpl })
	return out
}

// findRoute routes r, a multi-segment parameter included.
func (f *Fake) findRoute(r *http.Request) (*routers.Route, map[string]string, error) {
	for _, m := range f.multi {
		sub := m.match.FindStringSubmatch(r.URL.Path)
		if sub == nil {
			continue
		}
		rr := r.Clone(r.Context())
		rr.URL.Path, rr.URL.RawPath = sub[1]+"x", ""
		route, params, err := f.router.FindRoute(rr)
		if err != nil {
			return nil, nil, err
		}
		params[m.param] = sub[2]
		return route, params, nil
	}
	return f.router.FindRoute(r)
}
