package walk

import "bytes"

// binarySniffBytes is how much of a file IsBinary inspects; git's
// buffer_is_binary looks at the same 8000 bytes.
const binarySniffBytes = 8000

// IsBinary reports whether data looks binary by git's heuristic: a NUL byte
// within its first binarySniffBytes bytes.
func IsBinary(data []byte) bool {
	if len(data) > binarySniffBytes {
		data = data[:binarySniffBytes]
	}
	return bytes.IndexByte(data, 0) >= 0
}
