package pysem

import "testing"

// TestUnicodeSamples pins a few mappings where Go's unicode package and
// CPython 3.11 differ or where special casing applies, so a table
// regenerated from another CPython shows up even without python3.
func TestUnicodeSamples(t *testing.T) {
	// Expectations from CPython 3.11 (Unicode 14).
	for _, c := range []struct{ in, upper, lower, title string }{
		{"ß", "SS", "ß", "Ss"},
		{"ŉ", "ʼN", "ŉ", "ʼN"},
		{"ǰ", "J̌", "ǰ", "J̌"},
		{"\u0390", "\u0399\u0308\u0301", "\u0390", "\u0399\u0308\u0301"},
		{"ﬃ", "FFI", "ﬃ", "Ffi"},
		{"ǅ", "Ǆ", "ǆ", "ǅ"},
		{"ᾳ", "ΑΙ", "ᾳ", "ᾼ"},
		{"İ", "İ", "i̇", "İ"},
		{"ẞ", "ẞ", "ß", "ẞ"},
		{"Ⱥ", "Ⱥ", "ⱥ", "Ⱥ"},
		{"ΑΣ ΑΣΑ Σ", "ΑΣ ΑΣΑ Σ", "ας ασα σ", "Ας Ασα Σ"},
		{"ὈΔΥΣΣΕΎΣ", "ὈΔΥΣΣΕΎΣ", "ὀδυσσεύς", "Ὀδυσσεύς"},
		{"a'b c-d 3x", "A'B C-D 3X", "a'b c-d 3x", "A'B C-D 3X"},
	} {
		if got := Upper(c.in); got != c.upper {
			t.Errorf("%q.upper() = %q, CPython %q", c.in, got, c.upper)
		}
		if got := Lower(c.in); got != c.lower {
			t.Errorf("%q.lower() = %q, CPython %q", c.in, got, c.lower)
		}
		if got := Title(c.in); got != c.title {
			t.Errorf("%q.title() = %q, CPython %q", c.in, got, c.title)
		}
	}
	if got := ReprStr("\u0378\u00ad\U000e0001 \u2028x"); got != `'\u0378\xad\U000e0001 \u2028x'` {
		t.Errorf("repr = %s", got)
	}
}
