package planrt

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
)

// Mode says how a sealed binary runs its trusted effects.
type Mode int

const (
	// Simulate answers every effect from a JSON file of results and
	// records the trace; the binary links no trusted layer at all.
	Simulate Mode = iota
	// Real calls the trusted layers' Go functions, only after the
	// program's Gate verified and redeemed an approval receipt.
	Real
)

// Program describes the plan a generated main runs.
type Program struct {
	Mode     Mode
	PlanHash string   // printed by --plan-hash
	Plan     string   // the plan's file name, for messages
	Target   string   // the Python name of the target function
	Inputs   []string // the target's parameters: "name: type"
	// Gate admits a real run (--receipt FILE --service URL); a real
	// program without one refuses to start. Unused in simulate mode.
	Gate Gate
	// LayerEnv, in a real program built for a layer configuration, is
	// the CLAUZ3_* environment its layers must be given, exactly: the
	// configuration whose digest its build identity (and so its
	// receipt) binds. Any other ends the run with ExitApproval before the
	// receipt is read or redeemed and before any effect. Nil: not
	// checked (a build without a layer configuration).
	LayerEnv *[]string
	// Precondition, when set, checks the target's own preconditions (the
	// plan's @deal.pre / @clauz3.requires on it: what the proof assumed
	// about its inputs) once the --arg inputs are read, before the
	// receipt is redeemed and before any effect. A violation raises
	// ContractError: the binary exits with ExitException, having
	// performed no effect.
	Precondition func(r *Run, in *Inputs)
	// Sandbox, in a real program, confines the process with the kernel
	// (securitymod/sandbox's Runtime, with the policy gen derived from
	// the layers and their configuration): applied once the command
	// line is read, before the receipt is read; sealed after admission.
	Sandbox Sandbox
}

// Sandbox is the kernel confinement of a real run. planrt links no
// system-call code: the generated main passes securitymod/sandbox's.
type Sandbox interface {
	// Confine restricts the process for the rest of its life, granting
	// the receipt (read), the trace (write) and the service's port. It
	// returns what the run is NOT protected from ("" when fully
	// confined). onLimit ends the run for an exceeded CPU or file-size
	// limit.
	Confine(receiptFile, traceFile, serviceURL string, onLimit func(reason string)) (unconfined string, err error)
	// Seal withdraws what only the admission needed (the service port).
	Seal() error
	// Denied says whether an effect's error is the sandbox refusing an
	// operation, and which; "" when it is not. It decides by the errno in
	// the error's chain, never by its text: a layer keeps its cause with
	// %w, and an error that only reads like the kernel's stays an
	// EffectError.
	Denied(err error) string
	// Exit ends the process with code; a confined process first tells
	// its supervisor that code is how the run ended (one that ends
	// without saying so is taken for a run the Go runtime killed). It is
	// a run's only way out once Confine was called. It does not return.
	Exit(code int)
}

// SandboxError ends a run the sandbox stopped: it could not be set up,
// or an effect's operation or a resource limit was refused. Exit status
// ExitSandbox; the line is `clauz3: sandbox: denied: <what>`.
type SandboxError struct{ Reason string }

func (e *SandboxError) Error() string { return "sandbox: " + e.Reason }

// Inputs are the target's arguments, from --arg name=JSON flags.
type Inputs struct {
	raw  map[string]string
	used map[string]bool
}

// usageError ends the binary with exit status 2: a bad command line or
// simulation set-up, not the plan's fault.
type usageError struct{ msg string }

func usage(format string, args ...any) {
	panic(&usageError{fmt.Sprintf(format, args...)})
}

// Input decodes the target's parameter name from its --arg flag.
func Input[T any](in *Inputs, name string) T {
	var v T
	raw, ok := in.raw[name]
	if !ok {
		usage("missing --arg %s=JSON (the plan's input %s)", name, name)
	}
	in.used[name] = true
	jv, err := parseJSON(raw)
	if err != nil {
		usage("--arg %s: %v", name, err)
	}
	if err := decodeInto(&v, jv); err != nil {
		usage("--arg %s: %v", name, err)
	}
	return v
}

// ExitCode values of a sealed binary.
const (
	ExitOK        = 0 // the plan returned
	ExitException = 1 // the plan raised (or a contract or receipt check failed)
	ExitUsage     = 2 // bad flags, inputs or simulation set-up
	ExitApproval  = 3 // a real run without a valid, redeemed receipt: no effect ran
	ExitSandbox   = 4 // the sandbox could not be set up, or it refused an operation or a limit was exceeded
)

// Run is one run of a plan: where its print() goes, the effect host its
// calls go to, how many calls of each effect it made, and the sandbox
// that confines it. Main makes one and passes it to the generated code,
// which hands it down to every function that prints or calls an effect:
// nothing of a run lives in package variables, so runs can share a
// process without sharing state.
type Run struct {
	// host answers the effect calls; nil while the target's own
	// preconditions are checked, before any host exists (an effect
	// there is refused).
	host    host
	calls   map[string]int
	stdout  *bufio.Writer
	sandbox Sandbox // the sandbox of a sealed real run while its plan runs
	// ending is held by whoever ends the run: the plan's goroutine
	// (endClaimed) or the sandbox's limit handler, which may fire at the
	// same moment (a write past the file-size limit both fails with
	// EFBIG and raises SIGXFSZ). The first prints the run's one last
	// line and exits; the other waits for the exit. Never unlocked.
	ending     sync.Mutex
	endClaimed bool // by the plan's goroutine, the only one that reads it
}

// claimEnd makes the plan's goroutine the one that ends the run, or
// waits for ever if a limit's refusal already does.
func (r *Run) claimEnd() {
	if !r.endClaimed {
		r.ending.Lock()
		r.endClaimed = true
	}
}

func newRun(stdout io.Writer) *Run {
	return &Run{calls: map[string]int{}, stdout: bufio.NewWriterSize(stdout, 64<<10)}
}

// count records one more call of effect and returns its 1-based number.
func (r *Run) count(effect string) int {
	r.calls[effect]++
	return r.calls[effect]
}

// Flush writes out what the plan printed so far.
func (r *Run) Flush() { r.stdout.Flush() }

// Print is print(*args, sep=sep, end=end). As in Python, every argument
// is evaluated before any is converted with str(), so a list printed
// beside a call that changes it shows the change.
func (r *Run) Print(sep, end string, args ...any) {
	for i, a := range args {
		if i > 0 {
			r.stdout.WriteString(sep)
		}
		r.stdout.WriteString(Str(a))
	}
	r.stdout.WriteString(end)
}

// Println is print(*args) with the default sep and end.
func (r *Run) Println(args ...any) { r.Print(" ", "\n", args...) }

// Main runs a generated plan: it parses the command line, sets up the
// effect host, runs the target with a fresh *Run, and turns the outcome
// into output and an exit status. It does not return.
func Main(p Program, run func(r *Run, in *Inputs)) {
	code := runMain(p, os.Args[1:], os.Stdout, os.Stderr, run)
	if p.Sandbox != nil {
		p.Sandbox.Exit(code)
	}
	os.Exit(code)
}

func runMain(p Program, args []string, stdout, stderr io.Writer, run func(r *Run, in *Inputs)) (code int) {
	r := newRun(stdout)
	in := &Inputs{raw: map[string]string{}, used: map[string]bool{}}
	var effectsFile, traceFile, receiptFile, serviceURL string
	for i := 0; i < len(args); i++ {
		a := args[i]
		name, val, hasVal := strings.Cut(strings.TrimLeft(a, "-"), "=")
		if !strings.HasPrefix(a, "-") {
			fmt.Fprintf(stderr, "clauz3: unexpected argument %q\n", a)
			return ExitUsage
		}
		needVal := func() bool {
			if hasVal {
				return true
			}
			if i+1 >= len(args) {
				fmt.Fprintf(stderr, "clauz3: flag --%s needs a value\n", name)
				return false
			}
			i++
			val = args[i]
			return true
		}
		switch name {
		case "plan-hash":
			fmt.Fprintln(stdout, p.PlanHash)
			return ExitOK
		case "effects":
			if !needVal() {
				return ExitUsage
			}
			effectsFile = val
		case "trace":
			if !needVal() {
				return ExitUsage
			}
			traceFile = val
		case "receipt":
			if !needVal() {
				return ExitUsage
			}
			receiptFile = val
		case "service":
			if !needVal() {
				return ExitUsage
			}
			serviceURL = val
		case "arg":
			if !needVal() {
				return ExitUsage
			}
			k, v, ok := strings.Cut(val, "=")
			if !ok || k == "" {
				fmt.Fprintf(stderr, "clauz3: --arg wants name=JSON, got %q\n", val)
				return ExitUsage
			}
			in.raw[k] = v
		case "h", "help":
			fmt.Fprintf(stderr, "usage: %s [--plan-hash] [--receipt FILE --service URL] [--effects FILE] [--trace FILE] [--arg name=JSON]...\ninputs: %s\n", os.Args[0], strings.Join(p.Inputs, ", "))
			return ExitUsage
		default:
			fmt.Fprintf(stderr, "clauz3: unknown flag %s\n", a)
			return ExitUsage
		}
	}
	if p.Mode == Real && effectsFile != "" {
		fmt.Fprintln(stderr, "clauz3: --effects is for simulation binaries: this one runs real effects")
		return ExitUsage
	}
	if p.Mode != Real && (receiptFile != "" || serviceURL != "") {
		fmt.Fprintln(stderr, "clauz3: --receipt and --service are for real binaries: this one simulates every effect")
		return ExitUsage
	}
	known := map[string]bool{}
	for _, decl := range p.Inputs {
		name, _, _ := strings.Cut(decl, ":")
		known[strings.TrimSpace(name)] = true
	}
	var unknown []string
	for k := range in.raw {
		if !known[k] {
			unknown = append(unknown, k)
		}
	}
	if len(unknown) > 0 {
		sort.Strings(unknown)
		fmt.Fprintf(stderr, "clauz3: --arg %s: the plan's %s takes no such input\n", unknown[0], p.Target)
		return ExitUsage
	}
	if p.Mode == Real && p.LayerEnv != nil {
		if err := checkLayerEnv(os.Environ(), *p.LayerEnv); err != nil {
			fmt.Fprintf(stderr, "clauz3: approval refused: %v; nothing ran\n", err)
			return ExitApproval
		}
	}
	if p.Precondition != nil {
		// Outside every host: evaluating the clauses runs no effect,
		// and a refused run must not spend its single-use receipt.
		if code := protect(r, stderr, false, func() { p.Precondition(r, in) }); code != ExitOK {
			return code
		}
	}
	if p.Mode == Real && p.Sandbox != nil {
		// Confined before anything reads the receipt: from here on the
		// process can touch only what its layers' configuration names.
		if code := confine(r, p, receiptFile, traceFile, serviceURL, stderr); code != ExitOK {
			return code
		}
	}
	if p.Mode == Real {
		// The receipt is checked and redeemed before the plan's first
		// statement: a refused run prints nothing of the plan's.
		h, err := admitRun(p, receiptFile, serviceURL, traceFile, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "clauz3: %v\n", err)
			if _, refused := err.(*ApprovalError); refused {
				return ExitApproval
			}
			return ExitUsage
		}
		defer h.close()
		r.host = h
		if p.Sandbox != nil {
			if err := p.Sandbox.Seal(); err != nil {
				fmt.Fprintf(stderr, "clauz3: %v\n", err)
				return ExitSandbox
			}
			r.sandbox = p.Sandbox
		}
	} else {
		h, err := newSimHost(effectsFile, traceFile, stderr)
		if err != nil {
			fmt.Fprintf(stderr, "clauz3: %v\n", err)
			return ExitUsage
		}
		defer h.close()
		r.host = h
	}
	return protect(r, stderr, true, func() { run(r, in) })
}

// protect runs the plan and maps how it ended to an exit status; the
// plan's goroutine claims the run's end first when fn failed or is the
// last thing the run does (final), so that a limit's refusal racing it
// is not printed beside its own.
func protect(r *Run, stderr io.Writer, final bool, fn func()) (code int) {
	defer func() {
		rec := recover()
		if rec != nil || final {
			r.claimEnd()
		}
		r.Flush()
		switch e := rec.(type) {
		case nil:
			code = ExitOK
		case *Exception:
			fmt.Fprintln(stderr, e.Error())
			code = ExitException
		case *usageError:
			fmt.Fprintln(stderr, "clauz3: "+e.msg)
			code = ExitUsage
		case *simError:
			fmt.Fprintln(stderr, e.msg)
			code = ExitUsage
		case *ApprovalError:
			fmt.Fprintln(stderr, "clauz3: "+e.Error())
			code = ExitApproval
		case *SandboxError:
			fmt.Fprintln(stderr, "clauz3: "+e.Error())
			code = ExitSandbox
		default:
			panic(rec)
		}
	}()
	fn()
	return ExitOK
}

// confine applies the program's sandbox. The trace file is created
// first: the sandbox grants exactly that file.
func confine(r *Run, p Program, receiptFile, traceFile, serviceURL string, stderr io.Writer) int {
	if traceFile != "" {
		f, err := os.Create(traceFile)
		if err != nil {
			fmt.Fprintf(stderr, "clauz3: trace: %v\n", err)
			return ExitUsage
		}
		f.Close()
	}
	onLimit := func(reason string) {
		r.ending.Lock() // never unlocked: this ends the process
		r.Flush()
		fmt.Fprintln(stderr, "clauz3: sandbox: denied: "+reason)
		p.Sandbox.Exit(ExitSandbox)
	}
	unconfined, err := p.Sandbox.Confine(receiptFile, traceFile, serviceURL, onLimit)
	if err != nil {
		fmt.Fprintf(stderr, "clauz3: %v\n", err)
		return ExitSandbox
	}
	if unconfined != "" {
		fmt.Fprintf(stderr, "clauz3: sandbox: RUNNING UNCONFINED: %s\n", unconfined)
	}
	return ExitOK
}

// SandboxChildEnv is securitymod/sandbox's ChildEnv (planrt links no
// sandbox code; gen's tests check the two agree): the mark of the
// sandbox's confined child, set by the binary itself, not a setting.
const SandboxChildEnv = "CLAUZ3_SANDBOX_CHILD"

// LayerEnvError is checkLayerEnv's refusal: the CLAUZ3_* settings that
// differ from the bound layer configuration, in the order the message
// names them, each with how it differs (never its value).
type LayerEnvError struct {
	Diffs []EnvDiff
}

// EnvDiff is one setting that differs and how.
type EnvDiff struct {
	Name string
	Kind EnvDiffKind
}

// EnvDiffKind says how a CLAUZ3_* setting differs from the bound one.
type EnvDiffKind int

const (
	EnvNoSetting  EnvDiffKind = iota + 1 // set, but no setting of this run's layers
	EnvSetTwice                          // set more than once
	EnvOtherValue                        // set to another value
	EnvNotSet                            // bound, but not set
)

// String is the words the refusal uses after the setting's name.
func (k EnvDiffKind) String() string {
	switch k {
	case EnvNoSetting:
		return "is set but is no setting of this run's layers"
	case EnvSetTwice:
		return "is set more than once"
	case EnvOtherValue:
		return "has another value"
	case EnvNotSet:
		return "is not set"
	}
	return fmt.Sprintf("EnvDiffKind(%d)", int(k))
}

func (d EnvDiff) String() string { return d.Name + " " + d.Kind.String() }

func (e *LayerEnvError) Error() string {
	parts := make([]string, len(e.Diffs))
	for i, d := range e.Diffs {
		parts[i] = d.String()
	}
	return "the layer configuration given is not the one this binary's build identity binds: " + strings.Join(parts, "; ")
}

// checkLayerEnv compares the CLAUZ3_* part of environ with want (sorted
// "NAME=value" settings): every name set once, to its value, and no other.
// The error names the settings that differ, never their values.
func checkLayerEnv(environ, want []string) error {
	wanted := map[string]string{}
	for _, kv := range want {
		name, value, _ := strings.Cut(kv, "=")
		wanted[name] = value
	}
	given := map[string][]string{}
	for _, kv := range environ {
		if name, value, _ := strings.Cut(kv, "="); strings.HasPrefix(name, "CLAUZ3_") && name != SandboxChildEnv {
			given[name] = append(given[name], value)
		}
	}
	var diffs []EnvDiff
	for name, values := range given {
		w, ok := wanted[name]
		switch {
		case !ok:
			diffs = append(diffs, EnvDiff{name, EnvNoSetting})
		case len(values) > 1:
			diffs = append(diffs, EnvDiff{name, EnvSetTwice})
		case values[0] != w:
			diffs = append(diffs, EnvDiff{name, EnvOtherValue})
		}
	}
	for name := range wanted {
		if _, ok := given[name]; !ok {
			diffs = append(diffs, EnvDiff{name, EnvNotSet})
		}
	}
	if len(diffs) == 0 {
		return nil
	}
	// In the order of the words, as the message always listed them.
	sort.Slice(diffs, func(i, j int) bool { return diffs[i].String() < diffs[j].String() })
	return &LayerEnvError{Diffs: diffs}
}
