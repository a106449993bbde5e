package interp

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/pysem"
)

// str is Python's str(v).
func str(v Value) string {
	if s, ok := v.(string); ok {
		return s
	}
	return repr(v)
}

// repr is Python's repr(v).
func repr(v Value) string {
	var b strings.Builder
	writeRepr(&b, v)
	return b.String()
}

func writeRepr(b *strings.Builder, v Value) {
	switch v := v.(type) {
	case nil:
		b.WriteString("None")
	case bool:
		if v {
			b.WriteString("True")
		} else {
			b.WriteString("False")
		}
	case int64:
		b.WriteString(strconv.FormatInt(v, 10))
	case float64:
		b.WriteString(pysem.ReprFloat(v))
	case string:
		b.WriteString(pysem.ReprStr(v))
	case *List:
		b.WriteByte('[')
		for i, e := range v.Elems {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, e)
		}
		b.WriteByte(']')
	case Tuple:
		b.WriteByte('(')
		for i, e := range v {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, e)
		}
		if len(v) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case *Dict:
		b.WriteByte('{')
		for i, it := range v.Items() {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, it[0])
			b.WriteString(": ")
			writeRepr(b, it[1])
		}
		b.WriteByte('}')
	case *Set:
		if v.Len() == 0 {
			b.WriteString("set()")
			return
		}
		b.WriteByte('{')
		for i, e := range v.Elems() {
			if i > 0 {
				b.WriteString(", ")
			}
			writeRepr(b, e)
		}
		b.WriteByte('}')
	case *Row:
		b.WriteString(typeName(v))
		b.WriteByte('(')
		for i, e := range v.Fields {
			if i > 0 {
				b.WriteString(", ")
			}
			if v.Type != nil && i < len(v.Type.Fields) {
				b.WriteString(v.Type.Fields[i].Name)
				b.WriteByte('=')
			}
			writeRepr(b, e)
		}
		b.WriteByte(')')
	case rangeVal:
		b.WriteString(v.String())
	default:
		fmt.Fprintf(b, "<%T>", v)
	}
}
