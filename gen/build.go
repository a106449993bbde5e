package gen

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/clauz3/clauz3/ir"
	planrt "github.com/clauz3/clauz3/runtime"
	"github.com/clauz3/clauz3/securitymod"
	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// GoRunner runs the go command with args in dir and the given full
// environment, streaming its standard error to stderr, and returns its
// standard output. Tests inject one to count invocations.
type GoRunner func(ctx context.Context, dir string, env []string, stderr io.Writer, args ...string) ([]byte, error)

// BuildOptions configure Build.
type BuildOptions struct {
	// Mode: Simulate (effects answered from a JSON file; no layer linked)
	// or Real (layers linked; refuses to run without a receipt).
	Mode Mode
	// Output, when set, receives a copy of the binary (mode 0755).
	Output string
	// CacheDir holds one build folder per plan hash. Default:
	// os.UserCacheDir()/clauz3/builds.
	CacheDir string
	// Layers maps a layer name (tools.email.trusted) to its folder.
	// Default: the folder of the file declaring the layer's effects.
	Layers map[string]string
	// Stderr receives the go command's diagnostics (default: none; they
	// are in the returned error either way).
	Stderr io.Writer
	// Go runs the go command (default: `go` from PATH, offline).
	Go GoRunner
	// Env is added to the go command's environment, after the offline
	// settings (GOCACHE for a fresh cache in a benchmark, say).
	Env []string
	// ApprovalKey, in real mode, is the approval service's ed25519 public
	// key (standard base64, as GET /api/key answers it). The binary embeds
	// it with the plan's ir.Digest and target, and admits a run only with
	// a receipt signed by it and redeemed with the service. Empty: the
	// binary embeds no gate and refuses every run.
	ApprovalKey string
	// Sandbox, in real mode, is the layer configuration the run will use;
	// the binary applies the kernel sandbox derived from it
	// (SandboxPolicy) before it reads its receipt, and the policy is part
	// of the plan hash. Nil: the binary embeds no sandbox.
	Sandbox *SandboxConfig
}

// BuildResult describes a sealed binary.
type BuildResult struct {
	Binary   string // the binary: Output if set, else the one in the build folder
	Dir      string // the build folder
	PlanHash string // "sha256:<hex>"
	// PlanDigest is ir.Digest of the plan, the hash a receipt binds and a
	// real binary with an approval key embeds.
	PlanDigest string
	Mode       Mode
	Cached     bool          // the binary was reused: no go command ran
	Imports    []string      // the binary's import closure (package paths, sorted)
	Layers     []*Layer      // the layers the plan uses
	Duration   time.Duration // wall time of Build
}

// offlineEnv are the settings every go command of a build runs with: no
// network, no module download, no checksum database, the local
// toolchain, no cgo, no workspace.
var offlineEnv = []string{
	// -trimpath here, not only on go build, so the type-checking go list
	// of the binding check compiles with the same flags and shares its
	// GOCACHE entries with the build (else a cold build compiles the
	// standard library twice).
	"GOFLAGS=-mod=mod -buildvcs=false -trimpath",
	"GOPROXY=off",
	"GOSUMDB=off",
	"GONOSUMDB=*",
	"GONOSUMCHECK=1",
	"GOPRIVATE=*",
	"GOWORK=off",
	"GOTOOLCHAIN=local",
	"GO111MODULE=on",
	"CGO_ENABLED=0",
}

func defaultGo(ctx context.Context, dir string, env []string, stderr io.Writer, args ...string) ([]byte, error) {
	goBin, err := exec.LookPath("go")
	if err != nil {
		alt := filepath.Join(runtime.GOROOT(), "bin", "go")
		if _, statErr := os.Stat(alt); statErr != nil {
			return nil, fmt.Errorf("the go command is not on PATH: %v", err)
		}
		goBin = alt
	}
	cmd := exec.CommandContext(ctx, goBin, args...)
	cmd.Dir = dir
	cmd.Env = env
	var out bytes.Buffer
	cmd.Stdout = &out
	cmd.Stderr = stderr
	err = cmd.Run()
	return out.Bytes(), err
}

// environ is the go command's environment for a build.
func (o *BuildOptions) environ() []string {
	env := make([]string, 0, len(os.Environ())+len(offlineEnv)+len(o.Env))
	drop := map[string]bool{}
	for _, kv := range append(append([]string{}, offlineEnv...), o.Env...) {
		k, _, _ := strings.Cut(kv, "=")
		drop[k] = true
	}
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !drop[k] {
			env = append(env, kv)
		}
	}
	env = append(env, offlineEnv...)
	return append(env, o.Env...)
}

// RuntimeFiles returns the runtime's source files as written into a build
// folder (embedded source minus tests and embed.go), by name.
func RuntimeFiles() (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(planrt.Source, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasSuffix(path, "_test.go") || path == "embed.go" {
			return nil
		}
		data, err := planrt.Source.ReadFile(path)
		files[path] = data
		return err
	})
	return files, err
}

func hashFiles(h io.Writer, files map[string][]byte) {
	names := make([]string, 0, len(files))
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(h, "file %q %d\n", n, len(files[n]))
		h.Write(files[n])
	}
}

func genFiles() (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(self, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := self.ReadFile(path)
		files[path] = data
		return err
	})
	return files, err
}

func (l *Layer) sources() (map[string][]byte, error) {
	files := map[string][]byte{}
	for _, n := range l.Files {
		data, err := os.ReadFile(filepath.Join(l.Dir, n))
		if err != nil {
			return nil, err
		}
		files[n] = data
	}
	return files, nil
}

// SecuritymodFiles returns the security module's runtime half as written
// into a build folder (securitymod.Source minus tests), by path.
func SecuritymodFiles() (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(securitymod.Source, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || strings.HasSuffix(path, "_test.go") {
			return err
		}
		data, err := securitymod.Source.ReadFile(path)
		files[path] = data
		return err
	})
	return files, err
}

// PlanHash is the hash of everything a sealed binary is made of: the plan
// source, its IR, the mode, the runtime's source, the security module's
// runtime half, the generator's source and the Go sources of the layers
// the plan uses. A real build with an approval key also hashes the key
// (see Build); PlanHash is the hash of a build without one.
func PlanHash(prog *ir.Program, src []byte, mode Mode, layers []*Layer) (string, error) {
	return buildHash(prog, src, mode, layers, "", nil)
}

func buildHash(prog *ir.Program, src []byte, mode Mode, layers []*Layer, approvalKey string, policy *sandbox.Policy) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "clauz3 sealed build v1\nmode %s\nsource %d\n", mode, len(src))
	if approvalKey != "" {
		fmt.Fprintf(h, "approval key %q\n", approvalKey)
	}
	if policy != nil {
		fmt.Fprintf(h, "sandbox %s\n", sandboxHashText(*policy))
	}
	h.Write(src)
	irText := ir.Sprint(prog)
	fmt.Fprintf(h, "ir %d\n%s", len(irText), irText)
	rtFiles, err := RuntimeFiles()
	if err != nil {
		return "", err
	}
	io.WriteString(h, "runtime\n")
	hashFiles(h, rtFiles)
	smFiles, err := SecuritymodFiles()
	if err != nil {
		return "", err
	}
	io.WriteString(h, "securitymod\n")
	hashFiles(h, smFiles)
	gf, err := genFiles()
	if err != nil {
		return "", err
	}
	io.WriteString(h, "generator\n")
	hashFiles(h, gf)
	for _, l := range layers {
		files, err := l.sources()
		if err != nil {
			return "", err
		}
		fmt.Fprintf(h, "layer %s %s %s\n", l.Name, l.Path, l.Package)
		hashFiles(h, files)
	}
	return "sha256:" + hex.EncodeToString(h.Sum(nil)), nil
}

// DefaultCacheDir is os.UserCacheDir()/clauz3/builds.
func DefaultCacheDir() (string, error) {
	base, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(base, "clauz3", "builds"), nil
}

const binaryName = "plan"

// Build generates, builds and checks a sealed binary for prog (compiled
// from src), reusing the cached binary when the plan hash is unchanged.
//
// Steps: resolve the layers the plan calls (each must have Go files);
// hash; on a cache hit, return the cached binary without running the go
// command. Otherwise write the build folder (go.mod, planrt's embedded
// source as a local module, the layers' Go files as local packages),
// check the layers' imports, check with go/types that every effect has a
// compatible Go function, generate main.go, run `go build -trimpath`
// offline, and check the binary's import closure with `go list -deps`.
func Build(ctx context.Context, prog *ir.Program, src []byte, opts BuildOptions) (*BuildResult, error) {
	start := time.Now()
	if opts.Go == nil {
		opts.Go = defaultGo
	}
	if opts.Stderr == nil {
		opts.Stderr = io.Discard
	}
	if opts.CacheDir == "" {
		d, err := DefaultCacheDir()
		if err != nil {
			return nil, fmt.Errorf("build cache: %v", err)
		}
		opts.CacheDir = d
	}
	layers, err := resolveLayers(prog, opts.Layers)
	if err != nil {
		return nil, err
	}
	var approval *Approval
	if opts.ApprovalKey != "" {
		if opts.Mode != Real {
			return nil, fmt.Errorf("an approval key is for real builds: a simulation binary has no path to the approval service")
		}
		if err := checkApprovalKey(opts.ApprovalKey); err != nil {
			return nil, err
		}
		if prog.Target == nil {
			return nil, &Error{Pos: ir.Pos{File: prog.File}, Code: ir.Internal, Msg: "program has no target function"}
		}
		approval = &Approval{PlanDigest: ir.Digest(src, prog), Target: prog.Target.Name, PublicKey: opts.ApprovalKey}
	}
	policy, err := opts.sandboxPolicy(layers)
	if err != nil {
		return nil, err
	}
	hash, err := buildHash(prog, src, opts.Mode, layers, opts.ApprovalKey, policy)
	if err != nil {
		return nil, err
	}
	res := &BuildResult{PlanHash: hash, PlanDigest: ir.Digest(src, prog), Mode: opts.Mode, Layers: layers}
	dir := filepath.Join(opts.CacheDir, strings.TrimPrefix(hash, "sha256:")[:32])
	res.Dir = dir
	if imports, ok := cached(dir); ok {
		res.Cached, res.Imports = true, imports
		res.Binary = filepath.Join(dir, binaryName)
		if err := res.deliver(opts.Output); err != nil {
			return nil, err
		}
		res.Duration = time.Since(start)
		return res, nil
	}
	for _, l := range layers {
		if err := l.checkImports(); err != nil {
			return nil, err
		}
	}

	if err := os.MkdirAll(opts.CacheDir, 0o755); err != nil {
		return nil, fmt.Errorf("build cache: %v", err)
	}
	tmp, err := os.MkdirTemp(opts.CacheDir, ".building-")
	if err != nil {
		return nil, fmt.Errorf("build cache: %v", err)
	}
	defer os.RemoveAll(tmp)
	if err := writeBuildFolder(tmp, layers, policy != nil); err != nil {
		return nil, err
	}
	env := opts.environ()
	bindings, err := bindLayers(ctx, tmp, env, layers)
	if err != nil {
		return nil, err
	}
	genOpts := Options{Mode: opts.Mode, PlanHash: hash, Approval: approval, Sandbox: policy}
	if opts.Mode == Real {
		genOpts.Bindings = bindings
	}
	mainSrc, err := Generate(prog, genOpts)
	if err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, "main.go"), mainSrc, 0o644); err != nil {
		return nil, err
	}
	var goErr bytes.Buffer
	stderr := io.MultiWriter(opts.Stderr, &goErr)
	if _, err := opts.Go(ctx, tmp, env, stderr, "build", "-trimpath", "-ldflags=-s -w", "-o", binaryName, "."); err != nil {
		return nil, fmt.Errorf("go build of %s failed: %v\n%s", prog.File, err, strings.TrimSpace(goErr.String()))
	}
	goErr.Reset()
	out, err := opts.Go(ctx, tmp, env, stderr, "list", "-deps", "-f", goListFormat, ".")
	if err != nil {
		return nil, fmt.Errorf("go list of the build's imports failed: %v\n%s", err, strings.TrimSpace(goErr.String()))
	}
	pkgs := parseGoList(string(out))
	if err := checkClosure(pkgs, opts.Mode, layers); err != nil {
		return nil, err
	}
	for _, p := range pkgs {
		res.Imports = append(res.Imports, p.Path)
	}
	sort.Strings(res.Imports)
	if err := os.WriteFile(filepath.Join(tmp, "imports.txt"), []byte(strings.Join(res.Imports, "\n")+"\n"), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(filepath.Join(tmp, "done"), []byte(hash+"\n"), 0o644); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another build of the same plan finished first: use its folder.
		if _, ok := cached(dir); !ok {
			os.RemoveAll(dir)
			if err := os.Rename(tmp, dir); err != nil {
				return nil, fmt.Errorf("build cache: %v", err)
			}
		}
	}
	res.Binary = filepath.Join(dir, binaryName)
	if err := res.deliver(opts.Output); err != nil {
		return nil, err
	}
	res.Duration = time.Since(start)
	return res, nil
}

// cached reports whether dir holds a finished build, with its imports.
func cached(dir string) ([]string, bool) {
	if _, err := os.Stat(filepath.Join(dir, "done")); err != nil {
		return nil, false
	}
	if _, err := os.Stat(filepath.Join(dir, binaryName)); err != nil {
		return nil, false
	}
	data, err := os.ReadFile(filepath.Join(dir, "imports.txt"))
	if err != nil {
		return nil, false
	}
	return strings.Fields(string(data)), true
}

// deliver copies the binary to output (if set) atomically.
func (r *BuildResult) deliver(output string) error {
	if output == "" {
		return nil
	}
	data, err := os.ReadFile(r.Binary)
	if err != nil {
		return err
	}
	var suffix [6]byte
	rand.Read(suffix[:])
	tmp := output + ".tmp-" + hex.EncodeToString(suffix[:])
	if err := os.WriteFile(tmp, data, 0o755); err != nil {
		return err
	}
	if err := os.Rename(tmp, output); err != nil {
		os.Remove(tmp)
		return err
	}
	r.Binary = output
	return nil
}

// checkApprovalKey refuses a key that is not standard base64 of an
// ed25519 public key: a binary embedding it could never admit a run.
func checkApprovalKey(key string) error {
	b, err := base64.StdEncoding.Strict().DecodeString(key)
	if err != nil {
		return fmt.Errorf("approval key: not standard base64: %v", err)
	}
	if len(b) != ed25519.PublicKeySize {
		return fmt.Errorf("approval key: %d bytes, want an ed25519 public key (%d)", len(b), ed25519.PublicKeySize)
	}
	return nil
}

// writeBuildFolder writes go.mod, the runtime and security modules and
// the layers.
func writeBuildFolder(dir string, layers []*Layer, sandboxed bool) error {
	goVersion, vetted := "1.23", ""
	if usesVetted(layers) || sandboxed {
		require, goSum := vettedGoMod()
		goVersion, vetted = vettedGoVersion, require+"\n"
		if err := os.WriteFile(filepath.Join(dir, "go.sum"), goSum, 0o644); err != nil {
			return err
		}
	}
	goMod := fmt.Sprintf("module %s\n\ngo %s\n\nrequire (\n\t%s v0.0.0\n\t%s v0.0.0\n)\n\n%sreplace %s => ./planrt\n\nreplace %s => ./securitymod\n",
		buildModule, goVersion, RuntimePath, SecuritymodPath, vetted, RuntimePath, SecuritymodPath)
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte(goMod), 0o644); err != nil {
		return err
	}
	smFiles, err := SecuritymodFiles()
	if err != nil {
		return err
	}
	// The security module's go.mod lists the same vetted requirements as
	// the build's: securitymod/secrets imports the keyring module.
	smFiles["go.mod"] = []byte(fmt.Sprintf("module %s\n\ngo %s\n\n%s", SecuritymodPath, goVersion, vetted))
	for n, data := range smFiles {
		path := filepath.Join(dir, "securitymod", filepath.FromSlash(n))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			return err
		}
	}
	rtDir := filepath.Join(dir, "planrt")
	if err := os.MkdirAll(rtDir, 0o755); err != nil {
		return err
	}
	rtFiles, err := RuntimeFiles()
	if err != nil {
		return err
	}
	rtFiles["go.mod"] = []byte(fmt.Sprintf("module %s\n\ngo 1.23\n", RuntimePath))
	for n, data := range rtFiles {
		if err := os.WriteFile(filepath.Join(rtDir, n), data, 0o644); err != nil {
			return err
		}
	}
	for _, l := range layers {
		ld := filepath.Join(dir, strings.TrimPrefix(l.Path, buildModule+"/"))
		if err := os.MkdirAll(ld, 0o755); err != nil {
			return err
		}
		files, err := l.sources()
		if err != nil {
			return err
		}
		for n, data := range files {
			if err := os.WriteFile(filepath.Join(ld, n), data, 0o644); err != nil {
				return err
			}
		}
	}
	return nil
}
