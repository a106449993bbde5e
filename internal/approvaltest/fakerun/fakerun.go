// Package fakerun lets the fake approval service (approvaltest) build and
// run approved plans as the real service does, with package execute: the
// plan compiled against a layer folder of the test's choosing (the real
// service's layer store), layer configuration given by the test, this
// machine's go command and caches (so the tests' builds stay warm). It is
// a package of its own so approvaltest stays free of gen, whose own tests
// use the fake.
package fakerun

import (
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/approval/execute"
	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// Attach makes svc run approved plans against importRoot's tools/ with
// layerEnv (by layer domain) and buildCache ("" : a temporary folder).
func Attach(t testing.TB, svc *approvaltest.Service, importRoot string, layerEnv map[string][]string, buildCache string) {
	if buildCache == "" {
		buildCache = t.TempDir()
	}
	goBin, err := exec.LookPath("go")
	if err == nil {
		goBin, err = filepath.Abs(goBin)
	}
	if err != nil {
		t.Fatalf("fakerun: %v", err)
	}
	goEnv := func(name string) string {
		out, _ := exec.Command(goBin, "env", name).Output()
		return strings.TrimSpace(string(out))
	}
	opts := execute.Options{
		GoBin: goBin, GoCache: goEnv("GOCACHE"), GoModCache: goEnv("GOMODCACHE"), CacheDir: buildCache, WorkDir: t.TempDir(),
		ApprovalKey: svc.PublicKey(), ServiceURL: svc.URL(), Home: t.TempDir(), LayerEnv: layerEnv,
		Sandbox: execute.SandboxOptions{ReadWrite: outboxFolders(layerEnv)},
	}
	compile := func(sub approvaltest.Submission) (*ir.Program, error) {
		return compiler.Compile(sub.PlanName, []byte(sub.PlanSource), compiler.Config{ImportRoots: []string{importRoot}, Target: sub.Target})
	}
	svc.Identify = func(sub approvaltest.Submission) (string, error) {
		prog, err := compile(sub)
		if err != nil {
			return "", err
		}
		return execute.Identity(context.Background(), prog, []byte(sub.PlanSource), opts)
	}
	svc.Run = func(ctx context.Context, sub approvaltest.Submission, rc receipt.Receipt) (approvaltest.RunResult, error) {
		prog, err := compile(sub)
		if err != nil {
			return approvaltest.RunResult{}, err
		}
		p, err := receipt.Verify(svc.Pub, rc)
		if err != nil {
			return approvaltest.RunResult{}, err
		}
		res, err := execute.Run(ctx, execute.Job{Prog: prog, Source: []byte(sub.PlanSource), Receipt: rc, Inputs: sub.Inputs, BuildIdentity: p.BuildID}, opts)
		if err != nil {
			return approvaltest.RunResult{}, err
		}
		return approvaltest.RunResult{Exit: res.Exit, Stdout: res.Stdout, Stderr: res.Stderr, Trace: res.Trace, BuildIdentity: p.BuildID}, nil
	}
}

// outboxFolders are the folders of the corpus test layer's outboxes
// (CLAUZ3_TEST_OUTBOX) in layerEnv: the runs' kernel sandbox derives no
// grant for a test layer, so the fake service's configuration grants
// them, as a real service's settings would.
func outboxFolders(layerEnv map[string][]string) []string {
	var dirs []string
	for _, env := range layerEnv {
		for _, kv := range env {
			if v, ok := strings.CutPrefix(kv, "CLAUZ3_TEST_OUTBOX="); ok && filepath.IsAbs(v) {
				dirs = append(dirs, filepath.Dir(v))
			}
		}
	}
	return dirs
}
