package syntax

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/go-python/gpython/ast"
)

func mustParse(t *testing.T, src string) *File {
	t.Helper()
	f, err := Parse("f.py", []byte(src))
	if err != nil {
		t.Fatalf("Parse(%q): %v", src, err)
	}
	return f
}

// typeName is the gpython node type name without the package.
func typeName(n ast.Ast) string { return strings.TrimPrefix(fmt.Sprintf("%T", n), "*ast.") }

// desc describes a node as Type@line:col (user columns).
func desc(f *File, n ast.Ast) string {
	if n == nil || (func() bool { e, ok := n.(ast.Expr); return ok && e == nil })() {
		return "nil"
	}
	p := f.Position(n)
	return fmt.Sprintf("%s@%d:%d", typeName(n), p.Line, p.Col)
}

// nodePositions lists Type@line:col for every node of the file, side tables
// included, sorted. F-string placeholders are listed as Str (CPython's
// JoinedStr), annotated-assignment placeholders as AnnAssign.
func nodePositions(f *File) []string {
	var out []string
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
			d := desc(f, n)
			if s, ok := n.(ast.Stmt); ok && f.AnnAssigns[s] != nil {
				a := f.AnnAssigns[s]
				out = append(out, "AnnAssign"+d[strings.IndexByte(d, '@'):])
				walk(a.Target)
				walk(a.Annotation)
				if a.Value != nil {
					walk(a.Value)
				}
				return false
			}
			out = append(out, d)
			if s, ok := n.(*ast.Str); ok && f.FStrings[s] != nil {
				walkF(f.FStrings[s])
			}
			return true
		})
	}
	walk(f.Module)
	sort.Strings(out)
	return out
}

// Expected positions were produced once with CPython 3.11 (ast.parse,
// col_offset converted from UTF-8 bytes to 1-based rune columns). Nodes
// gpython models differently (keyword for **kw, Starred for *args, the
// JoinedStr of a format spec) are not in the corpus or are filtered out.
const positionCorpus = `
import clauz3
from clauz3 import emails as em, Row
@clauz3.guarantee(emails.only(["bob@example.com"]))
@property
def plan(ctx, limit: int = 10, *rest, flag=False, **opts) -> "Result":
    rows = ctx.db.query("SELECT 1")[0:2]
    total = -rows.count() + len(rows) * 2 ** 3 // 4
    if total < limit <= 100 and not flag or rest:
        return [r.email for r in rows if r.ok] + {k: v for k, v in opts.items()}
    elif total:
        del rows[1], ctx.cache
    else:
        pass
    for i, (j, k) in enumerate(zip(a, b)):
        continue
    while True:
        break
    try:
        raise ValueError("x") from None
    except (KeyError, IndexError) as e:
        pass
    except:
        pass
    finally:
        assert total, f"total is {total!r:>{width}}"
    with open(f"{name}.txt") as fh, lock:
        yield from fh
    d = {"a": 1, "b": [1, 2]}
    s = {x for x in d}
    g = list(x for x in d)
    t = (1,)
    c = a if b else c
    m: dict[str, int] = {}
    n = x[1][2].y(z)
class UserRow(clauz3.Row, metaclass=Meta):
    email: str
    consented: bool = False
    def check(self): return self.email.endswith("@example.com")
msg = ("a"
       f"{plan}"
       'b')
a = (lambda: 1)() + (is_dir if x else exists)(path) + ((f))(x)
e = g((lambda: 1)(c)) + (a).b(c) + ("a" "b").join(x) + (x)[0](y)
with (open(a) as f, open(b) as g):
    n = 1_000 + f"{x:{{}}}"
`

var positionCorpusWant = []string{
	"Alias@1:8",
	"Alias@2:20",
	"Alias@2:34",
	"AnnAssign@33:5",
	"AnnAssign@36:5",
	"AnnAssign@37:5",
	"Arg@38:15",
	"Arg@5:10",
	"Arg@5:15",
	"Arg@5:33",
	"Arg@5:39",
	"Arg@5:53",
	"Assert@25:9",
	"Assign@28:5",
	"Assign@29:5",
	"Assign@30:5",
	"Assign@31:5",
	"Assign@32:5",
	"Assign@34:5",
	"Assign@39:1",
	"Assign@42:1",
	"Assign@43:1",
	"Assign@45:5",
	"Assign@6:5",
	"Assign@7:5",
	"Attribute@11:22",
	"Attribute@34:9",
	"Attribute@35:15",
	"Attribute@38:29",
	"Attribute@38:29",
	"Attribute@3:19",
	"Attribute@3:2",
	"Attribute@43:25",
	"Attribute@43:36",
	"Attribute@6:12",
	"Attribute@6:12",
	"Attribute@7:14",
	"Attribute@9:17",
	"Attribute@9:42",
	"Attribute@9:68",
	"BinOp@42:5",
	"BinOp@42:5",
	"BinOp@43:5",
	"BinOp@43:5",
	"BinOp@43:5",
	"BinOp@45:9",
	"BinOp@7:13",
	"BinOp@7:29",
	"BinOp@7:29",
	"BinOp@7:41",
	"BinOp@9:16",
	"BoolOp@8:8",
	"BoolOp@8:8",
	"Break@17:9",
	"Call@14:22",
	"Call@14:32",
	"Call@19:15",
	"Call@26:10",
	"Call@30:9",
	"Call@34:9",
	"Call@38:29",
	"Call@3:19",
	"Call@3:2",
	"Call@42:21",
	"Call@42:5",
	"Call@42:55",
	"Call@43:25",
	"Call@43:36",
	"Call@43:5",
	"Call@43:56",
	"Call@43:7",
	"Call@44:21",
	"Call@44:7",
	"Call@6:12",
	"Call@7:14",
	"Call@7:29",
	"Call@9:68",
	"ClassDef@35:1",
	"Compare@8:8",
	"Continue@15:9",
	"Delete@11:9",
	"Dict@28:9",
	"Dict@33:25",
	"Dict@45:23",
	"DictComp@9:50",
	"ExceptHandler@20:5",
	"ExceptHandler@22:5",
	"ExprStmt@27:9",
	"For@14:5",
	"FunctionDef@38:5",
	"FunctionDef@5:1",
	"GeneratorExp@30:13",
	"If@10:5",
	"If@8:5",
	"IfExp@32:9",
	"IfExp@42:22",
	"Import@1:1",
	"ImportFrom@2:1",
	"Keyword@35:27",
	"Lambda@42:6",
	"Lambda@43:8",
	"List@28:23",
	"List@3:31",
	"ListComp@9:16",
	"Name@10:10",
	"Name@11:13",
	"Name@11:22",
	"Name@14:13",
	"Name@14:16",
	"Name@14:22",
	"Name@14:32",
	"Name@14:36",
	"Name@14:39",
	"Name@14:9",
	"Name@19:15",
	"Name@20:13",
	"Name@20:23",
	"Name@25:16",
	"Name@25:35",
	"Name@25:45",
	"Name@26:10",
	"Name@26:18",
	"Name@26:33",
	"Name@26:37",
	"Name@27:20",
	"Name@28:5",
	"Name@29:10",
	"Name@29:16",
	"Name@29:21",
	"Name@29:5",
	"Name@30:14",
	"Name@30:20",
	"Name@30:25",
	"Name@30:5",
	"Name@30:9",
	"Name@31:5",
	"Name@32:14",
	"Name@32:21",
	"Name@32:5",
	"Name@32:9",
	"Name@33:13",
	"Name@33:18",
	"Name@33:5",
	"Name@33:8",
	"Name@34:19",
	"Name@34:5",
	"Name@34:9",
	"Name@35:15",
	"Name@35:37",
	"Name@36:12",
	"Name@36:5",
	"Name@37:16",
	"Name@37:5",
	"Name@38:29",
	"Name@39:1",
	"Name@3:19",
	"Name@3:2",
	"Name@40:11",
	"Name@42:1",
	"Name@42:22",
	"Name@42:32",
	"Name@42:39",
	"Name@42:47",
	"Name@42:57",
	"Name@42:61",
	"Name@43:1",
	"Name@43:19",
	"Name@43:26",
	"Name@43:31",
	"Name@43:5",
	"Name@43:51",
	"Name@43:57",
	"Name@43:63",
	"Name@44:12",
	"Name@44:18",
	"Name@44:21",
	"Name@44:26",
	"Name@44:32",
	"Name@44:7",
	"Name@45:20",
	"Name@45:5",
	"Name@4:2",
	"Name@5:22",
	"Name@6:12",
	"Name@6:5",
	"Name@7:14",
	"Name@7:29",
	"Name@7:33",
	"Name@7:5",
	"Name@8:16",
	"Name@8:37",
	"Name@8:45",
	"Name@8:8",
	"Name@9:17",
	"Name@9:29",
	"Name@9:34",
	"Name@9:42",
	"Name@9:51",
	"Name@9:54",
	"Name@9:60",
	"Name@9:63",
	"Name@9:68",
	"NameConstant@16:11",
	"NameConstant@19:36",
	"NameConstant@37:23",
	"NameConstant@5:44",
	"Num@11:18",
	"Num@28:15",
	"Num@28:24",
	"Num@28:27",
	"Num@31:10",
	"Num@34:11",
	"Num@34:14",
	"Num@42:14",
	"Num@43:16",
	"Num@43:60",
	"Num@45:9",
	"Num@5:28",
	"Num@6:37",
	"Num@6:39",
	"Num@7:41",
	"Num@7:46",
	"Num@7:51",
	"Num@8:25",
	"Pass@13:9",
	"Pass@21:9",
	"Pass@23:9",
	"Raise@19:9",
	"Return@38:22",
	"Return@9:9",
	"SetComp@29:9",
	"Slice@6:37",
	"Str@19:26",
	"Str@25:23",
	"Str@26:15",
	"Str@28:10",
	"Str@28:18",
	"Str@38:49",
	"Str@39:8",
	"Str@3:32",
	"Str@43:37",
	"Str@45:17",
	"Str@5:62",
	"Str@6:25",
	"Subscript@11:13",
	"Subscript@33:8",
	"Subscript@34:9",
	"Subscript@34:9",
	"Subscript@43:56",
	"Subscript@6:12",
	"Try@18:5",
	"Tuple@14:12",
	"Tuple@14:9",
	"Tuple@20:12",
	"Tuple@31:9",
	"Tuple@33:13",
	"Tuple@9:60",
	"UnaryOp@7:13",
	"UnaryOp@8:33",
	"While@16:5",
	"With@26:5",
	"With@44:1",
	"YieldFrom@27:9",
}

func TestPositionsMatchCPython(t *testing.T) {
	f := mustParse(t, positionCorpus[1:])
	got := nodePositions(f)
	if strings.Join(got, "\n") != strings.Join(positionCorpusWant, "\n") {
		t.Errorf("positions differ from CPython's:\n%s", diffLines(positionCorpusWant, got))
	}
}

// diffLines reports the lines only in want (-) or only in got (+).
func diffLines(want, got []string) string {
	count := map[string]int{}
	for _, w := range want {
		count[w]++
	}
	for _, g := range got {
		count[g]--
	}
	var b strings.Builder
	keys := make([]string, 0, len(count))
	for k := range count {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch c := count[k]; {
		case c > 0:
			fmt.Fprintf(&b, "- %s (x%d)\n", k, c)
		case c < 0:
			fmt.Fprintf(&b, "+ %s (x%d)\n", k, -c)
		}
	}
	return b.String()
}

func TestAnnotatedAssignments(t *testing.T) {
	src := `x: int = 5
class UserRow(clauz3.Row):
    email: str
    consented: bool = False
def f(a: int) -> str:
    n: list[str] = []
    m: dict[
        str, int] = {"é": 1}
    t: tuple = 1, 2
    return n
ü: "Forward" = g(x=1)  # comment
if a: y: int = 5
z: int = 1; w: str | None = "s"
v: int = (1, 2)
u: Callable = lambda a, b=1: a
s: list[str] = [f"{q}", "r"]
`
	// From CPython 3.11.
	want := []string{
		"x 1:1 ann=Name@1:4 value=Num@1:10",
		"email 3:5 ann=Name@3:12 value=nil",
		"consented 4:5 ann=Name@4:16 value=NameConstant@4:23",
		"n 6:5 ann=Subscript@6:8 value=List@6:20",
		"m 7:5 ann=Subscript@7:8 value=Dict@8:21",
		"t 9:5 ann=Name@9:8 value=Tuple@9:16",
		"ü 11:1 ann=Str@11:4 value=Call@11:16",
		"y 12:7 ann=Name@12:10 value=Num@12:16",
		"z 13:1 ann=Name@13:4 value=Num@13:10",
		"w 13:13 ann=BinOp@13:16 value=Str@13:29",
		"v 14:1 ann=Name@14:4 value=Tuple@14:10",
		"u 15:1 ann=Name@15:4 value=Lambda@15:15",
		"s 16:1 ann=Subscript@16:4 value=List@16:16",
	}
	f := mustParse(t, src)
	type entry struct {
		pos  Position
		text string
	}
	var got []entry
	for s, a := range f.AnnAssigns {
		p := f.Position(a.Target)
		got = append(got, entry{p, fmt.Sprintf("%s %d:%d ann=%s value=%s", a.Target.Id, p.Line, p.Col, desc(f, a.Annotation), desc(f, a.Value))})
		if a.Target.Ctx != ast.Store {
			t.Errorf("%s: target ctx %v, want Store", a.Target.Id, a.Target.Ctx)
		}
		switch s := s.(type) {
		case *ast.Assign:
			if a.Value == nil || len(s.Targets) != 1 || s.Targets[0] != ast.Expr(a.Target) || s.Value != a.Value {
				t.Errorf("%s: Assign placeholder does not hold the target and value", a.Target.Id)
			}
		case *ast.ExprStmt:
			if a.Value != nil || s.Value != ast.Expr(a.Target) {
				t.Errorf("%s: ExprStmt placeholder does not hold the target", a.Target.Id)
			}
		default:
			t.Errorf("%s: placeholder is a %T", a.Target.Id, s)
		}
		if f.Position(s) != p {
			t.Errorf("%s: placeholder at %v, target at %v", a.Target.Id, f.Position(s), p)
		}
	}
	sort.Slice(got, func(i, j int) bool {
		if got[i].pos.Line != got[j].pos.Line {
			return got[i].pos.Line < got[j].pos.Line
		}
		return got[i].pos.Col < got[j].pos.Col
	})
	var texts []string
	for _, e := range got {
		texts = append(texts, e.text)
	}
	if strings.Join(texts, "\n") != strings.Join(want, "\n") {
		t.Errorf("got:\n%s\nwant:\n%s", strings.Join(texts, "\n"), strings.Join(want, "\n"))
	}
	// The class body holds ExprStmt/Assign placeholders in order.
	cls := f.Module.Body[1].(*ast.ClassDef)
	if _, ok := cls.Body[0].(*ast.ExprStmt); !ok {
		t.Errorf("class body[0] is %T, want *ast.ExprStmt", cls.Body[0])
	}
	if _, ok := cls.Body[1].(*ast.Assign); !ok {
		t.Errorf("class body[1] is %T, want *ast.Assign", cls.Body[1])
	}
	// The value of t is the tuple (1, 2); its annotation is just tuple.
	for _, a := range f.AnnAssigns {
		if a.Target.Id == "t" {
			tup, ok := a.Value.(*ast.Tuple)
			if !ok || len(tup.Elts) != 2 {
				t.Errorf("t: value %s, want a 2-tuple", desc(f, a.Value))
			}
		}
	}
}
