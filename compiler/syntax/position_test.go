package syntax

import (
	"testing"
	"unicode/utf8"
)

// TestRuneColumns checks the per-line column table against counting the
// runes before every byte offset, for ASCII and non-ASCII lines.
func TestRuneColumns(t *testing.T) {
	for _, line := range []string{"", "x = 1", "é = 'ü→𝄞'", "a𝄞b", "→"} {
		f := &File{Name: "f.py", lines: []string{line}, runeCols: [][]int32{runeColumns(line)}}
		for off := 0; off <= len(line); off++ {
			if off < len(line) && !utf8.RuneStart(line[off]) {
				continue // an offset inside a rune is never a token start
			}
			want := utf8.RuneCountInString(line[:off]) + 1
			if got := f.position(1, off).Col; got != want {
				t.Errorf("%q at byte %d: column %d, want %d", line, off, got, want)
			}
		}
	}
}
