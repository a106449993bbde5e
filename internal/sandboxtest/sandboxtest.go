// Package sandboxtest runs a bundled layer's happy path under the kernel
// sandbox that gen derives for it, in a child process (a sandbox cannot
// be lifted, so the test process itself stays free). For tests only.
package sandboxtest

import (
	"fmt"
	"os"
	"os/exec"
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
		os.Exit(child(layer, env, os.Getenv(probeVar), body))
	}
	env, probe := setup()
	cmd := exec.Command(os.Args[0], "-test.run=^"+t.Name()+"$")
	var keys []string
	cmd.Env = append(os.Environ(), marker+"="+t.Name(), probeVar+"="+probe)
	for k, v := range env {
		cmd.Env = append(cmd.Env, k+"="+v)
		keys = append(keys, k)
	}
	cmd.Env = append(cmd.Env, keysVar+"="+strings.Join(keys, ","))
	out, err := cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "SANDBOXED OK") {
		t.Fatalf("confined run: %v\n%s", err, out)
	}
}

func child(layer *gen.Layer, env map[string]string, probe string, body func(map[string]string) error) int {
	p, err := gen.SandboxPolicy([]*gen.Layer{layer}, gen.SandboxConfig{Env: env})
	if err != nil {
		fmt.Println("policy:", err)
		return 1
	}
	if _, err := sandbox.Apply(p); err != nil {
		fmt.Println("apply:", err)
		return 1
	}
	if _, err := os.ReadFile(probe); err == nil || sandbox.Denial(err) == "" {
		fmt.Printf("NOT CONFINED: reading %s: %v\n", probe, err)
		return 1
	}
	if err := body(env); err != nil {
		fmt.Println("FAILED:", err)
		return 1
	}
	fmt.Println("SANDBOXED OK")
	return 0
}
