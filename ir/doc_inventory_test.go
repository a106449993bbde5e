package ir

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestDocListsEveryNode keeps the package doc's inventory in step with the
// node types: for each marker method (isStmt, isExpr, isSpec, isType) the
// doc has one sentence "<Label>: A, B and C." that names exactly the types
// carrying that method. A node added without a word in the doc, or a name
// left in the doc after its type went, fails here rather than leaving the
// doc half true, as it once was.
func TestDocListsEveryNode(t *testing.T) {
	labels := map[string]string{
		"isStmt": "Statements",
		"isExpr": "Expressions",
		"isSpec": "Specs",
		"isType": "Types",
	}
	kinds := nodeKinds(t)
	doc := packageDocText(t)
	for method, label := range labels {
		listed, err := docList(doc, label)
		if err != nil {
			t.Errorf("doc.go: %v", err)
			continue
		}
		if len(kinds[method]) == 0 {
			t.Errorf("no type has a %s method: the test reads nothing", method)
		}
		for k := range kinds[method] {
			if !listed[k] {
				t.Errorf("doc.go's %q sentence lacks %s (it has a %s method)", label, k, method)
			}
		}
		for k := range listed {
			if !kinds[method][k] {
				t.Errorf("doc.go's %q sentence names %s, which has no %s method", label, k, method)
			}
		}
	}
}

// nodeKinds maps each marker method to the receiver types that have it,
// read from the package's non-test sources.
func nodeKinds(t *testing.T) map[string]map[string]bool {
	t.Helper()
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	kinds := map[string]map[string]bool{}
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range f.Decls {
			fn, ok := d.(*ast.FuncDecl)
			if !ok || fn.Recv == nil || !markerMethod.MatchString(fn.Name.Name) {
				continue
			}
			if kinds[fn.Name.Name] == nil {
				kinds[fn.Name.Name] = map[string]bool{}
			}
			kinds[fn.Name.Name][recvName(fn.Recv.List[0].Type)] = true
		}
	}
	return kinds
}

// packageDocText returns doc.go's package comment as one line of text.
func packageDocText(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("doc.go")
	if err != nil {
		t.Fatal(err)
	}
	f, err := parser.ParseFile(token.NewFileSet(), "doc.go", src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	if f.Doc == nil {
		t.Fatal("doc.go has no package comment")
	}
	return strings.Join(strings.Fields(f.Doc.Text()), " ")
}

var (
	markerMethod  = regexp.MustCompile(`^is[A-Z][a-z]+$`)
	parenthesised = regexp.MustCompile(`\([^)]*\)`)
	typeName      = regexp.MustCompile(`\b[A-Z][A-Za-z]*\b`)
)

// docList returns the type names of the sentence that starts with
// "<label>: ", up to its full stop; asides in parentheses are not names.
func docList(doc, label string) (map[string]bool, error) {
	_, rest, ok := strings.Cut(doc, label+": ")
	if !ok {
		return nil, &docError{label: label, what: "has no sentence starting with"}
	}
	sentence := parenthesised.ReplaceAllString(rest, "")
	if i := strings.Index(sentence, ". "); i >= 0 {
		sentence = sentence[:i]
	}
	names := map[string]bool{}
	for _, n := range typeName.FindAllString(sentence, -1) {
		names[n] = true
	}
	if len(names) == 0 {
		return nil, &docError{label: label, what: "names no type in the sentence starting with"}
	}
	return names, nil
}

type docError struct{ label, what string }

func (e *docError) Error() string { return "the package doc " + e.what + " " + e.label + ":" }
