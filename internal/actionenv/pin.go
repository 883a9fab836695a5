package actionenv

import (
	"bytes"
	"fmt"
	"regexp"

	"gopkg.in/yaml.v3"
)

// imageRef is what a released action.yml runs: a published image by
// version tag, docker://registry/owner/name:vX.Y.Z.
var imageRef = regexp.MustCompile(`^docker://[a-z0-9.-]+(:[0-9]+)?/[a-z0-9._/-]+:v[0-9]+\.[0-9]+\.[0-9]+([-+][0-9A-Za-z.-]+)?$`)

// PinImage returns action.yml (data) with runs.image set to image, a
// docker://…:vX.Y.Z reference: the release writes it into the commit it
// tags, so `uses: owner/docbridge@vX` pulls the published image instead of
// building the Dockerfile on every run. The edit replaces the one
// `image:` line of the runs mapping and keeps every other byte; the result
// is parsed again and must say what was asked.
func PinImage(data []byte, image string) ([]byte, error) {
	if !imageRef.MatchString(image) {
		return nil, fmt.Errorf("image %q: want docker://registry/owner/name:vX.Y.Z, lower case", image)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, fmt.Errorf("action.yml: %w", err)
	}
	img := runsImage(&doc)
	if img == nil {
		return nil, fmt.Errorf("action.yml: no runs.image")
	}
	lines := bytes.SplitAfter(data, []byte("\n"))
	i := img.Line - 1
	if i < 0 || i >= len(lines) {
		return nil, fmt.Errorf("action.yml: runs.image at line %d is outside the file", img.Line)
	}
	line := lines[i]
	start := img.Column - 1
	end := bytes.IndexAny(line[start:], " \t#\r\n")
	if end < 0 {
		end = len(line) - start
	}
	if string(line[start:start+end]) != img.Value {
		return nil, fmt.Errorf("action.yml:%d: runs.image is not written plainly on its line", img.Line)
	}
	lines[i] = append(append(append([]byte{}, line[:start]...), image...), line[start+end:]...)
	out := bytes.Join(lines, nil)
	var check yaml.Node
	if err := yaml.Unmarshal(out, &check); err != nil {
		return nil, fmt.Errorf("action.yml after the edit: %w", err)
	}
	if got := runsImage(&check); got == nil || got.Value != image {
		return nil, fmt.Errorf("action.yml after the edit does not run %s", image)
	}
	return out, nil
}

// runsImage is the scalar node of runs.image, or nil.
func runsImage(doc *yaml.Node) *yaml.Node {
	if doc.Kind != yaml.DocumentNode || len(doc.Content) == 0 {
		return nil
	}
	runs := mappingValue(doc.Content[0], "runs")
	img := mappingValue(runs, "image")
	if img == nil || img.Kind != yaml.ScalarNode {
		return nil
	}
	return img
}

func mappingValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}
