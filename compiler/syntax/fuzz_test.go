package syntax

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
	"github.com/go-python/gpython/ast"
)

var fuzzSeeds = []string{
	"x: int = 5\n",
	"class UserRow(clauz3.Row):\n    email: str\n    consented: bool\n",
	"def f(a: int) -> str:\n    n: list[str] = []\n    return f\"{a!r:>10}\"\n",
	"print(f\"{a!r:>{width}} {b:.2f} {{}} {c=}\")\n",
	"y = f\"\"\"line1\n  ünï {foo.bar(1)} {\n    baz} z\"\"\"\n",
	"z = \"a\" f\"{b}\" rf'\\d{c}'\n",
	"@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef plan(ctx):\n    d = {\"a\": 1}\n    g = lambda x: x\n    return a[1:2]\n",
	"x = f\"{f'{y}'}\"\n",
	"if a:\n    pass\nelif b: x: int = 1\nelse:\n    pass\n",
	"try:\n    pass\nexcept E as e:\n    pass\n",
	"x = f\"{\"\n",
	"x = f\"{}\"\n",
	"x = (1,\n",
	"  x = 1\n",
	"n = 1_000_000 + 0x_ff\n",
	"\ufeffx = 1\r\ny = 2\r\n",
	"x = 'a' \\\n    'b'\n",
	"m: dict[\n    str,\n    int,\n] = {}\n",
	"x = f\"{a!r:{b!s:x}}\" f'{c=:>{d}}' F\"\"\"{\n  e +\n  f}\"\"\"\n",
	"self.x: int = 3\nx = (1 2)\n",
	"if x:\n\tpass\n        y\n",
	"d = {**a}\nf(*a, *b)\nif (n := 1): pass\n",
	"x = f\"{'\\n'}\" b'a' f'{#}'\n",
	"for i, (j, k) in enumerate(zip(a, b)):\n    x = (a).b[c](d)\n",
}

func FuzzParse(f *testing.F) {
	for _, s := range fuzzSeeds {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		var file *File
		var err error
		done := make(chan struct{})
		go func() {
			defer close(done)
			file, err = Parse("fuzz.py", src)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatalf("Parse(%q) takes more than 10s", src)
		}
		if err != nil {
			var e *Error
			if !errors.As(err, &e) {
				t.Fatalf("error %v is a %T, not *Error", err, err)
			}
			if !diagtest.Located(e) || e.Pos.File != "fuzz.py" {
				t.Fatalf("unlocated error %q", err.Error())
			}
			if !validPos(src, Position{File: e.Pos.File, Line: e.Pos.Line, Col: e.Pos.Col}) {
				t.Fatalf("error position %v outside the file: %v", e.Pos, err)
			}
			// Every error is a syntax error or valid Python outside the
			// subset; any other code (Internal) is a parser bug.
			if e.Code != ir.Syntax && e.Code != ir.Unsupported {
				t.Fatalf("code %v: %v", e.Code, err)
			}
			return
		}
		checkAllPositions(t, file)
	})
}

// validPos reports whether p is a position inside src (the position just
// after the last character of a line counts).
func validPos(src []byte, p Position) bool {
	lines := strings.Split(string(bytes.TrimPrefix(src, utf8BOM)), "\n")
	if p.Line < 1 || p.Line > len(lines) {
		return false
	}
	line := strings.TrimSuffix(lines[p.Line-1], "\r")
	return p.Col >= 1 && p.Col <= utf8.RuneCountInString(line)+1
}

// checkAllPositions checks that every node of the file, side tables
// included, has a position inside the file.
func checkAllPositions(t *testing.T, file *File) {
	t.Helper()
	var walk func(n ast.Ast)
	var walkF func(fs *FString)
	walkF = func(fs *FString) {
		for _, p := range fs.Parts {
			if p.Expr != nil {
				walk(p.Expr)
			}
			if p.Spec != nil {
				walkF(p.Spec)
			}
		}
	}
	walk = func(root ast.Ast) {
		ast.Walk(root, func(n ast.Ast) bool {
			switch n.(type) {
			case *ast.Module, *ast.Arguments, *ast.Index, *ast.ExtSlice, *ast.WithItem:
				return true
			}
			if p := file.Position(n); !validPos(file.Source, p) {
				t.Fatalf("%T at %d:%d -> %v: outside the file", n, n.GetLineno(), n.GetColOffset(), p)
			}
			if s, ok := n.(*ast.Str); ok && file.FStrings[s] != nil {
				walkF(file.FStrings[s])
			}
			if s, ok := n.(ast.Stmt); ok && file.AnnAssigns[s] != nil {
				walk(file.AnnAssigns[s].Annotation)
			}
			return true
		})
	}
	walk(file.Module)
}
