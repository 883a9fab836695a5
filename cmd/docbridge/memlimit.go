package main

import (
	"io"

	"github.com/KimMachineGun/automemlimit/memlimit"
	"github.com/sethvargo/go-githubactions"
)

// memoryLimitRatio is the share of the job's memory the Go runtime is told
// it may use: the rest is tree-sitter's C heap, the binary and the page
// cache of the files the scan reads.
const memoryLimitRatio = 0.75

// setMemoryLimit gives the Go runtime a soft memory limit of
// memoryLimitRatio of the memory the job may use — the container's cgroup
// limit, else the machine's — so that on a repository too large for the
// runner the collector works harder near that bound instead of the kernel
// killing the job. Below it nothing changes: the collector paces itself by
// GOGC as before. GOMEMLIMIT, or AUTOMEMLIMIT (a ratio, or off), set in
// the workflow wins. The limit is told as a debug line of the job's log.
func setMemoryLimit(stdout io.Writer) {
	gh := githubactions.New(githubactions.WithWriter(stdout))
	limit, err := memlimit.Set(memlimit.WithRatio(memoryLimitRatio),
		memlimit.WithProvider(memlimit.ApplyFallback(memlimit.FromCgroup, memlimit.FromSystem)))
	if err != nil {
		gh.Debugf("go runtime memory limit not set: %v", err)
		return
	}
	gh.Debugf("go runtime memory limit: %d MiB", limit>>20)
}
