package ghapitest

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// A git object store in memory: blobs, trees and commits encoded exactly
// as git encodes them and named by the SHA-1 of "<type> <size>\x00<data>",
// so ids match what git computes for the same content.

// Git object types.
const (
	blobType   = "blob"
	treeType   = "tree"
	commitType = "commit"
)

// Tree entry modes, as git writes them in a tree object.
const (
	modeFile = "100644"
	modeExec = "100755"
	modeDir  = "40000"
	modeLink = "120000"
	modeGit  = "160000"
)

type gitObject struct {
	typ  string
	data []byte
}

type treeEntry struct {
	name, mode, hash string
}

type commitObject struct {
	tree    string
	parents []string
	message string
}

var shaPattern = regexp.MustCompile(`^[0-9a-f]{40}$`)

type objectStore map[string]gitObject

func (s objectStore) put(typ string, data []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "%s %d\x00", typ, len(data))
	h.Write(data)
	id := hex.EncodeToString(h.Sum(nil))
	s[id] = gitObject{typ: typ, data: slices.Clone(data)}
	return id
}

// get returns the object id of type typ, if the store holds it.
func (s objectStore) get(typ, id string) ([]byte, bool) {
	if !shaPattern.MatchString(id) {
		return nil, false
	}
	o, ok := s[id]
	if !ok || o.typ != typ {
		return nil, false
	}
	return o.data, true
}

// sortName is an entry's name in git's tree order: a directory sorts as
// if its name ended in "/".
func (e treeEntry) sortName() string {
	if e.mode == modeDir {
		return e.name + "/"
	}
	return e.name
}

func (s objectStore) putTree(entries []treeEntry) string {
	entries = slices.Clone(entries)
	slices.SortFunc(entries, func(a, b treeEntry) int { return strings.Compare(a.sortName(), b.sortName()) })
	var buf bytes.Buffer
	for _, e := range entries {
		raw, _ := hex.DecodeString(e.hash)
		fmt.Fprintf(&buf, "%s %s\x00", e.mode, e.name)
		buf.Write(raw)
	}
	return s.put(treeType, buf.Bytes())
}

func (s objectStore) tree(id string) ([]treeEntry, bool) {
	data, ok := s.get(treeType, id)
	if !ok {
		return nil, false
	}
	var out []treeEntry
	for len(data) > 0 {
		sp := bytes.IndexByte(data, ' ')
		nul := bytes.IndexByte(data, 0)
		if sp < 0 || nul < sp || len(data) < nul+21 {
			panic("ghapitest: malformed tree " + id) // the fake wrote every tree itself
		}
		out = append(out, treeEntry{mode: string(data[:sp]), name: string(data[sp+1 : nul]), hash: hex.EncodeToString(data[nul+1 : nul+21])})
		data = data[nul+21:]
	}
	return out, true
}

func (s objectStore) putCommit(c commitObject, when time.Time) string {
	var buf strings.Builder
	fmt.Fprintf(&buf, "tree %s\n", c.tree)
	for _, p := range c.parents {
		fmt.Fprintf(&buf, "parent %s\n", p)
	}
	sig := fmt.Sprintf("%s <%s> %d +0000", Bot, botEmail, when.Unix())
	fmt.Fprintf(&buf, "author %s\ncommitter %s\n\n%s", sig, sig, c.message)
	return s.put(commitType, []byte(buf.String()))
}

// commit parses a commit the fake wrote; the date comes back as well.
func (s objectStore) commit(id string) (commitObject, time.Time, bool) {
	data, ok := s.get(commitType, id)
	if !ok {
		return commitObject{}, time.Time{}, false
	}
	header, message, _ := strings.Cut(string(data), "\n\n")
	c := commitObject{message: message}
	var when time.Time
	for _, line := range strings.Split(header, "\n") {
		k, v, _ := strings.Cut(line, " ")
		switch k {
		case "tree":
			c.tree = v
		case "parent":
			c.parents = append(c.parents, v)
		case "committer":
			f := strings.Fields(v)
			if len(f) >= 2 {
				sec, _ := strconv.ParseInt(f[len(f)-2], 10, 64)
				when = time.Unix(sec, 0).UTC()
			}
		}
	}
	return c, when, true
}

// isAncestor reports whether commit a is b or an ancestor of b.
func (s objectStore) isAncestor(a, b string) bool {
	seen := map[string]bool{}
	queue := []string{b}
	for len(queue) > 0 {
		id := queue[0]
		queue = queue[1:]
		if id == a {
			return true
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		c, _, ok := s.commit(id)
		if ok {
			queue = append(queue, c.parents...)
		}
	}
	return false
}

// files walks a tree: path → blob content, every file at any depth.
func (s objectStore) files(tree, prefix string, out map[string][]byte) {
	entries, _ := s.tree(tree)
	for _, e := range entries {
		switch e.mode {
		case modeDir:
			s.files(e.hash, prefix+e.name+"/", out)
		case modeFile, modeExec:
			out[prefix+e.name], _ = s.get(blobType, e.hash)
		}
	}
}

// find returns the entry at a slash-separated path of a tree.
func (s objectStore) find(tree, p string) (treeEntry, bool) {
	cur := treeEntry{mode: modeDir, hash: tree}
	for _, name := range strings.Split(p, "/") {
		if cur.mode != modeDir {
			return treeEntry{}, false
		}
		entries, _ := s.tree(cur.hash)
		i := slices.IndexFunc(entries, func(e treeEntry) bool { return e.name == name })
		if i < 0 {
			return treeEntry{}, false
		}
		cur = entries[i]
	}
	return cur, true
}
