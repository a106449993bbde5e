package compiler

import (
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/internal/diagtest"
	"github.com/clauz3/clauz3/ir"
)

// TestObjectArguments: a plan passes plain values into a parameter of type
// object (here where: dict[str, object] | None = None of the corpus legacy
// layer); the dict display is typed by the parameter. Anything else that
// would give a plan an object value of its own is refused, located.
func TestObjectArguments(t *testing.T) {
	roots := []string{filepath.Join("..", "corpus")}
	const head = "from tools.legacy.trusted.effects import query_tickets\n\n\ndef main() -> None:\n"
	ok := head + "    query_tickets(\"t\", {\"status\": \"open\", \"limit\": 3, \"urgent\": False, \"owner\": None, \"ratio\": 0.5})\n    query_tickets(\"t\", where={})\n    query_tickets(\"t\", None)\n    query_tickets(\"t\")\n"
	prog, err := Compile("plan.py", []byte(ok), Config{ImportRoots: roots})
	if err != nil {
		t.Fatal(err)
	}
	var where []string
	ir.Inspect(prog.Target.Body[0].(*ir.ExprStmt).X, func(e ir.Expr) bool {
		if d, isDict := e.(*ir.DictLit); isDict {
			where = append(where, d.T.String())
		}
		return true
	})
	if len(where) != 1 || where[0] != "dict[str, object]" {
		t.Errorf("dict displays typed %v", where)
	}
	for _, c := range []struct {
		src, want string
		code      ir.Code
	}{
		{head + "    query_tickets(\"t\", {\"ids\": [1, 2]})\n", "plan.py:5:32: a value passed as object must be a str, int, float, bool or None, got list[int]", ir.TypeMismatch},
		{head + "    query_tickets(\"t\", {1: \"x\"})\n", "plan.py:5:25: dict key must be str, got int", ir.TypeMismatch},
		{head + "    w = {\"status\": \"open\", \"limit\": 3}\n    query_tickets(\"t\", w)\n", "plan.py:5:37: dict values must have one type, got str and int", ir.TypeMismatch},
		{head + "    w = {\"status\": \"open\"}\n    query_tickets(\"t\", w)\n", "plan.py:6:24: argument where of query_tickets() must be dict[str, object] | None, got dict[str, str]", ir.TypeMismatch},
		{head + "    w: dict[str, object] = {}\n", "plan.py:5:18: type object is supported only in the parameters of trusted effects", ir.Unsupported},
		{"def main(x: object) -> None:\n    pass\n", "plan.py:1:13: type object is supported only in the parameters of trusted effects", ir.Unsupported},
	} {
		_, err := Compile("plan.py", []byte(c.src), Config{ImportRoots: roots})
		diagtest.Want(t, err, c.code, c.want)
	}
}
