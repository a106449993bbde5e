package interp

import (
	"errors"
	"strings"

	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// The format-spec mini-language is pysem's; formatValue raises its
// errors as Python exceptions at pos.

// formatValue is format(v, spec).
func formatValue(pos ir.Pos, v Value, spec string) (string, error) {
	var s string
	var err *pysem.Exception
	switch x := v.(type) {
	case string:
		s, err = pysem.FormatStr(x, spec)
	case bool:
		if spec == "" {
			return str(x), nil
		}
		i, _ := asInt(x)
		s, err = pysem.FormatInt(i, spec, "bool")
	case int64:
		s, err = pysem.FormatInt(x, spec, "int")
	case float64:
		s, err = pysem.FormatFloatSpec(x, spec)
	default:
		if spec == "" {
			return str(v), nil
		}
		return "", raise(pos, "TypeError", "unsupported format string passed to %s.__format__", typeName(v))
	}
	switch {
	case err == pysem.ErrFormatN:
		return "", errFormatN
	case err != nil:
		return "", &Exception{Class: err.Class, Msg: err.Msg, Pos: pos}
	}
	return s, nil
}

// errFormatN is pysem.ErrFormatN as an internal error: the front end
// refuses a literal 'n' spec, and computedSpec raises ValueError for a
// computed one before formatValue sees it.
var errFormatN = errors.New(pysem.ErrFormatN.Msg)

// fstringPart renders one replacement field of an f-string.
func fstringPart(pos ir.Pos, v Value, conv byte, spec string) (string, error) {
	switch conv {
	case 's':
		v = str(v)
	case 'r':
		v = repr(v)
	case 0:
	default:
		return "", internalf(pos, "f-string conversion !%c", conv)
	}
	s, err := formatValue(pos, v, spec)
	if errors.Is(err, errFormatN) {
		return "", internalf(pos, "%v", err)
	}
	return s, err
}

// computedSpec evaluates a format spec with replacement fields
// (f"{x:{w}.{p}f}") for the value v converted by conv. The
// locale-dependent 'n' type, which the front end refuses in a literal
// spec, is refused here for numbers as a ValueError (planrt.ComputedSpec
// does the same); a str meets CPython's own "Unknown format code" error.
func (in *interp) computedSpec(fr *frame, dyn *ir.FString, v Value, conv byte) (string, error) {
	sv, err := in.eval(fr, dyn)
	if err != nil {
		return "", err
	}
	spec, ok := sv.(string)
	if !ok {
		return "", internalf(dyn.Pos, "format spec evaluated to %T", sv)
	}
	if conv == 0 && strings.HasSuffix(spec, "n") {
		switch v.(type) {
		case int64, float64, bool:
			return "", raise(dyn.Pos, "ValueError", "format spec %s: the locale-dependent format type 'n' is not supported", repr(spec))
		}
	}
	return spec, nil
}
