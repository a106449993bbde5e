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
// Today: BenchmarkProveInProcess times clauz3 prove on every corpus plan
// in process (median-ms per plan). BenchmarkProveProcess runs `clauz3
// prove` as a whole process on every corpus plan and reports the median
// CPU time over the plans beside the process floor measured in the same
// run (`clauz3 help` plus one Z3 context and a trivial check, z3floor/)
// and their ratio. BenchmarkProveWarm proves every corpus plan compiled
// beforehand, warm (through a pool context recycled from proof to proof,
// as the service and `clauz3 mcp` do) and fresh (a context of its own),
// and reports the median CPU time of a proof both ways beside the floor
// measured in the same run (a fresh Z3 context, a solver and a trivial
// check), the median solvers and checks a proof made, and the plans
// whose warm verdict or counterexample differs from the fresh one.
// BenchmarkProveWarmMemory watches Z3's and the process's memory over
// 10,000 proofs on one recycled context.
// BenchmarkProveCalls proves N straight-line calls with a precondition
// each (N = 100, 1000, 5000) and reports the growth from one N to the
// next. BenchmarkProveTable runs `clauz3 prove` as a whole process on
// the loop plans of issue 17's table (provenance proved and violated, the
// newsletter, distinct without __unique__, the running budget proved and
// broken) at N = 10, 100 and 1000, then 5,000 send_email calls and a
// 200,000-element list literal, and reports the median CPU time and peak
// memory of each beside the process floor (`clauz3 help`), with the load
// average; TABLE_COPIES=2 runs two copies of each process at once and
// checks every copy's verdict.
// BenchmarkProveAccum proves a running budget and a counter over
// N = 10, 100 and 1000 bills (and variants that break the cap) and logs
// each as a ratio against a loop without an accumulator at the same N.
// The Z3 binding's own benchmarks (the cost of a context, of a small
// incremental check with and without a resource limit) live in prover/z3.
// BenchmarkEngines runs the compute-heavy plans of plans/ under the IR
// interpreter, the sealed binary, CPython and the hand-written Go of
// handwritten/ and reports median times and the ratios, on wall-clock
// and on CPU time; gen's BenchmarkBuild times cold, warm and cached
// builds. approval's BenchmarkSubmissions has 200 clients submit plans
// to a real service with the real re-proof beside the stub re-proof.
package benchmarks
