package compiler

import (
	"strconv"
	"strings"
	"testing"
)

// longLiteralPlan is a plan whose list literal of n elements stands on one
// line (sep " ") or one element per line (sep "\n").
func longLiteralPlan(n int, sep string) []byte {
	var b strings.Builder
	b.WriteString("def main() -> None:\n    xs = [")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString("," + sep)
		}
		b.WriteString(strconv.Itoa(i))
	}
	b.WriteString("]\n    print(len(xs))\n")
	return []byte(b.String())
}

// BenchmarkLongLine compiles a plan with a 20,000-element list literal on
// one line (OneLine) beside the same literal one element per line
// (Baseline), in the same run: their ratio is what a long line costs the
// front end, near 1 when columns are found in constant time.
func BenchmarkLongLine(b *testing.B) {
	for _, c := range []struct{ name, sep string }{{"Baseline", "\n"}, {"OneLine", " "}} {
		src := longLiteralPlan(20000, c.sep)
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if _, err := Compile("long.py", src, Config{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
