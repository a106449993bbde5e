package syntax

import (
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/go-python/gpython/ast"
)

// descF describes f-string parts: literals quoted, fields as
// {Type@line:col!conv:[spec]}, nested f-strings as f[...]@line:col.
func descF(f *File, fs *FString) string {
	var parts []string
	for _, p := range fs.Parts {
		if p.Expr == nil {
			parts = append(parts, strconv.Quote(p.Literal))
			continue
		}
		s := "{" + descExpr(f, p.Expr)
		if p.Conversion != 0 {
			s += "!" + string(p.Conversion)
		}
		if p.Spec != nil {
			s += ":[" + descF(f, p.Spec) + "]"
		}
		parts = append(parts, s+"}")
	}
	return strings.Join(parts, " ")
}

func descExpr(f *File, e ast.Expr) string {
	if s, ok := e.(*ast.Str); ok && f.FStrings[s] != nil {
		p := f.Position(s)
		return "f[" + descF(f, f.FStrings[s]) + "]@" + strconv.Itoa(p.Line) + ":" + strconv.Itoa(p.Col)
	}
	return desc(f, e)
}

func TestFStringParts(t *testing.T) {
	tests := []struct{ src, want string }{
		{`x = f"héllo {name!r:>{width}} and {a + b:.2f}"`,
			`"héllo " {Name@1:14!r:[">" {Name@1:23}]} " and " {BinOp@1:36:[".2f"]}`},
		{`x = f"{{}} {{{x}}}"`, `"{} {" {Name@1:15} "}"`},
		{`x = "a" f"{b}" 'c'`, `"a" {Name@1:12} "c"`},
		{`x = f"{x=}"`, `"x=" {Name@1:8!r}`},
		{`x = f"{x = !s:>3}"`, `"x = " {Name@1:8!s:[">3"]}`},
		{`x = f"{x=:>3}"`, `"x=" {Name@1:8:[">3"]}`},
		{`x = rf"\d{y}\n"`, `"\\d" {Name@1:11} "\\n"`},
		{`x = Rf"{y}" fR"{z}" FR"\{w}"`, `{Name@1:9} {Name@1:17} "\\" {Name@1:26}`},
		{`x = f"\t{a}\x41\u00e9"`, `"\t" {Name@1:10} "Aé"`},
		{`x = f"\{6}"`, `"\\" {Num@1:9}`},
		{`x = f"{x:{{}}}"`, `{Name@1:8:[{Dict@1:11}]}`},
		{`x = f"{x:}"`, `{Name@1:8}`},
		{`x = f"{a:{b}.{c}f}"`, `{Name@1:8:[{Name@1:11} "." {Name@1:15} "f"]}`},
		{`x = f"{a!r:{b!s:x}}"`, `{Name@1:8!r:[{Name@1:13!s:["x"]}]}`},
		{`x = f""`, ``},
		{`x = f"plain"`, `"plain"`},
		{"x = f\"\"\"a\n{b}\nc\"\"\"", `"a\n" {Name@2:2} "\nc"`},
		{"x = f\"\"\"a\r\n{b}\"\"\"", `"a\n" {Name@2:2}`},
		{"x = f\"a\\\nb{c}\"", `"ab" {Name@2:3}`},
		{"x = (f\"{a}\"\n     'b')", `{Name@1:9} "b"`},
		{`x = f"{f'{y}'}"`, `{f[{Name@1:11}]@1:8}`},
		{`x = f"{'a' if c else 'b'}"`, `{IfExp@1:8}`},
		{`x = f"{d['k']}"`, `{Subscript@1:8}`},
		{`x = f"{a!=b}"`, `{Compare@1:8}`},
		{`x = f"{a<b} {a>=b}"`, `{Compare@1:8} " " {Compare@1:14}`},
		{`x = f"{x:=10}"`, `{Name@1:8:["=10"]}`},
		{`x = f"{ x }"`, `{Name@1:9}`},
		{`x = f"{a, b}"`, `{Tuple@1:7}`},
		{`x = f"{é}é{ü!a}"`, `{Name@1:8} "é" {Name@1:12!a}`},
		{`x = f"{3.14:.1f}"`, `{Num@1:8:[".1f"]}`},
		{`x = f"{'}'}"`, `{Str@1:8}`},
		{`x = f'{"{"}'`, `{Str@1:8}`},
		{`x = f"{x:{'>'}10}"`, `{Name@1:8:[{Str@1:11} "10"]}`},
	}
	for _, tt := range tests {
		f, err := Parse("f.py", []byte(tt.src))
		if err != nil {
			t.Errorf("Parse(%q): %v", tt.src, err)
			continue
		}
		s, ok := f.Module.Body[0].(*ast.Assign).Value.(*ast.Str)
		if !ok || f.FStrings[s] == nil {
			t.Errorf("%q: value is not an f-string placeholder", tt.src)
			continue
		}
		if s.S != "" {
			t.Errorf("%q: placeholder S = %q, want empty", tt.src, s.S)
		}
		if p := f.Position(s); p.Line != 1 || p.Col != 5 && p.Col != 6 {
			t.Errorf("%q: placeholder at %v, want 1:5 (1:6 when parenthesized)", tt.src, p)
		}
		if got := descF(f, f.FStrings[s]); got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

func TestFStringExpressionPositions(t *testing.T) {
	src := `x = f"héllo {name!r:>{width}} and {a + b:.2f}"
y = f"""line1
  ünï {foo.bar(1)} {
    baz} z"""
z = "a" f"{b}" 'c'
w = f"{x=}" rf"\d{y}"
print(f"{a!r:>10}")
v = f"{'é'}{obj.attr['k']:{fill}^{w}} {fn(lambda: 1)}"
u = f'''{
  one
    + two}'''
t = f"{f'{nested}'}"
r = f"{a, b}"
`
	// From CPython 3.11: every node inside a replacement field.
	want := []string{
		"Attribute@3:8",
		"Attribute@8:13",
		"BinOp@10:3",
		"BinOp@1:36",
		"Call@3:8",
		"Call@8:40",
		"Lambda@8:43",
		"Name@10:3",
		"Name@11:7",
		"Name@12:11",
		"Name@13:11",
		"Name@13:8",
		"Name@1:14",
		"Name@1:23",
		"Name@1:36",
		"Name@1:40",
		"Name@3:8",
		"Name@4:5",
		"Name@5:12",
		"Name@6:19",
		"Name@6:8",
		"Name@7:10",
		"Name@8:13",
		"Name@8:28",
		"Name@8:35",
		"Name@8:40",
		"Num@3:16",
		"Num@8:51",
		"Str@8:22",
		"Str@8:8",
		"Subscript@8:13",
		"Tuple@13:7",
	}
	f := mustParse(t, src)
	var got []string
	var walkF func(fs *FString)
	walkExpr := func(e ast.Expr) {
		ast.Walk(e, func(n ast.Ast) bool {
			switch n.(type) {
			case *ast.Arguments, *ast.Index:
				return true
			}
			if s, ok := n.(*ast.Str); ok && f.FStrings[s] != nil {
				walkF(f.FStrings[s])
				return true
			}
			got = append(got, desc(f, n))
			return true
		})
	}
	walkF = func(fs *FString) {
		for _, p := range fs.Parts {
			if p.Expr != nil {
				walkExpr(p.Expr)
			}
			if p.Spec != nil {
				walkF(p.Spec)
			}
		}
	}
	ast.Walk(f.Module, func(n ast.Ast) bool {
		if s, ok := n.(*ast.Str); ok && f.FStrings[s] != nil {
			walkF(f.FStrings[s])
		}
		return true
	})
	if a, b := strings.Join(sortedCopy(got), "\n"), strings.Join(sortedCopy(want), "\n"); a != b {
		t.Errorf("positions differ from CPython's:\n%s", diffLines(want, got))
	}
}

func sortedCopy(s []string) []string {
	c := append([]string(nil), s...)
	sort.Strings(c)
	return c
}
