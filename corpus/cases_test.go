package corpus

import (
	"bufio"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/compiler"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/english"
	"github.com/clauz3/clauz3/prover"
)

// TestCases proves every plan of cases/ against the layers in tools/. Each
// plan says what it expects in comment lines at its top:
//
//	# expect: proved | not proved | refused   (refused: it does not compile)
//	# want: <text>          every such text appears in the output
//	# code: <ir.Code name>  a refusal in the output has this code (a
//	                        compile diagnostic, the prover's error, or a
//	                        refused obligation): the kind of a refusal is
//	                        its code, the want lines only show its words
//	# english: <text>       a guarantee renders to this sentence
//	# coverage: label:status ...
//
// Unlike plans/, these cases are not run by the differential harness: they
// exercise layers (markers, fluents, compatibility) whose effects have no
// Go implementation.
func TestCases(t *testing.T) {
	paths, err := filepath.Glob(filepath.Join("cases", "*.py"))
	if err != nil || len(paths) == 0 {
		t.Fatalf("no cases: %v", err)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".py")
		t.Run(name, func(t *testing.T) {
			t.Parallel() // see TestPlans
			checkCase(t, path, ".")
		})
	}
}

// checkCase compiles and proves the plan at path with root as the import
// root, and checks the expectations of its header (see TestCases).
func checkCase(t *testing.T, path, root string) {
	t.Helper()
	// A plan that must stay verbatim (a seed example) keeps its header in
	// a sibling <name>.expect.
	hpath := strings.TrimSuffix(path, ".py") + ".expect"
	if _, err := os.Stat(hpath); err != nil {
		hpath = path
	}
	h := readHeader(t, hpath)
	if h.expect == "" {
		t.Fatalf("%s has no '# expect:' line", path)
	}
	var out strings.Builder
	verdict, cov, sentences := "refused", "", []string{}
	var codes []ir.Code // the codes of every refusal in the output
	prog, err := compiler.CompileFile(path, compiler.Config{ImportRoots: []string{root}})
	if err != nil {
		out.WriteString(err.Error())
		codes = append(codes, diagnosticCodes(err)...)
	} else {
		if err := ir.Verify(prog); err != nil {
			t.Fatalf("the lowered IR does not verify: %v", err)
		}
		for _, g := range prog.Guarantees {
			s, err := english.Guarantee(g)
			if err != nil {
				t.Errorf("english: %v", err)
			}
			sentences = append(sentences, s)
		}
		res, err := prover.Prove(context.Background(), prog, prover.Options{})
		if err != nil {
			out.WriteString(err.Error())
			codes = append(codes, diagnosticCodes(err)...)
			verdict = "not proved"
		} else {
			for _, o := range res.Obligations {
				if o.Status == prover.Refused {
					codes = append(codes, o.Code)
				}
			}
			if err := res.WriteText(&out, &out); err != nil {
				t.Fatal(err)
			}
			verdict = "not proved"
			if res.Proved() {
				verdict = "proved"
			}
			var ds []string
			for _, d := range res.Coverage.Domains {
				ds = append(ds, d.Label+":"+string(d.Status))
			}
			cov = strings.Join(ds, " ")
		}
	}
	if verdict != h.expect {
		t.Errorf("%s, want %s; output:\n%s", verdict, h.expect, out.String())
	}
	for _, w := range h.want {
		if !strings.Contains(out.String(), w) {
			t.Errorf("output lacks %q; output:\n%s", w, out.String())
		}
	}
	for _, w := range h.english {
		found := false
		for _, s := range sentences {
			found = found || s == w
		}
		if !found {
			t.Errorf("no guarantee renders as %q; got %q", w, sentences)
		}
	}
	switch {
	case h.code != ir.UnknownCode && !slices.Contains(codes, h.code):
		t.Errorf("no refusal with code %v (refusal codes %v); output:\n%s", h.code, codes, out.String())
	case h.code == ir.UnknownCode && len(codes) > 0:
		// Every refusal a case shows is named by its kind, so a reader
		// of the header (TestBuiltinTable) never guesses it from words.
		t.Errorf("refusal codes %v but no '# code:' line; output:\n%s", codes, out.String())
	}
	if h.coverage != nil && cov != *h.coverage {
		t.Errorf("coverage %q, want %q; output:\n%s", cov, *h.coverage, out.String())
	}
}

// diagnosticCodes is the code of every diagnostic in err; an error that
// holds none has no code, so it matches no '# code:' line.
func diagnosticCodes(err error) []ir.Code {
	ds := ir.Diagnostics(err)
	codes := make([]ir.Code, len(ds))
	for i, d := range ds {
		codes[i] = d.Code
	}
	return codes
}

type caseHeader struct {
	expect   string
	want     []string
	code     ir.Code // UnknownCode when the header names none
	english  []string
	coverage *string
}

func readHeader(t *testing.T, path string) caseHeader {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var h caseHeader
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if !strings.HasPrefix(line, "#") {
			break
		}
		key, val, ok := strings.Cut(strings.TrimSpace(strings.TrimPrefix(line, "#")), ":")
		if !ok {
			continue
		}
		val = strings.TrimSpace(val)
		switch key {
		case "expect":
			switch val {
			case "proved", "not proved", "refused":
				h.expect = val
			default:
				t.Fatalf("%s: unknown expectation %q", path, val)
			}
		case "want":
			h.want = append(h.want, val)
		case "code":
			if err := h.code.UnmarshalText([]byte(val)); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
		case "english":
			h.english = append(h.english, val)
		case "coverage":
			v := val
			h.coverage = &v
		}
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return h
}
