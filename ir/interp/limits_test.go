package interp

import (
	"context"
	"errors"
	"testing"
)

// TestMemoryErrorLimits: every str the interpreter builds is held to
// pysem.MaxAlloc bytes, as the sealed binary's are (runtime
// TestMemoryErrorLimits): str.replace and str.join past it raise
// MemoryError at the call, computed widths and precisions of format specs
// too, and results at the limit or below are built.
func TestMemoryErrorLimits(t *testing.T) {
	for _, c := range []struct {
		name, body string
		memory     bool
	}{
		// 65537 * 4096 bytes is just past 2**28
		{"replace past the limit", `s = "a" * 65537
    t = s.replace("a", "b" * 4096)
    print(len(t))`, true},
		{"replace with a count past the limit", `s = "a" * 65537
    t = s.replace("a", "b" * 4097, 65536)
    print(len(t))`, true},
		{"replace at the limit", `s = "a" * 65536
    t = s.replace("a", "b" * 4096)
    print(len(t))`, false},
		{"replace shrinking", `s = "ab" * 65536
    print(len(s.replace("b", "")))`, false},
		{"join past the limit", `xs = ["a" * 4096] * 65537
    t = "".join(xs)
    print(len(t))`, true},
		{"join past the limit by its separators", `xs = ["a" * 4095] * 65537
    t = "b".join(xs)
    print(len(t))`, true},
		{"join at the limit", `xs = ["a" * 4096] * 65536
    print(len("".join(xs)))`, false},
		{"computed format width past the limit", `w = 268435457
    print(len(f"{'x':{w}}"))`, true},
		{"computed format width of an int past the limit", `w = 268435457
    print(len(f"{7:>{w}}"))`, true},
		{"computed format precision past the limit", `p = 268435457
    print(len(f"{1.5:.{p}f}"))`, true},
		{"computed format precision of a g (nothing built)", `p = 268435457
    print(len(f"{1.5:.{p}g}"))`, false},
		{"computed format width within the limit", `w = 1000
    print(len(f"{'x':{w}}"))`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := compilePlan(t, "def main() -> None:\n    "+c.body+"\n")
			err := Run(context.Background(), p, Options{})
			var exc *Exception
			switch {
			case c.memory && (!errors.As(err, &exc) || exc.Class != "MemoryError"):
				t.Errorf("want MemoryError, got %v", err)
			case c.memory && exc.Pos.Line == 0:
				t.Errorf("the MemoryError has no position: %v", err)
			case !c.memory && err != nil:
				t.Errorf("within the limit: %v", err)
			}
		})
	}
}

// TestStrRepeatOverflow: s * n raises CPython's OverflowError ("repeated
// string is too long") where the result's code points would outnumber
// PY_SSIZE_T_MAX, as the sealed binary does (runtime
// TestMemoryErrorLimits), and MemoryError short of it.
func TestStrRepeatOverflow(t *testing.T) {
	for _, c := range []struct {
		body, class, msg string
	}{
		{`print(len("ab" * 9223372036854775807))`, "OverflowError", "repeated string is too long"},
		{`print(len("ab" * 4611686018427387904))`, "OverflowError", "repeated string is too long"},
		{`print(len("é" * 4611686018427387904))`, "MemoryError", ""},
		{`n = 9223372036854775807
    print(len(n * "xyz"))`, "OverflowError", "repeated string is too long"},
	} {
		p := compilePlan(t, "def main() -> None:\n    "+c.body+"\n")
		err := Run(context.Background(), p, Options{})
		var exc *Exception
		if !errors.As(err, &exc) || exc.Class != c.class || exc.Msg != c.msg {
			t.Errorf("%s: got %v, want %s: %s", c.body, err, c.class, c.msg)
		}
	}
}
