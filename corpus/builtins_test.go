package corpus

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBuiltinTable keeps the table "What the prover decides" of
// docs/language.md and the plans of cases/builtin_* in step: every row
// has a plan the prover decides (its verdict is proved or not proved with
// no refusal text), and a row that documents a refusal for symbolic
// arguments has a plan whose output must contain exactly that text.
// TestCases proves the plans and checks those expectations.
func TestBuiltinTable(t *testing.T) {
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
	decided, refusals := map[string]bool{}, map[string][]string{}
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
		refused := false
		for _, w := range h.want {
			if strings.HasPrefix(w, "the prover cannot decide") {
				refused = true
				refusals[name] = append(refusals[name], w)
			}
		}
		if !refused && (h.expect == "proved" || h.expect == "not proved") {
			decided[name] = true
		}
	}
	for _, r := range rows {
		if !decided[r.name] {
			t.Errorf("%s: no cases/builtin_* plan that the prover decides", r.name)
		}
		if strings.HasPrefix(r.symbolic, "the prover cannot decide") {
			found := false
			for _, w := range refusals[r.name] {
				found = found || w == r.symbolic
			}
			if !found {
				t.Errorf("%s: no cases/builtin_* plan refused with the documented text %q (have %q)", r.name, r.symbolic, refusals[r.name])
			}
		}
	}
}
