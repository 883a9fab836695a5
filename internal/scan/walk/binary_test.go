package walk

import (
	"strings"
	"testing"
)

func TestIsBinary(t *testing.T) {
	tests := []struct {
		name string
		data string
		want bool
	}{
		{"empty", "", false},
		{"text", "# Title\n\nhello\n", false},
		{"utf-8 and control bytes", "caf\u00e9\x01\x7f\xff", false},
		{"nul first", "\x00abc", true},
		{"nul last in window", strings.Repeat("a", binarySniffBytes-1) + "\x00", true},
		{"nul just past window", strings.Repeat("a", binarySniffBytes) + "\x00", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := IsBinary([]byte(tt.data)); got != tt.want {
				t.Errorf("IsBinary = %v, want %v", got, tt.want)
			}
		})
	}
}
