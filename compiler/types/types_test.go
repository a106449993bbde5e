package types

import (
	"testing"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/ir"
)

func TestAnnotation(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"int", "int"},
		{"str", "str"},
		{"bool", "bool"},
		{"None", "None"},
		{"list[str]", "list[str]"},
		{"dict[str, list[int]]", "dict[str, list[int]]"},
		{"tuple[int, str]", "tuple[int, str]"},
		{"tuple[int]", "tuple[int]"},
		{"float", "t.py:1:4: type float is not supported yet"},
		{"int | None", "t.py:1:4: union type int | None is not supported yet"},
		{"Pattern", "t.py:1:4: type Pattern is not supported yet"},
		{"tuple[int, ...]", "t.py:1:15: variadic type tuple[int, ...] is not supported yet"},
		{"dict[list[int], str]", "t.py:1:9: dict key type list[int] is not hashable"},
		{"list", "t.py:1:4: type list without element types is not supported (write e.g. list[str])"},
		{"UserRow", "t.py:1:4: type UserRow is not supported"},
		{"'int'", "t.py:1:4: string annotation is not supported"},
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
			got = derr.Error()
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
	if why := Compare(ir.Lt, ir.Bool, ir.Bool); why == "" {
		t.Error("bool < bool accepted")
	}
}
