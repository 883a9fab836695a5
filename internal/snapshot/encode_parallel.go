package snapshot

import (
	"fmt"
	"runtime"
	"sync"
)

// A streaming encoder (the content hash) encodes long lists on several
// goroutines: chunks of records are encoded side by side into their own
// buffers and handed to the writer in list order, so the bytes are exactly
// the sequential encoder's. Encoding was most of the hash's cost, and
// hashing the bytes is cheap.
const (
	// parallelChunk is the number of records one goroutine encodes at once.
	parallelChunk = 2048
	// parallelMin is the list length below which goroutines do not pay.
	parallelMin = 4 * parallelChunk
)

// writeRecords writes list as writeList does, with record encoding each
// element into the encoder it is given.
func writeRecords[T any](e *encoder, list []T, record func(*encoder, *T) error) error {
	workers := runtime.GOMAXPROCS(0)
	if e.w == nil || workers < 2 || len(list) < parallelMin {
		return writeList(e, list, func(x *T) error { return record(e, x) })
	}
	e.buf = append(e.buf, '[')
	// One round encodes up to workers chunks at once, then writes them in
	// order: memory stays at workers buffers of one chunk each.
	bufs := make([]encoder, workers)
	errs := make([]error, workers)
	for start := 0; start < len(list); start += workers * parallelChunk {
		var wg sync.WaitGroup
		n := 0
		for w := 0; w < workers; w++ {
			lo := start + w*parallelChunk
			if lo >= len(list) {
				break
			}
			hi := min(lo+parallelChunk, len(list))
			n++
			wg.Add(1)
			go func(sub *encoder, lo, hi int, errp *error) {
				defer wg.Done()
				sub.buf = sub.buf[:0]
				*errp = nil
				for i := lo; i < hi; i++ {
					if i > 0 {
						sub.buf = append(sub.buf, ',')
					}
					if err := record(sub, &list[i]); err != nil {
						*errp = err
						return
					}
				}
			}(&bufs[w], lo, hi, &errs[w])
		}
		wg.Wait()
		for w := 0; w < n; w++ {
			if errs[w] != nil {
				return errs[w]
			}
			e.flush()
			if e.err == nil {
				if _, err := e.w.Write(bufs[w].buf); err != nil {
					e.err = fmt.Errorf("write: %w", err)
				}
			}
		}
	}
	e.buf = append(e.buf, ']')
	return nil
}
