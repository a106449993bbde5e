package pyast

import (
	"errors"
	"math/big"
	"strconv"
	"strings"

	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/py"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/pysem"
)

// Start returns the node whose position is the start of n's construct:
// the callee of a call, the receiver of an attribute or subscript, the
// left operand of an operator, the first value of a boolean operation.
func Start(n ast.Ast) ast.Ast {
	for {
		var next ast.Expr
		switch x := n.(type) {
		case *ast.Call:
			next = x.Func
		case *ast.Attribute:
			next = x.Value
		case *ast.Subscript:
			next = x.Value
		case *ast.BinOp:
			next = x.Left
		case *ast.Compare:
			next = x.Left
		case *ast.BoolOp:
			if len(x.Values) > 0 {
				next = x.Values[0]
			}
		case *ast.IfExp:
			next = x.Body
		}
		if next == nil {
			return n
		}
		n = next
	}
}

// Pos is the IR position of n in f: file, 1-based line and column (in
// characters) of the start of the construct.
func Pos(f *syntax.File, n ast.Ast) ir.Pos {
	if n == nil {
		return ir.Pos{File: f.Name, Line: 1, Col: 1}
	}
	p := f.Position(Start(n))
	pos := ir.Pos{File: p.File, Line: p.Line, Col: p.Col}
	if pos.File == "" {
		pos.File = f.Name
	}
	if pos.Line < 1 {
		pos.Line = 1
	}
	if pos.Col < 1 {
		pos.Col = 1
	}
	return pos
}

// Dotted returns the dotted name a Name or a chain of Attributes over a
// Name spells ("clauz3.guarantee"), or false.
func Dotted(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.Name:
		return string(e.Id), true
	case *ast.Attribute:
		base, ok := Dotted(e.Value)
		if !ok {
			return "", false
		}
		return base + "." + string(e.Attr), true
	}
	return "", false
}

// Describe names a construct for "<what> is not supported" messages.
func Describe(n ast.Ast) string {
	switch n := n.(type) {
	// statements
	case *ast.FunctionDef:
		return "function definition"
	case *ast.ClassDef:
		return "class definition"
	case *ast.Return:
		return "return statement"
	case *ast.Delete:
		return "del statement"
	case *ast.Assign:
		return "assignment"
	case *ast.AugAssign:
		return "augmented assignment"
	case *ast.For:
		return "for loop"
	case *ast.While:
		return "while loop"
	case *ast.If:
		return "if statement"
	case *ast.With:
		return "with statement"
	case *ast.Raise:
		return "raise statement"
	case *ast.Try:
		return "try statement"
	case *ast.Assert:
		return "assert statement"
	case *ast.Import, *ast.ImportFrom:
		return "import"
	case *ast.Global:
		return "global statement"
	case *ast.Nonlocal:
		return "nonlocal statement"
	case *ast.ExprStmt:
		return "expression statement"
	case *ast.Pass:
		return "pass statement"
	case *ast.Break:
		return "break statement"
	case *ast.Continue:
		return "continue statement"
	// expressions
	case *ast.BoolOp:
		return "boolean operator " + boolOpName(n.Op)
	case *ast.BinOp:
		return "operator " + BinOpName(n.Op)
	case *ast.UnaryOp:
		return "unary operator " + strings.TrimSpace(unaryOpName(n.Op))
	case *ast.Lambda:
		return "lambda"
	case *ast.IfExp:
		return "conditional expression"
	case *ast.Dict:
		return "dict display"
	case *ast.Set:
		return "set display"
	case *ast.ListComp:
		return "list comprehension"
	case *ast.SetComp:
		return "set comprehension"
	case *ast.DictComp:
		return "dict comprehension"
	case *ast.GeneratorExp:
		return "generator expression"
	case *ast.Yield, *ast.YieldFrom:
		return "yield expression"
	case *ast.Compare:
		return "comparison"
	case *ast.Call:
		if name, ok := Dotted(n.Func); ok {
			return "call of " + name
		}
		return "call"
	case *ast.Num:
		switch n.N.(type) {
		case py.Float:
			return "float literal"
		case py.Complex:
			return "complex literal"
		}
		return "number literal"
	case *ast.Str:
		return "string literal"
	case *ast.Bytes:
		return "bytes literal"
	case *ast.NameConstant:
		return "constant " + Render(n)
	case *ast.Ellipsis:
		return "ellipsis"
	case *ast.Attribute:
		return "attribute access ." + string(n.Attr)
	case *ast.Subscript:
		switch n.Slice.(type) {
		case *ast.Slice:
			return "slicing"
		case *ast.ExtSlice:
			return "extended slicing"
		}
		return "subscript"
	case *ast.Starred:
		return "starred expression"
	case *ast.Name:
		return "name " + string(n.Id)
	case *ast.List:
		return "list display"
	case *ast.Tuple:
		return "tuple display"
	}
	return "this construct"
}

// BinOpName is the Python spelling of an arithmetic operator.
func BinOpName(op ast.OperatorNumber) string {
	switch op {
	case ast.Add:
		return "+"
	case ast.Sub:
		return "-"
	case ast.Mult:
		return "*"
	case ast.Div:
		return "/"
	case ast.Modulo:
		return "%"
	case ast.Pow:
		return "**"
	case ast.LShift:
		return "<<"
	case ast.RShift:
		return ">>"
	case ast.BitOr:
		return "|"
	case ast.BitXor:
		return "^"
	case ast.BitAnd:
		return "&"
	case ast.FloorDiv:
		return "//"
	}
	return "?"
}

func boolOpName(op ast.BoolOpNumber) string {
	if op == ast.And {
		return "and"
	}
	return "or"
}

func unaryOpName(op ast.UnaryOpNumber) string {
	switch op {
	case ast.Invert:
		return "~"
	case ast.Not:
		return "not "
	case ast.UAdd:
		return "+"
	case ast.USub:
		return "-"
	}
	return "?"
}

// CmpOpName is the Python spelling of a comparison operator.
func CmpOpName(op ast.CmpOp) string {
	switch op {
	case ast.Eq:
		return "=="
	case ast.NotEq:
		return "!="
	case ast.Lt:
		return "<"
	case ast.LtE:
		return "<="
	case ast.Gt:
		return ">"
	case ast.GtE:
		return ">="
	case ast.Is:
		return "is"
	case ast.IsNot:
		return "is not"
	case ast.In:
		return "in"
	case ast.NotIn:
		return "not in"
	}
	return "?"
}

// Operator precedences, lowest first, as in the Python grammar.
const (
	precLambda = iota + 1
	precIfExp
	precOr
	precAnd
	precNot
	precCompare
	precBitOr
	precBitXor
	precBitAnd
	precShift
	precArith
	precTerm
	precUnary
	precPower
	precAtom
)

func binPrec(op ast.OperatorNumber) int {
	switch op {
	case ast.Add, ast.Sub:
		return precArith
	case ast.Mult, ast.Div, ast.Modulo, ast.FloorDiv:
		return precTerm
	case ast.Pow:
		return precPower
	case ast.LShift, ast.RShift:
		return precShift
	case ast.BitOr:
		return precBitOr
	case ast.BitXor:
		return precBitXor
	case ast.BitAnd:
		return precBitAnd
	}
	return precAtom
}

// Render prints an expression (or a lambda, a call, ...) as Python source:
// normalized spacing, the parentheses precedence needs, strings in
// CPython's repr. Strings that stand for f-strings print as plain strings.
func Render(n ast.Ast) string {
	var b strings.Builder
	render(&b, n, 0)
	return b.String()
}

func render(b *strings.Builder, n ast.Ast, min int) {
	prec := precAtom
	switch n := n.(type) {
	case *ast.Lambda:
		prec = precLambda
	case *ast.IfExp:
		prec = precIfExp
	case *ast.BoolOp:
		prec = precOr
		if n.Op == ast.And {
			prec = precAnd
		}
	case *ast.UnaryOp:
		prec = precUnary
		if n.Op == ast.Not {
			prec = precNot
		}
	case *ast.Compare:
		prec = precCompare
	case *ast.BinOp:
		prec = binPrec(n.Op)
	case *ast.Tuple:
		prec = precAtom
	}
	if prec < min {
		b.WriteByte('(')
		defer b.WriteByte(')')
	}
	switch n := n.(type) {
	case *ast.Name:
		b.WriteString(string(n.Id))
	case *ast.Num:
		b.WriteString(numString(n.N))
	case *ast.Str:
		b.WriteString(ir.PyRepr(string(n.S)))
	case *ast.Bytes:
		b.WriteString("b" + ir.PyRepr(string(n.S)))
	case *ast.NameConstant:
		switch v := n.Value.(type) {
		case py.Bool:
			if v {
				b.WriteString("True")
			} else {
				b.WriteString("False")
			}
		default:
			b.WriteString("None")
		}
	case *ast.Ellipsis:
		b.WriteString("...")
	case *ast.Attribute:
		render(b, n.Value, precAtom)
		b.WriteString("." + string(n.Attr))
	case *ast.Subscript:
		render(b, n.Value, precAtom)
		b.WriteByte('[')
		renderSlice(b, n.Slice)
		b.WriteByte(']')
	case *ast.Call:
		render(b, n.Func, precAtom)
		b.WriteByte('(')
		sep := ""
		if g, ok := sole(n).(*ast.GeneratorExp); ok {
			// f(x for x in xs): the call's parentheses are the
			// generator's, as Python writes (and ast.unparse renders) it
			render(b, g.Elt, precIfExp)
			renderComps(b, g.Generators)
			b.WriteByte(')')
			break
		}
		for _, a := range n.Args {
			b.WriteString(sep)
			render(b, a, precIfExp)
			sep = ", "
		}
		if n.Starargs != nil {
			b.WriteString(sep + "*")
			render(b, n.Starargs, precIfExp)
			sep = ", "
		}
		for _, k := range n.Keywords {
			b.WriteString(sep + string(k.Arg) + "=")
			render(b, k.Value, precIfExp)
			sep = ", "
		}
		if n.Kwargs != nil {
			b.WriteString(sep + "**")
			render(b, n.Kwargs, precIfExp)
		}
		b.WriteByte(')')
	case *ast.List:
		b.WriteByte('[')
		renderList(b, n.Elts)
		b.WriteByte(']')
	case *ast.Tuple:
		b.WriteByte('(')
		renderList(b, n.Elts)
		if len(n.Elts) == 1 {
			b.WriteByte(',')
		}
		b.WriteByte(')')
	case *ast.Set:
		b.WriteByte('{')
		renderList(b, n.Elts)
		b.WriteByte('}')
	case *ast.Dict:
		b.WriteByte('{')
		for i := range n.Keys {
			if i > 0 {
				b.WriteString(", ")
			}
			render(b, n.Keys[i], precIfExp)
			b.WriteString(": ")
			render(b, n.Values[i], precIfExp)
		}
		b.WriteByte('}')
	case *ast.BinOp:
		p := binPrec(n.Op)
		l, r := p, p+1
		if n.Op == ast.Pow {
			l, r = p+1, precUnary
		}
		render(b, n.Left, l)
		b.WriteString(" " + BinOpName(n.Op) + " ")
		render(b, n.Right, r)
	case *ast.UnaryOp:
		b.WriteString(unaryOpName(n.Op))
		if n.Op == ast.Not {
			render(b, n.Operand, precNot)
		} else {
			render(b, n.Operand, precUnary)
		}
	case *ast.BoolOp:
		p := precOr
		if n.Op == ast.And {
			p = precAnd
		}
		for i, v := range n.Values {
			if i > 0 {
				b.WriteString(" " + boolOpName(n.Op) + " ")
			}
			render(b, v, p+1)
		}
	case *ast.Compare:
		render(b, n.Left, precCompare+1)
		for i, op := range n.Ops {
			b.WriteString(" " + CmpOpName(op) + " ")
			if i < len(n.Comparators) {
				render(b, n.Comparators[i], precCompare+1)
			}
		}
	case *ast.IfExp:
		render(b, n.Body, precIfExp+1)
		b.WriteString(" if ")
		render(b, n.Test, precIfExp+1)
		b.WriteString(" else ")
		render(b, n.Orelse, precIfExp)
	case *ast.Lambda:
		b.WriteString("lambda")
		if n.Args != nil && len(n.Args.Args) > 0 {
			b.WriteByte(' ')
			renderArgs(b, n.Args)
		}
		b.WriteString(": ")
		render(b, n.Body, precIfExp)
	case *ast.Starred:
		b.WriteByte('*')
		render(b, n.Value, precAtom)
	case *ast.ListComp:
		b.WriteByte('[')
		render(b, n.Elt, precIfExp)
		renderComps(b, n.Generators)
		b.WriteByte(']')
	case *ast.SetComp:
		b.WriteByte('{')
		render(b, n.Elt, precIfExp)
		renderComps(b, n.Generators)
		b.WriteByte('}')
	case *ast.DictComp:
		b.WriteByte('{')
		render(b, n.Key, precIfExp)
		b.WriteString(": ")
		render(b, n.Value, precIfExp)
		renderComps(b, n.Generators)
		b.WriteByte('}')
	case *ast.GeneratorExp:
		b.WriteByte('(')
		render(b, n.Elt, precIfExp)
		renderComps(b, n.Generators)
		b.WriteByte(')')
	case *ast.Yield:
		b.WriteString("(yield")
		if n.Value != nil {
			b.WriteByte(' ')
			render(b, n.Value, precIfExp)
		}
		b.WriteByte(')')
	case *ast.YieldFrom:
		b.WriteString("(yield from ")
		render(b, n.Value, precIfExp)
		b.WriteByte(')')
	default:
		b.WriteString("<" + Describe(n) + ">")
	}
}

func renderList(b *strings.Builder, es []ast.Expr) {
	for i, e := range es {
		if i > 0 {
			b.WriteString(", ")
		}
		render(b, e, precIfExp)
	}
}

func renderArgs(b *strings.Builder, a *ast.Arguments) {
	nd := len(a.Args) - len(a.Defaults)
	for i, arg := range a.Args {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(string(arg.Arg))
		if i >= nd && i-nd < len(a.Defaults) {
			b.WriteByte('=')
			render(b, a.Defaults[i-nd], precIfExp)
		}
	}
}

func renderComps(b *strings.Builder, cs []ast.Comprehension) {
	for _, c := range cs {
		b.WriteString(" for ")
		render(b, c.Target, precBitOr)
		b.WriteString(" in ")
		render(b, c.Iter, precOr)
		for _, cond := range c.Ifs {
			b.WriteString(" if ")
			render(b, cond, precOr)
		}
	}
}

func renderSlice(b *strings.Builder, s ast.Slicer) {
	switch s := s.(type) {
	case *ast.Index:
		if t, ok := s.Value.(*ast.Tuple); ok && len(t.Elts) > 0 {
			renderList(b, t.Elts)
			if len(t.Elts) == 1 {
				b.WriteByte(',')
			}
			return
		}
		render(b, s.Value, precIfExp)
	case *ast.Slice:
		if s.Lower != nil {
			render(b, s.Lower, precIfExp)
		}
		b.WriteByte(':')
		if s.Upper != nil {
			render(b, s.Upper, precIfExp)
		}
		if s.Step != nil {
			b.WriteByte(':')
			render(b, s.Step, precIfExp)
		}
	case *ast.ExtSlice:
		for i, d := range s.Dims {
			if i > 0 {
				b.WriteString(", ")
			}
			renderSlice(b, d)
		}
	}
}

func numString(o ast.Object) string {
	switch v := o.(type) {
	case py.Int:
		return strconv.FormatInt(int64(v), 10)
	case *py.BigInt:
		return (*big.Int)(v).String()
	case py.Float:
		return FloatRepr(float64(v))
	case py.Complex:
		return strconv.FormatFloat(imag(complex128(v)), 'g', -1, 64) + "j"
	}
	return "<number>"
}

// FloatRepr renders f as CPython's repr of a float does (see
// pysem.ReprFloat).
func FloatRepr(f float64) string { return pysem.ReprFloat(f) }

// ParseErrors turns the error of syntax.Parse into located errors: a
// *syntax.Error (or a joined list of them) keeps its position; anything
// else is placed at 1:1 of file.
func ParseErrors(file string, err error) diag.List {
	var out diag.List
	var walk func(error)
	walk = func(err error) {
		var se *syntax.Error
		switch {
		case err == nil:
		case isMulti(err):
			for _, e := range err.(interface{ Unwrap() []error }).Unwrap() {
				walk(e)
			}
		case errors.As(err, &se):
			pos := ir.Pos{File: se.Pos.File, Line: se.Pos.Line, Col: se.Pos.Col}
			if pos.File == "" {
				pos.File = file
			}
			if pos.Line < 1 {
				pos.Line = 1
			}
			if pos.Col < 1 {
				pos.Col = 1
			}
			out = append(out, diag.Errorf(pos, se.Code, "%s", se.Msg))
		default:
			out = append(out, diag.Errorf(ir.Pos{File: file, Line: 1, Col: 1}, ir.Internal, "%s", err.Error()))
		}
	}
	walk(err)
	return out
}

func isMulti(err error) bool {
	_, ok := err.(interface{ Unwrap() []error })
	return ok
}

// UnaryOpName is the Python spelling of a unary operator (not, -, +, ~).
func UnaryOpName(op ast.UnaryOpNumber) string {
	return strings.TrimSpace(unaryOpName(op))
}

// sole returns the one positional argument of a call that has nothing
// else, or nil.
func sole(c *ast.Call) ast.Expr {
	if len(c.Args) == 1 && len(c.Keywords) == 0 && c.Starargs == nil && c.Kwargs == nil {
		return c.Args[0]
	}
	return nil
}
