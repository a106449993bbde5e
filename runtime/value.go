package planrt

import (
	"math"
	"reflect"
	"strconv"
	"strings"
)

// NoneType is Python's None as a Go value, for the rare places a None
// value is stored or passed (a local of type None, a list of None).
type NoneType struct{}

// None is the None value.
var None NoneType

// The runtime's containers implement these to let the generic helpers
// (Str, Repr, Equal, Less, JSON encoding) see their elements as any.
type (
	listLike interface {
		anyItems() []any
		pyTypeName() string
	}
	dictLike interface {
		anyPairs() (keys, values []any)
	}
	tupleLike interface {
		tupleItems() []any
	}
	optionalLike interface {
		optional() (v any, ok bool)
	}
)

// Str is Python's str(v) for a value of any subset type.
func Str(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return ReprFloat(v)
	case bool:
		return StrBool(v)
	case NoneType:
		return "None"
	case optionalLike:
		if x, ok := v.optional(); ok {
			return Str(x)
		}
		return "None"
	}
	return Repr(v)
}

// StrInt is str(i) of an int.
func StrInt(i int64) string { return strconv.FormatInt(i, 10) }

// StrFloat is str(f) of a float; the same as repr.
func StrFloat(f float64) string { return ReprFloat(f) }

// StrBool is str(b) of a bool: True or False.
func StrBool(b bool) string {
	if b {
		return "True"
	}
	return "False"
}

// Repr is Python's repr(v).
func Repr(v any) string {
	var b strings.Builder
	appendRepr(&b, v)
	return b.String()
}

func appendRepr(b *strings.Builder, v any) {
	switch v := v.(type) {
	case string:
		b.WriteString(ReprStr(v))
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		b.WriteString(ReprFloat(v))
	case bool:
		b.WriteString(StrBool(v))
	case NoneType, nil:
		b.WriteString("None")
	case optionalLike:
		if x, ok := v.optional(); ok {
			appendRepr(b, x)
		} else {
			b.WriteString("None")
		}
	case tupleLike:
		items := v.tupleItems()
		b.WriteByte('(')
		for i, x := range items {
			if i > 0 {
				b.WriteString(", ")
			}
			appendRepr(b, x)
		}
		if len(items) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case dictLike:
		keys, vals := v.anyPairs()
		b.WriteByte('{')
		for i := range keys {
			if i > 0 {
				b.WriteString(", ")
			}
			appendRepr(b, keys[i])
			b.WriteString(": ")
			appendRepr(b, vals[i])
		}
		b.WriteByte('}')
	case listLike:
		items := v.anyItems()
		open, close := "[", "]"
		if v.pyTypeName() == "set" {
			if len(items) == 0 {
				b.WriteString("set()")
				return
			}
			open, close = "{", "}"
		}
		b.WriteString(open)
		for i, x := range items {
			if i > 0 {
				b.WriteString(", ")
			}
			appendRepr(b, x)
		}
		b.WriteString(close)
	default:
		rv := reflect.ValueOf(v)
		if rv.Kind() == reflect.Struct {
			appendRowRepr(b, rv)
			return
		}
		b.WriteString("<" + rv.Type().String() + ">")
	}
}

// Rows are the plan's generated structs; each field carries its Python
// name in a `py` tag. They render like a dataclass: UserRow(email='a', n=1).
func appendRowRepr(b *strings.Builder, rv reflect.Value) {
	t := rv.Type()
	b.WriteString(t.Name())
	b.WriteByte('(')
	n := 0
	for i := 0; i < t.NumField(); i++ {
		name, ok := t.Field(i).Tag.Lookup("py")
		if !ok {
			continue
		}
		if n > 0 {
			b.WriteString(", ")
		}
		n++
		b.WriteString(name)
		b.WriteByte('=')
		appendRepr(b, rv.Field(i).Interface())
	}
	b.WriteByte(')')
}

// rowFields returns the Python-visible fields of a row value.
func rowFields(rv reflect.Value) (names []string, vals []any) {
	t := rv.Type()
	for i := 0; i < t.NumField(); i++ {
		if name, ok := t.Field(i).Tag.Lookup("py"); ok {
			names = append(names, name)
			vals = append(vals, rv.Field(i).Interface())
		}
	}
	return names, vals
}

// TypeName is the Python type name of v, as error messages show it.
func TypeName(v any) string {
	switch v := v.(type) {
	case string:
		return "str"
	case int64:
		return "int"
	case float64:
		return "float"
	case bool:
		return "bool"
	case NoneType, nil:
		return "NoneType"
	case optionalLike:
		if x, ok := v.optional(); ok {
			return TypeName(x)
		}
		return "NoneType"
	case tupleLike:
		return "tuple"
	case dictLike:
		return "dict"
	case listLike:
		return v.pyTypeName()
	}
	rv := reflect.ValueOf(v)
	return rv.Type().Name()
}

// Truthy is Python's bool(v).
func Truthy(v any) bool {
	switch v := v.(type) {
	case string:
		return v != ""
	case int64:
		return v != 0
	case float64:
		return v != 0
	case bool:
		return v
	case NoneType, nil:
		return false
	case optionalLike:
		x, ok := v.optional()
		return ok && Truthy(x)
	case tupleLike:
		return len(v.tupleItems()) > 0
	case dictLike:
		k, _ := v.anyPairs()
		return len(k) > 0
	case listLike:
		return len(v.anyItems()) > 0
	}
	return true // rows
}

// unwrap turns an Optional into its value or None, and bools stay bools.
func unwrap(v any) any {
	if o, ok := v.(optionalLike); ok {
		if x, ok := o.optional(); ok {
			return x
		}
		return None
	}
	if v == nil {
		return None
	}
	return v
}

// Equal is Python's a == b.
func Equal(a, b any) bool {
	a, b = unwrap(a), unwrap(b)
	switch x := a.(type) {
	case string:
		y, ok := b.(string)
		return ok && x == y
	case int64:
		switch y := b.(type) {
		case int64:
			return x == y
		case float64:
			c, ok := IntFloatCmp(x, y)
			return ok && c == 0
		case bool:
			return x == BoolInt(y)
		}
		return false
	case float64:
		switch y := b.(type) {
		case float64:
			return x == y
		case int64:
			c, ok := IntFloatCmp(y, x)
			return ok && c == 0
		case bool:
			return x == float64(BoolInt(y))
		}
		return false
	case bool:
		switch y := b.(type) {
		case bool:
			return x == y
		case int64, float64:
			return Equal(BoolInt(x), y)
		}
		return false
	case NoneType:
		_, ok := b.(NoneType)
		return ok
	case tupleLike:
		y, ok := b.(tupleLike)
		return ok && equalSeq(x.tupleItems(), y.tupleItems())
	case dictLike:
		y, ok := b.(dictLike)
		if !ok {
			return false
		}
		xk, xv := x.anyPairs()
		yk, yv := y.anyPairs()
		if len(xk) != len(yk) {
			return false
		}
		for i, k := range xk {
			j := indexAny(yk, k)
			if j < 0 || !Equal(xv[i], yv[j]) {
				return false
			}
		}
		return true
	case listLike:
		y, ok := b.(listLike)
		if !ok || x.pyTypeName() != y.pyTypeName() {
			return false
		}
		if x.pyTypeName() == "set" {
			xi, yi := x.anyItems(), y.anyItems()
			if len(xi) != len(yi) {
				return false
			}
			for _, e := range xi {
				if indexAny(yi, e) < 0 {
					return false
				}
			}
			return true
		}
		return equalSeq(x.anyItems(), y.anyItems())
	}
	ra, rb := reflect.ValueOf(a), reflect.ValueOf(b)
	if ra.Kind() == reflect.Struct && rb.Kind() == reflect.Struct && ra.Type() == rb.Type() {
		_, xa := rowFields(ra)
		_, xb := rowFields(rb)
		return equalSeq(xa, xb)
	}
	return false
}

// NotEqual is Python's a != b.
func NotEqual(a, b any) bool { return !Equal(a, b) }

func equalSeq(a, b []any) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if !identical(a[i], b[i]) && !Equal(a[i], b[i]) {
			return false
		}
	}
	return true
}

// identical approximates Python's identity shortcut in container
// comparisons (x is y implies x == y), which matters only for NaN.
func identical(a, b any) bool {
	x, ok1 := a.(float64)
	y, ok2 := b.(float64)
	return ok1 && ok2 && math.IsNaN(x) && math.IsNaN(y) && math.Float64bits(x) == math.Float64bits(y)
}

func indexAny(items []any, v any) int {
	for i, x := range items {
		if identical(x, v) || Equal(x, v) {
			return i
		}
	}
	return -1
}

type cmpOp int

const (
	opLT cmpOp = iota
	opLE
	opGT
	opGE
)

var cmpOpText = [...]string{"<", "<=", ">", ">="}

// Less is Python's a < b.
func Less(a, b any) bool { return order(opLT, a, b) }

// LessEq is Python's a <= b.
func LessEq(a, b any) bool { return order(opLE, a, b) }

// Greater is Python's a > b.
func Greater(a, b any) bool { return order(opGT, a, b) }

// GreaterEq is Python's a >= b.
func GreaterEq(a, b any) bool { return order(opGE, a, b) }

func applyCmp(op cmpOp, c int) bool {
	switch op {
	case opLT:
		return c < 0
	case opLE:
		return c <= 0
	case opGT:
		return c > 0
	}
	return c >= 0
}

func order(op cmpOp, a, b any) bool {
	a, b = unwrap(a), unwrap(b)
	if x, ok := a.(bool); ok {
		a = BoolInt(x)
	}
	if y, ok := b.(bool); ok {
		b = BoolInt(y)
	}
	switch x := a.(type) {
	case int64:
		switch y := b.(type) {
		case int64:
			return applyCmp(op, cmpInt(x, y))
		case float64:
			c, ok := IntFloatCmp(x, y)
			return ok && applyCmp(op, c)
		}
	case float64:
		switch y := b.(type) {
		case float64:
			switch op {
			case opLT:
				return x < y
			case opLE:
				return x <= y
			case opGT:
				return x > y
			}
			return x >= y
		case int64:
			c, ok := IntFloatCmp(y, x)
			return ok && applyCmp(op, -c)
		}
	case string:
		if y, ok := b.(string); ok {
			return applyCmp(op, strings.Compare(x, y))
		}
	case tupleLike:
		if y, ok := b.(tupleLike); ok {
			return orderSeq(op, x.tupleItems(), y.tupleItems())
		}
	case listLike:
		if y, ok := b.(listLike); ok && x.pyTypeName() == "list" && y.pyTypeName() == "list" {
			return orderSeq(op, x.anyItems(), y.anyItems())
		}
		if y, ok := b.(listLike); ok && x.pyTypeName() == "set" && y.pyTypeName() == "set" {
			return orderSets(op, x.anyItems(), y.anyItems())
		}
	}
	typeError("'" + cmpOpText[op] + "' not supported between instances of '" + TypeName(a) + "' and '" + TypeName(b) + "'")
	return false
}

func cmpInt(x, y int64) int {
	switch {
	case x < y:
		return -1
	case x > y:
		return 1
	}
	return 0
}

// orderSeq compares sequences like CPython: at the first pair of items
// that are not equal, the items decide; else the lengths do.
func orderSeq(op cmpOp, a, b []any) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if identical(a[i], b[i]) || Equal(a[i], b[i]) {
			continue
		}
		return order(op, a[i], b[i])
	}
	return applyCmp(op, cmpInt(int64(len(a)), int64(len(b))))
}

// orderSets is subset comparison.
func orderSets(op cmpOp, a, b []any) bool {
	subset := func(x, y []any) bool {
		for _, e := range x {
			if indexAny(y, e) < 0 {
				return false
			}
		}
		return true
	}
	switch op {
	case opLT:
		return len(a) < len(b) && subset(a, b)
	case opLE:
		return subset(a, b)
	case opGT:
		return len(a) > len(b) && subset(b, a)
	}
	return subset(b, a)
}
