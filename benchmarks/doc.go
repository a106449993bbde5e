// Package benchmarks holds ClauZ3's benchmarks and the scripts that compare
// it against peers. Results are reported as ratios measured side by side in
// one run (absolute times drift on shared machines): clauz3 prove against
// the original Python ClauZ3 on the same corpus cases, sealed binaries
// against the IR interpreter, CPython and hand-written Go, cold, warm and
// cached builds, and the approval service under concurrent runners.
//
// Tests never assert on time; nothing here is imported by other packages.
// Run with `make bench`.
//
// Status: empty at this stage; the prover's own micro-benchmarks live in
// prover/z3.
package benchmarks
