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
		if line >= 1 && line <= len(lines) && strings.TrimSpace(lines[line-1]) != "" && !strings.HasPrefix(m[3], "target ") {
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
	if *updateDocs {
		if want != doc {
			if err := os.WriteFile(docPath, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		doc = want
	} else if want != doc {
		t.Errorf("the refusal list of %s is out of date with refuse_test.go; run %s", docPath, docsUpdate)
	}
	var names []string
	for _, b := range ir.BuiltinTable() {
		names = append(names, b.Name)
	}
	sort.Strings(names)
	for _, n := range names {
		short := n[strings.LastIndex(n, ".")+1:]
		if !regexp.MustCompile(`\b` + regexp.QuoteMeta(short) + `\(`).MatchString(doc) {
			t.Errorf("%s does not document builtin %s", docPath, n)
		}
	}
}
