package gen

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
	planrt "github.com/clauz3/clauz3/runtime"
	"github.com/clauz3/clauz3/securitymod"
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
	// Toolchain is the absolute path of the go command. It is checked
	// (CheckToolchain) and never looked up on PATH. Default:
	// DefaultToolchain, the first trusted install location that passes.
	Toolchain string
	// GoCache and ModCache are the go command's GOCACHE and GOMODCACHE
	// (absolute). Default: .cache/go-build and go/pkg/mod under the
	// current user's home folder from the account database; never from
	// the environment.
	GoCache, ModCache string
	// Go runs the go command (default: Toolchain, with the environment
	// Build passes and nothing inherited). Tests inject one to count
	// invocations.
	Go GoRunner
	// Env is added to the go command's environment after the hermetic
	// settings (GOCACHE for a fresh cache in a benchmark, say). It is the
	// Go caller's choice; nothing comes from this process's environment.
	Env []string
	// ApprovalKey, in real mode, is the approval service's ed25519 public
	// key (standard base64, as GET /api/key answers it). The binary embeds
	// it with the plan's ir.Digest and target, and admits a run only with
	// a receipt signed by it and redeemed with the service. Empty: the
	// binary embeds no gate and refuses every run.
	ApprovalKey string
	// LayerConfig is the layer configuration the run will use (the
	// service's): a JSON object of layer domain (LayerDomain) to
	// "CLAUZ3_NAME=value" settings. Its digest is part of the build
	// identity, so a receipt binds it, and a real binary with a gate
	// embeds its linked layers' settings and refuses to run with any other
	// CLAUZ3_* environment (boundLayerEnv). Nil: none, and nothing is
	// checked.
	LayerConfig []byte
	// Sandbox, in real mode, is the layer configuration the run will use;
	// the binary applies the kernel sandbox derived from it
	// (SandboxPolicy) before it reads its receipt, and the policy is part
	// of the build identity. Nil: the binary embeds no sandbox.
	Sandbox *SandboxConfig
}

// BuildResult describes a sealed binary.
type BuildResult struct {
	Binary   string // the binary: Output if set, else the one in the build folder
	Dir      string // the build folder
	PlanHash string // "sha256:<hex>": the build identity's digest, embedded and printed by --plan-hash
	// PlanDigest is ir.Digest of the plan, the hash a receipt binds and a
	// real binary with an approval key embeds.
	PlanDigest string
	Mode       Mode
	// Identity is the build identity; PlanHash is its Digest.
	Identity *BuildIdentity
	// BinarySHA256 is "sha256:<hex>" of the binary as built (and, on a
	// cache hit, as re-hashed before reuse).
	BinarySHA256 string
	Cached       bool          // the binary was reused: no go command ran
	Imports      []string      // the binary's import closure (package paths, sorted)
	Layers       []*Layer      // the layers the plan uses
	Duration     time.Duration // wall time of Build
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

// PysemFiles returns pysem's source files as written into a build folder
// (embedded source minus tests and embed.go), by name.
func PysemFiles() (map[string][]byte, error) {
	files := map[string][]byte{}
	err := fs.WalkDir(pysem.Source, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if strings.HasSuffix(path, "_test.go") || path == "embed.go" || !strings.HasSuffix(path, ".go") {
			return nil
		}
		data, err := pysem.Source.ReadFile(path)
		files[path] = data
		return err
	})
	return files, err
}

// runtimeSources are the files the build identity's Runtime digest
// covers: planrt's, and pysem's under "pysem/" (the runtime imports it,
// so a changed pysem is a changed runtime).
func runtimeSources() (map[string][]byte, error) {
	rt, err := RuntimeFiles()
	if err != nil {
		return nil, err
	}
	ps, err := PysemFiles()
	if err != nil {
		return nil, err
	}
	for n, data := range ps {
		rt["pysem/"+n] = data
	}
	return rt, nil
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

// sources are the layer's Go files as read by read.
func (l *Layer) sources() (map[string][]byte, error) {
	if l.src == nil {
		return nil, fmt.Errorf("layer %s: its Go files were not read", l.Name)
	}
	return l.src, nil
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
// from src), reusing the cached binary when the build identity is
// unchanged and the cached binary still hashes to its record.
//
// Steps: check the toolchain; resolve and read the layers the plan calls
// (each must have Go files); compute the build identity (Identity); on a
// cache hit, re-hash the cached binary against its record and return it
// without running the go command (a mismatch is a refusal). Otherwise
// check the layers' imports, verify the vetted modules in the module
// cache against the pinned go.sum lines, write the build folder (go.mod,
// planrt's embedded source as a local module, the layers' Go files as
// local packages), check with go/types that every effect has a compatible
// Go function, generate main.go, run `go build -trimpath` with the
// hermetic environment, check the binary's import closure with `go list
// -deps`, and record the binary's sha256.
func Build(ctx context.Context, prog *ir.Program, src []byte, opts BuildOptions) (*BuildResult, error) {
	start := time.Now()
	tc, err := opts.resolveToolchain()
	if err != nil {
		return nil, err
	}
	if opts.Go == nil {
		opts.Go = tc.runGo
	}
	env := tc.environ(opts.Env)
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
	if opts.ApprovalKey != "" {
		if opts.Mode != Real {
			return nil, refusal(RealOnly, "", "an approval key is for real builds: a simulation binary has no path to the approval service")
		}
		if err := checkApprovalKey(opts.ApprovalKey); err != nil {
			return nil, err
		}
		if prog.Target == nil {
			return nil, &Error{Pos: ir.Pos{File: prog.File}, Code: ir.Internal, Msg: "program has no target function"}
		}
	}
	policy, err := opts.sandboxPolicy(layers)
	if err != nil {
		return nil, err
	}
	layerEnv, err := boundLayerEnv(opts.LayerConfig, layers)
	if err != nil {
		return nil, err
	}
	version, err := tc.version(ctx, env)
	if err != nil {
		return nil, err
	}
	id, err := identityOf(prog, src, opts, layers, tc.goBin, version)
	if err != nil {
		return nil, err
	}
	var approval *Approval
	if opts.ApprovalKey != "" {
		approval = &Approval{PlanDigest: ir.Digest(src, prog), Target: prog.Target.Name, PublicKey: opts.ApprovalKey, BuildID: id.Digest, LayerEnv: layerEnv}
	}
	res := &BuildResult{PlanHash: id.Digest, Identity: id, PlanDigest: ir.Digest(src, prog), Mode: opts.Mode, Layers: layers}
	if err := os.MkdirAll(opts.CacheDir, 0o700); err != nil {
		return nil, fmt.Errorf("build cache: %v", err)
	}
	if err := checkOwnDir("build cache", opts.CacheDir); err != nil {
		return nil, err
	}
	dir := filepath.Join(opts.CacheDir, strings.TrimPrefix(id.Digest, "sha256:"))
	res.Dir = dir
	rec, data, err := cached(dir, id.Digest)
	if err != nil {
		return nil, err
	}
	if rec != nil {
		res.Cached, res.Imports, res.BinarySHA256 = true, rec.Imports, rec.Binary
		res.Binary = filepath.Join(dir, binaryName)
		if err := res.deliver(opts.Output, data); err != nil {
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
	tmp, err := os.MkdirTemp(opts.CacheDir, ".building-")
	if err != nil {
		return nil, fmt.Errorf("build cache: %v", err)
	}
	defer os.RemoveAll(tmp)
	if err := writeBuildFolder(tmp, layers, policy != nil); err != nil {
		return nil, err
	}
	// The vetted modules the layers use are verified against the pinned
	// go.sum before anything is compiled.
	verified := map[string]bool{}
	if usesVetted(layers) {
		used, err := usedModules(ctx, opts.Go, tmp, env, layers)
		if err != nil {
			return nil, err
		}
		if verified, err = verifyModCache(tc.modCache, used); err != nil {
			return nil, err
		}
	}
	bindings, err := bindLayers(ctx, opts.Go, tmp, env, layers)
	if err != nil {
		return nil, err
	}
	genOpts := Options{Mode: opts.Mode, PlanHash: id.Digest, Approval: approval, Sandbox: policy}
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
	// A module the go command extracted during the build was not in the
	// cache when it was verified: verify it now, before the binary is
	// trusted.
	if err := verifyLinkedModules(tc.modCache, pkgs, verified); err != nil {
		return nil, err
	}
	for _, p := range pkgs {
		res.Imports = append(res.Imports, p.Path)
	}
	sort.Strings(res.Imports)
	data, err = os.ReadFile(filepath.Join(tmp, binaryName))
	if err != nil {
		return nil, fmt.Errorf("build cache: %v", err)
	}
	res.BinarySHA256 = sumHex(data)
	if err := writeRecord(tmp, id, cacheRecord{Identity: id.Digest, Binary: res.BinarySHA256, Imports: res.Imports}); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp, dir); err != nil {
		// Another build of the same identity finished first: use its
		// folder if its record holds, else replace an unfinished one.
		rec, other, cerr := cached(dir, id.Digest)
		switch {
		case cerr != nil:
			return nil, cerr
		case rec != nil:
			data = other
		default:
			os.RemoveAll(dir)
			if err := os.Rename(tmp, dir); err != nil {
				return nil, fmt.Errorf("build cache: %v", err)
			}
		}
	}
	res.Binary = filepath.Join(dir, binaryName)
	if err := res.deliver(opts.Output, data); err != nil {
		return nil, err
	}
	res.Duration = time.Since(start)
	return res, nil
}

// cacheRecord is what a build folder's record.json says of its binary,
// written at build time and checked before every reuse.
type cacheRecord struct {
	Identity string   `json:"identity"` // BuildIdentity.Digest
	Binary   string   `json:"binary"`   // sha256:<hex> of the binary
	Imports  []string `json:"imports"`  // its import closure
}

const recordName = "record.json"

func writeRecord(dir string, id *BuildIdentity, rec cacheRecord) error {
	canon, err := id.Canonical()
	if err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "identity.json"), append(canon, '\n'), 0o644); err != nil {
		return err
	}
	data, err := json.Marshal(rec)
	if err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, recordName), append(data, '\n'), 0o644)
}

// cached returns dir's record and the binary's bytes when dir holds a
// finished build of identity, and (nil, nil, nil) when it holds none (no
// folder, or no record: an unfinished build). A record that does not
// decode, names another identity or another binary hash, or a binary
// that is not a regular file or not ours, is a refusal: the cache is
// trusted on content, never on a file's presence.
func cached(dir, identity string) (*cacheRecord, []byte, error) {
	data, err := os.ReadFile(filepath.Join(dir, recordName))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil, nil
	}
	// Every refusal past a missing record is CacheTampered: the entry is
	// not what a build of ours left. Its cause stays reachable (%w).
	refuse := func(format string, args ...any) error {
		return refusal(CacheTampered, dir, "build cache: %s: %w; refusing to use it (remove the folder to rebuild)", dir, fmt.Errorf(format, args...))
	}
	if err != nil {
		return nil, nil, refuse("%w", err)
	}
	if err := checkOwnDir("build cache", dir); err != nil {
		return nil, nil, err
	}
	var rec cacheRecord
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return nil, nil, refuse("malformed record: %w", err)
	}
	if rec.Identity != identity {
		return nil, nil, refuse("the record is of build %s, not %s", rec.Identity, identity)
	}
	bin := filepath.Join(dir, binaryName)
	fi, err := os.Lstat(bin)
	if err != nil {
		return nil, nil, refuse("%w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, nil, refuse("the cached binary is not a regular file (%v)", fi.Mode())
	}
	if err := trustedOwner(bin, fi, false); err != nil {
		return nil, nil, refuse("%w", err)
	}
	bytesOf, err := os.ReadFile(bin)
	if err != nil {
		return nil, nil, refuse("%w", err)
	}
	if got := sumHex(bytesOf); got != rec.Binary {
		return nil, nil, refuse("the cached binary hashes to %s, but %s was recorded when it was built", got, rec.Binary)
	}
	return &rec, bytesOf, nil
}

// deliver writes data, the verified binary, to output (if set)
// atomically.
func (r *BuildResult) deliver(output string, data []byte) error {
	if output == "" {
		return nil
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
		return refusal(BadApprovalKey, "", "approval key: not standard base64: %w", err)
	}
	if len(b) != ed25519.PublicKeySize {
		return refusal(BadApprovalKey, "", "approval key: %d bytes, want an ed25519 public key (%d)", len(b), ed25519.PublicKeySize)
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
	goMod := fmt.Sprintf("module %s\n\ngo %s\n\nrequire (\n\t%s v0.0.0\n\t%s v0.0.0\n\t%s v0.0.0\n)\n\n%sreplace %s => ./planrt\n\nreplace %s => ./pysem\n\nreplace %s => ./securitymod\n",
		buildModule, goVersion, RuntimePath, PysemPath, SecuritymodPath, vetted, RuntimePath, PysemPath, SecuritymodPath)
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
	rtFiles["go.mod"] = []byte(fmt.Sprintf("module %s\n\ngo 1.23\n\nrequire %s v0.0.0\n", RuntimePath, PysemPath))
	for n, data := range rtFiles {
		if err := os.WriteFile(filepath.Join(rtDir, n), data, 0o644); err != nil {
			return err
		}
	}
	psDir := filepath.Join(dir, "pysem")
	if err := os.MkdirAll(psDir, 0o755); err != nil {
		return err
	}
	psFiles, err := PysemFiles()
	if err != nil {
		return err
	}
	psFiles["go.mod"] = []byte(fmt.Sprintf("module %s\n\ngo 1.23\n", PysemPath))
	for n, data := range psFiles {
		if err := os.WriteFile(filepath.Join(psDir, n), data, 0o644); err != nil {
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
