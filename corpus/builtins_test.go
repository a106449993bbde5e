package corpus

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// builtinCall finds the builtins a row of the language's table names:
// `len(x)`, `min(a, b, ...)`.
var builtinCall = regexp.MustCompile("`([a-z]+)\\(")

// methodCall finds the methods a row of a Methods table names:
// `s.split(sep=None)`, `xs.sort(key=...)`.
var methodCall = regexp.MustCompile("`[a-z]+\\.([a-z_]+)\\(")

// TestBuiltinTable keeps the table "What the prover decides" of
// docs/language.md (generated from ir.BuiltinTable by compiler TestDocs)
// and the plans of cases/builtin_* in step: the table has exactly the rows
// of ir.BuiltinTable, every builtin function of the language's reference
// table ("Builtin functions") has a row there (range, a loop's iteration,
// a decided plan here instead), every plan names a row, and a plan refused for a
// symbolic argument is refused with exactly the row's text. TestCases
// proves the plans and checks those expectations; prover
// TestBuiltinTableProver proves a plan for every row on constants.
func TestBuiltinTable(t *testing.T) {
	// loopOnly are the builtins of the language's table that are no
	// ir.Builtin (range is a loop's iteration, ir.Range): the prover
	// decides them through the loop, shown by a cases/builtin_* plan.
	loopOnly := map[string]bool{"range": true}
	doc, err := os.ReadFile(filepath.Join("..", "docs", "language.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), "<!-- prover-builtins begin -->")
	table, _, ok2 := strings.Cut(rest, "<!-- prover-builtins end -->")
	if !ok || !ok2 {
		t.Fatal("docs/language.md has no prover-builtins table")
	}
	type row struct{ name, symbolic string }
	var rows []row
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if len(cells) != 2 || !strings.HasPrefix(strings.TrimSpace(cells[0]), "`") {
			continue
		}
		rows = append(rows, row{strings.Trim(strings.TrimSpace(cells[0]), "`"), strings.TrimSpace(cells[1])})
	}
	if len(rows) == 0 {
		t.Fatal("the prover-builtins table has no rows")
	}
	paths, err := filepath.Glob(filepath.Join("cases", "builtin_*.py"))
	if err != nil {
		t.Fatal(err)
	}
	decided, refusals := map[string]bool{}, map[string][][]string{}
	for _, p := range paths {
		h := readHeader(t, p)
		name := ""
		data, _ := os.ReadFile(p)
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "# builtin: "); ok {
				name = strings.TrimSpace(v)
			}
		}
		if name == "" {
			t.Errorf("%s has no '# builtin:' line", p)
			continue
		}
		// A plan whose header names a refusal code (checked against the
		// prover's output by TestCases) shows the builtin refused, not
		// decided; its want lines hold the refusal's words.
		refused := h.code != ir.UnknownCode
		if refused {
			refusals[name] = append(refusals[name], h.want)
		}
		if !refused && (h.expect == "proved" || h.expect == "not proved") {
			decided[name] = true
		}
	}
	byName := map[string]string{}
	for _, r := range rows {
		byName[r.name] = r.symbolic
	}
	builtins := ir.BuiltinTable()
	if len(rows) != len(builtins) {
		t.Errorf("the prover-builtins table has %d rows, ir.BuiltinTable %d", len(rows), len(builtins))
	}
	for _, b := range builtins {
		if _, ok := byName[b.Name]; !ok {
			t.Errorf("the prover-builtins table has no row %s", b.Name)
		}
	}
	for name := range decided {
		if _, ok := byName[name]; !ok && !loopOnly[name] {
			t.Errorf("a cases/builtin_* plan names %s, which the prover-builtins table lacks", name)
		}
	}
	// Every builtin function of the language's reference table has a row
	// (whose plan prover TestBuiltinTableProver proves), or, for the ones
	// only a loop header uses, a decided cases/builtin_* plan here.
	_, ref, ok := strings.Cut(string(doc), "## Builtin functions")
	ref, _, ok2 = strings.Cut(ref, "### What the prover decides")
	if !ok || !ok2 {
		t.Fatal("docs/language.md has no Builtin functions section before What the prover decides")
	}
	listed := 0
	for _, line := range strings.Split(ref, "\n") {
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if len(cells) < 2 || !strings.HasPrefix(strings.TrimSpace(cells[0]), "`") {
			continue
		}
		for _, m := range builtinCall.FindAllStringSubmatch(cells[0], -1) {
			listed++
			name := m[1]
			switch {
			case loopOnly[name]:
				if !decided[name] {
					t.Errorf("docs/language.md lists the builtin %s; no cases/builtin_* plan with '# builtin: %s' is decided", name, name)
				}
			default:
				if _, ok := byName[name]; !ok {
					t.Errorf("docs/language.md lists the builtin %s, which the prover-builtins table (ir.BuiltinTable) lacks", name)
				}
			}
		}
	}
	if listed == 0 {
		t.Error("no builtin read from the Builtin functions table of docs/language.md")
	}
	// So does every method of the reference's Methods tables (### str,
	// ### list, ...: `s.upper()` under ### str is str.upper), and every
	// method row of the prover table is in those tables.
	_, meth, ok := strings.Cut(string(doc), "\n## Methods")
	meth, _, ok2 = strings.Cut(meth, "\n## ")
	if !ok || !ok2 {
		t.Fatal("docs/language.md has no Methods section")
	}
	methods, receiver := map[string]bool{}, ""
	for _, line := range strings.Split(meth, "\n") {
		if r, isHead := strings.CutPrefix(line, "### "); isHead {
			receiver = strings.TrimSpace(r)
			continue
		}
		cells := strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|")
		if receiver == "" || len(cells) < 2 || !strings.HasPrefix(strings.TrimSpace(cells[0]), "`") {
			continue
		}
		for _, m := range methodCall.FindAllStringSubmatch(cells[0], -1) {
			name := receiver + "." + m[1]
			methods[name] = true
			if _, ok := byName[name]; !ok {
				t.Errorf("docs/language.md lists the method %s, which the prover-builtins table (ir.BuiltinTable) lacks", name)
			}
		}
	}
	if len(methods) == 0 {
		t.Error("no method read from the Methods tables of docs/language.md")
	}
	for _, r := range rows {
		if strings.Contains(r.name, ".") && !methods[r.name] {
			t.Errorf("the prover-builtins table has the method %s, which the Methods tables of docs/language.md do not list", r.name)
		}
	}
	// The table's text is the user-facing refusal itself, so here the
	// wording is the thing under test: a refused plan must want it whole.
	for name, plans := range refusals {
		for _, ws := range plans {
			if !slices.Contains(ws, byName[name]) {
				t.Errorf("a cases/builtin_* plan expects %s refused with %q; the table says %q", name, ws, byName[name])
			}
		}
	}
}
