package interp

import (
	"errors"
	"math"
	"testing"

	"github.com/clauz3/clauz3/ir"
)

// TestPowMatchesCPython: float ** is glibc's pow, correctly rounded in
// practice; Go's math.Pow differs in the last digit for most of these.
func TestPowMatchesCPython(t *testing.T) {
	for _, c := range powCases {
		v, err := powFloat(ir.Pos{}, c[0], c[1])
		if err != nil || v.(float64) != c[2] {
			t.Errorf("%v ** %v = %v, %v; CPython %v", c[0], c[1], v, err, c[2])
		}
	}
}

func TestDictKeysAndCompaction(t *testing.T) {
	d := NewDict()
	d.Set(int64(1), "int")
	d.Set(1.0, "float")
	d.Set(true, "bool")
	if d.Len() != 1 || repr(d) != "{1: 'bool'}" {
		t.Errorf("1, 1.0 and True are one key: %s", repr(d))
	}
	for i := int64(0); i < 100; i++ {
		d.Set(i, i)
	}
	for i := int64(0); i < 90; i++ {
		d.Delete(i)
	}
	d.Set("z", nil)
	keys := d.Keys()
	if len(keys) != 11 || keys[0] != int64(90) || keys[10] != "z" || d.Len() != 11 {
		t.Errorf("keys %v", keys)
	}
	if v, ok := d.Get(95.0); !ok || v != int64(95) {
		t.Errorf("Get(95.0) = %v, %v", v, ok)
	}
	var zero Dict
	zero.Set("a", int64(1))
	if v, ok := zero.Get("a"); !ok || v != int64(1) {
		t.Error("the zero Dict is usable")
	}
	s := NewSet()
	for i := int64(0); i < 100; i++ {
		s.Add(i)
	}
	for i := int64(0); i < 95; i++ {
		s.Remove(i)
	}
	if s.Len() != 5 || !s.Has(99.0) || s.Has(int64(3)) || len(s.Elems()) != 5 {
		t.Errorf("set %s", repr(s))
	}
	if !eq(Tuple{int64(1), "a"}, Tuple{1.0, "a"}) || eq(&List{}, Tuple{}) || !eq(NewDict(), &Dict{}) {
		t.Error("equality")
	}
}

func TestTypeErrors(t *testing.T) {
	p := ir.Pos{}
	for _, c := range []struct {
		got  func() error
		want string
	}{
		{func() error { _, err := arith(p, ir.Add, int64(1), "a"); return err }, "TypeError: unsupported operand type(s) for +: 'int' and 'str'"},
		{func() error { _, err := arith(p, ir.Add, "a", int64(1)); return err }, `TypeError: can only concatenate str (not "int") to str`},
		{func() error { _, err := arith(p, ir.Repeat, "a", 1.5); return err }, "TypeError: can't multiply sequence by non-int of type 'float'"},
		{func() error { _, err := arith(p, ir.Sub, nil, int64(1)); return err }, "TypeError: unsupported operand type(s) for -: 'NoneType' and 'int'"},
		{func() error { _, err := negate(p, "x"); return err }, "TypeError: bad operand type for unary -: 'str'"},
		{func() error { _, err := order(p, ir.Lt, int64(1), "a"); return err }, "TypeError: '<' not supported between instances of 'int' and 'str'"},
		{func() error { _, err := order(p, ir.GtE, nil, nil); return err }, "TypeError: '>=' not supported between instances of 'NoneType' and 'NoneType'"},
		{func() error { _, err := order(p, ir.Lt, &List{}, Tuple{}); return err }, "TypeError: '<' not supported between instances of 'list' and 'tuple'"},
		{func() error { _, err := getItem(p, nil, int64(0)); return err }, "TypeError: 'NoneType' object is not subscriptable"},
		{func() error { _, err := getItem(p, "abc", "x"); return err }, "TypeError: string indices must be integers, not 'str'"},
		{func() error { _, err := getItem(p, NewDict(), &List{}); return err }, "TypeError: unhashable type: 'list'"},
		{func() error { _, err := contains(p, "abc", int64(1)); return err }, "TypeError: 'in <string>' requires string as left operand, not int"},
		{func() error { _, err := contains(p, int64(1), int64(1)); return err }, "TypeError: argument of type 'int' is not iterable"},
		{func() error { _, err := iterValue(p, nil); return err }, "TypeError: 'NoneType' object is not iterable"},
		{func() error { return setItem(p, Tuple{}, int64(0), nil) }, "TypeError: 'tuple' object does not support item assignment"},
	} {
		// The kind is the type (a Python exception); its text is CPython's
		// own, compared word for word.
		if err, exc := c.got(), (*Exception)(nil); !errors.As(err, &exc) || exc.Error() != c.want {
			t.Errorf("got %v\nCPython %s", err, c.want)
		}
	}
	if v, err := negate(p, true); err != nil || v != int64(-1) {
		t.Errorf("-True = %v, %v", v, err)
	}
	if v, _ := arith(p, ir.Repeat, int64(2), &List{Elems: []Value{"a"}}); repr(v) != "['a', 'a']" {
		t.Errorf("2 * ['a'] = %s", repr(v))
	}
	if math.Signbit(0) {
		t.Fatal()
	}
}
