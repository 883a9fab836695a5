package agent

import "github.com/docbridge/docbridge/internal/enrich/pack"

// batchPacks splits packs, in order, into batches whose cost (overhead plus
// each pack's size) stays within limit. A pack that alone exceeds it is
// returned in tooLarge and asked nowhere.
func batchPacks(packs []pack.Pack, overhead, limit int, size func(pack.Pack) int) (batches [][]pack.Pack, tooLarge []pack.Pack) {
	var cur []pack.Pack
	used := overhead
	for _, p := range packs {
		n := size(p)
		if overhead+n > limit {
			tooLarge = append(tooLarge, p)
			continue
		}
		if used+n > limit {
			batches = append(batches, cur)
			cur, used = nil, overhead
		}
		cur = append(cur, p)
		used += n
	}
	if len(cur) > 0 {
		batches = append(batches, cur)
	}
	return batches, tooLarge
}
