package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/pprof"

	"github.com/spf13/pflag"
)

// profiles writes the pprof profiles a user asked for with --cpu-profile
// and --mem-profile: the CPU profile covers the command from its flags being
// parsed to its end, the heap profile is taken at the end (after a GC, so it
// shows what stayed live, and, as alloc_space, everything allocated).
type profiles struct {
	cpuPath, memPath string
	cpu              *os.File
}

func (p *profiles) addFlags(f *pflag.FlagSet) {
	f.StringVar(&p.cpuPath, "cpu-profile", "", "write a pprof CPU profile of the command to `FILE`")
	f.StringVar(&p.memPath, "mem-profile", "", "write a pprof heap profile, taken when the command ends, to `FILE`")
}

func (p *profiles) start() error {
	if p.cpuPath == "" || p.cpu != nil {
		return nil
	}
	f, err := os.Create(p.cpuPath)
	if err != nil {
		return fmt.Errorf("--cpu-profile: %w", err)
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return fmt.Errorf("--cpu-profile %s: %w", p.cpuPath, err)
	}
	p.cpu = f
	return nil
}

// stop ends the CPU profile and writes the heap profile; a failure is told
// on stderr and does not change the command's exit status.
func (p *profiles) stop(stderr io.Writer) {
	if p.cpu != nil {
		pprof.StopCPUProfile()
		if err := p.cpu.Close(); err != nil {
			fmt.Fprintf(stderr, "docbridge: --cpu-profile %s: %v\n", p.cpuPath, err)
		}
		p.cpu = nil
	}
	if p.memPath == "" {
		return
	}
	f, err := os.Create(p.memPath)
	if err != nil {
		fmt.Fprintf(stderr, "docbridge: --mem-profile: %v\n", err)
		return
	}
	runtime.GC()
	err = pprof.Lookup("allocs").WriteTo(f, 0)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "docbridge: --mem-profile %s: %v\n", p.memPath, err)
	}
}
