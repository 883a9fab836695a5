// Package reconcile judges a snapshot: pure rules that turn what the scan
// observed (and, on a pull request, what the base snapshot observed) into
// diagnostics with stable codes. The diagnostics are package finding's
// plain data, so what reads them needs not this package.
//
// Every rule is a function of its Input, never of the file system, the
// clock or map order. A diagnostic's fingerprint is built from what it is
// about (code, file, subject), never from its line, so a finding that only
// moved keeps its identity and "new in this pull request" is exact.
package reconcile
