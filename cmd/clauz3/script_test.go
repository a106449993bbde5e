package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"clauz3":   func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
		"mcp-call": func() { os.Exit(mcpCall()) },
	})
}

// TestScripts runs the CLI scripts in testdata/script. Each script gets
// the repository's corpus layers copied into $WORK/tools by Setup, so the
// plans in a script import them as the seed's plans do.
func TestScripts(t *testing.T) {
	approval := scriptApprovalService(t)
	testscript.Run(t, testscript.Params{
		Dir: "testdata/script",
		Setup: func(env *testscript.Env) error {
			// Sealed builds take the go command's caches from the account
			// database's home, whatever the script's HOME and GO*
			// variables; the clauz3 build cache is the script's own.
			env.Setenv("XDG_CACHE_HOME", filepath.Join(env.WorkDir, ".cache"))
			env.Setenv("TEST_APPROVAL_SERVICE", approval.URL())
			return copyTree(filepath.Join("..", "..", "corpus", "tools"), filepath.Join(env.WorkDir, "tools"))
		},
	})
}

func copyTree(src, dst string) error {
	return filepath.WalkDir(src, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, path)
		if err != nil {
			return err
		}
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}
