package planrt

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
)

// readOnlyVars are the package-level variables the runtime may have, each
// set once at initialisation and never written again; everything a run
// changes (the effect host, the call counts, the print buffer, the
// sandbox) lives in its *Run.
var readOnlyVars = map[string]string{
	"Source":          "the embedded source, filled by the compiler",
	"None":            "the zero NoneType, a value",
	"NoBound":         "the absent slice bound, a value",
	"cmpOpText":       "an array of operator texts",
	"jsonDecoderType": "a reflect.Type",
}

// TestNoMutablePackageState: the runtime's package-level variables are
// only the read-only ones above, so many plans (or many runs of one) can
// share a process, each with its own *Run.
func TestNoMutablePackageState(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	var found []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		file, err := parser.ParseFile(fset, f, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				continue
			}
			for _, s := range gd.Specs {
				for _, n := range s.(*ast.ValueSpec).Names {
					if _, ok := readOnlyVars[n.Name]; !ok {
						found = append(found, fset.Position(n.Pos()).String()+": "+n.Name)
					}
				}
			}
		}
	}
	sort.Strings(found)
	if len(found) > 0 {
		t.Errorf("package-level variables outside the read-only list (a run's state belongs in *Run):\n%s", strings.Join(found, "\n"))
	}
}

// TestRunsShareNothing runs many plans at once in one process, each with
// its own simulated results, trace file and output: every run counts its
// own calls (call n takes result n) and prints only its own lines.
func TestRunsShareNothing(t *testing.T) {
	dir := t.TempDir()
	p := Program{Mode: Simulate, PlanHash: "h", Target: "main"}
	plan := func(r *Run, _ *Inputs) {
		for i := 0; i < 3; i++ {
			c := r.Begin("next", "i", int64(i))
			r.Println(Simulated[int64](c))
		}
	}
	const runs = 16
	type result struct {
		code     int
		out, err string
		trace    []byte
	}
	results := make([]result, runs)
	var wg sync.WaitGroup
	for k := 0; k < runs; k++ {
		effects := filepath.Join(dir, fmt.Sprintf("effects%d.json", k))
		os.WriteFile(effects, []byte(fmt.Sprintf(`{"next": [%d, %d, %d]}`, 100*k, 100*k+1, 100*k+2)), 0o644)
		trace := filepath.Join(dir, fmt.Sprintf("trace%d.jsonl", k))
		wg.Add(1)
		go func(k int) {
			defer wg.Done()
			var out, errOut bytes.Buffer
			code := runMain(p, []string{"--effects", effects, "--trace", trace}, &out, &errOut, plan)
			tr, _ := os.ReadFile(trace)
			results[k] = result{code, out.String(), errOut.String(), tr}
		}(k)
	}
	wg.Wait()
	for k, r := range results {
		want := fmt.Sprintf("%d\n%d\n%d\n", 100*k, 100*k+1, 100*k+2)
		wantTrace := `{"effect":"next","args":{"i":0}}` + "\n" + `{"effect":"next","args":{"i":1}}` + "\n" + `{"effect":"next","args":{"i":2}}` + "\n"
		if r.code != ExitOK || r.out != want || r.err != "" || string(r.trace) != wantTrace {
			t.Errorf("run %d: exit %d, stdout %q (want %q), stderr %q, trace %q", k, r.code, r.out, want, r.err, r.trace)
		}
	}
}
