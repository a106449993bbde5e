package interp

import (
	"errors"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

func TestFormatSpecs(t *testing.T) {
	fails := 0
	for _, c := range formatCases {
		got, err := formatValue(ir.Pos{}, c.v, c.spec)
		if c.spec == "n" || len(c.spec) > 0 && c.spec[len(c.spec)-1] == 'n' {
			// 'n' is refused on purpose (locale-dependent).
			if c.err == "" && !errors.Is(err, errFormatN) {
				t.Errorf("format(%s, %q): want the 'n' refusal, got %q, %v", repr(c.v), c.spec, got, err)
			}
			continue
		}
		var gotErr string
		if err != nil {
			gotErr = err.Error()
		}
		if got != c.want || gotErr != c.err {
			fails++
			if fails < 60 {
				t.Errorf("format(%s, %q) = %q, %q; CPython: %q, %q", repr(c.v), c.spec, got, gotErr, c.want, c.err)
			}
		}
	}
	if fails > 0 {
		t.Errorf("%d of %d cases differ", fails, len(formatCases))
	}
}
