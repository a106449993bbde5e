// Package corpus holds ClauZ3's test corpus: agent plans with their expected
// outcomes and the trusted layers they use, laid out as a project whose
// import root is this folder (see README.md here).
//
//   - plans/*_pass.py: plans whose every obligation must be proved;
//   - plans/*_fail.py: plans that must be refused, each with a sibling
//     .want file of lines that must appear in the output of clauz3 prove;
//   - tools/<domain>/trusted/: the trusted layers (email, bank) as Python
//     spec files.
//
// The package has no API and nothing imports it. Its tests are the corpus:
//
//   - TestPlans (plans/) and TestCases (cases/) prove every plan and check
//     its verdict and the lines of its .want file;
//   - TestMigration (migration/) and TestSeed (seed/) load projects laid
//     out as the original ClauZ3's and the seed's slides, verbatim;
//   - TestDifferential runs every plan with recorded effect results under
//     the IR interpreter, the sealed binary (all plans linked in one test
//     binary), CPython (one driver process) and the prover's encoding
//     (prover.Execute, on the cases it can represent), through
//     harness.Engine, and compares what each pair of engines observes:
//     outputs, traces and raises;
//   - TestSoundness runs the plans the prover proves on random and edge
//     effect results under the prover's runtime monitor and the engines;
//     its random plans come from contractgen/ (contract-shaped, inside what
//     the prover decides) and randplan/ (see README.md, "The soundness
//     check"); TestMonitorFolding holds the monitor it relies on, which
//     decides most traces by simplification, to one that solves each;
//   - TestBuiltinTable, TestCoverage, TestEncodingBudget and
//     TestCompileDiagnosticsHaveCodes check the builtin table's rows, the
//     coverage tables, the prover's encoding budget and that every compile
//     diagnostic carries a code;
//   - TestZ3CrashPlans proves, each in a process of its own, the generated
//     plans whose proof once crashed Z3 (prover/z3's doc.go), so that a
//     crash fails the test naming its plan.
package corpus
