// Package sandboxtest runs a bundled layer under the kernel sandbox that
// gen derives for it, in a child process (a sandbox cannot be lifted, so
// the test process itself stays free): Run shows a happy path passes
// confined, Refused shows an operation the policy does not grant fails
// with an error sandbox.Classify finds NotPermitted. For tests only.
//
// The child reports by its exit status, never by its output: only
// confinedOK says the body ran confined and met the expectation. The
// output is shown to people when a test fails.
package sandboxtest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/gen"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/securitymod/sandbox"
)

const (
	marker   = "CLAUZ3_SANDBOXTEST_CHILD"
	keysVar  = "CLAUZ3_SANDBOXTEST_KEYS"
	probeVar = "CLAUZ3_SANDBOXTEST_PROBE"
)

// confinedOK is the child's exit status when the body met the
// expectation confined. A test binary exits 0 when its tests pass or no
// test matched, 1 when one failed and 2 on a panic or bad flags, so none
// of those can be mistaken for it.
const confinedOK = 86

// Run confines a child copy of the test binary with the policy
// gen.SandboxPolicy derives for the layer (tools.<domain>.trusted) calling
// effects, configured by the env that setup returns (which is also the
// child's environment, as it would be the sealed binary's), and runs body
// there with that env. setup runs in the parent only. The test fails
// unless body succeeds confined, and unless the file probe (which the
// policy must not grant) is refused in the child: a happy path that ran
// unconfined would show nothing. In the child Run does not return.
func Run(t *testing.T, domain string, effects []string, setup func() (env map[string]string, probe string), body func(env map[string]string) error) {
	t.Helper()
	confined(t, domain, effects, setup, func(env map[string]string) error {
		if err := body(env); err != nil {
			return fmt.Errorf("FAILED: %w", err)
		}
		return nil
	})
}

// Refused is Run for an operation the policy does not grant: body must
// fail, and sandbox.Classify must find its error NotPermitted from the
// error's chain (the errno a layer wraps), which is what turns it into
// the run's SandboxError. body typically points the layer's
// setting (os.Setenv) at something outside what setup's env granted.
func Refused(t *testing.T, domain string, effects []string, setup func() (env map[string]string, probe string), body func(env map[string]string) error) {
	t.Helper()
	confined(t, domain, effects, setup, func(env map[string]string) error {
		err := body(env)
		if err == nil {
			return errors.New("NOT REFUSED: the operation succeeded under the sandbox")
		}
		if c := sandbox.Classify(err); c != sandbox.NotPermitted {
			return fmt.Errorf("NOT CLASSIFIED as the sandbox refusing an operation (class %d, want %d): %v", c, sandbox.NotPermitted, err)
		}
		return nil
	})
}

func confined(t *testing.T, domain string, effects []string, setup func() (map[string]string, string), check func(map[string]string) error) {
	t.Helper()
	var effs []*ir.Effect
	for _, e := range effects {
		effs = append(effs, &ir.Effect{Name: e, Module: "tools." + domain + ".trusted.effects"})
	}
	layer := &gen.Layer{Name: "tools." + domain + ".trusted", Effects: effs}
	if os.Getenv(marker) == t.Name() {
		env := map[string]string{}
		for _, k := range strings.Split(os.Getenv(keysVar), ",") {
			env[k] = os.Getenv(k)
		}
		os.Exit(child(layer, env, os.Getenv(probeVar), check))
	}
	env, probe := setup()
	cmd := exec.Command(os.Args[0], "-test.run="+runPattern(t.Name()))
	var keys []string
	cmd.Env = append(os.Environ(), marker+"="+t.Name(), probeVar+"="+probe)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
		keys = append(keys, k)
	}
	cmd.Env = append(cmd.Env, keysVar+"="+strings.Join(keys, ","))
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	switch {
	case errors.As(err, &ee) && ee.ExitCode() == confinedOK:
	case err == nil:
		t.Fatalf("confined run: the child exited 0, not %d: the confined body never ran\n%s", confinedOK, out)
	default:
		t.Fatalf("confined run: %v\n%s", err, out)
	}
}

// runPattern selects exactly the test (or subtest) named name: -test.run
// splits its pattern at '/' into one pattern a level.
func runPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, p := range parts {
		parts[i] = "^" + regexp.QuoteMeta(p) + "$"
	}
	return strings.Join(parts, "/")
}

func child(layer *gen.Layer, env map[string]string, probe string, check func(map[string]string) error) int {
	p, err := gen.SandboxPolicy([]*gen.Layer{layer}, gen.SandboxConfig{Env: env})
	if err != nil {
		fmt.Println("policy:", err)
		return 1
	}
	if _, err := sandbox.Apply(p); err != nil {
		fmt.Println("apply:", err)
		return 1
	}
	if _, err := os.ReadFile(probe); sandbox.Classify(err) != sandbox.NotPermitted {
		fmt.Printf("NOT CONFINED: reading %s: %v\n", probe, err)
		return 1
	}
	if err := check(env); err != nil {
		fmt.Println(err)
		return 1
	}
	return confinedOK
}
