package parallel

import (
	"sync"
	"sync/atomic"
	"testing"
)

func TestForCallsEveryIndexOnce(t *testing.T) {
	for _, n := range []int{0, 1, 2, 7, 1000} {
		for _, workers := range []int{0, 1, 2, 3, 16} {
			counts := make([]atomic.Int32, n)
			var mu sync.Mutex
			goroutines := 0
			For(n, workers, func() func(int) {
				mu.Lock()
				goroutines++
				mu.Unlock()
				return func(i int) { counts[i].Add(1) }
			})
			for i := range counts {
				if c := counts[i].Load(); c != 1 {
					t.Fatalf("n=%d workers=%d: index %d called %d times", n, workers, i, c)
				}
			}
			if want := max(min(workers, n), 1); goroutines != want {
				t.Errorf("n=%d workers=%d: %d workers made, want %d", n, workers, goroutines, want)
			}
		}
	}
}

func TestForSequentialIsInOrder(t *testing.T) {
	var got []int
	Each(5, 1, func(i int) { got = append(got, i) })
	for i, v := range got {
		if v != i {
			t.Fatalf("one worker ran %v, want index order", got)
		}
	}
}
