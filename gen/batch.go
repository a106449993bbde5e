package gen

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/ir"
)

// BatchPlan is one plan of a test batch (BuildBatch), by name.
type BatchPlan struct {
	Name string
	Prog *ir.Program
	Src  []byte
}

// Batch is a simulation binary linking many plans, for tests. `BIN NAME
// [flags]` runs plan NAME exactly as its own sealed simulation binary
// would run with [flags]: the same generated code (in a package of its
// own instead of package main) and the same plan hash, which the
// dispatcher passes in so that a plan's package only changes with its
// code and the go command's cache keeps it across runtime and generator
// changes that leave it alone.
//
// It is not a sealed binary: it is not cached or recorded, and its
// import closure is not checked; it holds no layer and can run no real
// effect. Build is the only way to a sealed binary.
type Batch struct {
	Binary string
	// Refused maps a plan that is not in the binary to why: what Build
	// would have refused it for (layers, binding check, generation) or
	// the go compiler's errors for its package alone.
	Refused map[string]error
}

// BuildBatch generates every plan in simulate mode into its own package
// of one module in dir (a new or empty folder the caller owns and removes)
// and builds them into one binary with one go command, so a test pays for
// one link instead of one per plan. Each plan first passes what Build
// checks before it compiles anything (its layers resolved and their
// imports checked, the go/types binding check, generation); a plan that
// fails any of them, or whose package does not compile, is left out and
// named in Batch.Refused with the error, and the rest are built.
// opts.Mode must be Simulate; opts.CacheDir, Output and the real-mode
// options do not apply.
func BuildBatch(ctx context.Context, dir string, plans []BatchPlan, opts BuildOptions) (*Batch, error) {
	if opts.Mode != Simulate || opts.ApprovalKey != "" || opts.Sandbox != nil {
		return nil, fmt.Errorf("a batch is for simulation only: it links no layer and has no gate or sandbox")
	}
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
	version, err := tc.version(ctx, env)
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	if err := writeBuildFolder(dir, nil, false); err != nil {
		return nil, err
	}
	b := &Batch{Binary: filepath.Join(dir, "batch"), Refused: map[string]error{}}
	pkgOf := map[string]string{}  // plan name -> package name
	hashOf := map[string]string{} // plan name -> its plan hash
	seen := map[string]bool{}
	bound := map[string]error{} // layer set -> result of its binding check
	for i, p := range plans {
		if seen[p.Name] {
			return nil, fmt.Errorf("batch: two plans are named %q", p.Name)
		}
		seen[p.Name] = true
		pkg := "p" + strconv.Itoa(i)
		hash, err := batchPlan(ctx, dir, pkg, p, opts, env, tc.goBin, version, bound)
		if err != nil {
			b.Refused[p.Name] = err
			continue
		}
		pkgOf[p.Name], hashOf[p.Name] = pkg, hash
	}
	// A package that does not compile is left out with its errors, and
	// the rest built again: one plan's fault does not stop the others.
	for len(pkgOf) > 0 {
		if err := writeDispatcher(dir, pkgOf, hashOf); err != nil {
			return nil, err
		}
		var goErr bytes.Buffer
		_, err := opts.Go(ctx, dir, env, io.MultiWriter(opts.Stderr, &goErr), "build", "-trimpath", "-o", "batch", ".")
		if err == nil {
			return b, nil
		}
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		failed := failedPackages(goErr.String())
		removed := 0
		for name, pkg := range pkgOf {
			if msg, ok := failed[buildModule+"/plans/"+pkg]; ok {
				b.Refused[name] = refusal(PlanDoesNotCompile, name, "go build of %s failed:\n%s", name, msg)
				delete(pkgOf, name)
				removed++
			}
		}
		if removed == 0 {
			return nil, fmt.Errorf("go build of the batch failed: %v\n%s", err, strings.TrimSpace(goErr.String()))
		}
	}
	return b, nil
}

// batchPlan checks and generates one plan into dir/plans/pkg and returns
// the plan hash Build would embed for it.
func batchPlan(ctx context.Context, dir, pkg string, p BatchPlan, opts BuildOptions, env []string, goBin, version string, bound map[string]error) (string, error) {
	layers, err := resolveLayers(p.Prog, opts.Layers)
	if err != nil {
		return "", err
	}
	for _, l := range layers {
		if err := l.checkImports(); err != nil {
			return "", err
		}
	}
	if err := bindBatchLayers(ctx, opts.Go, env, layers, bound); err != nil {
		return "", err
	}
	id, err := identityOf(p.Prog, p.Src, opts, layers, goBin, version)
	if err != nil {
		return "", err
	}
	src, err := Generate(p.Prog, Options{Mode: Simulate, Package: pkg})
	if err != nil {
		return "", err
	}
	pdir := filepath.Join(dir, "plans", pkg)
	if err := os.MkdirAll(pdir, 0o755); err != nil {
		return "", err
	}
	return id.Digest, os.WriteFile(filepath.Join(pdir, "plan.go"), src, 0o644)
}

// bindBatchLayers runs Build's go/types binding check for the layers in a
// folder of their own, once per distinct set of layers and effects.
func bindBatchLayers(ctx context.Context, run GoRunner, env []string, layers []*Layer, bound map[string]error) error {
	if len(layers) == 0 {
		return nil
	}
	var key strings.Builder
	for _, l := range layers {
		fmt.Fprintf(&key, "%s=%s:", l.Name, l.Dir)
		files := make([]string, 0, len(l.src))
		for f := range l.src {
			files = append(files, f)
		}
		sort.Strings(files)
		for _, f := range files {
			fmt.Fprintf(&key, "%s %s,", f, sumHex(l.src[f]))
		}
		for _, e := range l.Effects {
			key.WriteString(e.Name + ",")
		}
		key.WriteString(";")
	}
	if err, done := bound[key.String()]; done {
		return err
	}
	tmp, err := os.MkdirTemp("", "clauz3-batch-bind-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := writeBuildFolder(tmp, layers, false); err == nil {
		_, err = bindLayers(ctx, run, tmp, env, layers)
		bound[key.String()] = err
	} else {
		bound[key.String()] = err
	}
	return bound[key.String()]
}

// writeDispatcher writes the batch's main.go: `batch NAME [flags]` calls
// plan NAME's Main with its plan hash and os.Args as its own binary would
// see them.
func writeDispatcher(dir string, pkgOf, hashOf map[string]string) error {
	names := make([]string, 0, len(pkgOf))
	for n := range pkgOf {
		names = append(names, n)
	}
	sort.Strings(names)
	var b strings.Builder
	b.WriteString("// Code generated by clauz3 (gen.BuildBatch); DO NOT EDIT.\n\n")
	b.WriteString("// Command batch runs one of many ClauZ3 plans by name, as its own sealed\n// simulation binary would: `batch NAME [flags]`.\npackage main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\n")
	for _, n := range names {
		fmt.Fprintf(&b, "\t%s %q\n", pkgOf[n], buildModule+"/plans/"+pkgOf[n])
	}
	b.WriteString(")\n\nfunc main() {\n\tif len(os.Args) < 2 {\n\t\tfmt.Fprintln(os.Stderr, \"usage: batch PLAN [flags]\")\n\t\tos.Exit(2)\n\t}\n")
	b.WriteString("\tname := os.Args[1]\n\t// The plan sees the flags alone, as in its own binary.\n\tos.Args = append([]string{os.Args[0]}, os.Args[2:]...)\n\tswitch name {\n")
	for _, n := range names {
		fmt.Fprintf(&b, "\tcase %q:\n\t\t%s.Main(%q)\n", n, pkgOf[n], hashOf[n])
	}
	b.WriteString("\t}\n\tfmt.Fprintf(os.Stderr, \"batch: no plan named %q\\n\", name)\n\tos.Exit(2)\n}\n")
	return os.WriteFile(filepath.Join(dir, "main.go"), []byte(b.String()), 0o644)
}

// failedPackages reads the go command's errors: the "# PATH" sections,
// by package path.
func failedPackages(out string) map[string]string {
	failed := map[string]string{}
	var cur string
	var msg strings.Builder
	flush := func() {
		if cur != "" {
			failed[cur] = strings.TrimSpace(msg.String())
		}
		msg.Reset()
	}
	for _, line := range strings.Split(out, "\n") {
		if p, ok := strings.CutPrefix(line, "# "); ok {
			flush()
			cur = strings.TrimSpace(p)
			continue
		}
		msg.WriteString(line + "\n")
	}
	flush()
	return failed
}
