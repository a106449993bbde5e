package prover

import (
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestPrefixClosed pins which claims a run cut short by a failed call
// keeps without a second obligation: those that only say "no more than".
func TestPrefixClosed(t *testing.T) {
	for _, tc := range []struct {
		name string
		spec ir.Spec
		want bool
	}{
		{"no guarantees", &ir.NoGuarantees{}, true},
		{"all", &ir.All{}, true},
		{"empty", &ir.Empty{}, true},
		{"distinct", &ir.Distinct{}, true},
		{"count <=", &ir.Count{Op: ir.LtE}, true},
		{"count <", &ir.Count{Op: ir.Lt}, true},
		{"count >=", &ir.Count{Op: ir.GtE}, false},
		{"count >", &ir.Count{Op: ir.Gt}, false},
		{"count ==", &ir.Count{Op: ir.Eq}, false},
		{"count !=", &ir.Count{Op: ir.NotEq}, false},
		{"sum <=", &ir.Sum{Op: ir.LtE}, true},
		{"sum >=", &ir.Sum{Op: ir.GtE}, false},
		{"sum ==", &ir.Sum{Op: ir.Eq}, false},
		{"shares_value", &ir.SharesValue{}, false},
		{"final all", &ir.FinalAll{}, false},
		{"final is", &ir.FinalIs{}, false},
	} {
		if got := prefixClosed(tc.spec); got != tc.want {
			t.Errorf("%s: prefixClosed = %v, want %v", tc.name, got, tc.want)
		}
	}
}
