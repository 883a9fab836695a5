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

// narrow is req for the packs of one batch: the proposals to judge are
// those whose entity is one of the batch's targets, the judgements those
// about the proposals kept. A curate request has neither.
func narrow(req Request, batch []pack.Pack) Request {
	out := req
	out.Packs = batch
	if len(req.Proposals) == 0 {
		return out
	}
	targets := make(map[string]bool, len(batch))
	for _, p := range batch {
		targets[p.Target.ID] = true
	}
	out.Proposals, out.Judgements = nil, nil
	ids := map[string]bool{}
	for _, raw := range req.Proposals {
		if targets[proposalEntity(raw)] {
			out.Proposals = append(out.Proposals, raw)
			ids[rawField(raw, "proposalId")] = true
		}
	}
	for _, raw := range req.Judgements {
		if ids[rawField(raw, "proposalId")] {
			out.Judgements = append(out.Judgements, raw)
		}
	}
	return out
}

// judgedBytes is, per target, the bytes of the proposals about it and of
// their judgements: a pack's share of a review request beyond its own.
func judgedBytes(req Request) map[string]int {
	if len(req.Proposals) == 0 {
		return nil
	}
	share := map[string]int{}
	entityOf := map[string]string{}
	for _, raw := range req.Proposals {
		e := proposalEntity(raw)
		share[e] += len(raw) + 1
		entityOf[rawField(raw, "proposalId")] = e
	}
	for _, raw := range req.Judgements {
		share[entityOf[rawField(raw, "proposalId")]] += len(raw) + 1
	}
	return share
}

// withJudged is a pack size function that adds the pack's share of the
// proposals and judgements of a review request.
func withJudged(size func(pack.Pack) int, share map[string]int, scale int) func(pack.Pack) int {
	if share == nil {
		return size
	}
	return func(p pack.Pack) int { return size(p) + (share[p.Target.ID]+scale-1)/scale }
}
