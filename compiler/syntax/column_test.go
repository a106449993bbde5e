package syntax

import (
	"math/rand"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestSourceLineColumn: the per-line table gives, for every byte offset,
// the column that counting runes from the line's start gives.
func TestSourceLineColumn(t *testing.T) {
	pieces := []string{"a", "é", "ೳ", "𝔘", "\U0002FFFF", " ", "x=1", "\t"}
	rng := rand.New(rand.NewSource(1))
	lines := []string{"", "abc", "é", "ａddr = 1", "x = ['𝔘', 'é']"}
	for i := 0; i < 200; i++ {
		var b strings.Builder
		for n := rng.Intn(20); n > 0; n-- {
			b.WriteString(pieces[rng.Intn(len(pieces))])
		}
		lines = append(lines, b.String())
	}
	for _, text := range lines {
		l := newSourceLine(text)
		for off := 0; off <= len(text); off++ {
			want := utf8.RuneCountInString(text[:off]) + 1
			if got := l.column(off); got != want {
				t.Fatalf("line %q, byte offset %d: column %d, want %d", text, off, got, want)
			}
		}
	}
}
