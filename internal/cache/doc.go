// Package cache keeps the state a scan leaves for the next one (the bytes of
// internal/state.Encode) between runs: in the GitHub Actions cache, through
// github.com/tonistiigi/go-actions-cache (protocol v2 whenever
// ACTIONS_RESULTS_URL is set, v1 from ACTIONS_CACHE_URL otherwise), or in a
// local directory for the CLI.
//
// Entries are immutable: a run saves under a key that carries its run id and
// attempt, and later runs restore by prefix, newest first. The key layout
// (see Keys) is
//
//	docbridge-v1-<pipeline>-<config>-<branch>-<run id>-<attempt>
//
// where every field is lower case [a-z0-9.] — a '-' never occurs inside a
// field, so a restore prefix ending in "-<branch>-" cannot match another
// branch whose name merely starts the same way — and <branch> is a readable,
// bounded form of the ref followed by a short hash of the exact ref, so that
// refs that read alike (feature/x, feature-x) stay apart.
//
// The cache is an optimisation and never fails a check: RestoreState and Persist
// turn every miss, outage, timeout, oversized, corrupt or foreign entry into a
// typed Warning (its Kind, and a line to print), and the caller scans cold; a
// Miss on a branch's first run is expected and the action only logs it.
package cache
