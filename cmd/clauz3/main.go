// Command clauz3 proves what an agent's plan will do before anyone is asked
// to let it run.
//
// Usage:
//
//	clauz3 prove [--trusted-root DIR]... [--import-root DIR]... [--target NAME] [--json] [--timeout D] [PLAN]
//	clauz3 ir    [--trusted-root DIR]... [--import-root DIR]... [--target NAME] [PLAN]
//	clauz3 build --simulate -o BIN [PLAN]
//	clauz3 policy-check --policy FILE [--expect auto_approved|auto_rejected|ask] [--json] [PLAN]
//	clauz3 run [--approval-timeout D] [--arg NAME=JSON]... [--trusted-root DIR]... [--import-root DIR]... [--target NAME] [PLAN]
//	clauz3 simulate [--effects RESULTS.json|auto [--save-effects F]] [--trace FILE] [--engine interp|compiled] [--arg NAME=JSON]... [PLAN]
//	clauz3 tools [--trusted-root DIR]... [--import-root DIR]... [--json]
//	clauz3 install SOURCE [--into DIR] [--force]
//	clauz3 test LAYER [--timeout D] [-v]
//	clauz3 config [--into DIR]
//	clauz3 guide
//	clauz3 service init [--dev] [--state DIR] [--config DIR] [--addr A] [--password-file F|-] ...
//	clauz3 service run [--dev] [--state DIR] [--config DIR]   (alias: clauz3 approval-service)
//	clauz3 layers install NAME [--dev] [--state DIR] [--config DIR] [--force]
//	clauz3 layers configure NAME [layer settings] [--dev] [--state DIR] [--config DIR]
//	clauz3 audit verify [--dev] [--state DIR]
//	clauz3 requests [ID]
//	clauz3 approve ID [--reason R] [--password-file F|-]
//	clauz3 deny ID [--reason R] [--password-file F|-]
//
// Flags may come before or after the plan and other arguments
// (`clauz3 simulate PLAN --effects F`); "--" ends the flags. PLAN "-" or
// absent reads standard input. Exit status: 0 when every
// obligation is proved (prove) or the IR printed (ir); 1 when the plan is
// refused (a failed obligation, an unsupported construct, an unknown
// answer); 2 for usage and I/O errors.
//
// The command only wires packages together: compiler lowers the plan to
// the IR, prover decides it, and both print their own results.
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"strings"

	"github.com/clauz3/clauz3/check"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/prover"
)

const (
	exitOK      = 0
	exitRefused = 1
	exitUsage   = 2
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `usage: clauz3 <command> [flags] [PLAN]

commands:
  prove     prove every guarantee and precondition of a plan
  ir        print the typed IR of a plan
  simulate  run a plan with trusted effects answered from a file (or generated: --effects auto)
  build     compile a plan into a sealed simulation binary (--simulate)
  run       prove, ask the approval service, which runs the approved plan sealed
  tools     list the effects and contracts of the project's trusted layers
  install   copy a bundled or local trusted layer into tools/<domain>/trusted
  test      prove a layer's bundled cases against their expected verdicts
  config    let a coding agent read files and run clauz3 (.claude/settings.json)
  guide     print the guide for agents writing plans
  mcp       serve tools, prove, run and guide to an MCP client over stdio
  service   set up (service init) or serve (service run) the approval service; admin only
  layers    install a bundled layer into the approval service's layer store, or configure one; admin only
  approval-service  the old name of service run
  audit     verify the approval service's audit log (audit verify); admin only
  requests  list the approval requests, or show one request's card (the human's terminal)
  approve   approve a request with the human's password (the human's terminal)
  deny      deny a request with the human's password (the human's terminal)
  policy-check  dry-run an approval policy on a plan (--policy FILE [--expect DECISION])
  doctor    report which kernel protections (Landlock, seccomp, rlimits) sealed binaries get here

Flags may come before or after the plan; -- ends them.
Run 'clauz3 <command> -h' for the flags of a command.
`

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	return runEnv(defaultEnv, args, stdin, stdout, stderr)
}

func runEnv(e env, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	switch args[0] {
	case "prove":
		return runProve(args[1:], stdin, stdout, stderr)
	case "ir":
		return runIR(args[1:], stdin, stdout, stderr)
	case "simulate":
		return runSimulate(args[1:], stdin, stdout, stderr)
	case "build":
		return runBuild(args[1:], stdin, stdout, stderr)
	case "run":
		return runRun(e, args[1:], stdin, stdout, stderr)
	case "tools":
		return runTools(args[1:], stdout, stderr)
	case "install":
		return runInstall(args[1:], stdout, stderr)
	case "test":
		return runTest(args[1:], stdout, stderr)
	case "config":
		return runConfig(args[1:], stdout, stderr)
	case "guide":
		return runGuide(args[1:], stdout, stderr)
	case "mcp":
		return runMCP(e, args[1:], stdin, stdout, stderr)
	case "service":
		return runService(e, args[1:], stdin, stdout, stderr)
	case "layers":
		return runLayers(args[1:], stdout, stderr)
	case "approval-service":
		return runApprovalService(args[1:], stdout, stderr)
	case "audit":
		return runAudit(args[1:], stdout, stderr)
	case "requests":
		return runRequests(e, args[1:], stdout, stderr)
	case "approve":
		return runDecide(e, "approve", "approved_once", args[1:], stdin, stdout, stderr)
	case "deny":
		return runDecide(e, "deny", "rejected", args[1:], stdin, stdout, stderr)
	case "policy-check":
		return runPolicyCheck(args[1:], stdin, stdout, stderr)
	case "doctor":
		return runDoctor(args[1:], stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "clauz3: unknown command %q\n%s", args[0], usage)
	return exitUsage
}

// parseFlags parses args with fs, accepting flags before, between and
// after the positional arguments, as go, git and kubectl do
// (`clauz3 simulate PLAN --effects F`); "--" ends the flags, so a plan
// named like a flag can still be given. Afterwards fs.Args() holds the
// positional arguments in order. Every verb parses with it; a parse
// error is printed once, by fs.
func parseFlags(fs *flag.FlagSet, args []string) error {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return err
		}
		rest := fs.Args()
		if consumed := len(args) - len(rest); consumed > 0 && args[consumed-1] == "--" {
			pos = append(pos, rest...) // everything after -- is positional
			break
		}
		if len(rest) == 0 {
			break
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
	return fs.Parse(append([]string{"--"}, pos...))
}

// stringList is a repeatable string flag.
type stringList []string

func (s *stringList) String() string     { return strings.Join(*s, ",") }
func (s *stringList) Set(v string) error { *s = append(*s, v); return nil }

// planFlags are the flags every command that reads a plan shares.
type planFlags struct {
	trustedRoots stringList
	importRoots  stringList
	target       string
}

func (pf *planFlags) register(fs *flag.FlagSet) {
	fs.Var(&pf.trustedRoots, "trusted-root", "a trusted layer folder (tools/<domain>/trusted); repeatable; default: tools/*/trusted under the import roots")
	fs.Var(&pf.importRoots, "import-root", "a folder imports resolve against; repeatable; default: the current folder and the plan's folder")
	fs.StringVar(&pf.target, "target", "main", "the function whose guarantees are proved")
}

// load reads and compiles the plan named by the remaining arguments. It
// returns the exit status to use when it fails.
func (pf *planFlags) load(fs *flag.FlagSet, stdin io.Reader, stderr io.Writer) (*ir.Program, int, error) {
	prog, _, code, err := pf.loadWithSource(fs, stdin)
	return prog, code, err
}

// loadWithSource is load that also returns the plan's source text, which
// a build hashes.
func (pf *planFlags) loadWithSource(fs *flag.FlagSet, stdin io.Reader) (*ir.Program, []byte, int, error) {
	if fs.NArg() > 1 {
		return nil, nil, exitUsage, fmt.Errorf("expected one PLAN, got %d arguments", fs.NArg())
	}
	for _, dir := range append(append([]string(nil), pf.trustedRoots...), pf.importRoots...) {
		if st, err := os.Stat(dir); err != nil || !st.IsDir() {
			return nil, nil, exitUsage, fmt.Errorf("%s: not a folder", dir)
		}
	}
	name := fs.Arg(0)
	var src []byte
	var err error
	if name == "" || name == "-" {
		name = "<stdin>"
		src, err = io.ReadAll(stdin)
	} else {
		src, err = os.ReadFile(name)
	}
	if err != nil {
		return nil, nil, exitUsage, &ir.Error{Code: ir.ReadError, Msg: err.Error(), Err: err}
	}
	cfg := compiler.Config{
		ImportRoots:  pf.importRoots,
		TrustedRoots: pf.trustedRoots,
		Target:       pf.target,
	}
	if name == "<stdin>" && len(cfg.ImportRoots) == 0 {
		cfg.ImportRoots = []string{"."}
	}
	prog, err := compiler.Compile(name, src, cfg)
	if err != nil {
		return nil, nil, exitRefused, err
	}
	return prog, src, exitOK, nil
}

func runIR(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 ir", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var pf planFlags
	pf.register(fs)
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	prog, code, err := pf.load(fs, stdin, stderr)
	if err != nil {
		fmt.Fprintln(stderr, err)
		return code
	}
	if err := ir.Verify(prog); err != nil {
		fmt.Fprintf(stderr, "clauz3: internal error: the IR does not verify:\n%v\n", err)
		return exitRefused
	}
	if err := ir.Fprint(stdout, prog); err != nil {
		fmt.Fprintln(stderr, err)
		return exitUsage
	}
	return exitOK
}

func runProve(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 prove", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var pf planFlags
	pf.register(fs)
	asJSON := fs.Bool("json", false, "print the result as one JSON object on stdout")
	timeout := fs.Duration("timeout", prover.DefaultTimeout, "the wall-clock limit for each solver check; running out refuses the plan")
	rlimit := fs.Uint64("rlimit", prover.DefaultRlimit, "Z3's resource limit for each solver check (units of work, the same on a busy machine as on an idle one); running out refuses the plan")
	deadline := fs.Duration("deadline", prover.DefaultDeadline, "the wall-clock limit for the whole proof; running out refuses the obligations not decided")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	if *rlimit == 0 || *rlimit > math.MaxUint32 || *timeout <= 0 || *deadline <= 0 {
		fmt.Fprintf(stderr, "clauz3 prove: --rlimit must be between 1 and %d, --timeout and --deadline positive\n", uint64(math.MaxUint32))
		return exitUsage
	}
	// fallback is the code of an error that is not a diagnostic: a
	// usage or read error of the plan's file.
	refuse := func(code int, fallback ir.Code, err error) int {
		if *asJSON {
			writeJSON(stdout, prover.JSON{Proved: false, Obligations: []prover.ObligationJSON{}, Errors: prover.ErrorsJSON(err, fallback)})
		}
		fmt.Fprintln(stderr, err)
		return code
	}
	prog, code, err := pf.load(fs, stdin, stderr)
	if err != nil {
		fallback := ir.Internal
		if code == exitUsage {
			fallback = ir.Usage
		}
		return refuse(code, fallback, err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := check.Prove(ctx, prog, check.Options{Timeout: *timeout, Rlimit: *rlimit, Deadline: *deadline})
	if err != nil {
		return refuse(exitRefused, ir.Internal, err)
	}
	if *asJSON {
		writeJSON(stdout, res.JSON())
		// The reasons still go to stderr so a pipeline reading stdout
		// cannot miss that the plan was refused.
		if err := res.WriteText(io.Discard, stderr); err != nil {
			return exitUsage
		}
	} else if err := res.WriteText(stdout, stderr); err != nil {
		return exitUsage
	}
	if !res.Proved() {
		return exitRefused
	}
	return exitOK
}

func writeJSON(w io.Writer, v any) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(v)
}
