package ir

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/pysem"
)

// Fprint writes p in the stable text form `clauz3 ir` shows: effects,
// functions with typed locals, then guarantees.
func Fprint(w io.Writer, p *Program) error {
	pr := &printer{}
	pr.program(p)
	_, err := io.WriteString(w, pr.b.String())
	return err
}

// Sprint returns the text form of a program.
func Sprint(p *Program) string {
	pr := &printer{}
	pr.program(p)
	return pr.b.String()
}

type printer struct {
	b      strings.Builder
	indent int
}

func (pr *printer) line(format string, args ...any) {
	pr.b.WriteString(strings.Repeat("    ", pr.indent))
	fmt.Fprintf(&pr.b, format, args...)
	pr.b.WriteByte('\n')
}

func (pr *printer) program(p *Program) {
	pr.line("program %s target %s", p.File, funcName(p.Target))
	for _, e := range p.Effects {
		pr.effect(e)
	}
	for _, f := range p.Funcs {
		pr.fn(f)
	}
	for _, g := range p.Guarantees {
		pr.line("guarantee %s  # %s", g.Source, g.Pos)
		pr.indent++
		if g.Contract != nil {
			pr.line("contract %s.%s(%s) = %s", g.Contract.Module, g.Contract.Name, exprList(g.Args), SpecString(g.Contract.Spec))
		}
		pr.indent--
	}
	for _, pol := range p.Policies {
		// no position: the digest must not depend on where the layer lives
		pr.line("policy %s label %s when_used(%s)", pol.Layer, PyRepr(pol.Label), strings.Join(pol.WhenUsed, ", "))
		pr.indent++
		for _, g := range pol.Required {
			pr.line("required %s = %s", g.Source, SpecString(g.Contract.Spec))
		}
		for _, c := range pol.Recommended {
			pr.line("recommended %s.%s", c.Module, c.Name)
		}
		pr.indent--
	}
}

func funcName(f *Func) string {
	if f == nil {
		return "<none>"
	}
	return f.Name
}

func (pr *printer) effect(e *Effect) {
	params := make([]string, len(e.Params))
	for i, p := range e.Params {
		params[i] = p.Name + " " + p.Type.String()
		if p.Default != nil {
			params[i] += " = " + ExprString(p.Default)
		}
	}
	markers := ""
	if len(e.Markers) > 0 {
		markers = " markers(" + strings.Join(e.Markers, ", ") + ")"
	}
	pr.line("effect %s.%s(%s) %s%s", e.Module, e.Name, strings.Join(params, ", "), e.Result, markers)
	pr.indent++
	for _, c := range e.Requires {
		pr.line("requires %s", LambdaString(c.Pred))
	}
	for _, c := range e.Ensures {
		pr.line("ensures %s", LambdaString(c.Pred))
	}
	for _, u := range e.Updates {
		pr.line("updates %s[%s] = %s", u.Fluent.Name, ExprString(u.Key), ExprString(u.Value))
	}
	pr.indent--
}

func (pr *printer) fn(f *Func) {
	params := make([]string, len(f.Params))
	for i, p := range f.Params {
		params[i] = p.Name + " " + p.Type.String()
	}
	nested := ""
	if f.Outer != nil {
		nested = " in " + f.Outer.Name
	}
	pr.line("func %s(%s) %s%s  # %s", f.Name, strings.Join(params, ", "), f.Result, nested, f.Pos)
	pr.indent++
	for _, c := range f.Requires {
		pr.line("requires %s%s", LambdaString(c.Pred), conditionMessage(c))
	}
	for _, c := range f.Ensures {
		pr.line("ensures %s%s", LambdaString(c.Pred), conditionMessage(c))
	}
	for _, l := range f.Locals {
		pr.line("local %s %s", l.Name, l.Type)
	}
	pr.stmts(f.Body)
	pr.indent--
}

// conditionMessage renders a plan condition's message= so that the
// printed IR, and with it the digest a receipt binds, includes it.
func conditionMessage(c *Condition) string {
	if c.Message == "" {
		return ""
	}
	return fmt.Sprintf(" message %q", c.Message)
}

func (pr *printer) stmts(ss []Stmt) {
	for _, s := range ss {
		pr.stmt(s)
	}
}

func (pr *printer) stmt(s Stmt) {
	switch s := s.(type) {
	case *Assign:
		pr.line("%s = %s", s.Dest.Name, ExprString(s.Value))
	case *If:
		pr.line("if %s:", ExprString(s.Cond))
		pr.block(s.Then)
		if len(s.Else) > 0 {
			pr.line("else:")
			pr.block(s.Else)
		}
	case *For:
		pr.line("for %s in %s:", s.Var.Name, ExprString(s.Iter))
		pr.block(s.Body)
	case *Return:
		if s.Value == nil {
			pr.line("return")
		} else {
			pr.line("return %s", ExprString(s.Value))
		}
	case *ExprStmt:
		pr.line("%s", ExprString(s.X))
	case *SetIndex:
		pr.line("%s[%s] = %s", ExprString(s.X), ExprString(s.Index), ExprString(s.Value))
	case *Break:
		pr.line("break")
	case *Continue:
		pr.line("continue")
	case *Assert:
		if s.Msg != nil {
			pr.line("assert %s, %s", ExprString(s.Cond), ExprString(s.Msg))
		} else {
			pr.line("assert %s", ExprString(s.Cond))
		}
	case *Raise:
		if s.Msg != nil {
			pr.line("raise %s(%s)", s.Class, ExprString(s.Msg))
		} else {
			pr.line("raise %s", s.Class)
		}
	default:
		pr.line("<unknown stmt %T>", s)
	}
}

func (pr *printer) block(ss []Stmt) {
	pr.indent++
	if len(ss) == 0 {
		pr.line("pass")
	}
	pr.stmts(ss)
	pr.indent--
}

func exprList(es []Expr) string {
	parts := make([]string, len(es))
	for i, e := range es {
		parts[i] = ExprString(e)
	}
	return strings.Join(parts, ", ")
}

// ExprString renders an expression in a Python-like form.
func ExprString(e Expr) string {
	switch e := e.(type) {
	case nil:
		return "<nil>"
	case *Const:
		return ConstString(e.Value)
	case *LocalRef:
		return e.Local.Name
	case *BinOp:
		return "(" + ExprString(e.X) + " " + e.Op.String() + " " + ExprString(e.Y) + ")"
	case *UnOp:
		return "(" + e.Op.String() + ExprString(e.X) + ")"
	case *Unwrap:
		return "unwrap(" + ExprString(e.X) + ")"
	case *BoolOp:
		return "(" + ExprString(e.X) + " " + e.Op.String() + " " + ExprString(e.Y) + ")"
	case *Compare:
		var b strings.Builder
		b.WriteString("(")
		b.WriteString(ExprString(e.Operands[0]))
		for i, op := range e.Ops {
			b.WriteString(" " + op.String() + " ")
			if i+1 < len(e.Operands) {
				b.WriteString(ExprString(e.Operands[i+1]))
			}
		}
		b.WriteString(")")
		return b.String()
	case *Call:
		return e.Func.Name + "(" + exprList(e.Args) + ")"
	case *EffectCall:
		return "effect " + e.Effect.Name + "(" + exprList(e.Args) + ")"
	case *Builtin:
		args := exprList(e.Args)
		for _, kw := range e.Keywords {
			if args != "" {
				args += ", "
			}
			args += kw.Name + "=" + ExprString(kw.Value)
		}
		if e.Key != nil {
			if args != "" {
				args += ", "
			}
			args += "key=" + LambdaString(e.Key)
		}
		return e.Name + "(" + args + ")"
	case *Index:
		return ExprString(e.X) + "[" + ExprString(e.Index) + "]"
	case *Slice:
		opt := func(b Expr) string {
			if b == nil {
				return ""
			}
			return ExprString(b)
		}
		s := ExprString(e.X) + "[" + opt(e.Lo) + ":" + opt(e.Hi)
		if e.Step != nil {
			s += ":" + opt(e.Step)
		}
		return s + "]"
	case *Attr:
		return ExprString(e.X) + "." + e.Field
	case *CondExpr:
		return "(" + ExprString(e.Then) + " if " + ExprString(e.Cond) + " else " + ExprString(e.Else) + ")"
	case *SetLit:
		if len(e.Elems) == 0 {
			return "set()"
		}
		return "{" + exprList(e.Elems) + "}"
	case *Comprehension:
		var b strings.Builder
		open, close := "[", "]"
		if e.Kind != ListComp {
			open, close = "{", "}"
		}
		b.WriteString(open)
		if e.Kind == DictComp {
			b.WriteString(ExprString(e.Key) + ": ")
		}
		b.WriteString(ExprString(e.Elem))
		for _, c := range e.Clauses {
			b.WriteString(" for " + c.Var.Name + " in " + ExprString(c.Iter))
			for _, cond := range c.Conds {
				b.WriteString(" if " + ExprString(cond))
			}
		}
		b.WriteString(close)
		return b.String()
	case *ListLit:
		return "[" + exprList(e.Elems) + "]"
	case *TupleLit:
		if len(e.Elems) == 1 {
			return "(" + ExprString(e.Elems[0]) + ",)"
		}
		return "(" + exprList(e.Elems) + ")"
	case *DictLit:
		parts := make([]string, len(e.Keys))
		for i := range e.Keys {
			parts[i] = ExprString(e.Keys[i]) + ": " + ExprString(e.Values[i])
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case *Range:
		return "range(" + exprList([]Expr{e.Start, e.Stop, e.Step}) + ")"
	case *FString:
		return "f\"" + fstringBody(e) + "\""
	case *FactField:
		return e.Fact.Name + "." + e.Field
	case *IsColumn:
		op := " == "
		if e.Negated {
			op = " != "
		}
		return "(" + ExprString(e.X) + op + "getattr(" + e.Row.Name + ", " + strconv.Quote(e.Column) + "))"
	}
	return fmt.Sprintf("<unknown expr %T>", e)
}

// fstringBody is the text of an f-string between its quotes. A computed
// format spec prints as its own body: {x:{w}.{p}f}.
func fstringBody(e *FString) string {
	var b strings.Builder
	for _, p := range e.Parts {
		if p.X == nil {
			lit := strings.NewReplacer("{", "{{", "}", "}}").Replace(p.Lit)
			q := strconv.Quote(lit)
			b.WriteString(q[1 : len(q)-1])
			continue
		}
		b.WriteString("{" + ExprString(p.X))
		if p.Conv != 0 {
			b.WriteString("!" + string(p.Conv))
		}
		switch {
		case p.DynSpec != nil:
			b.WriteString(":" + fstringBody(p.DynSpec))
		case p.Spec != "":
			b.WriteString(":" + p.Spec)
		}
		b.WriteString("}")
	}
	return b.String()
}

// ConstString renders a constant value like Python's repr, with
// single-quoted strings.
func ConstString(v any) string {
	switch v := v.(type) {
	case nil:
		return "None"
	case bool:
		if v {
			return "True"
		}
		return "False"
	case int64:
		return strconv.FormatInt(v, 10)
	case float64:
		return pysem.ReprFloat(v)
	case string:
		return PyRepr(v)
	}
	return fmt.Sprintf("<%T>", v)
}

// PyRepr renders s as CPython's repr of a str does (see pysem.ReprStr).
func PyRepr(s string) string { return pysem.ReprStr(s) }

// LambdaString renders a lambda as `lambda a, b: body`.
func LambdaString(l *Lambda) string {
	if l == nil {
		return "<nil>"
	}
	names := make([]string, len(l.Params))
	for i, p := range l.Params {
		names[i] = p.Name
	}
	return "lambda " + strings.Join(names, ", ") + ": " + ExprString(l.Body)
}

// SpecString renders a spec in the contract language.
func SpecString(s Spec) string {
	switch s := s.(type) {
	case *NoGuarantees:
		return "no_guarantees()"
	case *All:
		return relString(s.Rel) + ".all(" + LambdaString(s.Pred) + ")"
	case *Empty:
		return relString(s.Rel) + ".empty()"
	case *Distinct:
		return relString(s.Rel) + ".distinct(" + LambdaString(s.Key) + ")"
	case *SharesValue:
		return relString(s.A) + ".shares_value(" + relString(s.B) + ", " + LambdaString(s.KeyA) + ")"
	case *Count:
		return relString(s.Rel) + ".count() " + s.Op.String() + " " + ExprString(s.N)
	case *Sum:
		return relString(s.Rel) + ".sum(" + LambdaString(s.Key) + ") " + s.Op.String() + " " + ExprString(s.N)
	case *FinalAll:
		return fluentString(s.Fluent) + ".final.all(" + LambdaString(s.Pred) + ")"
	case *FinalIs:
		return fluentString(s.Fluent) + ".final[" + ExprString(s.Key) + "] " + s.Op.String() + " " + ExprString(s.Value)
	}
	return fmt.Sprintf("<unknown spec %T>", s)
}

// RelationString renders a relation in the contract language, e.g.
// effect('send_email').where(lambda e: e.urgent).
func RelationString(r *Relation) string { return relString(r) }

func relString(r *Relation) string {
	if r == nil {
		return "<nil>"
	}
	s := "effect(" + PyRepr(r.Selector) + ")"
	for _, f := range r.Filters {
		s += ".where(" + LambdaString(f) + ")"
	}
	return s
}

func fluentString(f *Fluent) string {
	if f == nil {
		return "<nil>"
	}
	return "fluent(" + PyRepr(f.Name) + ", key=" + f.Key.String() + ", value=" + f.Value.String() + ", initial=" + ExprString(f.Initial) + ")"
}
