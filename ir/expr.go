package ir

// Expr is a typed IR expression.
type Expr interface {
	Position() Pos
	Type() Type
	isExpr()
}

// Const is a literal: Value is int64 (Int), float64 (Float), bool (Bool),
// string (Str) or nil (None).
type Const struct {
	Pos
	T     Type
	Value any
}

// LocalRef reads a local.
type LocalRef struct {
	Pos
	Local *Local
}

// BinOpKind is an arithmetic operator.
type BinOpKind int

const (
	Add      BinOpKind = iota // numeric addition, str, list or tuple concatenation
	Sub                       // numeric
	Mul                       // numeric
	FloorDiv                  // int, floors like Python; raises on zero
	Mod                       // int, sign of the divisor like Python; raises on zero
	Div                       // true division: float result; raises on zero
	Pow                       // int ** non-negative int, or float
	Repeat                    // str * int, list * int, or tuple * constant int
	BitAnd                    // set & set: intersection
	BitOr                     // set | set: union
	BitXor                    // set ^ set: symmetric difference
)

var binOpNames = [...]string{"+", "-", "*", "//", "%", "/", "**", "*", "&", "|", "^"}

func (k BinOpKind) String() string { return binOpNames[k] }

// BinOp is X Op Y.
type BinOp struct {
	Pos
	Op   BinOpKind
	X, Y Expr
	T    Type
}

// UnOpKind is a unary operator.
type UnOpKind int

const (
	Neg UnOpKind = iota // -x on int or float
	Not                 // not x on any type (truthiness), result bool
)

func (k UnOpKind) String() string {
	if k == Neg {
		return "-"
	}
	return "not "
}

// UnOp is Op X.
type UnOp struct {
	Pos
	Op UnOpKind
	X  Expr
}

// BoolOpKind is `and` or `or`.
type BoolOpKind int

const (
	And BoolOpKind = iota
	Or
)

func (k BoolOpKind) String() string {
	if k == And {
		return "and"
	}
	return "or"
}

// BoolOp is Python's short-circuit X and Y / X or Y: it yields one of its
// operands, which have the same type T.
type BoolOp struct {
	Pos
	Op   BoolOpKind
	X, Y Expr
	T    Type
}

// CmpOp is a comparison operator.
type CmpOp int

const (
	Eq CmpOp = iota
	NotEq
	Lt
	LtE
	Gt
	GtE
	In
	NotIn
	Is    // only against None
	IsNot // only against None
)

var cmpOpNames = [...]string{"==", "!=", "<", "<=", ">", ">=", "in", "not in", "is", "is not"}

func (o CmpOp) String() string { return cmpOpNames[o] }

// Compare is a Python comparison chain: Operands[0] Ops[0] Operands[1]
// Ops[1] ... Each operand is evaluated at most once and the chain stops at
// the first false link.
type Compare struct {
	Pos
	Ops      []CmpOp
	Operands []Expr // len(Ops)+1
}

// Call calls a plan function. Args are in parameter order, defaults filled.
type Call struct {
	Pos
	Func *Func
	Args []Expr
}

// EffectCall calls a trusted effect. Args are in parameter order, defaults
// filled.
type EffectCall struct {
	Pos
	Effect *Effect
	Args   []Expr
}

// Builtin applies a Python builtin function or method. Name is the
// builtin's name ("len", "sorted", "print", ...) or "<type>.<method>"
// ("str.upper", "list.append", "dict.get") for a method whose receiver is
// Args[0]. Keywords holds keyword arguments the builtin accepts (print's
// sep and end, sorted's reverse), and Key the key= lambda of sorted, min
// and max.
type Builtin struct {
	Pos
	Name     string
	Args     []Expr
	Keywords []Keyword
	Key      *Lambda
	T        Type
}

// Keyword is a keyword argument of a builtin.
type Keyword struct {
	Name  string
	Value Expr
}

// Index is X[Index] on a list, tuple, str or dict. Negative indices count
// from the end; out of range raises IndexError, a missing key KeyError.
type Index struct {
	Pos
	X, Index Expr
	T        Type
}

// Slice is X[Lo:Hi:Step] on a list, tuple or str; absent bounds are nil.
// T is the result type: X's type, except for a tuple, whose slice has
// constant bounds and the tuple type TupleSliceType gives (nil T means
// X's type).
type Slice struct {
	Pos
	X            Expr
	Lo, Hi, Step Expr
	T            Type
}

// Attr reads a field of a row.
type Attr struct {
	Pos
	X     Expr
	Field string
	T     Type
}

// Unwrap is the T value of X, of type T | None, where the front end has
// proved X is not None (after `if x is not None:`, `if x is None: return`,
// `x is not None and ...`). A None reaching Unwrap is an internal error.
type Unwrap struct {
	Pos
	X Expr
}

// CondExpr is Then if Cond else Else; only one arm is evaluated.
type CondExpr struct {
	Pos
	Cond, Then, Else Expr
	T                Type
}

// SetLit is a set display.
type SetLit struct {
	Pos
	T     *Set
	Elems []Expr
}

// CompKind says what a comprehension builds.
type CompKind int

const (
	ListComp CompKind = iota
	SetComp
	DictComp
)

// Comprehension is [Elem for ...], {Elem for ...} or {Key: Elem for ...}.
// Clauses nest left to right; each binds Var to the elements of Iter and
// keeps those for which every condition in Conds is truthy. Clause
// variables are locals of the enclosing function that nothing else reads.
type Comprehension struct {
	Pos
	Kind    CompKind
	Key     Expr // DictComp only
	Elem    Expr
	Clauses []CompClause
	T       Type
}

// CompClause is one `for Var in Iter if Conds...` of a comprehension.
type CompClause struct {
	Var   *Local
	Iter  Expr
	Conds []Expr
}

// ListLit is a list display.
type ListLit struct {
	Pos
	T     *List
	Elems []Expr
}

// TupleLit is a tuple display.
type TupleLit struct {
	Pos
	T     *Tuple
	Elems []Expr
}

// DictLit is a dict display; keys keep their order.
type DictLit struct {
	Pos
	T      *Dict
	Keys   []Expr
	Values []Expr
}

// Range is range(Start, Stop, Step), iterable by For.
type Range struct {
	Pos
	Start, Stop, Step Expr
}

// FString is a formatted string: the concatenation of its parts.
type FString struct {
	Pos
	Parts []FPart
}

// FPart is literal text (X == nil) or a replacement field: X converted by
// Conv (0, 's' or 'r') and formatted with the literal Spec, or, when the
// spec has replacement fields of its own (f"{x:{w}.{p}f}"), with the
// string DynSpec evaluates to. DynSpec is evaluated after X, as CPython
// does; its own parts have literal specs only, and Spec is then empty.
type FPart struct {
	Lit     string
	X       Expr
	Conv    byte
	Spec    string
	DynSpec *FString
}

// FactField reads a field of the fact bound to a contract lambda's
// parameter.
type FactField struct {
	Pos
	Fact  *Local
	Field string
	T     Type
}

func (e *Const) Type() Type      { return e.T }
func (e *LocalRef) Type() Type   { return e.Local.Type }
func (e *BinOp) Type() Type      { return e.T }
func (e *UnOp) Type() Type       { return unOpType(e) }
func (e *BoolOp) Type() Type     { return e.T }
func (e *Compare) Type() Type    { return Bool }
func (e *Call) Type() Type       { return e.Func.Result }
func (e *EffectCall) Type() Type { return e.Effect.Result }
func (e *Builtin) Type() Type    { return e.T }
func (e *ListLit) Type() Type    { return e.T }
func (e *TupleLit) Type() Type   { return e.T }
func (e *DictLit) Type() Type    { return e.T }
func (e *Range) Type() Type      { return &List{Elem: Int} }
func (e *FString) Type() Type    { return Str }
func (e *FactField) Type() Type  { return e.T }
func (e *Index) Type() Type      { return e.T }
func (e *Slice) Type() Type {
	if e.T != nil {
		return e.T
	}
	return e.X.Type()
}
func (e *Attr) Type() Type     { return e.T }
func (e *CondExpr) Type() Type { return e.T }
func (e *Unwrap) Type() Type {
	if o, ok := e.X.Type().(*Optional); ok {
		return o.Elem
	}
	return e.X.Type()
}
func (e *SetLit) Type() Type        { return e.T }
func (e *Comprehension) Type() Type { return e.T }

func unOpType(e *UnOp) Type {
	if e.Op == Not {
		return Bool
	}
	return e.X.Type()
}

func (*Const) isExpr()         {}
func (*LocalRef) isExpr()      {}
func (*BinOp) isExpr()         {}
func (*UnOp) isExpr()          {}
func (*BoolOp) isExpr()        {}
func (*Compare) isExpr()       {}
func (*Call) isExpr()          {}
func (*EffectCall) isExpr()    {}
func (*Builtin) isExpr()       {}
func (*ListLit) isExpr()       {}
func (*TupleLit) isExpr()      {}
func (*DictLit) isExpr()       {}
func (*Range) isExpr()         {}
func (*FString) isExpr()       {}
func (*FactField) isExpr()     {}
func (*Index) isExpr()         {}
func (*Slice) isExpr()         {}
func (*Attr) isExpr()          {}
func (*CondExpr) isExpr()      {}
func (*Unwrap) isExpr()        {}
func (*SetLit) isExpr()        {}
func (*Comprehension) isExpr() {}

// IntConstant is the value of an int constant expression: a literal, or a
// negated one (the front end lowers -5 to a negation of 5). Two
// negations are left as written: of the most negative int64, which has
// no int64 negation, and of 0.
func IntConstant(x Expr) (int64, bool) {
	switch x := x.(type) {
	case *Const:
		v, ok := x.Value.(int64)
		return v, ok
	case *UnOp:
		if x.Op == Neg {
			if v, ok := IntConstant(x.X); ok && v != -v {
				return -v, true
			}
		}
	}
	return 0, false
}
