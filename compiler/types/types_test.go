package types

import (
	"testing"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/ir"
)

func TestAnnotation(t *testing.T) {
	for _, tc := range []struct {
		src, want string
		code      ir.Code // of the refusal; 0 for a type
	}{
		{"int", "int", 0},
		{"str", "str", 0},
		{"bool", "bool", 0},
		{"None", "None", 0},
		{"list[str]", "list[str]", 0},
		{"dict[str, list[int]]", "dict[str, list[int]]", 0},
		{"tuple[int, str]", "tuple[int, str]", 0},
		{"tuple[int]", "tuple[int]", 0},
		{"float", "float", 0},
		{"int | None", "int | None", 0},
		{"None | list[str]", "list[str] | None", 0},
		{"int | None | None", "int | None", 0},
		{"set[tuple[int, str]]", "set[tuple[int, str]]", 0},
		{"dict[str, float | None]", "dict[str, float | None]", 0},
		{"int | str", "t.py:1:4: union type int | str is not supported (only T | None)", ir.Unsupported},
		{"None | None", "t.py:1:4: union type None | None is not supported (only T | None)", ir.Unsupported},
		{"set[list[int]]", "t.py:1:8: set element type list[int] is not hashable", ir.TypeMismatch},
		{"set", "t.py:1:4: type set without element types is not supported (write e.g. set[str])", ir.Unsupported},
		{"Optional[int]", "t.py:1:4: type Optional is not defined (import it from typing)", ir.UndefinedName},
		{"List[int]", "t.py:1:4: type List is not defined (import it from typing)", ir.UndefinedName},
		{"frozenset[int]", "t.py:1:4: type frozenset[int] is not supported yet", ir.Unsupported},
		{"Pattern", "t.py:1:4: type Pattern is not supported yet", ir.Unsupported},
		{"tuple[int, ...]", "t.py:1:15: variadic type tuple[int, ...] is not supported yet", ir.Unsupported},
		{"dict[list[int], str]", "t.py:1:9: dict key type list[int] is not hashable", ir.TypeMismatch},
		{"list", "t.py:1:4: type list without element types is not supported (write e.g. list[str])", ir.Unsupported},
		{"UserRow", "t.py:1:4: type UserRow is not supported", ir.Unsupported},
		// A string annotation means the type it holds, as typing reads it
		// (from __future__ import annotations layers write "UserRow");
		// errors inside point into the string.
		{"'int'", "int", 0},
		{"\"list[int] | None\"", "list[int] | None", 0},
		{"list['str']", "list[str]", 0},
		{"'list'", "t.py:1:5: type list without element types is not supported (write e.g. list[str])", ir.Unsupported},
		{"'UserRow'", "t.py:1:5: type UserRow is not supported", ir.Unsupported},
		{"'list[int'", "t.py:1:13: closing parenthesis ')' does not match opening parenthesis '['", ir.Syntax},
		{"r'int'", "t.py:1:4: string annotation 'int' is not supported: only a plain one-line literal holding the type is read (write the type itself, e.g. int)", ir.Unsupported},
		{"'in\\x74'", "t.py:1:4: string annotation 'int' is not supported: only a plain one-line literal holding the type is read (write the type itself, e.g. int)", ir.Unsupported},
		{"'in' 't'", "t.py:1:4: string annotation 'int' is not supported: only a plain one-line literal holding the type is read (write the type itself, e.g. int)", ir.Unsupported},
	} {
		f, err := syntax.Parse("t.py", []byte("x: "+tc.src+"\n"))
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		var ann ast.Expr
		for _, a := range f.AnnAssigns {
			ann = a.Annotation
		}
		typ, derr := Annotation(f, ann)
		got := ""
		if derr != nil {
			// The kind is the code; the whole text is the refusal's
			// wording, under test.
			got = derr.Error()
			if derr.Code != tc.code {
				t.Errorf("%s: %v: code %v, want %v", tc.src, derr, derr.Code, tc.code)
			}
		} else {
			got = typ.String()
		}
		if got != tc.want {
			t.Errorf("%s: got %q, want %q", tc.src, got, tc.want)
		}
	}
}

func TestOperators(t *testing.T) {
	strs := &ir.List{Elem: ir.Str}
	if typ, _ := BinOp(ir.Add, strs, strs); !ir.Identical(typ, strs) {
		t.Errorf("list + list = %v", typ)
	}
	if typ, why := BinOp(ir.Mul, ir.Str, ir.Int); typ != nil || why != "operator * on str and int is not supported" {
		t.Errorf("str * int = %v, %q", typ, why)
	}
	if why := Compare(ir.In, ir.Str, &ir.Dict{Key: ir.Str, Value: ir.Int}); why != "" {
		t.Errorf("str in dict: %s", why)
	}
	if why := Compare(ir.In, ir.Int, &ir.Tuple{Elems: []ir.Type{ir.Int, ir.Str}}); why == "" {
		t.Error("int in a mixed tuple accepted")
	}
	if why := Compare(ir.Lt, ir.Bool, ir.Bool); why != "" {
		t.Errorf("bool < bool refused: %s", why)
	}
	if why := Compare(ir.Lt, ir.Int, ir.Float); why != "" {
		t.Errorf("int < float refused: %s", why)
	}
	if why := Compare(ir.Eq, ir.Int, ir.None); why != "comparison int == None is not supported (an int is never None; test it with `is None`)" {
		t.Errorf("int == None: %q", why)
	}
	if why := Compare(ir.Eq, &ir.Optional{Elem: ir.Int}, ir.None); why != "" {
		t.Errorf("int | None == None refused: %s", why)
	}
	if why := Compare(ir.Lt, &ir.Set{Elem: ir.Int}, &ir.Set{Elem: ir.Int}); why == "" {
		t.Error("set < set accepted (a subset test in Python)")
	}
	if typ, _ := BinOp(ir.Div, ir.Int, ir.Int); !ir.Identical(typ, ir.Float) {
		t.Errorf("int / int = %v", typ)
	}
	if typ, _ := BinOp(ir.Repeat, ir.Str, ir.Int); !ir.Identical(typ, ir.Str) {
		t.Errorf("str repeated = %v", typ)
	}
	for _, tc := range []struct {
		t    ir.Type
		want string
	}{{ir.Int, "an int"}, {ir.Str, "a str"}, {&ir.Optional{Elem: ir.Int}, "an int | None"}, {&ir.List{Elem: ir.Int}, "a list[int]"}, {&ir.Row{Name: "UserRow"}, "a UserRow"}} {
		if got := A(tc.t); got != tc.want {
			t.Errorf("A(%s) = %q, want %q", tc.t, got, tc.want)
		}
	}
	if why := Printable(&ir.Dict{Key: ir.Str, Value: &ir.Set{Elem: ir.Int}}); why == "" {
		t.Error("a dict of sets is printable")
	}
}
