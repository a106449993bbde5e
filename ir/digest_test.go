package ir

import (
	"strings"
	"testing"
)

func TestDigest(t *testing.T) {
	mk := func(v int64) *Program {
		n := &Local{Name: "n", Type: Int, Index: 0}
		f := &Func{Name: "main", Result: None, Locals: []*Local{n}, Body: []Stmt{
			&Assign{Dest: n, Value: &Const{T: Int, Value: v}},
		}}
		return &Program{File: "plan.py", Funcs: []*Func{f}, Target: f}
	}
	src := []byte("def main():\n    n = 1\n")
	base := Digest(src, mk(1))
	if !strings.HasPrefix(base, "sha256:") || len(base) != len("sha256:")+64 {
		t.Fatalf("Digest = %q, want sha256:<64 hex>", base)
	}
	if again := Digest(src, mk(1)); again != base {
		t.Errorf("Digest not deterministic: %q then %q", base, again)
	}
	if d := Digest([]byte("def main():\n    n = 1\n\n"), mk(1)); d == base {
		t.Error("Digest ignores the source bytes")
	}
	if d := Digest(src, mk(2)); d == base {
		t.Error("Digest ignores the IR")
	}
}
