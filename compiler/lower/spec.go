package lower

import (
	"fmt"
	"strings"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// CheckSpec returns the zero Reason when the format spec is one CPython
// accepts for a value of type t (format(v, spec) would not raise), else
// the reason it is refused. The grammar is Python's format-spec mini-language:
//
//	[[fill]align][sign][z][#][0][width][grouping][.precision][type]
//
// str takes the s type (or none) and no sign, z, #, = or grouping; int and
// bool take b c d o x X n and the float types e E f F g G %, precision only
// with a float type; float takes e E f F g G % (or none). The 'n' type is
// refused: it depends on the locale. Note that a bool with a non-empty
// spec formats as an int (f"{True:5}" is "    1"). Other types have no
// format spec.
func CheckSpec(spec string, t ir.Type) diag.Reason {
	p, err := parseSpec(spec)
	if err != "" {
		return diag.Because(ir.PlanError, "invalid format spec %s: %s", ir.PyRepr(spec), err)
	}
	bad := func(why string) diag.Reason {
		return diag.Because(ir.Unsupported, "format spec %s on a %s value is not supported: %s", ir.PyRepr(spec), t, why)
	}
	if p.typ == 'n' && (types.IsNumeric(t) || ir.IsBasic(t, ir.KindStr)) {
		return bad("the 'n' presentation type depends on the locale")
	}
	switch {
	case ir.IsBasic(t, ir.KindStr):
		switch {
		case p.typ != 0 && p.typ != 's':
			return bad(fmt.Sprintf("unknown format code '%c' for str", p.typ))
		case p.sign != 0:
			return bad("sign not allowed in string format specifier")
		case p.z:
			return bad("z not allowed in string format specifier")
		case p.alt:
			return bad("alternate form (#) not allowed in string format specifier")
		case p.align == '=':
			return bad("'=' alignment not allowed in string format specifier")
		case p.grouping != 0:
			return bad("cannot specify grouping with a string")
		}
	case ir.IsBasic(t, ir.KindInt), ir.IsBasic(t, ir.KindBool):
		switch {
		case p.typ == 0 || strings.ContainsRune("bcdoxXn", p.typ):
			if p.hasPrec {
				return bad("precision not allowed in integer format specifier")
			}
			if p.typ == 'c' && p.sign != 0 {
				return bad("sign not allowed with integer format specifier 'c'")
			}
			if p.typ == 'c' && p.alt {
				return bad("alternate form (#) not allowed with integer format specifier 'c'")
			}
			if p.typ == 'c' && p.grouping != 0 {
				return bad("cannot specify grouping with 'c'")
			}
			if p.typ == 'n' && p.grouping != 0 {
				return bad("cannot specify grouping with 'n'")
			}
			if p.z {
				return bad("z not allowed in integer format specifier")
			}
			if p.grouping == ',' && strings.ContainsRune("boxX", p.typ) {
				return bad(fmt.Sprintf("cannot specify ',' with '%c'", p.typ))
			}
		case strings.ContainsRune("eEfFgG%", p.typ):
		default:
			return bad(fmt.Sprintf("unknown format code '%c' for int", p.typ))
		}
	case ir.IsBasic(t, ir.KindFloat):
		switch {
		case p.typ == 0 || strings.ContainsRune("eEfFgG%", p.typ):
		case p.typ == 'n':
			if p.grouping != 0 {
				return bad("cannot specify grouping with 'n'")
			}
		default:
			return bad(fmt.Sprintf("unknown format code '%c' for float", p.typ))
		}
	default:
		return bad("only str, int, float and bool values take a format spec")
	}
	return diag.Reason{}
}

type fspec struct {
	fill, align rune
	sign        rune
	z, alt      bool
	zero        bool
	width       int
	grouping    rune
	hasPrec     bool
	prec        int
	typ         rune
}

func parseSpec(spec string) (fspec, string) {
	var p fspec
	rs := []rune(spec)
	i := 0
	isAlign := func(r rune) bool { return r == '<' || r == '>' || r == '=' || r == '^' }
	if len(rs) >= 2 && isAlign(rs[1]) {
		p.fill, p.align = rs[0], rs[1]
		i = 2
	} else if len(rs) >= 1 && isAlign(rs[0]) {
		p.align = rs[0]
		i = 1
	}
	if i < len(rs) && (rs[i] == '+' || rs[i] == '-' || rs[i] == ' ') {
		p.sign = rs[i]
		i++
	}
	if i < len(rs) && rs[i] == 'z' {
		p.z = true
		i++
	}
	if i < len(rs) && rs[i] == '#' {
		p.alt = true
		i++
	}
	if i < len(rs) && rs[i] == '0' {
		p.zero = true
		i++
	}
	digits := func() (int, bool) {
		n, ok := 0, false
		for i < len(rs) && rs[i] >= '0' && rs[i] <= '9' {
			n = n*10 + int(rs[i]-'0')
			if n > 1<<20 {
				return n, false
			}
			i++
			ok = true
		}
		return n, ok
	}
	start := i
	if w, _ := digits(); i > start {
		if w > 1<<20 {
			return p, "width too large"
		}
		p.width = w
	}
	if i < len(rs) && (rs[i] == ',' || rs[i] == '_') {
		p.grouping = rs[i]
		i++
	}
	if i < len(rs) && rs[i] == '.' {
		i++
		n, ok := digits()
		if !ok {
			return p, "format specifier missing precision"
		}
		p.hasPrec, p.prec = true, n
	}
	if i < len(rs) {
		p.typ = rs[i]
		i++
	}
	if i < len(rs) {
		return p, "invalid format specifier"
	}
	return p, ""
}
