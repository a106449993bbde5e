package syntax

import (
	"errors"
	"testing"

	"github.com/clauz3/clauz3/ir"
	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/py"
)

// Constructs plans commonly use must parse, and must not be mistaken for
// annotated assignments.
func TestCommonConstructs(t *testing.T) {
	tests := []struct {
		src  string
		anns int // number of annotated assignments
		fstr int // number of f-strings
	}{
		{`print(f"{a!r:>10}")`, 0, 1},
		{`x: list[str] = []`, 1, 0},
		{`{"a": 1}`, 0, 0},
		{`lambda x: x`, 0, 0},
		{`f = lambda x, y=1: x`, 0, 0},
		{`a[1:2]`, 0, 0},
		{`a[1:2, ::3] = b[:]`, 0, 0},
		{"def f(a: int, *, b: str = 'x') -> str:\n    return a", 0, 0},
		{`f(a=1, b=g(c=2))`, 0, 0},
		{`print(*args, sep="")`, 0, 0},
		{"@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef plan(ctx):\n    pass", 0, 0},
		{"class UserRow(clauz3.Row):\n    email: str\n    consented: bool", 2, 0},
		{"class A: x: int = 1", 1, 0},
		{"if a: b: int = 1\nelse: c: int = 2", 2, 0},
		{"for i in x: y: int = i", 1, 0},
		{"while a: pass", 0, 0},
		{"try: pass\nexcept E: pass", 0, 0},
		{"with a as b: c: str = b", 1, 0},
		{"x = {k: v for k, v in d.items()}", 0, 0},
		{"x = y if z else {1: 2}", 0, 0},
		{"match = 1\nmatch: int = 2\ncase = match", 1, 0},
		{"n = 1_000_000 + 0x_FF + 1_0.5_0e1_0 + 0b_1", 0, 0},
		{"s = f'{a}' 'b' f\"{c}\"\nt = (f'''x\n{y}''')", 0, 2},
		{"def f():\n    '''doc'''\n    x: dict[str, list[int]] = {\"a\": [1]}\n    return x", 1, 0},
		{"x: 'Forward'\ny: \"A\" \"B\" = 1", 2, 0},
		{"if x:\n    pass\nelif y:\n    z: int = 1\n", 1, 0},
		{"x = 1  # a: int = 2\n# y: int\n", 0, 0},
		{"x = \"\"\"\ny: int = 1\n\"\"\"", 0, 0},
		{"f(a,\n  b)\n", 0, 0},
		{"\ufeffx: int = 1\r\ny = f\"{x}\"\r\n", 1, 1},
		{"with (open(a) as f, open(b) as g): pass", 0, 0},
		{"with (a): pass\nwith (a, b) as c: pass", 0, 0},
		{"", 0, 0},
		{"# only a comment", 0, 0},
	}
	for _, tt := range tests {
		f, err := Parse("f.py", []byte(tt.src))
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		if len(f.AnnAssigns) != tt.anns || len(f.FStrings) != tt.fstr {
			t.Errorf("%q: %d annotated assignments, %d f-strings; want %d, %d", tt.src, len(f.AnnAssigns), len(f.FStrings), tt.anns, tt.fstr)
		}
		checkAllPositions(t, f)
	}
}

func TestDecoratorShape(t *testing.T) {
	f := mustParse(t, "@clauz3.guarantee(emails.only([\"bob@example.com\"]))\n@property\ndef plan(ctx):\n    pass\n")
	fd := f.Module.Body[0].(*ast.FunctionDef)
	call, ok := fd.DecoratorList[0].(*ast.Call)
	if !ok {
		t.Fatalf("decorator 0 is %T", fd.DecoratorList[0])
	}
	attr, ok := call.Func.(*ast.Attribute)
	if !ok || attr.Attr != "guarantee" {
		t.Fatalf("decorator func is %s", desc(f, call.Func))
	}
	if name, ok := attr.Value.(*ast.Name); !ok || name.Id != "clauz3" {
		t.Fatalf("decorator func value is %s", desc(f, attr.Value))
	}
	for n, want := range map[ast.Ast]string{
		call:                             "Call@1:2",
		attr:                             "Attribute@1:2",
		attr.Value:                       "Name@1:2",
		call.Args[0]:                     "Call@1:19",
		fd.DecoratorList[1]:              "Name@2:2",
		fd:                               "FunctionDef@3:1",
		fd.Args.Args[0]:                  "Arg@3:10",
		fd.Body[0]:                       "Pass@4:5",
		call.Args[0].(*ast.Call).Args[0]: "List@1:31",
	} {
		if got := desc(f, n); got != want {
			t.Errorf("got %s, want %s", got, want)
		}
	}
}

func TestNumbersWithUnderscores(t *testing.T) {
	f := mustParse(t, "x = 1_000_000 + 0x_ff + 2")
	bin := f.Module.Body[0].(*ast.Assign).Value.(*ast.BinOp)
	inner := bin.Left.(*ast.BinOp)
	if n := inner.Left.(*ast.Num).N; n != py.Int(1000000) {
		t.Errorf("1_000_000 = %v", n)
	}
	if n := inner.Right.(*ast.Num).N; n != py.Int(255) {
		t.Errorf("0x_ff = %v", n)
	}
	if got := desc(f, bin.Right); got != "Num@1:25" {
		t.Errorf("2 at %s, want Num@1:25", got)
	}
}

func TestPositionConversion(t *testing.T) {
	src := "if a:\n\tx = 'é' + y\ns = \"日本語\"; z = 1\n"
	f := mustParse(t, src)
	y := f.Module.Body[0].(*ast.If).Body[0].(*ast.Assign).Value.(*ast.BinOp).Right
	if got := f.Position(y); got != (Position{"f.py", 2, 12}) {
		t.Errorf("y at %v, want f.py:2:12", got)
	}
	z := f.Module.Body[2].(*ast.Assign).Targets[0]
	if got := f.Position(z).String(); got != "f.py:3:12" {
		t.Errorf("z at %s, want f.py:3:12", got)
	}
	if got := (Position{File: "f.py"}).String(); got != "f.py" {
		t.Errorf("zero position: %q", got)
	}
	_, err := Parse("f.py", []byte("x = 1\ny = (1 2)\n"))
	var target *Error
	if !errors.As(err, &target) || target.Pos.Line != 2 || target.Code != ir.Syntax {
		t.Errorf("errors.As failed: %#v", err)
	}
}

func TestFStringPlaceholderPosition(t *testing.T) {
	f := mustParse(t, "if x:\n    rf\"{a}\"\n    y = (1,\n         F'{b}' \"c\")\n")
	var got []string
	for s := range f.FStrings {
		got = append(got, desc(f, s))
	}
	want := map[string]bool{"Str@2:5": true, "Str@4:10": true}
	if len(got) != 2 || !want[got[0]] || !want[got[1]] {
		t.Errorf("placeholders at %v, want Str@2:5 and Str@4:10", got)
	}
}
