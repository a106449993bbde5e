package interp

import (
	"fmt"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// checkValue reports whether v is a value of type t (deeply), so that a
// host or a caller cannot hand the interpreter a value its program was
// not typed for.
func checkValue(v Value, t ir.Type) error {
	switch t := t.(type) {
	case *ir.Basic:
		ok := false
		switch t.Kind {
		case ir.KindInt:
			_, ok = v.(int64)
		case ir.KindBool:
			_, ok = v.(bool)
		case ir.KindStr:
			var str string
			if str, ok = v.(string); ok {
				// The prover's strings stop at U+2FFFF (pysem.MaxProvedRune):
				// an input or a result beyond it is refused, never run on.
				if r, above := pysem.AboveProvedRune(str); above {
					return fmt.Errorf("str %s holds U+%04X, above U+%04X, the largest character the prover represents", repr(str), r, pysem.MaxProvedRune)
				}
			}
		case ir.KindFloat:
			_, ok = v.(float64)
		case ir.KindNone:
			ok = v == nil
		}
		if !ok {
			return fmt.Errorf("%s is not a %s", describe(v), t)
		}
		return nil
	case *ir.Optional:
		if v == nil {
			return nil
		}
		return checkValue(v, t.Elem)
	case *ir.List:
		l, ok := v.(*List)
		if !ok || l == nil {
			return fmt.Errorf("%s is not a %s", describe(v), t)
		}
		for i, e := range l.Elems {
			if err := checkValue(e, t.Elem); err != nil {
				return fmt.Errorf("element %d: %v", i, err)
			}
		}
		return nil
	case *ir.Tuple:
		tu, ok := v.(Tuple)
		if !ok || len(tu) != len(t.Elems) {
			return fmt.Errorf("%s is not a %s", describe(v), t)
		}
		for i, e := range tu {
			if err := checkValue(e, t.Elems[i]); err != nil {
				return fmt.Errorf("element %d: %v", i, err)
			}
		}
		return nil
	case *ir.Dict:
		d, ok := v.(*Dict)
		if !ok || d == nil {
			return fmt.Errorf("%s is not a %s", describe(v), t)
		}
		for _, it := range d.Items() {
			if err := checkValue(it[0], t.Key); err != nil {
				return fmt.Errorf("key %s: %v", repr(it[0]), err)
			}
			if err := checkValue(it[1], t.Value); err != nil {
				return fmt.Errorf("value of %s: %v", repr(it[0]), err)
			}
		}
		return nil
	case *ir.Set:
		s, ok := v.(*Set)
		if !ok || s == nil {
			return fmt.Errorf("%s is not a %s", describe(v), t)
		}
		for _, e := range s.Elems() {
			if err := checkValue(e, t.Elem); err != nil {
				return fmt.Errorf("element %s: %v", repr(e), err)
			}
		}
		return nil
	case *ir.Row:
		r, ok := v.(*Row)
		if !ok || r == nil || r.Type == nil || !ir.Identical(r.Type, t) || len(r.Fields) != len(t.Fields) {
			return fmt.Errorf("%s is not a %s", describe(v), t)
		}
		for i, f := range t.Fields {
			if err := checkValue(r.Fields[i], f.Type); err != nil {
				return fmt.Errorf("field %s: %v", f.Name, err)
			}
		}
		return nil
	}
	return fmt.Errorf("values of type %v are not supported", t)
}

func describe(v Value) string {
	switch x := v.(type) {
	case *List:
		if x == nil {
			return "a nil *List"
		}
	case *Dict:
		if x == nil {
			return "a nil *Dict"
		}
	case *Set:
		if x == nil {
			return "a nil *Set"
		}
	case *Row:
		if x == nil {
			return "a nil *Row"
		}
	}
	switch v.(type) {
	case int64, float64, bool, string, nil, *List, Tuple, *Dict, *Set, *Row, rangeVal:
		return typeName(v) + " " + truncate(repr(v), 60)
	}
	return fmt.Sprintf("Go value of type %T", v)
}

func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "..."
}
