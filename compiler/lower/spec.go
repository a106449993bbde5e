package lower

import (
	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// maxSpecNumber bounds the width and the precision of a literal format
// spec: a larger one builds strs (or float digits) far beyond what a plan
// needs, so it is refused rather than left to the engines' limits.
const maxSpecNumber = 1 << 20

// CheckSpec returns the zero Reason when the format spec is one CPython
// accepts for a value of type t (format(v, spec) would not raise because
// of the spec), else the reason it is refused, in CPython's words. It
// parses and checks with pysem, the one copy of the format-spec
// mini-language every engine formats with, so the front end accepts
// exactly what the engines run:
//
//	[[fill]align][sign][z][#][0][width][grouping][.precision][type]
//
// The 'n' type is refused: it depends on the locale. A bool with a
// non-empty spec formats as an int (f"{True:5}" is "    1"). Other types
// have no format spec.
func CheckSpec(spec string, t ir.Type) diag.Reason {
	typeName := ""
	switch {
	case ir.IsBasic(t, ir.KindStr):
		typeName = "str"
	case ir.IsBasic(t, ir.KindInt):
		typeName = "int"
	case ir.IsBasic(t, ir.KindBool):
		typeName = "bool"
	case ir.IsBasic(t, ir.KindFloat):
		typeName = "float"
	}
	bad := func(why string) diag.Reason {
		return diag.Because(ir.Unsupported, "format spec %s on a %s value is not supported: %s", ir.PyRepr(spec), t, why)
	}
	if typeName == "" {
		return bad("only str, int, float and bool values take a format spec")
	}
	width, prec, exc := pysem.ParseSpec(spec, typeName)
	if exc != nil {
		return diag.Because(ir.PlanError, "invalid format spec %s: %s", ir.PyRepr(spec), exc.Msg)
	}
	if exc := pysem.CheckSpec(spec, typeName); exc != nil {
		if exc == pysem.ErrFormatN {
			return bad("the 'n' presentation type depends on the locale")
		}
		return bad(exc.Msg)
	}
	if width > maxSpecNumber || prec > maxSpecNumber {
		return bad("a width or precision above 1048576")
	}
	return diag.Reason{}
}
