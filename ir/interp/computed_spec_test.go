package interp

import (
	"bytes"
	"context"
	"testing"
)

// TestComputedSpecN checks the one place a computed format spec departs
// from CPython on purpose: the locale-dependent 'n' type on a number is a
// ValueError (planrt.FormatComputed raises the same), as the front end
// refuses it in a literal spec. On a str, 'n' meets CPython's own error.
func TestComputedSpecN(t *testing.T) {
	for _, c := range []struct{ value, want string }{
		{"1234", `ValueError: format spec '>8n': the locale-dependent format type 'n' is not supported`},
		{"2.5", `ValueError: format spec '>8n': the locale-dependent format type 'n' is not supported`},
		{"True", `ValueError: format spec '>8n': the locale-dependent format type 'n' is not supported`},
		{"'ab'", `ValueError: Unknown format code 'n' for object of type 'str'`},
		{"1234", ""}, // with the conversion below, the value is a str
	} {
		conv := ""
		if c.want == "" {
			conv = "!s"
		}
		src := "def main() -> None:\n    t = \"n\"\n    x = " + c.value + "\n    w = 8\n    print(\"start\")\n    print(f\"{x" + conv + ":>{w}{t}}\")\n"
		p := compilePlan(t, src)
		var out bytes.Buffer
		err := Run(context.Background(), p, Options{Stdout: &out})
		got := ""
		if err != nil {
			got = err.Error()
		}
		if c.want == "" {
			if err == nil || got != "ValueError: Unknown format code 'n' for object of type 'str'" {
				t.Errorf("%s!s: %v", c.value, err)
			}
			continue
		}
		if got != c.want {
			t.Errorf("x = %s: got %q, want %q (stdout %q)", c.value, got, c.want, out.String())
		}
	}
}
