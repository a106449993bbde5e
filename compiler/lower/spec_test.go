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
		// CPython reads width and precision with Unicode decimal digits.
		{"\u0663", ir.Str, true},
		{">\u0663", ir.Int, true},
		{".\u0662f", ir.Float, true},
		{",_d", ir.Int, false},
		{"_,d", ir.Int, false},
		{"5\u0663x", ir.Int, true},
		{"\u0663\u0663\u0663\u0663\u0663\u0663\u0663\u0663\u0663\u0663\u0663", ir.Int, false},
		{"1000000000", ir.Str, false}, // past the engines' allocation limit
	} {
		why := CheckSpec(tc.spec, tc.t)
		if why.OK() != tc.ok || !why.OK() && why.Code != ir.Unsupported && why.Code != ir.PlanError {
			t.Errorf("CheckSpec(%q, %s) = %q, want ok=%v", tc.spec, tc.t, why, tc.ok)
		}
	}
}

// TestCheckSpecWords checks that a refused spec says what CPython's
// format() would raise, in its words.
func TestCheckSpecWords(t *testing.T) {
	for _, tc := range []struct {
		spec string
		t    ir.Type
		want string
	}{
		{"d", ir.Float, "format spec 'd' on a float value is not supported: Unknown format code 'd' for object of type 'float'"},
		{"+5", ir.Str, "format spec '+5' on a str value is not supported: Sign not allowed in string format specifier"},
		{",_d", ir.Int, "invalid format spec ',_d': Cannot specify both ',' and '_'."},
		{".", ir.Int, "invalid format spec '.': Format specifier missing precision"},
	} {
		if got := CheckSpec(tc.spec, tc.t).Msg; got != tc.want {
			t.Errorf("CheckSpec(%q, %s) = %q, want %q", tc.spec, tc.t, got, tc.want)
		}
	}
}
