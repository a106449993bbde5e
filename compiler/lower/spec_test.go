package lower

import (
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestCheckSpec mirrors what CPython's format() accepts.
func TestCheckSpec(t *testing.T) {
	for _, tc := range []struct {
		spec string
		t    ir.Type
		ok   bool
	}{
		{">5", ir.Str, true},
		{"05", ir.Str, true},
		{"*^10s", ir.Str, true},
		{"=5", ir.Str, false},
		{"+5", ir.Str, false},
		{"d", ir.Str, false},
		{".2f", ir.Int, true},
		{".2", ir.Int, false},
		{",d", ir.Int, true},
		{"_x", ir.Int, true},
		{",x", ir.Int, false},
		{"+c", ir.Int, false},
		{",n", ir.Int, false},
		{"#010b", ir.Int, true},
		{"5", ir.Bool, true},
		{"s", ir.Int, false},
		{"z.2f", ir.Int, true},
		{">3", &ir.List{Elem: ir.Int}, false},
		{"5", ir.None, false},
		{".", ir.Int, false},
		{"5x5", ir.Int, false},
		{".2f", ir.Float, true},
		{"e", ir.Float, true},
		{"+08.3%", ir.Float, true},
		{"z,.1f", ir.Float, true},
		{"#g", ir.Float, true},
		{"d", ir.Float, false},
		{"x", ir.Float, false},
		{"n", ir.Float, false},
		{"n", ir.Int, false},
		{"=10", ir.Float, true},
	} {
		why := CheckSpec(tc.spec, tc.t)
		if why.OK() != tc.ok || !why.OK() && why.Code != ir.Unsupported && why.Code != ir.PlanError {
			t.Errorf("CheckSpec(%q, %s) = %q, want ok=%v", tc.spec, tc.t, why, tc.ok)
		}
	}
}
