package planrt

import (
	"strings"

	"github.com/clauz3/clauz3/pysem"
)

// The format-spec mini-language is pysem's (CPython's
// parse_internal_render_format_spec, format_string_internal,
// format_long_internal and format_float_internal, with CPython's error
// messages); this file raises its errors as Python exceptions.

// formatted is s, or the exception pysem's formatter reports.
func formatted(s string, err *pysem.Exception) string {
	if err != nil {
		Throw(err.Class, err.Msg)
	}
	return s
}

// Format is format(v, spec) for a value of any subset type: what an
// f-string replacement field {v:spec} renders.
func Format(v any, spec string) string {
	switch x := v.(type) {
	case string:
		return FormatStr(x, spec)
	case int64:
		return FormatInt(x, spec)
	case float64:
		return FormatFloat(x, spec)
	case bool:
		if spec == "" {
			return StrBool(x)
		}
		return formatted(pysem.FormatInt(BoolInt(x), spec, "bool"))
	case optionalLike:
		if y, ok := x.optional(); ok {
			return Format(y, spec)
		}
		v = None
	}
	if spec == "" {
		return Str(v)
	}
	typeError("unsupported format string passed to " + TypeName(v) + ".__format__")
	return ""
}

// FormatComputed is format(v, spec) for a spec with replacement fields,
// f"{x:{w}.{p}f}", known only at run time. The locale-dependent 'n' type,
// which the front end refuses in a literal spec, is a ValueError for a
// number (the interpreter does the same); a str meets CPython's own
// "Unknown format code" error.
func FormatComputed(v any, spec string) string {
	if strings.HasSuffix(spec, "n") {
		switch v.(type) {
		case int64, float64, bool:
			valueError("format spec " + ReprStr(spec) + ": the locale-dependent format type 'n' is not supported")
		}
	}
	return Format(v, spec)
}

// FormatStr is format(s, spec).
func FormatStr(s, spec string) string { return formatted(pysem.FormatStr(s, spec)) }

// FormatInt is format(i, spec).
func FormatInt(i int64, spec string) string { return formatted(pysem.FormatInt(i, spec, "int")) }

// FormatFloat is format(x, spec).
func FormatFloat(x float64, spec string) string { return formatted(pysem.FormatFloatSpec(x, spec)) }
