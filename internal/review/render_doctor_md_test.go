package review

import (
	"strings"
	"testing"
)

// TestDoctorVerdictSaidOnce: the verdict names its speaker ("doctor: B
// …"); the job summary and the check run label it once, never "Doctor:
// doctor: B".
func TestDoctorVerdictSaidOnce(t *testing.T) {
	r := ghReport()
	for name, md := range map[string]string{
		"job summary": JobSummary(r, ghOptions()),
		"check run":   CheckRun(r, ghOptions()).Summary,
	} {
		if strings.Contains(strings.ToLower(md), "doctor: doctor") {
			t.Errorf("%s repeats the speaker:\n%s", name, md)
		}
		if !strings.Contains(md, `Doctor: B \(82/100\) — A needs`) {
			t.Errorf("%s lacks the verdict line:\n%s", name, md)
		}
	}
	if got := doctorVerdictLine("B: no prefix"); got != "Doctor: B: no prefix" {
		t.Errorf("a verdict without the prefix: %q", got)
	}
}
