package actionenv

import (
	"bytes"
	"strings"
	"testing"
)

// TestPinImage: the release's edit of action.yml changes runs.image and
// nothing else, and refuses what would not be a released image or an
// action.yml it cannot edit plainly.
func TestPinImage(t *testing.T) {
	data := []byte(readRepoFile(t, "action.yml"))
	const img = "docker://ghcr.io/docbridge/docbridge:v1.2.3"
	out, err := PinImage(data, img)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(out, []byte("  image: "+img+"\n")) {
		t.Fatalf("no pinned image line in:\n%s", out)
	}
	if got, want := bytes.ReplaceAll(out, []byte(img), []byte("Dockerfile")), data; !bytes.Equal(got, want) {
		t.Fatal("the edit changed more than runs.image")
	}
	again, err := PinImage(out, "docker://ghcr.io/docbridge/docbridge:v1.2.4")
	if err != nil || !bytes.Contains(again, []byte(":v1.2.4\n")) {
		t.Fatalf("re-pinning a pinned file: %v", err)
	}
	for _, tc := range []struct{ name, data, image, want string }{
		{"not a version", string(data), "docker://ghcr.io/docbridge/docbridge:latest", "want docker://"},
		{"upper case", string(data), "docker://ghcr.io/DocBridge/docbridge:v1.0.0", "lower case"},
		{"no scheme", string(data), "ghcr.io/docbridge/docbridge:v1.0.0", "want docker://"},
		{"no runs", "name: x\n", img, "no runs.image"},
		{"quoted", "runs:\n  using: docker\n  image: \"Dockerfile\"\n", img, "not written plainly"},
		{"not YAML", "runs: [\n", img, "action.yml"},
	} {
		if _, err := PinImage([]byte(tc.data), tc.image); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err %v, want %q", tc.name, err, tc.want)
		}
	}
}
