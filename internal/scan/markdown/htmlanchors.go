package markdown

// Raw HTML anchors: a link's fragment finds any element by its id, and an
// <a> by its name (the HTML standard's "find a potential indicated
// element"), so both are anchors of the document wherever the raw HTML
// sits — an HTML block or inline HTML in a paragraph.

// htmlAnchors collects Document.HTMLAnchors, bounded by MaxAnchors, and
// the <summary> texts of Document.ElementTitles.
type htmlAnchors struct {
	list    []string
	titles  []string
	dropped int
}

// title keeps an element's title, bounded as anchors are.
func (h *htmlAnchors) title(t string) {
	if len(h.titles) >= MaxAnchors {
		h.dropped++
		return
	}
	h.titles = append(h.titles, t)
}

func (h *htmlAnchors) add(a string) {
	if len(h.list) >= MaxAnchors {
		h.dropped++
		return
	}
	h.list = append(h.list, a)
}

func (h *htmlAnchors) finish(doc *Document, is *issues) {
	if h.dropped > 0 {
		is.cutAnchors("%d raw HTML anchors beyond the first %d are not listed", h.dropped, MaxAnchors)
	}
	doc.HTMLAnchors = sortedUnique(h.list)
	doc.ElementTitles = sortedUnique(h.titles)
}

// containsFoldASCIIBytes is containsFoldASCII over bytes.
func containsFoldASCIIBytes(s []byte, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for j < len(sub) && s[i+j]|0x20 == sub[j] {
			j++
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}

// containsFoldASCII reports whether s holds sub, a lower-case ASCII word,
// in any case, without allocating.
func containsFoldASCII(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for j < len(sub) && s[i+j]|0x20 == sub[j] {
			j++
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}
