// Package gen turns a verified IR program into the Go source of one main
// package and builds it into a sealed binary.
//
// # What it owns
//
// Generate prints a program with github.com/dave/jennifer, gofmt'd and
// meant to be read: one Go function per plan function, Python control flow
// as Go control flow, runtime (planrt) calls only where Python's semantics
// differ from Go's, one wrapper per trusted effect the plan calls, and a
// main that hands the target to planrt.Main.
//
// The run's state (print buffer, effect host, call counts) is the
// *planrt.Run that planrt.Main makes, never a package variable: a plan
// function that prints, calls an effect, calls a function that does or
// encloses a nested one that does takes it as its first parameter, rt
// (`func notify(rt *planrt.Run, who string)`, `rt.Println(...)`); an
// effect wrapper always does; a function that does none of these keeps
// the signature a person would write, and a nested function uses its
// enclosing function's rt.
//
// Naming: plan functions and locals become lowerCamelCase (send_report ->
// sendReport, total_amount -> totalAmount); the target `main` becomes
// planMain; an effect wrapper is named like the effect (send_email ->
// sendEmail, or effectSendEmail when a plan function took that name);
// Go keywords, predeclared names and package names get a trailing
// underscore, clashes a numeric suffix. Row types keep their class name,
// row fields become exported CamelCase (user_id -> UserId).
//
// Values (Python -> Go):
//
//	int -> int64 (planrt.Add & co. raise OverflowError instead of wrapping)
//	float -> float64, str -> string (UTF-8; lengths and indices in code points)
//	bool -> bool, None -> planrt.NoneType (only where a None value is stored)
//	T | None -> planrt.Optional[T]
//	list[T] -> *planrt.List[T] (shared, like a Python list)
//	dict[K, V] -> *planrt.Dict[K, V] (insertion-ordered), set[T] -> *planrt.Set[T]
//	tuple[A, B] -> planrt.Tuple2[A, B] (up to 8 elements)
//	a row -> a generated struct with `py:"field"` tags
//
// A for loop or comprehension clause over range(start, stop) with step 1
// or -1 becomes a Go counting loop (`for n := int64(0); n < 1000000; n++
// { i = n; ... }`; bounds evaluated once, the counter copied into the
// loop variable so Python's after-loop value is kept); other iterables
// and steps are range-over-func loops over planrt iterators. Before a
// counting loop with constant bounds, each list the body appends to as a
// statement of its own (not under an if, and not rebound in the body)
// gets List.Reserve of the loop's length, a capacity hint capped in the
// runtime, so a list of known final length is not copied as it grows.
//
// Locals are declared with := at their first top-level assignment, else
// with var at the top of the function; comprehensions, conditional
// expressions and non-bool and/or become immediately called func
// literals, so each operand is evaluated once and in Python's order.
// Builtin calls follow ir.Builtin's convention: positional arguments in
// Python order with a method's receiver first, keyword arguments by name
// (print's sep/end, sorted's reverse, split's sep/maxsplit, ...), key=
// lambdas as Go func literals.
//
// A nested def (ir.Func.Outer set) becomes a Go closure, `greet := func(...)
// {...}`, declared at the top of its enclosing function after the var
// declarations, in source order (a nested function only calls the ones
// defined before it). The locals the closures read are declared up front
// with var, so the closures capture the variables themselves and read their
// values at call time: Python's late binding.
//
// Plan-written conditions: a helper checks its own preconditions first
// (planrt.PlanRequire); a function with postconditions runs its body in
// a func literal and checks each on the result (planrt.PlanEnsure), so
// every return is covered. The target's preconditions are checked by
// planrt.Main through Program.Precondition, right after the --arg inputs
// are read and before the receipt is redeemed or any effect runs.
//
// Effects: in simulate mode a wrapper checks the effect's preconditions
// at run time (planrt.Call.Require), records the trace and takes the
// result from the simulation host (planrt.Simulated), then checks the
// postconditions; the program imports no layer package at all. In real
// mode the wrapper calls the layer's Go function through planrt.Perform.
// A real build with an approval key (BuildOptions.ApprovalKey, Options.
// Approval) gives planrt.Main a securitymod/redeem Gate embedding the
// plan's ir.Digest, its target, the key and the build identity's digest: the binary verifies and
// redeems its --receipt with the --service before the plan's first
// statement, and Run.Begin refuses every effect while no redemption is
// held. A real binary built without a key embeds no gate and refuses to
// run (`clauz3: approval refused: ...`, exit status 3).
//
// Kernel sandbox: with BuildOptions.Sandbox (the layer configuration the
// run will use: the CLAUZ3_* environment and HOME, each layer's own
// settings by domain (SandboxConfig.LayerEnv), explicit grants,
// resource limits, AllowUnconfined), Build derives a securitymod/sandbox
// Policy with SandboxPolicy (gen/sandbox.go: each bundled layer's roots,
// database folder, ports, CA and name-service files, secret store; nothing
// for a layer it does not know), hashes it into the plan hash, and the
// generated main declares it as sandboxPolicy (with a comment saying it in
// words) and passes &sandbox.Runtime{Policy: sandboxPolicy} to planrt,
// which applies it before the receipt is read. SandboxHosts says where the
// run's connections can go as the layers' configuration names them (the
// mail server's host:port, web_fetch's "any public host" on its ports,
// the search service), and BuildIdentity.SandboxText (SandboxText) puts
// those lines after the policy's network line for the approval card. The
// Sandbox section of
// docs/threat-model.md says what it stops and what not. Without it the
// binary embeds no sandbox.
//
// Build makes a sealed binary. It resolves the layers the plan calls
// (by default the folder of the file declaring each effect; layer name =
// the effect's module without its last component), refuses a layer
// without Go files (`layer tools.email.trusted has no Go implementation`),
// and reads each layer's Go files once: the import check, the identity
// and the build folder all use those bytes.
//
// # Hermetic builds
//
// The toolchain is an absolute path (BuildOptions.Toolchain; default
// DefaultToolchain, the first of /usr/local/go/bin/go and
// /usr/lib/go/bin/go that passes). CheckToolchain requires, after
// symlinks, a regular file owned by root or the current user and
// writable by neither group nor others, in folders likewise (a sticky
// folder such as /tmp excepted). PATH is never searched. Every go command
// runs with an explicit environment and nothing inherited: PATH the
// toolchain's folder, /usr/bin and /bin; HOME, GOPATH, GOCACHE and
// GOMODCACHE from the account database's home folder (or BuildOptions.
// GoCache/ModCache; each, when it exists, must be the current user's and
// not writable by group or others); GOENV=off, GOFLAGS=-mod=mod -buildvcs=false
// -trimpath, GOPROXY=off, GOSUMDB=off, GOVCS=*:off, GOWORK=off,
// GOTOOLCHAIN=local, CGO_ENABLED=0, GOPACKAGESDRIVER=off; then
// BuildOptions.Env, the Go caller's own additions.
//
// Identity (BuildIdentity) is computed before anything is built, over the
// plan source's sha256, ir.Digest, the mode, every layer's Python spec
// files and Go files (by sha256), the runtime's, security module's and
// generator's sources, `go version` and the path of the toolchain, the
// sha256 of BuildOptions.LayerConfig (the layer configuration the run
// will use) and the approval key. Its Digest (sha256 over
// "clauz3 build identity v1\n" and the canonical JSON) names the build
// folder under CacheDir (default os.UserCacheDir()/clauz3/builds), is
// embedded as planHash (`BIN --plan-hash` prints it) and, in a real build
// with a key, in the redemption gate: the binary runs only with a receipt
// whose build_id equals it. BuildOptions.LayerConfig is a JSON object of
// layer domain (LayerDomain) to "CLAUZ3_NAME=value" settings; a real build
// with a key embeds its linked layers' settings (planrt Program.LayerEnv)
// and the binary refuses to run with any other CLAUZ3_* environment,
// before its receipt is redeemed (boundLayerEnv, TestLayerConfigCheckedAtRun).
//
// The build cache is trusted on content: CacheDir must be owned by the
// current user and not writable by group or others; each build folder
// holds record.json (identity digest, sha256 of the binary, import
// closure) and identity.json, written at build time. Before reuse the
// binary (a regular file) is re-hashed; a record of another identity, a
// malformed record or a hash mismatch is a refusal naming the folder,
// never a silent reuse (BuildResult.Cached, BinarySHA256).
//
// A build whose layers use vetted modules lists the modules the layers
// import (`go list -deps`, which compiles nothing) and, before anything is
// compiled, verifies those folders in the module cache against the
// pinned go.sum lines of modules.go (golang.org/x/mod/sumdb/dirhash, as
// `go mod verify` does); any module of the final closure not verified
// then (the go command extracted it during the build) is verified before
// the binary is recorded. A changed file is a refusal naming the module.
//
// A new build folder holds go.mod (module clauz3.build/plan, planrt
// required and replaced by ./planrt, where the runtime's embedded source
// is written; likewise pysem, replaced by ./pysem holding pysem.Source,
// and securitymod, replaced by ./securitymod holding
// securitymod.Source), the layers' Go files as packages
// clauz3.build/plan/layers/<domain>, main.go and the binary `plan`.
// Steps: the layer import check, the go/types binding check, code
// generation, `go build -trimpath -ldflags=-s -w`, then the import
// closure check with `go list -deps`.
//
// The binding check compiles the layer packages with the build's own go
// command (`go list -deps -export`), reads their types from the export
// data (go/importer) and requires, for every effect the plan
// calls, an exported function named like the effect (send_email ->
// SendEmail) whose parameters map str -> string, int -> int64, float ->
// float64, bool -> bool, list[T] -> []T, T | None -> *T, dict[K, V] ->
// map[K]V (dict[K, V] | None -> map[K]V, nil for None), object -> any
// (the plan's str, int, float, bool or None as string, int64, float64,
// bool or nil) and a row -> the
// layer's struct of the same name with the same fields in order, and
// whose results are nothing or error for a None effect and (T, error)
// otherwise. A missing or mismatched function is a located error naming
// both sides: `effects.py:7:1: send_email(addr: str, msg: str) has no Go
// implementation: SendEmail in package email (DIR) has signature
// func(addr string) error, want func SendEmail(addr string, msg string)
// error`.
//
// # The allowed import set
//
// The sealed binary's import closure may contain only: the standard
// library, the build's main package, planrt, pysem, securitymod's runtime
// half (receipt, redeem, pathfloor, egress, redact, secrets, sandbox), and
// (real mode only) the packages of the layers the plan uses. Per package:
//
//   - main imports the standard library, planrt and, in real mode, the
//     plan's layers, securitymod/redeem and securitymod/sandbox; a layer
//     package, the redemption gate or the sandbox in a simulation binary
//     is refused;
//   - a securitymod package imports the standard library and securitymod;
//     securitymod/secrets also the keyring module, securitymod/sandbox
//     also go-landlock's syscall package and golang.org/x/sys/unix
//     (modules.go: securitymodVettedImports);
//   - planrt imports pysem and the standard library, outside the
//     sensitive set; pysem (the leaves of CPython behaviour the engines
//     share) imports the standard library only, outside the sensitive set;
//   - a layer imports the standard library, planrt and securitymod. The
//     sensitive standard packages (os/exec, net and net/..., syscall,
//     unsafe, plugin, runtime/cgo, C, debug/..., internal/...) only when a
//     file of the layer declares them with a `//clauz3:allow-import PATH`
//     comment, so a layer's reach is visible in its source;
//   - a layer may also import the vetted third-party modules of
//     modules.go (modernc.org/sqlite); their dependencies (modernc.org/libc,
//     golang.org/x/sys, ...) may appear in the closure only as such, from
//     the vetted version, importing only the standard library and other
//     vetted packages. The versions and go.sum lines are the clauz3
//     module's own (a test keeps them equal), written into the build
//     folder's go.mod and go.sum, so such a build also works offline;
//   - anything else (a third-party module, an unknown package) is refused.
//
// The layer's source is checked before the build (naming file and line);
// the `go list -deps` closure after it is the authority. A refusal names
// the offending import and its importer: a *ClosureError, one
// ClosureProblem per break with its Rule, Package and Import.
//
// # What it refuses
//
// Any import outside the set above, any plan whose effects lack a
// compatible Go implementation, and IR it cannot express (tuples of more
// than 8 elements, unhashable dict keys or set elements, dict or tuple
// parameters of a layer function): a located *Error (ir.Error), code
// ir.GenLimit, or ir.Internal for IR that breaks an invariant the
// verifier should have caught.
//
// Build's refusals of what it is given or finds on disk carry a Kind in a
// *BuildError (errors.As finds it through the layers of context around
// it; the words are unchanged): a relative path (NotAbsolute), a
// toolchain or cache someone else owns or may write (ForeignOwner,
// WritableByOthers), a file of the wrong type (WrongFileType), a build
// cache entry that is not what a build left (CacheTampered), a vetted
// module or its go.mod that does not match go.sum, or that cannot be had
// (ModuleMismatch, GoModMismatch, ModuleUnavailable; Subject is
// path@version), an option for real builds on a simulation build
// (RealOnly), a malformed approval key (BadApprovalKey), and a layer
// setting no sandbox policy can be made from (BadSetting; Subject is the
// setting's name). A layer is refused the same way, with Pos where: no
// Go files (NoGoFiles), an import outside the allowed set or a sensitive
// one not declared (LayerImport, UndeclaredImport; Subject is the
// import), Go that does not compile (LayerDoesNotCompile), and an effect
// without a Go function of its signature (Unbindable, NoBinding,
// BindingSignature; Subject is the effect; each effect's refusal is one
// line of an errors.Join). A plan of a test batch that does not compile
// is named in Batch.Refused with a PlanDoesNotCompile refusal. Callers and
// tests tell refusals apart by Kind, never by their words.
//
// It imports ir and planrt (for its embedded source), never compiler or
// prover: the generator and the prover consume the same IR and share no
// private shortcuts.
//
// # Test batches
//
// BuildBatch builds many plans in simulate mode into one binary for tests
// (the differential harness): each plan's code, generated with
// Options.Package, is a package of its own whose exported Main does what a
// sealed binary's main does, with the plan hash Build would embed passed
// in by the batch's dispatcher (not a constant of the package, so that
// the go command's cache keeps a plan's package until its code changes), and
// `BIN NAME [flags]` runs plan NAME. Each plan passes Build's checks
// before any compiling (layers, their imports, the binding check,
// generation); one whose package does not compile is left out and named
// with its errors, and the rest are built with one go command. A batch is
// not a sealed binary: no cache record, no closure check, no real mode.
//
// Callers: cmd/clauz3 (build: simulation binaries only; simulate), runner
// (real builds until the approval service builds them), the approval
// service (Identity, Build), the differential harness (BuildBatch).
package gen
