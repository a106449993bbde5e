package mcpserver

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/clauz3/clauz3/check"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/docs"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/layers/catalog"
	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/runner"
)

// Config configures a server.
type Config struct {
	Dir             string        // the project folder: tools/*/trusted and plan imports (default ".")
	ProveTimeout    time.Duration // per solver check (default prover.DefaultTimeout)
	ApprovalTimeout time.Duration // how long run waits for a decision (default 10m)
	// FindService finds the approval service run asks and the HTTP client
	// that reaches only it (cmd/clauz3 finds it from the client
	// configuration, as `clauz3 run` does); nil refuses every run.
	FindService func() (runner.Service, *http.Client, error)
	Version     string // reported to clients
	// ProgressEvery is how often run reports that the service is still
	// building and running (default runner's 10s).
	ProgressEvery time.Duration
	// Contexts supplies the proofs' Z3 contexts, made once and recycled
	// from proof to proof, and bounds the proofs running at once; nil
	// makes each proof its own.
	Contexts *prover.Contexts
}

// New returns a server with the four tools.
func New(cfg Config) *mcp.Server {
	if cfg.Dir == "" {
		cfg.Dir = "."
	}
	if cfg.ProveTimeout <= 0 {
		cfg.ProveTimeout = prover.DefaultTimeout
	}
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	h := &handlers{cfg: cfg}
	s := mcp.NewServer(&mcp.Implementation{Name: "clauz3", Version: cfg.Version}, nil)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "tools",
		Description: "List the trusted effects (signatures, pre/postconditions) and contracts (with their English meaning) a plan in this project may use. Read this before writing a plan.",
	}, h.tools)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "prove",
		Description: "Prove a ClauZ3 plan (Python source): every @clauz3.guarantee and every precondition, on all paths, with Z3. A plan that is not proved comes back as an error with the located reason or a counterexample.",
	}, h.prove)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "guide",
		Description: "The guide for agents writing ClauZ3 plans: the Python subset, how to pick guarantees, how to read a counterexample.",
	}, h.guide)
	mcp.AddTool(s, &mcp.Tool{
		Name:        "run",
		Description: "Prove a plan, submit it with the target's inputs to the user's approval service and wait for the human's decision; only an approved plan is built sealed and run. Blocks until the decision (or the approval timeout), sending progress notifications (when the call has a progress token) that say where the human decides and that the build still runs. Anything but a completed approved run is an error.",
	}, h.run)
	return s
}

type handlers struct{ cfg Config }

// Empty is the input of the tools without arguments.
type Empty struct{}

// PlanInput is a plan given to prove or run.
type PlanInput struct {
	Source string `json:"source" jsonschema:"the plan: Python source in the ClauZ3 subset"`
	Name   string `json:"name,omitempty" jsonschema:"the plan's file name, used in error positions (default plan.py)"`
	Target string `json:"target,omitempty" jsonschema:"the function whose guarantees are proved (default main)"`
}

// RunInput is a plan given to run, with its target's inputs.
type RunInput struct {
	PlanInput
	Inputs map[string]any `json:"inputs,omitempty" jsonschema:"the target's inputs: a JSON value for each of its parameters, by name"`
}

// ProveOutput is the result of prove.
type ProveOutput struct {
	Proved bool        `json:"proved"`
	Report string      `json:"report"` // the text `clauz3 prove` prints
	Result prover.JSON `json:"result"` // what `clauz3 prove --json` prints
}

// RunOutput is the result of run.
type RunOutput struct {
	Exit       int    `json:"exit"`       // the exit status `clauz3 run` would have
	Outcome    string `json:"outcome"`    // ran, refused, usage, not_approved, timeout, failed
	Transcript string `json:"transcript"` // prove / submit / wait / decision / execute steps
	Stdout     string `json:"stdout"`     // the plan's own output
	Stderr     string `json:"stderr"`
}

// GuideOutput is the result of guide.
type GuideOutput struct {
	Guide string `json:"guide"`
}

var outcomes = map[int]string{
	runner.ExitRan: "ran", runner.ExitRefused: "refused", runner.ExitUsage: "usage",
	runner.ExitNotApproved: "not_approved", runner.ExitTimeout: "timeout", runner.ExitFailed: "failed",
}

// result is a tool result whose text is text and whose structured content
// is out; isError marks a refusal.
func result(text string, isError bool) *mcp.CallToolResult {
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: text}}, IsError: isError}
}

func (h *handlers) tools(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, any, error) {
	c, err := catalog.Load([]string{h.cfg.Dir}, nil)
	if err != nil {
		return nil, nil, fmt.Errorf("tools: %v", err)
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // renderings hold <placeholders>
	enc.SetIndent("", "  ")
	if err := enc.Encode(c); err != nil {
		return nil, nil, fmt.Errorf("tools: %v", err)
	}
	res := result(b.String(), false)
	res.StructuredContent = json.RawMessage(bytes.TrimSpace(b.Bytes()))
	return res, nil, nil
}

func (h *handlers) guide(ctx context.Context, _ *mcp.CallToolRequest, _ Empty) (*mcp.CallToolResult, GuideOutput, error) {
	return result(docs.AgentGuide, false), GuideOutput{Guide: docs.AgentGuide}, nil
}

// compile checks the input and compiles the plan against the project.
func (h *handlers) compile(in PlanInput) (*ir.Program, string, error) {
	name := in.Name
	if name == "" {
		name = "plan.py"
	}
	if name != filepath.Base(name) || !strings.HasSuffix(name, ".py") || strings.ContainsAny(name, "\x00\n\r") {
		return nil, name, ir.Errorf(ir.Pos{}, ir.Usage, "name %q must be a plain file name ending in .py", name)
	}
	if strings.TrimSpace(in.Source) == "" {
		return nil, name, ir.Errorf(ir.Pos{}, ir.Usage, "source is empty: give the plan's Python source")
	}
	prog, err := check.Compile(check.Plan{File: name, Source: []byte(in.Source), Config: compiler.Config{ImportRoots: []string{h.cfg.Dir}, Target: in.Target}})
	if err != nil {
		return nil, name, err
	}
	return prog, name, nil
}

func (h *handlers) prove(ctx context.Context, _ *mcp.CallToolRequest, in PlanInput) (*mcp.CallToolResult, ProveOutput, error) {
	refuse := func(err error) (*mcp.CallToolResult, ProveOutput, error) {
		// Every error here is a diagnostic with its code (the compiler's,
		// the prover's, or one made above); Internal is the fail-closed
		// kind for anything else.
		out := ProveOutput{Report: err.Error(), Result: prover.JSON{Obligations: []prover.ObligationJSON{}, Errors: prover.ErrorsJSON(err, ir.Internal)}}
		return result("not proved:\n"+err.Error(), true), out, nil
	}
	prog, _, err := h.compile(in)
	if err != nil {
		return refuse(err)
	}
	res, err := check.Prove(ctx, prog, check.Options{Timeout: h.cfg.ProveTimeout, Contexts: h.cfg.Contexts})
	if err != nil {
		return refuse(err)
	}
	var report bytes.Buffer
	if err := res.WriteText(&report, &report); err != nil {
		return refuse(&ir.Error{Code: ir.Internal, Msg: err.Error(), Err: err})
	}
	out := ProveOutput{Proved: res.Proved(), Report: report.String(), Result: res.JSON()}
	if !out.Proved {
		return result("not proved:\n"+report.String(), true), out, nil
	}
	return result(report.String(), false), out, nil
}

// progress sends each runner progress line as a progress notification
// for the call's progress token; nil when the client gave none. A
// notification that cannot be sent (the client left) changes nothing:
// the run's outcome is the answer.
func progress(ctx context.Context, req *mcp.CallToolRequest) func(string) {
	if req == nil || req.Session == nil || req.Params == nil {
		return nil
	}
	tok := req.Params.GetProgressToken()
	if tok == nil {
		return nil
	}
	var mu sync.Mutex
	n := 0.0
	return func(msg string) {
		mu.Lock()
		defer mu.Unlock()
		n++
		_ = req.Session.NotifyProgress(ctx, &mcp.ProgressNotificationParams{ProgressToken: tok, Message: msg, Progress: n})
	}
}

// runArgs turns run's inputs into the runner's "name=JSON", in name
// order. A number the JSON decoder read as a float64 that is not exactly
// the integer it looks like (beyond 2^53) is refused rather than passed
// altered.
func runArgs(inputs map[string]any) ([]string, error) {
	names := make([]string, 0, len(inputs))
	for n := range inputs {
		names = append(names, n)
	}
	sort.Strings(names)
	var args []string
	for _, n := range names {
		if f, ok := inputs[n].(float64); ok && f == math.Trunc(f) && math.Abs(f) > 1<<53 {
			return nil, fmt.Errorf("input %s: %v cannot be passed exactly (beyond 2^53)", n, f)
		}
		data, err := json.Marshal(inputs[n])
		if err != nil {
			return nil, fmt.Errorf("input %s: %v", n, err)
		}
		args = append(args, n+"="+string(data))
	}
	return args, nil
}

func (h *handlers) run(ctx context.Context, req *mcp.CallToolRequest, in RunInput) (*mcp.CallToolResult, RunOutput, error) {
	var transcript, stdout, stderr bytes.Buffer
	finish := func(code int) (*mcp.CallToolResult, RunOutput, error) {
		out := RunOutput{Exit: code, Outcome: outcomes[code], Transcript: transcript.String(), Stdout: stdout.String(), Stderr: stderr.String()}
		if out.Outcome == "" {
			out.Outcome = "unknown"
		}
		text := transcript.String()
		if stdout.Len() > 0 {
			text += "\nplan output:\n" + stdout.String()
		}
		if stderr.Len() > 0 {
			text += "\nplan errors:\n" + stderr.String()
		}
		if code != runner.ExitRan {
			return result(fmt.Sprintf("not run to completion (%s, exit %d):\n%s", out.Outcome, code, text), true), out, nil
		}
		return result(text, false), out, nil
	}
	prog, name, err := h.compile(in.PlanInput)
	if err != nil {
		fmt.Fprintf(&transcript, "  %-12s ✗ %v\n  %-12s (not submitted)\n", "prove", err, "submit")
		return finish(runner.ExitRefused)
	}
	args, err := runArgs(in.Inputs)
	if err != nil {
		fmt.Fprintf(&transcript, "clauz3 run: %v\n", err)
		return finish(runner.ExitUsage)
	}
	if h.cfg.FindService == nil {
		fmt.Fprintf(&transcript, "clauz3 run: no approval service configured\n")
		return finish(runner.ExitUsage)
	}
	svc, client, err := h.cfg.FindService()
	if err != nil {
		fmt.Fprintf(&transcript, "clauz3 run: %v\n", err)
		return finish(runner.ExitUsage)
	}
	code := runner.Run(ctx, runner.Plan{Name: name, Source: []byte(in.Source), Prog: prog}, runner.Options{
		Service:         svc,
		Client:          client,
		ApprovalTimeout: h.cfg.ApprovalTimeout,
		ProveTimeout:    h.cfg.ProveTimeout,
		Contexts:        h.cfg.Contexts,
		Out:             &transcript,
		Stdout:          &stdout,
		Stderr:          &stderr,
		Args:            args,
		ProgressEvery:   h.cfg.ProgressEvery,
		Progress:        progress(ctx, req),
	})
	return finish(code)
}
