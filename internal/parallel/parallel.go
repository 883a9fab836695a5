// Package parallel runs independent calls over an index range on a bounded
// number of goroutines. Callers keep results at their index, so what they
// produce does not depend on the scheduling.
package parallel

import (
	"sync"
	"sync/atomic"
)

// For calls work(i) for every i in [0, n) on up to workers goroutines and
// returns when every call has. newWorker is called once per goroutine and
// returns that goroutine's work function, so each can keep its own buffers.
// work must write only to what index i owns. With workers < 2, or n < 2,
// everything runs on the calling goroutine, in index order.
func For(n, workers int, newWorker func() func(i int)) {
	workers = min(workers, n)
	if workers < 2 {
		work := newWorker()
		for i := range n {
			work(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			work := newWorker()
			for i := int(next.Add(1) - 1); i < n; i = int(next.Add(1) - 1) {
				work(i)
			}
		})
	}
	wg.Wait()
}

// Each is For with no per-goroutine state.
func Each(n, workers int, work func(i int)) {
	For(n, workers, func() func(int) { return work })
}
