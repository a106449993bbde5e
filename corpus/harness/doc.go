// Package harness runs one ClauZ3 plan under four engines with the same
// simulated effect results and arguments, and compares what they did:
//
//   - RunInterp: the IR interpreter (ir/interp) with a simulation host;
//   - RunCompiled: the sealed binary gen builds in simulate mode;
//   - RunCPython: python3 with the stub modules of corpus/pystub, which
//     record effect calls the same way;
//   - Prover: the prover's encoding run on the case's concrete values
//     (prover.Execute), for the trace and the exit status.
//
// For many cases, the same two arms without one process start or one
// build per plan: a CPythonDriver (StartCPython) is one python3
// (pystub/clauz3_driver.py) that forks a child per case, each starting
// from the same state, and runs in it what RunCPython runs; a
// CompiledBatch (BuildCompiled) links every case's plan into one binary
// (gen.BuildBatch) that runs a plan by name as its own sealed simulation
// binary would, one process per run. Their tests require the same
// outcomes as RunCPython and RunCompiled. A driver that died, a case past
// its time, a child killed by a signal and a plan left out of the batch
// are errors, never outcomes.
//
// Every arm is an Engine (Name and Run), so the differential and
// randplan drive them alike from a []Engine: Interp, Compiled (one build
// per plan) and CPython (one process per case) wrap the three runners,
// and *CompiledBatch and *CPythonDriver are the compiled and CPython arms
// for many cases. RunAll runs a case under every engine; ComparePairs
// compares each pair that ran, and an engine that could not run a case is
// in no pair (its error is reported, never counted as agreement).
//
// The prover is an Engine too (Prover): prover.Execute runs the prover's
// own symbolic encoding of the plan with the case's arguments pinned,
// deciding call by call whether each effect call is reached and with
// what arguments, and answers the calls from the same simulation host as
// the interpreter arm, whose results it pins in turn. It yields the trace
// and the exit status, not stdout or the error line (the encoding has
// neither), so it is a Partial engine and each pair is compared on the
// parts both engines observe (CompareFields). A case the encoding keeps
// abstract (a loop over a result of unknown length, a value the pinned
// values do not determine) or cannot encode is an error, never an
// outcome. corpus/soundness_test.go still checks CPython's trace of a
// proved plan with the prover's monitor.
//
// Both CPython arms run the stubs in one environment (stubEnv), so the
// driver's children get the same limits as a process per case.
//
// Each run yields an Outcome: the plan's stdout, its trace (one JSON line
// per effect call that passed its preconditions), the exit status (0; 1 on
// an uncaught exception or a failed contract; 2 when the simulation runs
// out of results for an effect, as runtime/doc.go specifies for sealed
// binaries) and the last line of stderr: CPython's last traceback line,
// with clauz3.ContractError shortened to ContractError. Compare says how
// two outcomes differ.
//
// Callers: corpus/differential_test.go, corpus/soundness_test.go (proved
// random plans under the interpreter, CPython and a CompiledBatch),
// corpus/randplan and the engine benchmarks in benchmarks/.
//
// What it owns: the Case and Outcome types, the three runners, Compare,
// the loading of runnable cases (NAME.py with NAME.effects.json and
// NAME.args.json), and GenerateResults, which draws a deterministic
// results document (seeded) for a plan that has none, each result
// checked by the interpreter against the effect's postconditions and its
// rows' __unique__, so that loops over query results run in all three
// engines. The CPython arm's stub modules live in corpus/pystub.
//
// What it refuses: it decides nothing about a plan. A plan the compiler
// refuses is a *CompileError (Unsupported says whether the compiler only
// lacks a feature); it is never run by any engine. A failure of the
// harness itself on a case is an *Error whose Kind says which (two
// engines of one name, a case a CompiledBatch was not built with or
// built from another plan, a CPython child killed by a signal); a case
// past its context's deadline wraps the context's error.
//
// Like the interpreter and the sealed binary, the CPython arm refuses an
// input or an effect result holding a character above pysem.MaxProvedRune
// (exit status 1, the character named on the error line): the stub
// modules get the limit from RunCPython, never a copy of their own.
//
// Normalisations, the only ones: CPython's clauz3.ContractError is
// compared as ContractError (the class lives in the stub module clauz3);
// the interpreter's host error for a simulation out of results is
// compared as a sealed binary reports it, `simulate: no result left for
// E (call N)` with exit status 2, which the CPython runner reproduces.
// The interpreter arm also sets Outcome.NoResult from the typed
// interp.NoResultError (errors.As), so a caller tells a run that ran out
// of results from any other outcome without reading its text.
package harness
