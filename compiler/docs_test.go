package compiler

import (
	"flag"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

var updateDocs = flag.Bool("update", false, "rewrite the generated refusal list of docs/language.md")

const (
	docPath    = "../docs/language.md"
	docsBegin  = "<!-- refusals: generated from compiler/refuse_test.go by `go test ./compiler -run TestDocs -update`; do not edit by hand -->"
	docsEnd    = "<!-- end of refusals -->"
	docsUpdate = "go test ./compiler -run TestDocs -update"
)

var wantPos = regexp.MustCompile(`^plan\.py:(\d+):(\d+): (.*)$`)

// wholePlan names the refusals (by their name in the table) that are about
// the plan as a whole, not the source line their position points at.
var wholePlan = map[string]bool{"target missing": true}

// renderRefusals renders the refusal table as the list docs/language.md
// shows: per group, the offending source line and the exact message.
func renderRefusals(t *testing.T) string {
	var b strings.Builder
	group := ""
	for _, r := range refusals {
		m := wantPos.FindStringSubmatch(r.want)
		if m == nil {
			t.Fatalf("refusal %q: want %q is not a plan.py position and message", r.name, r.want)
		}
		line, _ := strconv.Atoi(m[1])
		lines := strings.Split(r.src, "\n")
		code := "(the plan)"
		if line >= 1 && line <= len(lines) && strings.TrimSpace(lines[line-1]) != "" && !wholePlan[r.name] {
			code = strings.TrimSpace(lines[line-1])
		}
		if r.group != group {
			if group != "" {
				b.WriteString("\n")
			}
			group = r.group
			fmt.Fprintf(&b, "### %s\n\n", group)
		}
		fmt.Fprintf(&b, "- `` %s `` → `` %s ``\n", code, m[3])
	}
	return b.String()
}

// TestDocs keeps docs/language.md in step with the compiler: its list of
// refusals is generated from the refusal table (run with -update to
// rewrite it), and it documents every builtin and method of ir.BuiltinTable.
func TestDocs(t *testing.T) {
	data, err := os.ReadFile(docPath)
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	i, j := strings.Index(doc, docsBegin), strings.Index(doc, docsEnd)
	if i < 0 || j < i {
		t.Fatalf("%s lacks the markers %q and %q", docPath, docsBegin, docsEnd)
	}
	want := doc[:i+len(docsBegin)] + "\n\n" + renderRefusals(t) + "\n" + doc[j:]
	pi, pj := strings.Index(want, proverBegin), strings.Index(want, proverEnd)
	if pi < 0 || pj < pi {
		t.Fatalf("%s lacks the markers %q and %q", docPath, proverBegin, proverEnd)
	}
	want = want[:pi+len(proverBegin)] + "\n" + renderProverTable() + want[pj:]
	if *updateDocs {
		if want != doc {
			if err := os.WriteFile(docPath, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		doc = want
	} else if want != doc {
		t.Errorf("the refusal list or the prover table of %s is out of date with refuse_test.go and ir.BuiltinTable; run %s", docPath, docsUpdate)
	}
	// The tables of "Builtin functions" and "Methods" list exactly the
	// names of ir.BuiltinTable (range, which lowers to ir.Range rather
	// than a builtin call, besides).
	documented := documentedBuiltins(t, doc)
	table := map[string]bool{"range": true}
	for _, b := range ir.BuiltinTable() {
		table[b.Name] = true
	}
	var names []string
	for n := range table {
		names = append(names, n)
	}
	for n := range documented {
		if !table[n] {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	for _, n := range names {
		switch {
		case !documented[n]:
			t.Errorf("%s does not list builtin %s of ir.BuiltinTable in its tables", docPath, n)
		case !table[n]:
			t.Errorf("%s lists %s, which is not in ir.BuiltinTable", docPath, n)
		}
	}
}

const (
	proverBegin = "<!-- prover-builtins begin -->"
	proverEnd   = "<!-- prover-builtins end -->"
)

// renderProverTable is the table "What the prover decides": every row of
// ir.BuiltinTable with what the prover decides on symbolic arguments.
func renderProverTable() string {
	var b strings.Builder
	b.WriteString("| builtin | symbolic arguments |\n|---|---|\n")
	for _, r := range ir.BuiltinTable() {
		text := r.ProverSymbolic
		switch {
		case text != "":
		case r.Prover == ir.ProverEncodes:
			text = "decided"
		default:
			text = r.ProverRefusal()
		}
		fmt.Fprintf(&b, "| `%s` | %s |\n", r.Name, text)
	}
	return b.String()
}

// documentedBuiltins reads the names the first column of the tables in
// the sections "Builtin functions" (up to "What the prover decides") and
// "Methods" show being called: len( in the first, s.upper( under
// "### str" in the second.
func documentedBuiltins(t *testing.T, doc string) map[string]bool {
	section := func(from, to string) string {
		_, rest, ok := strings.Cut(doc, from)
		body, _, ok2 := strings.Cut(rest, to)
		if !ok || !ok2 {
			t.Fatalf("%s has no section %q ending at %q", docPath, from, to)
		}
		return body
	}
	out := map[string]bool{}
	firstCells := func(body string, each func(cell string)) {
		for _, line := range strings.Split(body, "\n") {
			cells := strings.Split(strings.TrimSpace(line), " | ")
			if !strings.HasPrefix(line, "| `") || len(cells) < 2 {
				continue
			}
			each(cells[0])
		}
	}
	call := regexp.MustCompile("`" + `[^` + "`" + `]*?\b([a-z_]+)\(`)
	firstCells(section("\n## Builtin functions\n", "\n### What the prover decides\n"), func(cell string) {
		for _, m := range regexp.MustCompile("`[^`]*`").FindAllString(cell, -1) {
			if c := call.FindStringSubmatch(m); c != nil {
				out[c[1]] = true
			}
		}
	})
	methods := section("\n## Methods\n", "\n## Iteration helpers")
	for _, kind := range []string{"str", "list", "dict", "set"} {
		_, rest, _ := strings.Cut(methods, "\n### "+kind+"\n")
		part, _, _ := strings.Cut(rest, "\n### ")
		firstCells(part, func(cell string) {
			for _, m := range regexp.MustCompile(`\.([a-z_]+)\(`).FindAllStringSubmatch(cell, -1) {
				out[kind+"."+m[1]] = true
			}
		})
	}
	return out
}
