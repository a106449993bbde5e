// Package planrt is the runtime a sealed ClauZ3 binary links. It lives in
// the folder runtime/ (import path github.com/clauz3/clauz3/runtime) but is
// named planrt, "plan runtime", so that it never shadows or reads like the
// standard library's runtime package in generated code.
//
// # What it owns
//
// What a generated Go program needs at run time and Go does not provide,
// with CPython 3.11's semantics. The leaves of that behaviour (the
// character database, repr of str and float, PyOS_double_to_string,
// checked int64 arithmetic, float divmod, round() and the MemoryError
// limit) are package pysem's, which the interpreter and the prover share;
// gen copies pysem into every build folder beside planrt:
//
//   - ints: Add, Sub, Mul, Neg, Abs, Pow raise OverflowError("integer
//     overflow") instead of wrapping (ints are int64: the one documented
//     difference from CPython); FloorDiv and Mod floor like Python, with
//     CPython's ZeroDivisionError messages; TrueDiv is correctly rounded;
//   - floats: ReprFloat is repr()/str() (shortest round trip, "1e+16",
//     "1e-05", "inf", "nan", "-0.0"); Div, FloorDivFloat, ModFloat,
//     PowFloat; RoundFloat and RoundFloatN (ties to even on the exact
//     binary value), RoundInt; ParseInt and ParseFloat are int(str) and
//     float(str);
//   - str(), repr() and format(): Str, Repr, ReprStr, Format, FormatInt,
//     FormatFloat, FormatStr implement the format mini-language
//     ([[fill]align][sign][z][#][0][width][,|_][.precision][type] with
//     types d b o x X c e E f F g G % s; the locale-dependent n is a
//     ValueError) with CPython's error messages, from pysem;
//     FormatComputed is format() with a spec built at run time
//     (f"{x:{w}.{p}f}"), which refuses 'n' on a number with ValueError as
//     the interpreter does;
//   - strings in code points: Len, StrAt, StrSlice, Chars, Find, Count,
//     Split, SplitSep, Join, Replace, Strip..., Upper/Lower/Title/
//     Capitalize with full case mappings and the final-sigma rule,
//     IsDigit/IsAlpha/IsSpace, ZFill, SplitLines (pysem's tables, from
//     CPython 3.11's Unicode 14);
//   - MemoryError past pysem.MaxAlloc (and, before it, CPython's
//     OverflowError for a str repetition past PY_SSIZE_T_MAX characters,
//     pysem.StrRepeatOverflows): s * n and l * n, zfill, center,
//     ljust, rjust, replace, join, a format spec's width or precision,
//     append, extend and list(), at the interpreter's limits;
//   - containers: List[T] (shared and mutable, negative indexing,
//     slicing with steps, IndexError, Reserve for the generated code's
//     capacity hints), Dict[K, V] (insertion-ordered),
//     Set[T] (ints iterate in exactly CPython's order: the hash table is
//     simulated), Tuple0..Tuple8, Optional[T] for T | None;
//   - builtins: Sorted/SortedBy (stable; reverse keeps equal elements in
//     order), Min/Max (first extreme wins), SumInt/SumFloat, Enumerate,
//     Zip2/Zip3 (as lists) and EnumerateSeq, Zip2Seq/Zip3Seq (lazy, for a
//     loop over them, which reads the list live as Python does),
//     Reversed, Any/All, Ord, Chr;
//   - comparisons of any values (Equal, Less, ...) for the generic cases,
//     with TypeError for unorderable types;
//   - exceptions: *Exception is a Python exception; generated code panics
//     with Exc(class, msg), and Main reports it as the last line of a
//     CPython traceback (`ValueError: msg`, or `ValueError` when the
//     message is empty) on stderr with exit status 1;
//   - the run (*Run): what one run of a plan changes lives in the value
//     Main makes and hands to the generated code, never in a package
//     variable: the print buffer (Run.Print, Run.Println; flushed when
//     the run ends), the effect host, the count of calls of each effect
//     and the sandbox. So runs share no state and many plans can be
//     linked into one process (gen.BuildBatch); a test keeps the
//     package's variables to a read-only list;
//   - effects: Run.Begin starts a trusted effect call, Call.Require checks a
//     precondition at run time (`ContractError: precondition of
//     send_email failed: <clause source>`), Simulated (simulate mode)
//     records the trace line and returns the next result from the
//     --effects file, Perform (real mode) calls the layer's Go
//     function, Call.Ensure checks a postcondition, CheckUnique checks
//     one __unique__ column of a list[Row] result (two rows sharing it:
//     `ContractError: postcondition of db_query failed: __unique__ of
//     UserRow: result[0] and result[2] share id == 7`), which the prover
//     assumes; PlanRequire and PlanEnsure check the plan's own conditions
//     of its functions (`ContractError: precondition of pick failed:
//     <clause>`);
//   - the trace: one JSON line per effect call that passed its
//     preconditions, written before its result is produced, byte-identical
//     to Python's json.dumps(obj, ensure_ascii=False, separators=(",",
//     ":")) of {"effect": name, "args": {param: value, ...}}; in a real
//     run, a call whose layer function failed is followed at once by
//     {"failed": name, "error": "EffectError" or "SandboxError"}, which
//     is how clauz3 run marks it;
//   - Main: flags (--plan-hash, --receipt FILE, --service URL, --effects
//     FILE, --trace FILE, --arg name=JSON), the target's inputs, the
//     target's own preconditions (Program.Precondition: checked once the
//     inputs are read, before admission and before any effect, since the
//     proof assumed them), the simulation host or the admitted real
//     host, exit status; a JSON value (an --arg, a simulated result)
//     that does not fit its Python type is a *DecodeError with its
//     DecodeKind, wrapped with where in the value it is;
//   - the kernel sandbox of a real run (Program.Sandbox, an interface the
//     generated main fills with securitymod/sandbox's Runtime): applied
//     once the command line is read and before the receipt is read (the
//     trace file is created first, so exactly that file is granted),
//     sealed after admission; an effect error the sandbox recognises as
//     its refusal becomes SandboxError instead of EffectError; Main and
//     a limit's refusal end the process through its Exit, which first
//     reports the exit status to the sandbox's supervising parent (a run
//     that ends without that report is refused by the parent);
//   - the layer configuration of a real run (Program.LayerEnv, set by gen
//     for a build with a layer configuration): the CLAUZ3_* environment
//     must be exactly its layers' settings, whose digest the build
//     identity binds, checked before the target's preconditions, the
//     sandbox and the receipt (checkLayerEnv; a mismatch is a
//     *LayerEnvError, which exits 3 naming each setting and how it
//     differs);
//   - admission of a real run (receipt.go): before the plan's first
//     statement the program's Gate verifies the receipt and redeems it
//     with the approval service; Run.Begin refuses every effect while no
//     redemption is held, before the precondition runs, and Perform
//     checks again before it calls the layer. Each refusal is an
//     *ApprovalError whose ApprovalKind says which (no receipt, no gate,
//     the gate refused, no request id, not redeemed, ...).
//
// # Exit status of a sealed binary
//
// 0 when the target returns; 4 when the kernel sandbox stopped the run
// (it could not be set up, an effect's operation was refused, a CPU,
// file-size or open-files limit was exceeded, or the confined run ended
// without reporting its exit status, as when the Go runtime ends it for
// running out of memory at the address-space limit or for a fatal error
// or an unrecovered panic: `clauz3: sandbox: denied: <what>`); 1 when the plan raises (including a failed
// contract check or a failed effect); 3 when a real binary is not
// admitted (no receipt, a receipt that does not verify, a redemption the
// service refused or did not sign): nothing of the plan ran; 2 for a bad
// command line, a missing or ill-typed --arg, an unreadable effects file
// or a simulation that runs out of results (`simulate: no result left for
// balance (call 3)`).
//
// # What it refuses
//
// It refuses to run any real effect without a redeemed approval receipt
// for this plan (`clauz3: approval refused: <reason>`, exit 3). The
// receipt's cryptography and the HTTP redemption live in the Gate the
// generated program passes in (securitymod/redeem), so planrt links no
// network code and a simulation binary has no path to the service. It
// never decides anything the prover or the approval service decided: it
// only enforces.
//
// Known differences from CPython: ints are 64-bit (OverflowError instead
// of big ints); int ** negative int raises ValueError (CPython gives a
// float); a negative float to a fractional power raises ValueError
// (CPython gives a complex); characters added in Unicode 15 are
// classified by Go's tables; strs are valid UTF-8 (no lone surrogates);
// only the last traceback line is printed; rows render like dataclasses,
// UserRow(email='a@x.com', n=1). Unbound locals need no run-time check:
// the front end refuses a read that is not assigned on every path.
//
// # Imports and callers
//
// Standard library only, outside the set a layer must declare (os/exec,
// net, syscall, unsafe, ...); gen checks this on every build. Source
// embeds the package's own files so gen can write them into a build
// folder as a local module and hash them into the build identity.
//
// Callers: programs generated by package gen, and the Go implementations
// of trusted layers (tools/<domain>/trusted/*.go). The prover and
// compiler never import it; gen imports it only for Source.
package planrt
