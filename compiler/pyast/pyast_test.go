package pyast

import (
	"testing"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/syntax"
)

func TestRender(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{`emails.only(["bob@example.com"])`, `emails.only(['bob@example.com'])`},
		{`f(a, b=-1, *c, **d)`, `f(a, *c, b=-1, **d)`},
		{`(1 + 2) * 3 - -x ** 2`, `(1 + 2) * 3 - -x ** 2`},
		{`a - (b - c)`, `a - (b - c)`},
		{`not (a and b) or c`, `not (a and b) or c`},
		{`lambda e: e.addr in xs and len(e.msg) <= n - 1`, `lambda e: e.addr in xs and len(e.msg) <= n - 1`},
		{`{"k": (1,), "it's": [True, None]}`, `{'k': (1,), "it's": [True, None]}`},
		{`x[1:2]`, `x[1:2]`},
		{`0 < x <= 5`, `0 < x <= 5`},
		{`1.5e20`, `1.5e+20`},
		{`all("@" in r.email for r in result)`, `all('@' in r.email for r in result)`},
		{`f((x for x in y), 1)`, `f((x for x in y), 1)`},
	} {
		f, err := syntax.Parse("t.py", []byte(tc.src+"\n"))
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		e := f.Module.Body[0].(*ast.ExprStmt).Value
		if got := Render(e); got != tc.want {
			t.Errorf("Render(%s) = %s, want %s", tc.src, got, tc.want)
		}
	}
}

func TestFloatRepr(t *testing.T) {
	for f, want := range map[float64]string{1: "1.0", 0.1: "0.1", 1e16: "1e+16", 1e-5: "1e-05", 123456.5: "123456.5", -2.5: "-2.5"} {
		if got := FloatRepr(f); got != want {
			t.Errorf("FloatRepr(%v) = %s, want %s", f, got, want)
		}
	}
}

func TestPos(t *testing.T) {
	f, err := syntax.Parse("t.py", []byte("x = é.b.c(1)[0]\n"))
	if err != nil {
		t.Fatal(err)
	}
	e := f.Module.Body[0].(*ast.Assign).Value
	if got := Pos(f, e).String(); got != "t.py:1:5" {
		t.Errorf("Pos = %s, want t.py:1:5", got)
	}
}
