package syntax

import (
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestScanDecodesEscapes: the scanner decodes each non-raw literal's
// escapes itself and turns the decoder's error into a soft error at the
// literal, so no caller has to recognise gpython's "Decode error" message.
func TestScanDecodesEscapes(t *testing.T) {
	for _, tt := range []struct {
		src     string
		wantOff int // -1: no soft error
		wantMsg string
	}{
		{`x = "\x4"`, 4, `(unicode error) truncated \x escape at position 0`},
		{`x = b"\x4g"`, 4, `(unicode error) invalid \x escape at position 0`},
		{`x = "ok" '\u12'`, 9, `(unicode error) truncated \u escape at position 0`},
		{`x = U"\U0001F60"`, 4, `(unicode error) truncated \U escape at position 0`},
		{`x = r"\x4"`, -1, ""},
		{`x = Rb"\x4"`, -1, ""},
		{`x = "\x41\n\\"`, -1, ""},
		// f-strings decode their literal parts in fstring.go, with the
		// expression parts left alone.
		{`x = f"{a}"`, -1, ""},
	} {
		_, soft, hard := scan([]byte(tt.src), true)
		if hard != nil {
			t.Errorf("%s: hard error %v", tt.src, hard.msg)
			continue
		}
		switch {
		case tt.wantOff < 0 && soft != nil:
			t.Errorf("%s: soft error at %d: %s", tt.src, soft.off, soft.msg)
		case tt.wantOff >= 0 && soft == nil:
			t.Errorf("%s: no soft error, want %q at %d", tt.src, tt.wantMsg, tt.wantOff)
		// The kind is the code (a SyntaxError); the message is CPython's
		// own text for the same literal, so its wording is under test.
		case tt.wantOff >= 0 && (soft.code != ir.Syntax || soft.off != tt.wantOff || soft.msg != tt.wantMsg):
			t.Errorf("%s: soft error %q (%v) at %d, want %q (Syntax) at %d", tt.src, soft.msg, soft.code, soft.off, tt.wantMsg, tt.wantOff)
		}
	}
}
