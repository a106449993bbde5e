package english

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/clauz3/clauz3/ir"
)

// Guarantee renders g: its contract's spec with g's arguments in place of
// the contract's parameters.
func Guarantee(g *ir.Guarantee) (string, error) {
	if g == nil || g.Contract == nil {
		return "", errorf(Missing, "english: guarantee without a contract")
	}
	c := g.Contract
	if len(g.Args) != len(c.Params) {
		return "", errorf(Arity, "english: %s: guarantee %s has %d arguments for %d parameters of contract %s", g.Pos, g.Source, len(g.Args), len(c.Params), c.Name)
	}
	r := &renderer{args: map[*ir.Local]ir.Expr{}}
	for i, p := range c.Params {
		r.args[p] = g.Args[i]
	}
	s, err := r.sentence(c.Spec)
	if err != nil {
		return "", fmt.Errorf("english: %s: %s: %w", g.Pos, g.Source, err)
	}
	return s, nil
}

// Contract renders c with its parameters as placeholders, e.g. "There are
// at most <n> emails (send_email)."
func Contract(c *ir.Contract) (string, error) {
	if c == nil {
		return "", errorf(Missing, "english: nil contract")
	}
	r := &renderer{}
	s, err := r.sentence(c.Spec)
	if err != nil {
		return "", fmt.Errorf("english: %s: contract %s: %w", c.Pos, c.Name, err)
	}
	return s, nil
}

// renderer substitutes args (a guarantee's arguments) for contract
// parameters; a parameter without an argument renders as <name>.
type renderer struct {
	args  map[*ir.Local]ir.Expr
	names map[*ir.Local]string // lambda parameters rendered as a phrase
}

func (r *renderer) sentence(s ir.Spec) (string, error) {
	body, err := r.spec(s)
	if err != nil {
		return "", err
	}
	return capitalize(body) + ".", nil
}

func (r *renderer) spec(s ir.Spec) (string, error) {
	switch s := s.(type) {
	case nil:
		return "", errorf(Missing, "contract has no spec")
	case *ir.NoGuarantees:
		return "no guarantee: an explicit waiver, the plan promises nothing here", nil
	case *ir.All:
		rel, err := r.relation(s.Rel, false)
		if err != nil {
			return "", err
		}
		p, err := r.pred(s.Pred.Body)
		if err != nil {
			return "", err
		}
		return "for every " + rel + ", " + p, nil
	case *ir.Empty:
		rel, err := r.relation(s.Rel, false)
		if err != nil {
			return "", err
		}
		return "there is no " + rel, nil
	case *ir.Distinct:
		rel, err := r.relation(s.Rel, true)
		if err != nil {
			return "", err
		}
		k, err := r.key(s.Key.Body)
		if err != nil {
			return "", err
		}
		return "no two " + rel + " have the same " + k, nil
	case *ir.SharesValue:
		if s.KeyA == nil {
			return "", errorf(Malformed, "malformed shares_value spec")
		}
		a, err := r.relation(s.A, false)
		if err != nil {
			return "", err
		}
		b, err := r.relation(s.B, false)
		if err != nil {
			return "", err
		}
		k, err := r.key(s.KeyA.Body)
		if err != nil {
			return "", err
		}
		return "some " + a + " and some " + b + " have the same " + k, nil
	case *ir.Count:
		bound, one, err := r.bound(s.N)
		if err != nil {
			return "", err
		}
		rel, err := r.relation(s.Rel, !one)
		if err != nil {
			return "", err
		}
		verb := "are"
		if one && s.Op != ir.Lt && s.Op != ir.Gt {
			verb = "is"
		}
		return "there " + verb + " " + quantity(s.Op, "fewer than", "more than") + " " + bound + " " + rel, nil
	case *ir.Sum:
		bound, _, err := r.bound(s.N)
		if err != nil {
			return "", err
		}
		rel, err := r.relation(s.Rel, true)
		if err != nil {
			return "", err
		}
		k, err := r.key(s.Key.Body)
		if err != nil {
			return "", err
		}
		return "the total " + k + " over all " + rel + " is " + quantity(s.Op, "less than", "more than") + " " + bound, nil
	case *ir.FinalAll:
		n := 0
		if s.Pred != nil {
			n = len(s.Pred.Params)
		}
		if s.Fluent == nil || n < 1 || n > 2 {
			return "", errorf(Malformed, "malformed final.all spec")
		}
		r.named(s.Pred.Params[n-1], "its value")
		if n == 2 {
			r.named(s.Pred.Params[0], "the key")
		}
		p, err := r.pred(s.Pred.Body)
		if err != nil {
			return "", err
		}
		return "after the run, for every key of " + s.Fluent.Name + ", " + p, nil
	case *ir.FinalIs:
		if s.Fluent == nil {
			return "", errorf(Malformed, "malformed final[key] spec")
		}
		k, err := r.term(r.resolve(s.Key))
		if err != nil {
			return "", err
		}
		v, err := r.term(r.resolve(s.Value))
		if err != nil {
			return "", err
		}
		verb := "is"
		if s.Op == ir.NotEq {
			verb = "is not"
		} else if s.Op != ir.Eq {
			return "", errorf(Malformed, "final[key] compared with %s", s.Op)
		}
		return "after the run, " + s.Fluent.Name + "[" + k + "] " + verb + " " + v, nil
	}
	return "", errorf(NoRendering, "spec %T has no English rendering", s)
}

// named makes a lambda parameter render as a phrase ("its value").
func (r *renderer) named(l *ir.Local, phrase string) {
	if r.names == nil {
		r.names = map[*ir.Local]string{}
	}
	r.names[l] = phrase
}

// quantity words a comparison with a bound; lt and gt differ for counts
// ("fewer than") and amounts ("less than").
func quantity(op ir.CmpOp, lt, gt string) string {
	switch op {
	case ir.LtE:
		return "at most"
	case ir.Lt:
		return lt
	case ir.GtE:
		return "at least"
	case ir.Gt:
		return gt
	case ir.Eq:
		return "exactly"
	}
	return op.String()
}

// bound renders a count or sum bound and reports whether it is the
// constant 1 (singular noun).
func (r *renderer) bound(n ir.Expr) (string, bool, error) {
	v := r.resolve(n)
	s, err := r.term(v)
	if err != nil {
		return "", false, err
	}
	c, ok := v.(*ir.Const)
	return s, ok && c.Value == int64(1), nil
}

// resolve replaces a reference to a contract parameter by its argument.
func (r *renderer) resolve(e ir.Expr) ir.Expr {
	if ref, ok := e.(*ir.LocalRef); ok {
		if a, ok := r.args[ref.Local]; ok {
			return a
		}
	}
	return e
}

// relation names a relation: its variable in words (or the selector), its
// effects in parentheses, its filters as a where clause.
func (r *renderer) relation(rel *ir.Relation, plural bool) (string, error) {
	if rel == nil {
		return "", errorf(Missing, "spec without a relation")
	}
	var noun string
	if rel.Name != "" {
		noun = singularize(words(rel.Name)) // Reads, Email alike
	} else {
		noun = rel.Selector + " call"
	}
	if plural {
		noun = pluralize(noun)
	}
	names := make([]string, len(rel.Effects))
	for i, e := range rel.Effects {
		names[i] = e.Name
	}
	if len(names) > 0 && !(len(names) == 1 && rel.Name == "" && names[0] == rel.Selector) {
		noun += " (" + strings.Join(names, ", ") + ")"
	}
	var conds []string
	for _, f := range rel.Filters {
		p, err := r.pred(f.Body)
		if err != nil {
			return "", err
		}
		conds = append(conds, p)
	}
	if len(conds) > 0 {
		noun += " where " + strings.Join(conds, " and ")
	}
	return noun, nil
}

// key renders the key of a distinct or sum: a field by its name, anything
// else as "value of <expr>".
func (r *renderer) key(e ir.Expr) (string, error) {
	s, err := r.term(e)
	if err != nil {
		return "", err
	}
	if _, ok := e.(*ir.FactField); ok {
		return s, nil
	}
	return "value of " + s, nil
}

var cmpWords = map[ir.CmpOp]string{
	ir.Eq: "is", ir.NotEq: "is not", ir.Lt: "is less than", ir.LtE: "is at most",
	ir.Gt: "is greater than", ir.GtE: "is at least", ir.Is: "is", ir.IsNot: "is not",
}

// pred renders a boolean expression as a clause.
func (r *renderer) pred(e ir.Expr) (string, error) {
	switch e := e.(type) {
	case *ir.Compare:
		var links []string
		for i, op := range e.Ops {
			s, err := r.comparison(op, e.Operands[i], e.Operands[i+1])
			if err != nil {
				return "", err
			}
			links = append(links, s)
		}
		return strings.Join(links, " and "), nil
	case *ir.BoolOp:
		x, err := r.operand(e.X, e.Op)
		if err != nil {
			return "", err
		}
		y, err := r.operand(e.Y, e.Op)
		if err != nil {
			return "", err
		}
		return x + " " + e.Op.String() + " " + y, nil
	case *ir.UnOp:
		if e.Op == ir.Not {
			x, err := r.pred(e.X)
			if err != nil {
				return "", err
			}
			return "not (" + x + ")", nil
		}
	case *ir.Builtin:
		switch e.Name {
		case "str.startswith", "str.endswith":
			recv, err := r.term(e.Args[0])
			if err != nil {
				return "", err
			}
			arg, err := r.term(r.resolve(e.Args[1]))
			if err != nil {
				return "", err
			}
			verb := "starts with"
			if e.Name == "str.endswith" {
				verb = "ends with"
			}
			return recv + " " + verb + " " + arg, nil
		}
	case *ir.IsColumn:
		x, err := r.term(e.X)
		if err != nil {
			return "", err
		}
		verb := "is"
		if e.Negated {
			verb = "is not"
		}
		return x + " " + verb + " the " + e.Column + " column of a " + e.Row.Name + " row", nil
	case *ir.Const:
		if b, ok := e.Value.(bool); ok {
			if b {
				return "true (always)", nil
			}
			return "false (never)", nil
		}
	}
	if ir.IsBasic(e.Type(), ir.KindBool) {
		t, err := r.term(e)
		if err != nil {
			return "", err
		}
		return t + " is True", nil
	}
	return "", errorf(NoRendering, "%s: predicate %s has no English rendering", e.Position(), ir.ExprString(e))
}

// operand renders one side of and/or, parenthesizing the other operator
// so that "a or b and c" keeps its grouping.
func (r *renderer) operand(e ir.Expr, outer ir.BoolOpKind) (string, error) {
	s, err := r.pred(e)
	if err != nil {
		return "", err
	}
	if b, ok := e.(*ir.BoolOp); ok && b.Op != outer {
		return "(" + s + ")", nil
	}
	return s, nil
}

func (r *renderer) comparison(op ir.CmpOp, left, right ir.Expr) (string, error) {
	l, err := r.term(left)
	if err != nil {
		return "", err
	}
	right = r.resolve(right)
	if op == ir.In || op == ir.NotIn {
		if ir.IsBasic(right.Type(), ir.KindStr) {
			rs, err := r.term(right)
			if err != nil {
				return "", err
			}
			if op == ir.In {
				return rs + " contains " + l, nil
			}
			return rs + " does not contain " + l, nil
		}
		if elems, ok := literalElems(right); ok {
			parts := make([]string, len(elems))
			for i, el := range elems {
				if parts[i], err = r.term(el); err != nil {
					return "", err
				}
			}
			switch {
			case len(parts) == 0 && op == ir.In:
				return l + " is one of no values (never true)", nil
			case len(parts) == 0:
				return l + " is anything (no value is excluded)", nil
			case len(parts) == 1 && op == ir.In:
				return l + " is " + parts[0], nil
			case len(parts) == 1:
				return l + " is not " + parts[0], nil
			case op == ir.In:
				return l + " is one of " + strings.Join(parts, ", "), nil
			default:
				return l + " is none of " + strings.Join(parts, ", "), nil
			}
		}
		rs, err := r.term(right)
		if err != nil {
			return "", err
		}
		if op == ir.In {
			return l + " is in " + rs, nil
		}
		return l + " is not in " + rs, nil
	}
	w, ok := cmpWords[op]
	if !ok {
		return "", errorf(NoRendering, "%s: comparison %s has no English rendering", left.Position(), op)
	}
	rs, err := r.term(right)
	if err != nil {
		return "", err
	}
	return l + " " + w + " " + rs, nil
}

// literalElems returns the elements of a list, tuple or set literal.
func literalElems(e ir.Expr) ([]ir.Expr, bool) {
	switch e := e.(type) {
	case *ir.ListLit:
		return e.Elems, true
	case *ir.TupleLit:
		return e.Elems, true
	case *ir.SetLit:
		return e.Elems, true
	}
	return nil, false
}

// term renders a value: a fact field by its name, a constant as Python
// writes it, a parameter by its argument or as <name>.
func (r *renderer) term(e ir.Expr) (string, error) {
	switch e := e.(type) {
	case *ir.FactField:
		return e.Field, nil
	case *ir.Attr:
		x, err := r.term(e.X)
		if err != nil {
			return "", err
		}
		return e.Field + " of " + x, nil
	case *ir.Const:
		return ir.ConstString(e.Value), nil
	case *ir.LocalRef:
		if a, ok := r.args[e.Local]; ok {
			return r.term(a)
		}
		if n, ok := r.names[e.Local]; ok {
			return n, nil
		}
		return "<" + e.Local.Name + ">", nil
	case *ir.ListLit, *ir.TupleLit, *ir.SetLit:
		elems, _ := literalElems(e)
		parts := make([]string, len(elems))
		for i, el := range elems {
			s, err := r.term(el)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		switch e.(type) {
		case *ir.TupleLit:
			if len(parts) == 1 {
				return "(" + parts[0] + ",)", nil
			}
			return "(" + strings.Join(parts, ", ") + ")", nil
		case *ir.SetLit:
			if len(parts) == 0 {
				return "set()", nil
			}
			return "{" + strings.Join(parts, ", ") + "}", nil
		}
		return "[" + strings.Join(parts, ", ") + "]", nil
	case *ir.DictLit:
		// a dict[str, object] argument, as only_where's filter
		parts := make([]string, len(e.Keys))
		for i := range e.Keys {
			k, err := r.term(e.Keys[i])
			if err != nil {
				return "", err
			}
			v, err := r.term(e.Values[i])
			if err != nil {
				return "", err
			}
			parts[i] = k + ": " + v
		}
		return "{" + strings.Join(parts, ", ") + "}", nil
	case *ir.BinOp:
		x, err := r.term(e.X)
		if err != nil {
			return "", err
		}
		y, err := r.term(e.Y)
		if err != nil {
			return "", err
		}
		if _, nested := e.Y.(*ir.BinOp); nested {
			y = "(" + y + ")"
		}
		return x + " " + e.Op.String() + " " + y, nil
	case *ir.UnOp:
		if e.Op == ir.Neg {
			x, err := r.term(e.X)
			if err != nil {
				return "", err
			}
			return "-" + x, nil
		}
	case *ir.Builtin:
		if e.Name == "len" && len(e.Args) == 1 {
			x, err := r.term(e.Args[0])
			if err != nil {
				return "", err
			}
			return "the length of " + x, nil
		}
	}
	if e == nil {
		return "", errorf(Missing, "missing expression")
	}
	return "", errorf(NoRendering, "%s: expression %s has no English rendering", e.Position(), ir.ExprString(e))
}

// words turns a relation variable into lower-case words: Email -> email,
// BigSpend -> big spend, bob_mail -> bob mail.
func words(name string) string {
	var b strings.Builder
	rs := []rune(name)
	for i, c := range rs {
		switch {
		case c == '_':
			if b.Len() > 0 && !strings.HasSuffix(b.String(), " ") {
				b.WriteByte(' ')
			}
		case unicode.IsUpper(c):
			if i > 0 && b.Len() > 0 && !strings.HasSuffix(b.String(), " ") &&
				(unicode.IsLower(rs[i-1]) || i+1 < len(rs) && unicode.IsLower(rs[i+1])) {
				b.WriteByte(' ')
			}
			b.WriteRune(unicode.ToLower(c))
		default:
			b.WriteRune(c)
		}
	}
	out := strings.TrimSpace(b.String())
	if out == "" {
		return name
	}
	return out
}

// pluralize makes the last word of a noun phrase plural by the regular
// English rules.
func pluralize(noun string) string {
	i := strings.LastIndexByte(noun, ' ')
	head, last := noun[:i+1], noun[i+1:]
	switch {
	case last == "":
		return noun
	case strings.HasSuffix(last, "s"), strings.HasSuffix(last, "x"), strings.HasSuffix(last, "z"),
		strings.HasSuffix(last, "ch"), strings.HasSuffix(last, "sh"):
		last += "es"
	case strings.HasSuffix(last, "y") && len(last) > 1 && !strings.ContainsRune("aeiou", rune(last[len(last)-2])):
		last = last[:len(last)-1] + "ies"
	default:
		last += "s"
	}
	return head + last
}

// singularize undoes the regular English plural of the last word of a
// noun phrase (reads -> read, purchases -> purchase, touches -> touch,
// queries -> query), leaving words in -ss, -us and -is alone.
func singularize(noun string) string {
	i := strings.LastIndexByte(noun, ' ')
	head, last := noun[:i+1], noun[i+1:]
	switch {
	case len(last) > 3 && strings.HasSuffix(last, "ies"):
		last = last[:len(last)-3] + "y"
	case strings.HasSuffix(last, "sses"), strings.HasSuffix(last, "ches"), strings.HasSuffix(last, "shes"), strings.HasSuffix(last, "xes"):
		last = last[:len(last)-2]
	case len(last) > 1 && strings.HasSuffix(last, "s") && !strings.HasSuffix(last, "ss") && !strings.HasSuffix(last, "us") && !strings.HasSuffix(last, "is"):
		last = last[:len(last)-1]
	}
	return head + last
}

func capitalize(s string) string {
	for i, c := range s {
		return string(unicode.ToUpper(c)) + s[i+len(string(c)):]
	}
	return s
}
