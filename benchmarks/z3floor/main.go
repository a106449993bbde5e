// Command z3floor is the Z3 part of the whole-process floor that
// BenchmarkProveProcess measures `clauz3 prove` against: with no
// argument it makes one Z3 context and one solver, checks a trivial
// formula and exits; with -start it exits at once, so that the process
// start it shares with `clauz3 help` can be subtracted.
package main

import (
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/clauz3/clauz3/prover/z3"
)

func main() {
	start := flag.Bool("start", false, "exit at once (the process start alone)")
	flag.Parse()
	if *start {
		return
	}
	zc, err := z3.NewContext()
	if err != nil {
		fmt.Fprintln(os.Stderr, "z3floor:", err)
		os.Exit(1)
	}
	defer zc.Close()
	s := zc.NewSolver(30 * time.Second)
	s.Assert(zc.True())
	if r, err := s.Check(); err != nil || r != z3.Sat {
		fmt.Fprintln(os.Stderr, "z3floor: trivial check:", r, err)
		os.Exit(1)
	}
}
