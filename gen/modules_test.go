package gen

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
)

// TestVettedModulesMatchGoMod keeps the vetted table equal to the clauz3
// module's own go.mod and go.sum, so a build folder asks the module cache
// for exactly what building clauz3 put there.
func TestVettedModulesMatchGoMod(t *testing.T) {
	goMod, err := os.ReadFile(filepath.Join("..", "go.mod"))
	if err != nil {
		t.Fatal(err)
	}
	goSum, err := os.ReadFile(filepath.Join("..", "go.sum"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(goMod), "\ngo "+vettedGoVersion+"\n") {
		t.Errorf("vettedGoVersion %s is not the go directive of ../go.mod", vettedGoVersion)
	}
	sumLines := strings.Split(strings.TrimSpace(string(goSum)), "\n")
	for _, m := range vettedModules {
		if !strings.Contains(string(goMod), "\t"+m.Path+" "+m.Version+"\n") && !strings.Contains(string(goMod), "\t"+m.Path+" "+m.Version+" // indirect\n") {
			t.Errorf("%s %s is not what ../go.mod requires", m.Path, m.Version)
		}
		var want []string
		for _, l := range sumLines {
			if strings.HasPrefix(l, m.Path+" "+m.Version+" ") || strings.HasPrefix(l, m.Path+" "+m.Version+"/go.mod ") {
				want = append(want, l)
			}
		}
		if !slices.Equal(want, m.Sums) {
			t.Errorf("%s %s: go.sum lines\n%s\nwant (from ../go.sum)\n%s", m.Path, m.Version, strings.Join(m.Sums, "\n"), strings.Join(want, "\n"))
		}
	}
}

func TestLayerImportRuleVetted(t *testing.T) {
	for _, tc := range []struct {
		path string
		ok   bool
	}{
		{"modernc.org/sqlite", true},
		{"modernc.org/sqlite/lib", true},
		{"modernc.org/sqlitex", false},
		{"modernc.org/libc", false}, // only as sqlite's dependency
		{"golang.org/x/sys/unix", false},
		{"github.com/evil/sqlite", false},
	} {
		if got := layerImportRule(tc.path, false, nil) == ""; got != tc.ok {
			t.Errorf("layer import of %s allowed = %v, want %v", tc.path, got, tc.ok)
		}
	}
	std := map[string]bool{"os": true, "unsafe": true}
	for _, tc := range []struct {
		pkg  pkgInfo
		want []ClosureProblem // Rule, Package, Import
	}{
		{pkgInfo{Path: "modernc.org/libc", Imports: []string{"os", "unsafe", "modernc.org/mathutil"}, ModulePath: "modernc.org/libc", ModuleVersion: "v1.80.1"}, nil},
		{pkgInfo{Path: "modernc.org/libc", Imports: []string{"os"}, ModulePath: "modernc.org/libc", ModuleVersion: "v1.99.0"}, []ClosureProblem{{Rule: UnvettedVersion, Package: "modernc.org/libc"}}},
		{pkgInfo{Path: "modernc.org/libc", Imports: []string{"github.com/evil/x"}, ModulePath: "modernc.org/libc", ModuleVersion: "v1.80.1"}, []ClosureProblem{{Rule: ForbiddenImport, Package: "modernc.org/libc", Import: "github.com/evil/x"}}},
	} {
		got := checkVettedPackage(tc.pkg, std)
		if !sameProblems(got, tc.want) {
			t.Errorf("%+v: problems %v, want %v", tc.pkg, got, tc.want)
		}
	}
}

// TestBuildBankLayerOffline builds a real-mode plan against the bundled
// bank layer, whose Go implementation imports modernc.org/sqlite: the
// build folder gets the vetted requirements and go.sum lines, builds
// offline, and the closure holds sqlite from the vetted version.
// buildBundledLayer installs layers/<name> into a fresh project as
// tools/<name>/trusted and builds plan against it in real mode.
func buildBundledLayer(t *testing.T, name string, plan []byte) *BuildResult {
	t.Helper()
	prog := installBundledLayer(t, name, plan)
	res, err := Build(context.Background(), prog, plan, BuildOptions{Mode: Real, CacheDir: sharedCache})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// installBundledLayer installs layers/<name> into a fresh project as
// tools/<name>/trusted and compiles plan against it.
func installBundledLayer(t *testing.T, name string, plan []byte) *ir.Program {
	t.Helper()
	project := t.TempDir()
	dest := filepath.Join(project, "tools", name, "trusted")
	if err := os.MkdirAll(dest, 0o755); err != nil {
		t.Fatal(err)
	}
	src := filepath.Join("..", "layers", name)
	entries, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		n := e.Name()
		if e.IsDir() || strings.HasSuffix(n, "_test.go") || !(strings.HasSuffix(n, ".py") || strings.HasSuffix(n, ".go")) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(src, n))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dest, n), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	prog, err := compiler.Compile(filepath.Join(project, "plan.py"), plan, compiler.Config{ImportRoots: []string{project}})
	if err != nil {
		t.Fatal(err)
	}
	return prog
}

// bankPlanSource spends at most 200 through the bundled bank layer, whose
// Go implementation links the vetted modernc.org/sqlite.
var bankPlanSource = []byte(`import clauz3
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import balance, withdraw

@clauz3.guarantee(bank.max_spend(200))
def main() -> None:
    if balance("checking") >= 200:
        withdraw("checking", 200)
`)

func TestBuildBankLayerOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	res := buildBundledLayer(t, "bank", bankPlanSource)
	if !slices.Contains(res.Imports, "modernc.org/sqlite") || !slices.Contains(res.Imports, "database/sql") {
		t.Errorf("closure lacks sqlite: %v", res.Imports)
	}
	goMod, err := os.ReadFile(filepath.Join(res.Dir, "go.mod"))
	if err != nil || !strings.Contains(string(goMod), "modernc.org/sqlite v1.62.0") {
		t.Errorf("build go.mod: %s %v", goMod, err)
	}
	code, _, stderr := runBinary(t, res.Binary, nil)
	if code == 0 || !strings.Contains(stderr, "no approval receipt") {
		t.Errorf("the real binary ran without a receipt: exit %d, %q", code, stderr)
	}
}

// The email layer reads its SMTP password through securitymod/secrets, so
// a real build links the keyring module; it must build offline too.
func TestBuildEmailLayerOffline(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go build")
	}
	res := buildBundledLayer(t, "email", []byte(`import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email

@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "Report is ready")
`))
	for _, want := range []string{SecuritymodPath + "/secrets", "github.com/zalando/go-keyring", "net/smtp"} {
		if !slices.Contains(res.Imports, want) {
			t.Errorf("closure lacks %s: %v", want, res.Imports)
		}
	}
	code, _, stderr := runBinary(t, res.Binary, nil)
	if code == 0 || !strings.Contains(stderr, "no approval receipt") {
		t.Errorf("the real binary ran without a receipt: exit %d, %q", code, stderr)
	}
}
