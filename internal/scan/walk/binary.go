package walk

import "bytes"

// BinarySniffBytes is how much of a file IsBinary inspects; git's
// buffer_is_binary looks at the same 8000 bytes.
const BinarySniffBytes = 8000

// IsBinary reports whether data looks binary by git's heuristic: a NUL byte
// within its first BinarySniffBytes bytes.
func IsBinary(data []byte) bool {
	if len(data) > BinarySniffBytes {
		data = data[:BinarySniffBytes]
	}
	return bytes.IndexByte(data, 0) >= 0
}
