package review

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/docbridge/docbridge/internal/report"
	"github.com/docbridge/docbridge/internal/textwriter"
)

// MaxWorkflowAnnotationsPerType is how many annotations of one type
// (error, warning, notice) the runner keeps per step; it drops the rest.
const MaxWorkflowAnnotationsPerType = 10

// Workflow commands that make annotations, by annotation level.
var workflowCommandOf = map[string]string{
	AnnotationFailure: "error",
	AnnotationWarning: "warning",
	AnnotationNotice:  "notice",
}

// workflowTypes are the annotation levels, worst first.
var workflowTypes = []string{AnnotationFailure, AnnotationWarning, AnnotationNotice}

// WriteWorkflowCommands writes anns as workflow commands
// (::error file=…,line=…,title=…::message): errors, then warnings, then
// notices, each in the order given (Annotations gives worst first). The runner keeps
// only MaxWorkflowAnnotationsPerType of each type, so when a type has
// more, the last one it keeps says how many more there are and where
// they are (the job summary counts them, the JSON report lists them):
// nothing is dropped silently.
func WriteWorkflowCommands(w io.Writer, anns []Annotation) error {
	byType := make(map[string][]Annotation, len(workflowTypes))
	for _, a := range anns {
		if _, ok := workflowCommandOf[a.Level]; !ok {
			a.Level = AnnotationNotice
		}
		byType[a.Level] = append(byType[a.Level], a)
	}
	tw := textwriter.New(w)
	for _, level := range workflowTypes {
		list := byType[level]
		shown := list
		if len(list) > MaxWorkflowAnnotationsPerType {
			shown = list[:MaxWorkflowAnnotationsPerType-1]
		}
		for _, a := range shown {
			tw.Print(WorkflowAnnotation(a) + "\n")
		}
		if more := len(list) - len(shown); more > 0 {
			noun := workflowCommandOf[level]
			if more > 1 {
				noun += "s"
			}
			msg := fmt.Sprintf("%d more %s not shown here: the runner keeps %d annotations of each type per step. The job summary counts them by code; the JSON report lists every finding.",
				more, noun, MaxWorkflowAnnotationsPerType)
			tw.Print(WorkflowCommand(workflowCommandOf[level], [][2]string{{"title", report.ToolName}}, msg) + "\n")
		}
	}
	if tw.Err() != nil {
		return fmt.Errorf("write workflow commands: %w", tw.Err())
	}
	return nil
}

// WorkflowAnnotation is a as one workflow command line (without the
// newline). An annotation without a path is a job-level annotation.
func WorkflowAnnotation(a Annotation) string {
	a = a.Normalized()
	name, ok := workflowCommandOf[a.Level]
	if !ok {
		name = "notice"
	}
	var props [][2]string
	if a.Path != "" {
		props = append(props, [2]string{"file", a.Path}, [2]string{"line", strconv.Itoa(a.StartLine)})
		if a.EndLine != a.StartLine {
			props = append(props, [2]string{"endLine", strconv.Itoa(a.EndLine)})
		}
		if a.StartColumn > 0 {
			props = append(props, [2]string{"col", strconv.Itoa(a.StartColumn)}, [2]string{"endColumn", strconv.Itoa(a.EndColumn)})
		}
	}
	if a.Title != "" {
		props = append(props, [2]string{"title", a.Title})
	}
	return WorkflowCommand(name, props, a.Message)
}

// WorkflowCommand spells one workflow command: ::name k=v,k=v::message,
// with the runner's escaping — in the message % CR LF, in property values
// also : and , — so no text can end the command early, start another one
// on a new line, or add a property. The command name and property names
// are the caller's constants.
func WorkflowCommand(name string, props [][2]string, message string) string {
	var b strings.Builder
	b.WriteString("::")
	b.WriteString(name)
	for i, p := range props {
		if i == 0 {
			b.WriteByte(' ')
		} else {
			b.WriteByte(',')
		}
		b.WriteString(p[0])
		b.WriteByte('=')
		b.WriteString(escapeProperty(p[1]))
	}
	b.WriteString("::")
	b.WriteString(escapeData(message))
	return b.String()
}

var (
	dataEscaper     = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A")
	propertyEscaper = strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C")
)

// escapeData escapes a command's message as the runner's toolkit does.
func escapeData(s string) string { return dataEscaper.Replace(s) }

// escapeProperty escapes a property value as the runner's toolkit does.
func escapeProperty(s string) string { return propertyEscaper.Replace(s) }
