package pysem_test

import (
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
	planrt "github.com/clauz3/clauz3/runtime"
)

// The engines' exported entry points join the differential tests of
// cpython_test.go: each must agree with CPython, which they do by
// delegating to this package.
func init() {
	pysem.ReprStrImpls["ir.PyRepr"] = ir.PyRepr
	pysem.ReprStrImpls["planrt.ReprStr"] = planrt.ReprStr
	pysem.ReprFloatImpls["ir.ConstString"] = func(f float64) string { return ir.ConstString(f) }
	pysem.ReprFloatImpls["pyast.FloatRepr"] = pyast.FloatRepr
	pysem.ReprFloatImpls["planrt.ReprFloat"] = planrt.ReprFloat
	pysem.FloatDivmodImpls["planrt.FloorDivFloat/ModFloat"] = func(a, b float64) (float64, float64) {
		return planrt.FloorDivFloat(a, b), planrt.ModFloat(a, b)
	}
	pysem.StrImpls["planrt"] = pysem.StrFuncs{
		IsAlpha: planrt.IsAlpha, IsDigit: planrt.IsDigit, IsSpace: planrt.IsSpace, // planrt has no isprintable
		IsLower: planrt.IsLower, IsUpper: planrt.IsUpper, IsTitle: planrt.IsTitle,
		Upper: planrt.Upper, Lower: planrt.Lower, Title: planrt.Title, SwapCase: planrt.SwapCase, Capitalize: planrt.Capitalize,
	}
}

// raised runs fn and returns its result, or the planrt exception it
// raises as "Class: message".
func raised(fn func() string) (s string) {
	defer func() {
		if r := recover(); r != nil {
			e, ok := r.(*planrt.Exception)
			if !ok {
				panic(r)
			}
			s = e.Error()
		}
	}()
	return fn()
}

func init() {
	pysem.FormatImpls["planrt"] = pysem.Formatters{
		Str: func(s, spec string) string { return raised(func() string { return planrt.FormatStr(s, spec) }) },
		Int: func(x int64, spec, typeName string) string {
			if typeName == "bool" {
				return raised(func() string { return planrt.Format(x == 1, spec) })
			}
			return raised(func() string { return planrt.FormatInt(x, spec) })
		},
		Float: func(x float64, spec string) string {
			return raised(func() string { return planrt.FormatFloat(x, spec) })
		},
	}
}

func init() {
	pysem.PowImpls["planrt.PowFloat"] = func(v, w float64) string {
		return raised(func() string { return pysem.ReprFloat(planrt.PowFloat(v, w)) })
	}
}

func init() {
	pysem.ParseImpls["planrt"] = pysem.ParseFuncs{
		Int:   func(s string) string { return raised(func() string { return planrt.StrInt(planrt.ParseInt(s)) }) },
		Float: func(s string) string { return raised(func() string { return planrt.ReprFloat(planrt.ParseFloat(s)) }) },
	}
}
