package execute

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/clauz3/clauz3/gen"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/securitymod/receipt"
	"github.com/clauz3/clauz3/securitymod/sandbox"
	"github.com/clauz3/clauz3/securitymod/secrets"
)

// Job is one approved plan to build and run.
type Job struct {
	Prog    *ir.Program // compiled by the service against its own layer store
	Source  []byte
	Receipt receipt.Receipt
	Inputs  []string // "name=JSON", passed as --arg
	// BuildIdentity is the identity recorded at approval and bound by the
	// receipt; a build of anything else is not run.
	BuildIdentity string
}

// Result is what the run did. Exit is the sealed binary's status; Trace
// holds its effect trace, one JSON object per line. It is never sent as
// it is: the service answers the run with wire.RunResult.
type Result struct {
	Exit   int
	Stdout string
	Stderr string
	Trace  string
	Cached bool
}

// Options are the service's own: nothing here comes from a client.
type Options struct {
	// GoBin is the absolute path of the go command (from the service's
	// settings); the PATH is never searched.
	GoBin string
	// GoCache and GoModCache are under the service's state.
	GoCache, GoModCache string
	// CacheDir holds the sealed build folders.
	CacheDir string
	// WorkDir holds each run's receipt and trace (a fresh folder a run).
	WorkDir string
	// ApprovalKey is the service's receipt key (standard base64).
	ApprovalKey string
	// ServiceURL is where the binary redeems its receipt.
	ServiceURL string
	// Home is the service account's home from the account database; the
	// binary's HOME (so the path floor's ~ is the service's, never a
	// caller's).
	Home string
	// LayerEnv is each layer's configuration (by layer domain, e.g.
	// "email"), from the service's config folder; a layer gets only its
	// own.
	LayerEnv map[string][]string
	// LayerSecrets are the secrets each layer's configuration names, by
	// layer domain and then by the name the layer asks its store for.
	// A run gets the secrets of the layers it links only, in a store
	// written to SecretsDir for the run and removed after it; the names
	// (in LayerEnv) are part of the build identity, the values are not.
	LayerSecrets map[string]map[string]string
	// SecretsDir is where a run's secret store is written: a fixed path,
	// named to the layers (CLAUZ3_SECRETS_DIR) in the configuration the
	// build identity binds, so one run at a time (the service runs them
	// so).
	SecretsDir string
	// Sandbox is the service's sandbox configuration: what it grants its
	// runs besides what their layers' configuration names, their
	// resource limits, and whether a machine without a protection may run
	// plans unconfined.
	Sandbox SandboxOptions
	// Support reports the kernel's protections (nil: sandbox.Probe).
	Support func() sandbox.Support
	// Timeout bounds one run (default 10 minutes).
	Timeout time.Duration
	// Stderr receives the go command's diagnostics.
	Stderr io.Writer
}

// SandboxOptions are the service configuration's part of every run's
// kernel sandbox (gen.SandboxConfig).
type SandboxOptions struct {
	// ReadOnly, ReadWrite and ConnectPorts are granted to every run
	// besides what its layers' configuration names: what a layer gen
	// does not know needs (a test layer's outbox, say).
	ReadOnly, ReadWrite []string
	ConnectPorts        []uint16
	// Limits are the runs' resource limits (zero fields: the defaults).
	Limits sandbox.Limits
	// AllowUnconfined lets a machine without Landlock, seccomp or
	// resource limits run plans unconfined, each run saying so; off, the
	// service runs nothing there.
	AllowUnconfined bool
}

// LayerDomain is the domain of a layer name (tools.email.trusted: email),
// as gen reads the layer configuration by it.
func LayerDomain(name string) string { return gen.LayerDomain(name) }

// buildOptions are gen's options for the service's sealed builds, the
// same when the identity is recorded at approval and when the binary is
// built to run: the service's absolute toolchain, its own caches and the
// layer configuration its runs use (whose digest the identity binds).
func buildOptions(o Options) (gen.BuildOptions, error) {
	env, err := layerEnv(o)
	if err != nil {
		return gen.BuildOptions{}, err
	}
	// json.Marshal sorts map keys, so the bytes are canonical.
	cfg, err := json.Marshal(env)
	if err != nil {
		return gen.BuildOptions{}, fail(LayerConfig, "layer configuration: %w", err)
	}
	// The kernel sandbox is derived from the same configuration the run
	// gets, each layer's settings its own, and the service's grants.
	byDomain := map[string]map[string]string{}
	for domain, kvs := range env {
		byDomain[domain] = map[string]string{}
		for _, kv := range kvs {
			k, v, _ := strings.Cut(kv, "=")
			byDomain[domain][k] = v
		}
	}
	box := &gen.SandboxConfig{
		Env: map[string]string{"HOME": o.Home}, LayerEnv: byDomain, Limits: o.Sandbox.Limits, AllowUnconfined: o.Sandbox.AllowUnconfined,
		ReadOnly: o.Sandbox.ReadOnly, ReadWrite: o.Sandbox.ReadWrite, ConnectPorts: o.Sandbox.ConnectPorts,
	}
	return gen.BuildOptions{
		Mode: gen.Real, ApprovalKey: o.ApprovalKey, CacheDir: o.CacheDir, Stderr: o.Stderr,
		Toolchain: o.GoBin, GoCache: o.GoCache, ModCache: o.GoModCache, LayerConfig: cfg, Sandbox: box,
	}, nil
}

// layerEnv is the configuration each layer's run gets: LayerEnv, and
// CLAUZ3_SECRETS_DIR for a layer with secrets. A configuration that sets
// CLAUZ3_SECRETS_DIR itself, or secrets without an absolute SecretsDir,
// is refused.
func layerEnv(o Options) (map[string][]string, error) {
	out := map[string][]string{}
	for domain, env := range o.LayerEnv {
		for _, kv := range env {
			if strings.HasPrefix(kv, "CLAUZ3_SECRETS_DIR=") {
				return nil, fail(SecretsDirSet, "layer %s's configuration sets CLAUZ3_SECRETS_DIR, which is the service's to set", domain)
			}
		}
		out[domain] = append([]string(nil), env...)
	}
	for domain, secrets := range o.LayerSecrets {
		if len(secrets) == 0 {
			continue
		}
		if !filepath.IsAbs(o.SecretsDir) {
			return nil, fail(NoSecretsFolder, "layer %s has secrets but the service has no absolute secrets folder (%q)", domain, o.SecretsDir)
		}
		out[domain] = append(out[domain], "CLAUZ3_SECRETS_DIR="+o.SecretsDir)
	}
	return out, nil
}

// releaseSecrets writes the secret store of a run linking layers: the
// secrets of those layers only, in a fresh SecretsDir. The answer removes
// it; it is called when the run ends.
func releaseSecrets(o Options, layers []*gen.Layer) (func(), error) {
	give := map[string]string{}
	for _, l := range layers {
		for name, value := range o.LayerSecrets[LayerDomain(l.Name)] {
			give[name] = value
		}
	}
	if len(give) == 0 {
		return func() {}, nil
	}
	// A store a crashed run left behind is not reused.
	if err := os.RemoveAll(o.SecretsDir); err != nil {
		return nil, fail(SecretStore, "the run's secret store: %w", err)
	}
	if err := os.MkdirAll(filepath.Dir(o.SecretsDir), 0o700); err != nil {
		return nil, fail(SecretStore, "the run's secret store: %w", err)
	}
	if err := os.Mkdir(o.SecretsDir, 0o700); err != nil {
		return nil, fail(SecretStore, "the run's secret store (is another run using it?): %w", err)
	}
	remove := func() { os.RemoveAll(o.SecretsDir) }
	store, _, err := secrets.OpenFile("clauz3", o.SecretsDir)
	if err != nil {
		remove()
		return nil, fail(SecretStore, "the run's secret store: %w", err)
	}
	names := make([]string, 0, len(give))
	for name := range give {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := store.Set(name, give[name]); err != nil {
			remove()
			return nil, fail(SecretStore, "the run's secret store: %w", err)
		}
	}
	return remove, nil
}

// Identity is the build identity (gen.BuildIdentity's digest) of prog as
// the service would build it now: the plan, its IR, the layer store's
// Python and Go sources, the runtime, the toolchain and the layer
// configuration. The service records it with an approval, the receipt
// binds it, and the sealed binary admits only a receipt naming its own.
func Identity(ctx context.Context, prog *ir.Program, src []byte, o Options) (string, error) {
	id, err := BuildIdentity(ctx, prog, src, o)
	if err != nil {
		return "", err
	}
	return id.Digest, nil
}

// BuildIdentity is Identity's whole record, with the sandbox policy the
// run would get in words (SandboxText), for the approval card.
func BuildIdentity(ctx context.Context, prog *ir.Program, src []byte, o Options) (*gen.BuildIdentity, error) {
	opts, err := buildOptions(o)
	if err != nil {
		return nil, err
	}
	return gen.Identity(ctx, prog, src, opts)
}

// Kernel is what this machine's kernel provides to confine a run: Support
// when set (a test forcing the probe's answer), else sandbox.Probe. The
// run's refusal and the card's Unconfined warning both ask it, so they
// never disagree.
func (o Options) Kernel() sandbox.Support {
	if o.Support != nil {
		return o.Support()
	}
	return sandbox.Probe()
}

// Run builds the sealed binary of job with the service's toolchain and
// layer store, and runs it with the receipt, the service's layer
// configuration and home, and nothing from any caller's environment.
func Run(ctx context.Context, job Job, o Options) (Result, error) {
	// Honest degradation (issue 15): where the kernel lacks a protection,
	// nothing runs unless the service's configuration allows it, and then
	// the binary says RUNNING UNCONFINED on stderr, which the transcript
	// shows.
	if missing := o.Kernel().Missing(); missing != "" && !o.Sandbox.AllowUnconfined {
		return Result{}, &Error{Kind: Unconfined, Missing: missing, err: fmt.Errorf("this machine lacks %s, so a run would not be confined: the service runs no plan here unless its configuration allows unconfined runs (service.json sandbox.allow_unconfined); nothing ran", missing)}
	}
	if !filepath.IsAbs(o.GoBin) {
		return Result{}, fail(BadGoBin, "the go command %q is not an absolute path", o.GoBin)
	}
	if o.Timeout <= 0 {
		o.Timeout = 10 * time.Minute
	}
	if o.Stderr == nil {
		o.Stderr = io.Discard
	}
	opts, err := buildOptions(o)
	if err != nil {
		return Result{}, err
	}
	built, err := gen.Build(ctx, job.Prog, job.Source, opts)
	if err != nil {
		return Result{}, fail(BuildFailed, "build: %w", err)
	}
	if built.PlanHash != job.BuildIdentity {
		return Result{}, fail(BuildMismatch, "build: the binary's build identity is %s, the approval's %s; nothing ran", built.PlanHash, job.BuildIdentity)
	}
	if want := ir.Digest(job.Source, job.Prog); built.PlanDigest != want {
		return Result{}, fail(BuildMismatch, "build: the binary is of plan %s, the approval of %s", built.PlanDigest, want)
	}
	if err := os.MkdirAll(o.WorkDir, 0o700); err != nil {
		return Result{}, err
	}
	dir, err := os.MkdirTemp(o.WorkDir, "run-")
	if err != nil {
		return Result{}, err
	}
	defer os.RemoveAll(dir)
	data, err := json.Marshal(job.Receipt)
	if err != nil {
		return Result{}, err
	}
	receiptFile, traceFile := filepath.Join(dir, "receipt.json"), filepath.Join(dir, "trace.jsonl")
	if err := os.WriteFile(receiptFile, data, 0o600); err != nil {
		return Result{}, err
	}
	argv := []string{"--receipt", receiptFile, "--service", o.ServiceURL, "--trace", traceFile}
	for _, a := range job.Inputs {
		argv = append(argv, "--arg", a)
	}
	env := []string{"PATH=/usr/bin:/bin", "HOME=" + o.Home, "TMPDIR=" + dir}
	layers, err := layerEnv(o)
	if err != nil {
		return Result{}, err
	}
	for _, l := range built.Layers {
		env = append(env, layers[LayerDomain(l.Name)]...)
	}
	removeSecrets, err := releaseSecrets(o, built.Layers)
	if err != nil {
		return Result{}, err
	}
	defer removeSecrets()
	rctx, cancel := context.WithTimeout(ctx, o.Timeout)
	defer cancel()
	cmd := exec.CommandContext(rctx, built.Binary, argv...)
	cmd.Dir, cmd.Env = dir, env
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &limitedBuffer{&stdout, 1 << 20}, &limitedBuffer{&stderr, 1 << 20}
	runErr := cmd.Run()
	res := Result{Stdout: stdout.String(), Stderr: stderr.String(), Cached: built.Cached}
	if runErr != nil {
		var ee *exec.ExitError
		if !errors.As(runErr, &ee) {
			return Result{}, fail(RunFailed, "running the sealed binary: %w", runErr)
		}
		res.Exit = ee.ExitCode()
		if res.Exit < 0 {
			res.Exit = 5
			res.Stderr += fmt.Sprintf("\nthe sealed binary was stopped: %v", runErr)
		}
	}
	if trace, err := os.ReadFile(traceFile); err == nil {
		res.Trace = string(trace)
	} else if !errors.Is(err, os.ErrNotExist) {
		return Result{}, fail(TraceFailed, "the run's trace: %w", err)
	}
	return res, nil
}

// limitedBuffer keeps the first n bytes and drops the rest.
type limitedBuffer struct {
	b *bytes.Buffer
	n int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	if room := l.n - l.b.Len(); room > 0 {
		l.b.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
