package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFlagsAnywhere checks that every verb accepts its flags after the
// plan (or its other positional arguments) as well as before, as go, git
// and kubectl do, and that a usage error is printed once.
func TestFlagsAnywhere(t *testing.T) {
	dir := t.TempDir()
	corpus, err := filepath.Abs(filepath.Join("..", "..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	good := write("good.py", "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"hi\")\n")
	effects := write("effects.json", "{}\n")
	trace := filepath.Join(dir, "trace.jsonl")
	policy := write("policy.json", `{"version": 1, "imports": {"pol": "tools.email.trusted.contracts"}, "rules": [{"name": "bob", "decision": "auto_approved", "reason": "bob only", "when_proven": ["pol.only(['bob@example.com'])"]}]}`)
	for _, tc := range []struct {
		name string
		args []string
		want int
	}{
		{"prove", []string{"prove", good, "--import-root", corpus, "--timeout", "20s"}, exitOK},
		{"prove json", []string{"prove", good, "--json", "--import-root", corpus}, exitOK},
		{"prove limits", []string{"prove", good, "--import-root", corpus, "--rlimit", "5000000", "--deadline", "1m"}, exitOK},
		{"prove rlimit 0", []string{"prove", good, "--import-root", corpus, "--rlimit", "0"}, exitUsage},
		{"prove deadline 0", []string{"prove", good, "--import-root", corpus, "--deadline", "0s"}, exitUsage},
		{"ir", []string{"ir", good, "--import-root", corpus, "--target", "main"}, exitOK},
		{"simulate", []string{"simulate", good, "--effects", effects, "--import-root", corpus, "--trace", trace}, exitOK},
		{"policy-check", []string{"policy-check", good, "--policy", policy, "--import-root", corpus}, exitOK},
		{"tools", []string{"tools", "--json", "--import-root", corpus}, exitOK},
		{"install", []string{"install", "email", "--into", filepath.Join(dir, "proj")}, exitOK},
		{"config", []string{"config", "--into", filepath.Join(dir, "proj")}, exitOK},
		{"after --, a plan named like a flag", []string{"prove", "--import-root", corpus, "--", "--json"}, exitUsage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if got := run(tc.args, strings.NewReader(""), &out, &errOut); got != tc.want {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", got, tc.want, out.String(), errOut.String())
			}
		})
	}
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"prove", []string{"prove", good, good, "--import-root", corpus}, "expected one PLAN, got 2 arguments"},
		{"simulate", []string{"simulate", good, "--effects", effects, good}, "expected one PLAN, got 2 arguments"},
		{"ir", []string{"ir", good, good}, "expected one PLAN, got 2 arguments"},
		{"build", []string{"build", good, good, "--simulate", "-o", filepath.Join(dir, "bin")}, "expected one PLAN, got 2 arguments"},
		{"policy-check", []string{"policy-check", good, good, "--policy", policy}, "expected one PLAN, got 2 arguments"},
	} {
		t.Run("once/"+tc.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			if got := run(tc.args, strings.NewReader(""), &out, &errOut); got != exitUsage {
				t.Errorf("exit %d, want %d", got, exitUsage)
			}
			if n := strings.Count(out.String()+errOut.String(), tc.want); n != 1 {
				t.Errorf("%q printed %d times\nstdout:\n%s\nstderr:\n%s", tc.want, n, out.String(), errOut.String())
			}
		})
	}
}
