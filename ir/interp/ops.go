package interp

import (
	"math"
	"math/big"
	"strings"
	"unicode/utf8"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// truthy is Python's bool(v).
func truthy(v Value) bool {
	switch v := v.(type) {
	case nil:
		return false
	case bool:
		return v
	case int64:
		return v != 0
	case float64:
		return v != 0
	case string:
		return v != ""
	case *List:
		return len(v.Elems) > 0
	case Tuple:
		return len(v) > 0
	case *Dict:
		return v.Len() > 0
	case *Set:
		return v.Len() > 0
	case rangeVal:
		return v.length() > 0
	}
	return true
}

// asInt returns v as an int when it is an int or a bool.
func asInt(v Value) (int64, bool) {
	switch v := v.(type) {
	case int64:
		return v, true
	case bool:
		if v {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// asFloat returns a number (int, bool or float) as a float, converted
// as CPython converts an int operand of mixed arithmetic.
func asFloat(v Value) (float64, bool) {
	switch v := v.(type) {
	case float64:
		return v, true
	case int64:
		return float64(v), true
	case bool:
		if v {
			return 1, true
		}
		return 0, true
	}
	return 0, false
}

// eq is Python's ==.
func eq(a, b Value) bool {
	switch x := a.(type) {
	case nil:
		return b == nil
	case string:
		y, ok := b.(string)
		return ok && x == y
	case int64, bool:
		i, _ := asInt(x)
		switch y := b.(type) {
		case int64, bool:
			j, _ := asInt(y)
			return i == j
		case float64:
			c, ok := cmpIntFloat(i, y)
			return ok && c == 0
		}
		return false
	case float64:
		switch y := b.(type) {
		case int64, bool:
			j, _ := asInt(y)
			c, ok := cmpIntFloat(j, x)
			return ok && c == 0
		case float64:
			return x == y
		}
		return false
	case *List:
		y, ok := b.(*List)
		return ok && seqEq(x.Elems, y.Elems)
	case Tuple:
		y, ok := b.(Tuple)
		return ok && seqEq(x, y)
	case *Dict:
		y, ok := b.(*Dict)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for _, it := range x.Items() {
			v, ok := y.Get(it[0])
			if !ok || !eq(it[1], v) {
				return false
			}
		}
		return true
	case *Set:
		y, ok := b.(*Set)
		if !ok || x.Len() != y.Len() {
			return false
		}
		for _, e := range x.Elems() {
			if !y.Has(e) {
				return false
			}
		}
		return true
	case rangeVal:
		y, ok := b.(rangeVal)
		return ok && rangeEq(x, y)
	case *Row:
		y, ok := b.(*Row)
		if !ok || x.Type == nil || y.Type == nil || !ir.Identical(x.Type, y.Type) {
			return ok && x == y
		}
		return seqEq(x.Fields, y.Fields)
	}
	return false
}

func seqEq(a, b []Value) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !eq(a[i], b[i]) {
			return false
		}
	}
	return true
}

// cmpIntFloat compares an int with a float exactly, as CPython does (no
// rounding of the int); ok is false when f is NaN.
func cmpIntFloat(i int64, f float64) (int, bool) {
	switch {
	case math.IsNaN(f):
		return 0, false
	case f >= 9223372036854775808.0:
		return -1, true
	case f < -9223372036854775808.0:
		return 1, true
	}
	fl := math.Floor(f)
	fi := int64(fl)
	switch {
	case i < fi:
		return -1, true
	case i > fi:
		return 1, true
	case f > fl:
		return -1, true
	}
	return 0, true
}

// compare evaluates a op b for an ordering or equality operator.
func compare(pos ir.Pos, op ir.CmpOp, a, b Value) (bool, error) {
	switch op {
	case ir.Eq:
		return eq(a, b), nil
	case ir.NotEq:
		return !eq(a, b), nil
	case ir.Is:
		return identical(a, b), nil
	case ir.IsNot:
		return !identical(a, b), nil
	case ir.In, ir.NotIn:
		in, err := contains(pos, b, a)
		if err != nil {
			return false, err
		}
		return in == (op == ir.In), nil
	}
	return order(pos, op, a, b)
}

// identical is `is`, which the subset allows only against None.
func identical(a, b Value) bool {
	if a == nil || b == nil {
		return a == nil && b == nil
	}
	switch x := a.(type) {
	case *List:
		y, ok := b.(*List)
		return ok && x == y
	case *Dict:
		y, ok := b.(*Dict)
		return ok && x == y
	case *Set:
		y, ok := b.(*Set)
		return ok && x == y
	case *Row:
		y, ok := b.(*Row)
		return ok && x == y
	case bool:
		y, ok := b.(bool)
		return ok && x == y
	}
	return false
}

var opSymbol = map[ir.CmpOp]string{ir.Lt: "<", ir.LtE: "<=", ir.Gt: ">", ir.GtE: ">="}

func notSupported(pos ir.Pos, op ir.CmpOp, a, b Value) error {
	return raise(pos, "TypeError", "'%s' not supported between instances of '%s' and '%s'", opSymbol[op], typeName(a), typeName(b))
}

// order evaluates a <, <=, >, >= b as Python does.
func order(pos ir.Pos, op ir.CmpOp, a, b Value) (bool, error) {
	switch x := a.(type) {
	case int64, bool:
		i, _ := asInt(x)
		switch y := b.(type) {
		case int64, bool:
			j, _ := asInt(y)
			return cmpResult(op, cmp3(i, j)), nil
		case float64:
			c, ok := cmpIntFloat(i, y)
			return ok && cmpResult(op, c), nil
		}
	case float64:
		switch y := b.(type) {
		case int64, bool:
			j, _ := asInt(y)
			c, ok := cmpIntFloat(j, x)
			return ok && cmpResult(op, -c), nil
		case float64:
			switch op {
			case ir.Lt:
				return x < y, nil
			case ir.LtE:
				return x <= y, nil
			case ir.Gt:
				return x > y, nil
			default:
				return x >= y, nil
			}
		}
	case string:
		if y, ok := b.(string); ok {
			// UTF-8 byte order is code point order.
			c := 0
			if x < y {
				c = -1
			} else if x > y {
				c = 1
			}
			return cmpResult(op, c), nil
		}
	case *List:
		if y, ok := b.(*List); ok {
			return seqOrder(pos, op, x.Elems, y.Elems)
		}
	case Tuple:
		if y, ok := b.(Tuple); ok {
			return seqOrder(pos, op, x, y)
		}
	case *Set:
		if y, ok := b.(*Set); ok {
			switch op {
			case ir.Lt:
				return x.Len() < y.Len() && subset(x, y), nil
			case ir.LtE:
				return subset(x, y), nil
			case ir.Gt:
				return x.Len() > y.Len() && subset(y, x), nil
			default:
				return subset(y, x), nil
			}
		}
	}
	return false, notSupported(pos, op, a, b)
}

func subset(a, b *Set) bool {
	if a.Len() > b.Len() {
		return false
	}
	for _, e := range a.Elems() {
		if !b.Has(e) {
			return false
		}
	}
	return true
}

// seqOrder is CPython's list/tuple richcompare: the first differing
// element decides, else the lengths.
func seqOrder(pos ir.Pos, op ir.CmpOp, a, b []Value) (bool, error) {
	i := 0
	for i < len(a) && i < len(b) && eq(a[i], b[i]) {
		i++
	}
	if i >= len(a) || i >= len(b) {
		return cmpResult(op, cmp3(int64(len(a)), int64(len(b)))), nil
	}
	return order(pos, op, a[i], b[i])
}

func cmp3(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpResult(op ir.CmpOp, c int) bool {
	switch op {
	case ir.Lt:
		return c < 0
	case ir.LtE:
		return c <= 0
	case ir.Gt:
		return c > 0
	case ir.GtE:
		return c >= 0
	case ir.Eq:
		return c == 0
	case ir.NotEq:
		return c != 0
	}
	return false
}

// lessThan is the `<` that sorted, min and list.sort use.
func lessThan(pos ir.Pos, a, b Value) (bool, error) { return order(pos, ir.Lt, a, b) }

// contains is `x in c`.
func contains(pos ir.Pos, c, x Value) (bool, error) {
	switch c := c.(type) {
	case string:
		s, ok := x.(string)
		if !ok {
			return false, raise(pos, "TypeError", "'in <string>' requires string as left operand, not %s", typeName(x))
		}
		return strings.Contains(c, s), nil
	case *List:
		for i := 0; i < len(c.Elems); i++ {
			if eq(c.Elems[i], x) {
				return true, nil
			}
		}
		return false, nil
	case Tuple:
		for _, e := range c {
			if eq(e, x) {
				return true, nil
			}
		}
		return false, nil
	case *Dict:
		if n, ok := hashable(x); !ok {
			return false, raise(pos, "TypeError", "unhashable type: '%s'", n)
		}
		_, ok := c.Get(x)
		return ok, nil
	case *Set:
		if n, ok := hashable(x); !ok {
			return false, raise(pos, "TypeError", "unhashable type: '%s'", n)
		}
		return c.Has(x), nil
	case rangeVal:
		return rangeContains(c, x), nil
	}
	return false, raise(pos, "TypeError", "argument of type '%s' is not iterable", typeName(c))
}

// Integer arithmetic with overflow detection: pysem's checked int64
// operations, with this interpreter's exceptions.

func addInt(pos ir.Pos, a, b int64) (int64, error) { return checked(pos)(pysem.AddInt(a, b)) }
func subInt(pos ir.Pos, a, b int64) (int64, error) { return checked(pos)(pysem.SubInt(a, b)) }
func mulInt(pos ir.Pos, a, b int64) (int64, error) { return checked(pos)(pysem.MulInt(a, b)) }
func negInt(pos ir.Pos, a int64) (int64, error)    { return checked(pos)(pysem.NegInt(a)) }

// checked turns a (result, ok) pair into the result or OverflowError.
func checked(pos ir.Pos) func(int64, bool) (int64, error) {
	return func(v int64, ok bool) (int64, error) {
		if !ok {
			return 0, overflow(pos)
		}
		return v, nil
	}
}

func floorDivInt(pos ir.Pos, a, b int64) (int64, error) {
	if b == 0 {
		return 0, raise(pos, "ZeroDivisionError", "integer division or modulo by zero")
	}
	return checked(pos)(pysem.FloorDivInt(a, b))
}

func modInt(pos ir.Pos, a, b int64) (int64, error) {
	if b == 0 {
		return 0, raise(pos, "ZeroDivisionError", "integer modulo by zero")
	}
	return pysem.ModInt(a, b), nil
}

// powInt is a ** b for ints; a negative exponent gives a float.
func powInt(pos ir.Pos, a, b int64) (Value, error) {
	if b < 0 {
		return powFloat(pos, float64(a), float64(b))
	}
	return checked(pos)(pysem.PowInt(a, b))
}

// trueDivInt is a / b for ints, correctly rounded as CPython's
// long_true_divide is.
func trueDivInt(pos ir.Pos, a, b int64) (Value, error) {
	if b == 0 {
		return nil, raise(pos, "ZeroDivisionError", "division by zero")
	}
	const exact = 1 << 53
	if -exact <= a && a <= exact && -exact <= b && b <= exact {
		return float64(a) / float64(b), nil
	}
	f, _ := new(big.Rat).SetFrac(big.NewInt(a), big.NewInt(b)).Float64()
	if f == 0 && (a < 0) != (b < 0) {
		f = math.Copysign(0, -1)
	}
	return f, nil
}

func trueDivFloat(pos ir.Pos, a, b float64) (Value, error) {
	if b == 0 {
		return nil, raise(pos, "ZeroDivisionError", "float division by zero")
	}
	return a / b, nil
}

func floorDivFloat(pos ir.Pos, a, b float64) (Value, error) {
	if b == 0 {
		return nil, raise(pos, "ZeroDivisionError", "float floor division by zero")
	}
	return pysem.FloorDivFloat(a, b), nil
}

func modFloat(pos ir.Pos, a, b float64) (Value, error) {
	if b == 0 {
		return nil, raise(pos, "ZeroDivisionError", "float modulo")
	}
	return pysem.ModFloat(a, b), nil
}

// powFloat is CPython's float_pow (see pysem.PowFloat).
func powFloat(pos ir.Pos, v, w float64) (Value, error) {
	r, exc := pysem.PowFloat(v, w)
	if exc != nil {
		return nil, raise(pos, exc.Class, "%s", exc.Msg)
	}
	return r, nil
}

// arith applies a BinOp to two values.
func arith(pos ir.Pos, op ir.BinOpKind, x, y Value) (Value, error) {
	if v, ok := setOp(op, x, y); ok {
		return v, nil
	}
	if i, ok := asInt(x); ok {
		if j, ok := asInt(y); ok {
			return arithInt(pos, op, i, j)
		}
	}
	if fx, ok := asFloat(x); ok {
		if fy, ok := asFloat(y); ok && op != ir.Repeat {
			return arithFloat(pos, op, fx, fy)
		}
	}
	switch op {
	case ir.Add:
		switch a := x.(type) {
		case string:
			if b, ok := y.(string); ok {
				return a + b, nil
			}
		case *List:
			if b, ok := y.(*List); ok {
				out := make([]Value, 0, len(a.Elems)+len(b.Elems))
				return &List{Elems: append(append(out, a.Elems...), b.Elems...)}, nil
			}
		case Tuple:
			if b, ok := y.(Tuple); ok {
				out := make(Tuple, 0, len(a)+len(b))
				return append(append(out, a...), b...), nil
			}
		}
		if _, isStr := x.(string); isStr {
			return nil, raise(pos, "TypeError", "can only concatenate str (not \"%s\") to str", typeName(y))
		}
		if _, isList := x.(*List); isList {
			return nil, raise(pos, "TypeError", "can only concatenate list (not \"%s\") to list", typeName(y))
		}
		if _, isTuple := x.(Tuple); isTuple {
			return nil, raise(pos, "TypeError", "can only concatenate tuple (not \"%s\") to tuple", typeName(y))
		}
	case ir.Repeat, ir.Mul:
		seq, n := x, y
		if _, ok := asInt(x); ok {
			seq, n = y, x
		}
		if k, ok := asInt(n); ok {
			switch s := seq.(type) {
			case string:
				return repeatStr(pos, s, k)
			case *List:
				elems, err := repeatSeq(pos, s.Elems, k)
				if err != nil {
					return nil, err
				}
				return &List{Elems: elems}, nil
			case Tuple:
				elems, err := repeatSeq(pos, s, k)
				if err != nil {
					return nil, err
				}
				return Tuple(elems), nil
			}
		}
		switch seq.(type) {
		case string, *List, Tuple:
			return nil, raise(pos, "TypeError", "can't multiply sequence by non-int of type '%s'", typeName(n))
		}
		switch x.(type) {
		case string, *List, Tuple:
			return nil, raise(pos, "TypeError", "can't multiply sequence by non-int of type '%s'", typeName(y))
		}
	}
	return nil, raise(pos, "TypeError", "unsupported operand type(s) for %s: '%s' and '%s'", opName(op), typeName(x), typeName(y))
}

func opName(op ir.BinOpKind) string {
	if op == ir.Pow {
		return "** or pow()"
	}
	return op.String()
}

func repeatStr(pos ir.Pos, s string, n int64) (Value, error) {
	if n <= 0 || s == "" {
		return "", nil
	}
	if pysem.StrRepeatOverflows(int64(utf8.RuneCountInString(s)), n) {
		return nil, raise(pos, "OverflowError", "%s", pysem.StrRepeatTooLong)
	}
	if !pysem.RepeatFits(int64(len(s)), n) {
		return nil, raise(pos, "MemoryError", "")
	}
	out := make([]byte, 0, int64(len(s))*n)
	for i := int64(0); i < n; i++ {
		out = append(out, s...)
	}
	return string(out), nil
}

func repeatSeq(pos ir.Pos, s []Value, n int64) ([]Value, error) {
	if n <= 0 || len(s) == 0 {
		return []Value{}, nil
	}
	if !pysem.RepeatFits(int64(len(s)), n) {
		return nil, raise(pos, "MemoryError", "")
	}
	out := make([]Value, 0, int64(len(s))*n)
	for i := int64(0); i < n; i++ {
		out = append(out, s...)
	}
	return out, nil
}

func arithInt(pos ir.Pos, op ir.BinOpKind, a, b int64) (Value, error) {
	var r int64
	var err error
	switch op {
	case ir.Add:
		r, err = addInt(pos, a, b)
	case ir.Sub:
		r, err = subInt(pos, a, b)
	case ir.Mul:
		r, err = mulInt(pos, a, b)
	case ir.FloorDiv:
		r, err = floorDivInt(pos, a, b)
	case ir.Mod:
		r, err = modInt(pos, a, b)
	case ir.Div:
		return trueDivInt(pos, a, b)
	case ir.Pow:
		return powInt(pos, a, b)
	default:
		return nil, raise(pos, "TypeError", "can't multiply sequence by non-int of type 'int'")
	}
	if err != nil {
		return nil, err
	}
	return r, nil
}

func arithFloat(pos ir.Pos, op ir.BinOpKind, a, b float64) (Value, error) {
	switch op {
	case ir.Add:
		return a + b, nil
	case ir.Sub:
		return a - b, nil
	case ir.Mul:
		return a * b, nil
	case ir.Div:
		return trueDivFloat(pos, a, b)
	case ir.FloorDiv:
		return floorDivFloat(pos, a, b)
	case ir.Mod:
		return modFloat(pos, a, b)
	case ir.Pow:
		return powFloat(pos, a, b)
	}
	return nil, raise(pos, "TypeError", "can't multiply sequence by non-int of type 'float'")
}

// negate is unary minus.
func negate(pos ir.Pos, x Value) (Value, error) {
	switch v := x.(type) {
	case int64:
		return negInt(pos, v)
	case bool:
		i, _ := asInt(v)
		return -i, nil
	case float64:
		return -v, nil
	}
	return nil, raise(pos, "TypeError", "bad operand type for unary -: '%s'", typeName(x))
}
