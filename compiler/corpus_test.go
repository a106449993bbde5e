package compiler

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// TestCorpusPlans compiles every plan of corpus/plans against the corpus
// layers: every plan compiles and verifies, except the ones refused at
// compile time, whose .want lines must appear in the error.
func TestCorpusPlans(t *testing.T) {
	plans, err := filepath.Glob("../corpus/plans/*.py")
	if err != nil || len(plans) == 0 {
		t.Fatalf("no corpus plans found (%v)", err)
	}
	// The plans the compiler refuses, each with its refusal's code: the
	// code says which refusal it is, the .want lines pin its words.
	compileTime := map[string]ir.Code{"import_os_fail.py": ir.Unsupported, "db_plan_trusted_fail.py": ir.Unsupported, "db_while_fail.py": ir.Unsupported}
	for _, p := range plans {
		name := filepath.Base(p)
		t.Run(name, func(t *testing.T) {
			prog, err := CompileFile(p, Config{ImportRoots: []string{"../corpus"}})
			code, refused := compileTime[name]
			if !refused {
				if err != nil {
					t.Fatalf("compile: %v", err)
				}
				if err := ir.Verify(prog); err != nil {
					t.Fatalf("verify: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("compiled; want a compile-time refusal")
			}
			want, rerr := os.ReadFile(strings.TrimSuffix(p, ".py") + ".want")
			if rerr != nil {
				t.Fatal(rerr)
			}
			for _, line := range strings.Split(string(want), "\n") {
				if line = strings.TrimSpace(line); line != "" {
					diagtest.Want(t, err, code, line)
				}
			}
		})
	}
}

// TestDefaultRoots checks the default import roots (the current folder
// and the plan's folder) and explicit trusted roots outside them.
func TestDefaultRoots(t *testing.T) {
	src := []byte(head + "\ndef main() -> None:\n    send_email(\"a@example.com\", \"x\")\n")
	// The plan's folder is testdata/layers: tools/mail/trusted is found there.
	if _, err := Compile("testdata/layers/plan.py", src, Config{}); err != nil {
		t.Errorf("default roots: %v", err)
	}
	// An explicit trusted root outside every import root takes its name
	// from its trailing tools/<domain>/trusted.
	cfg := Config{ImportRoots: []string{t.TempDir()}, TrustedRoots: []string{"testdata/layers/tools/mail/trusted"}}
	if _, err := Compile("plan.py", src, cfg); err != nil {
		t.Errorf("explicit trusted root: %v", err)
	}
	cfg.TrustedRoots = []string{"testdata/layers/tools"}
	_, err := Compile("plan.py", src, cfg)
	diagtest.Want(t, err, ir.ImportError, "plan.py:1:1: trusted root testdata/layers/tools is outside every import root and does not end in tools/<domain>/trusted")
}

// TestLayerErrorsPointIntoLayer checks that a broken layer's errors are
// located in its own file and do not cascade into the plan.
func TestLayerErrorsPointIntoLayer(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "tools", "bad", "trusted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "effects.py"), []byte("import clauz3\n\n@clauz3.trusted\ndef go(n: int) -> None:\n    while True:\n        pass\n\n@clauz3.requires(lambda n: n.bit_length() < 3)\n@clauz3.trusted\ndef stop(n: int) -> None: ...\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := []byte("import clauz3\nfrom tools.bad.trusted.effects import go\n\ndef main() -> None:\n    go(1)\n")
	_, err := Compile("plan.py", src, Config{ImportRoots: []string{root}})
	want := filepath.Join(root, "tools", "bad", "trusted", "effects.py") + ":8:28: call of n.bit_length is not supported"
	// The whole text is under test (located in the layer's file, nothing
	// cascading into the plan); the code is the refusal's kind.
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
	diagtest.Want(t, err, ir.Unsupported, want)
}

// TestBrokenLayerRowAnnotations: a plan that annotates with a row type of
// a layer that failed to load gets the layer's error alone, not also
// "type UserRow is not supported" at each annotation.
func TestBrokenLayerRowAnnotations(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "tools", "crm", "trusted")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	files := map[string]string{
		"schemas.py": "import clauz3\n\nclass UserRow(clauz3.Row):\n    email: str\n",
		"effects.py": "import clauz3\nfrom tools.crm.trusted.schemas import UserRow\n\n@clauz3.ensures(lambda result: len(result) <= 5)\n@clauz3.trusted\ndef users() -> list[UserRow]: ...\n",
		"policy.py":  "from clauz3.policy import domain_policy\nPOLICY = domain_policy(when_used='users', recommended=['nope'])\n",
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := []byte("from tools.crm.trusted.effects import users\nfrom tools.crm.trusted.schemas import UserRow\nimport tools.crm.trusted.schemas as s\n\n" +
		"def f(r: UserRow, q: s.UserRow | None = None) -> list[UserRow]:\n    return [r]\n\ndef main() -> None:\n    rows: list[UserRow] = users()\n    for u in rows:\n        print(f(u))\n")
	_, err := Compile("plan.py", src, Config{ImportRoots: []string{root}})
	want := filepath.Join(dir, "policy.py") + ":2:55: recommended names 'nope', which is not a contract of layer tools.crm.trusted"
	// The whole text is under test: the layer's one error, nothing
	// cascading into the plan's annotations.
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}
