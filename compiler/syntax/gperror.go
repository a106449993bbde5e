package syntax

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/clauz3/clauz3/ir"
	"github.com/go-python/gpython/ast"
	"github.com/go-python/gpython/py"
)

// This file turns a failed gpython parse into a located *Error. gpython
// gives its syntax errors no code, only English text, so nothing here is
// decided from that text: what kind of failure it was is read from how the
// parse ended (see gpyOutcome), and the message and place are worked out
// from this package's own token table and from gpython's AST. gpython's
// text is shown, never read, when none of that finds the error.

// gpyOutcome is how a failed gpython parse ended.
type gpyOutcome int

const (
	// gpyAborted: the LALR parser met a token it had no move for and
	// stopped there. gpython reports the place of that token.
	gpyAborted gpyOutcome = iota + 1
	// gpyCompleted: the parse reached the end of the input and built the
	// module, but a grammar action had found an error on the way (an
	// assignment target that cannot be assigned, a keyword argument that
	// is an expression, ...). gpython reports where the parse stopped,
	// which says nothing about where that action ran.
	gpyCompleted
	// gpyCrashed: a grammar action panicked (gpython v0.2.0 does for a
	// tuple or list target holding a literal, an operator or a call) and
	// gpython turned the panic into a SystemError.
	gpyCrashed
)

// gpyFailure is what a failed gpython parse tells, read structurally.
type gpyFailure struct {
	outcome gpyOutcome
	mod     ast.Mod // the module built, for gpyCompleted
	off     int     // level offset gpython reports
	text    string  // gpython's message: shown when nothing else locates the error, never read
}

// readGpythonFailure classifies the error of gpythonParse(text). ok is
// false if err is not a gpython exception at all.
func readGpythonFailure(text []byte, mod ast.Mod, err error) (gpyFailure, bool) {
	e, ok := err.(*py.Exception)
	if !ok {
		return gpyFailure{}, false
	}
	f := gpyFailure{outcome: gpyAborted, text: "invalid syntax"}
	if args, ok := e.Args.(py.Tuple); ok && len(args) > 0 {
		if s, ok := args[0].(py.String); ok {
			f.text = string(s)
		}
	}
	switch {
	case e.Type() == py.SystemError:
		f.outcome = gpyCrashed
	case mod != nil:
		f.outcome, f.mod = gpyCompleted, mod
	}
	line, _ := e.Dict["lineno"].(py.Int)
	col, _ := e.Dict["offset"].(py.Int)
	f.off = offIn(lineStarts(text), len(text), int(line), int(col))
	return f, true
}

// convertError converts a failed gpython parse of lv.text into a located
// *Error; it also returns the level offset of the error.
func (lv *level) convertError(mod ast.Mod, err error) (*Error, int) {
	f, ok := readGpythonFailure(lv.text, mod, err)
	if !ok {
		// Not gpython's exception (a panic gpythonParse caught): a
		// failure of the parser, not of the plan.
		return lv.errAt(0, ir.Internal, "internal error: "+err.Error()), 0
	}
	if f.outcome == gpyCompleted {
		return lv.completedError(f)
	}
	// The parse stopped at f.off, but an action may have failed in an
	// earlier statement without stopping it: parse the statements before
	// the one holding f.off on their own.
	if e, off, found := lv.earlierActionError(f.off); found {
		return e, off
	}
	if f.outcome == gpyCrashed {
		return lv.crashedError(f)
	}
	off, tok := lv.refineErrorOffset(f.off)
	code, msg := ir.Syntax, "invalid syntax"
	if lv.offendsAtEnd(off, tok) {
		msg = "unexpected EOF while parsing"
	}
	if tok >= 0 {
		if m, ok := lv.unsupportedAt(tok); ok {
			msg, code = m, ir.Unsupported
		}
	}
	return lv.errAt(off, code, msg), off
}

// offendsAtEnd reports whether the offending token refineErrorOffset
// found (level offset off, token index tok) is the end of the input: no
// token, and no line feed after it, so the parser wanted more when the
// last line ended.
func (lv *level) offendsAtEnd(off, tok int) bool {
	return tok < 0 && bytes.IndexByte(lv.text[off:], '\n') < 0
}

// unsupportedAt reports whether offending token i is where Python 3.5+
// syntax that gpython's 3.4 grammar lacks went wrong, and the message.
func (lv *level) unsupportedAt(i int) (string, bool) {
	switch {
	case (lv.isOp(i, "*") || lv.isOp(i, "**")) &&
		(lv.isOp(i-1, ",") || lv.isOp(i-1, "(") || lv.isOp(i-1, "[") || lv.isOp(i-1, "{")),
		lv.isOp(i, ",") && lv.afterDoubleStar(i):
		return "invalid syntax (this use of * or ** unpacking needs Python 3.5+ and is not supported)", true
	case lv.isOp(i, "/") && (lv.isOp(i+1, ",") || lv.isOp(i+1, ")")):
		return "invalid syntax (positional-only parameters are not supported)", true
	case lv.isOp(i, "@") || lv.isOp(i, "@="):
		return "invalid syntax (the @ operator is not supported)", true
	}
	return "", false
}

// earlierActionError parses the text before the statement holding level
// offset off (the innermost statement, then the top-level one) and, if
// that parse completes with an action error, returns it.
func (lv *level) earlierActionError(off int) (*Error, int, bool) {
	if !lv.exec {
		return nil, 0, false
	}
	last := lv.lastTokenAt(off)
	if last < 0 {
		return nil, 0, false
	}
	cuts := []int{lv.stmtOff(last), lv.topStmtOff(last)}
	for k, cut := range cuts {
		if cut <= 0 || (k > 0 && cut == cuts[0]) {
			continue
		}
		mod, err := gpythonParse(lv.text[:cut], true)
		if err == nil {
			return nil, 0, false
		}
		f, ok := readGpythonFailure(lv.text[:cut], mod, err)
		if !ok {
			return nil, 0, false
		}
		switch f.outcome {
		case gpyCompleted:
			e, eoff := lv.completedError(f)
			return e, eoff, true
		case gpyCrashed:
			return nil, 0, false
		}
		// Aborted: the cut is inside a compound statement whose body is
		// not there; try the top-level statement.
	}
	return nil, 0, false
}

// lastTokenAt returns the index of the last significant token starting at
// or before level offset off, or -1.
func (lv *level) lastTokenAt(off int) int {
	for i := len(lv.toks) - 1; i >= 0; i-- {
		t := &lv.toks[i]
		if t.kind != tokNewline && t.kind != tokEOF && t.start <= off {
			return i
		}
	}
	return -1
}

// lastTokenBefore returns the index of the last significant token starting
// before level offset off, or -1.
func (lv *level) lastTokenBefore(off int) int {
	if off <= 0 {
		return -1
	}
	return lv.lastTokenAt(off - 1)
}

// topStmtOff returns the offset of the top-level statement holding token
// i: the last statement start at the beginning of an unindented line.
func (lv *level) topStmtOff(i int) int {
	k := sort.Search(len(lv.stmtStarts), func(k int) bool { return lv.stmtStarts[k] > i })
	for k--; k >= 0; k-- {
		s := lv.toks[lv.stmtStarts[k]].start
		if s == 0 || lv.src[s-1] == '\n' {
			return s
		}
	}
	return 0
}

// completedError locates the error of a parse that completed with an
// action error, from the module gpython built and the token table.
func (lv *level) completedError(f gpyFailure) (*Error, int) {
	type found struct {
		stmt, off int
		code      ir.Code
		msg       string
	}
	var cands []found
	if off, msg, ok := lv.firstTargetError(f.mod); ok {
		cands = append(cands, found{lv.stmtAt(off), off, ir.Syntax, msg})
	}
	if i, code, msg, ok := lv.firstCallArgError(); ok {
		cands = append(cands, found{lv.stmtOff(i), lv.toks[i].start, code, msg})
	}
	if len(cands) == 0 {
		// Nothing this package checks explains the failure: refuse at
		// the first top-level statement gpython fails on, with its text.
		off := lv.firstFailingTopStmt()
		return lv.errAt(off, ir.Syntax, f.text), off
	}
	best := cands[0]
	for _, c := range cands[1:] {
		if c.stmt < best.stmt {
			best = c
		}
	}
	return lv.errAt(best.off, best.code, best.msg), best.off
}

// stmtAt returns the offset of the innermost statement starting at or
// before level offset off.
func (lv *level) stmtAt(off int) int {
	if i := lv.lastTokenAt(off); i >= 0 {
		return lv.stmtOff(i)
	}
	return 0
}

// firstFailingTopStmt returns the offset of the first top-level statement
// such that gpython fails on the text up to its end. Each prefix ends
// between top-level statements, so once one fails every longer one does,
// and the search is a bisection.
func (lv *level) firstFailingTopStmt() int {
	var tops []int // offsets of top-level statement starts
	for _, i := range lv.stmtStarts {
		s := lv.toks[i].start
		if s == 0 || lv.src[s-1] == '\n' {
			tops = append(tops, s)
		}
	}
	if len(tops) == 0 {
		return 0
	}
	end := func(k int) int {
		if k+1 < len(tops) {
			return tops[k+1]
		}
		return len(lv.text)
	}
	k := sort.Search(len(tops), func(k int) bool {
		_, err := gpythonParse(lv.text[:end(k)], lv.exec)
		return err != nil
	})
	if k == len(tops) {
		k = len(tops) - 1
	}
	return tops[k]
}

// crashedError locates a gpython panic. gpython v0.2.0 panics on a
// tuple or list target holding something that cannot be assigned, when it
// reduces the statement (a for statement's after its body), so the place
// it stopped says little: the targets of each statement up to there are
// parsed on their own, in source order, and the first that cannot be
// assigned is reported at its statement.
func (lv *level) crashedError(f gpyFailure) (*Error, int) {
	last := lv.lastTokenBefore(f.off)
	starts := lv.stmtStarts
	if !lv.exec {
		starts = []int{0}
	}
	for _, first := range starts {
		if last >= 0 && first > last {
			break
		}
		for _, part := range lv.targetParts(first) {
			src := append(append([]byte{'('}, lv.text[part.start:part.end]...), ')')
			mod, err := gpythonParse(src, false)
			if err != nil {
				continue
			}
			if e, ok := mod.(*ast.Expression); ok {
				if name, bad := badTarget(e.Body); bad {
					off := lv.toks[first].start
					return lv.errAt(off, ir.Syntax, targetMsg(part.del, name)), off
				}
			}
		}
	}
	off := 0
	if last >= 0 {
		off = lv.stmtOff(last)
	}
	return lv.errAt(off, ir.Syntax, "invalid syntax (the parser failed: "+f.text+")"), off
}

// targetPart is the level byte range of an assignment or deletion target.
type targetPart struct {
	start, end int
	del        bool
}

// targetParts returns the targets of the statement starting at token
// first (of the whole level outside a file): the parts before each
// top-level '=' or augmented assignment, what follows del, the target of
// a for statement and of each with item, and the target of each
// comprehension.
func (lv *level) targetParts(first int) []targetPart {
	end := first
	for end < len(lv.toks) && lv.toks[end].kind != tokNewline && lv.toks[end].kind != tokEOF &&
		!(lv.toks[end].depth == 0 && (lv.isOp(end, ";") || (end > first && lv.isOp(end, ":") && compoundKeywords[lv.word(first)]))) {
		end++
	}
	span := func(a, b int, del bool) targetPart {
		return targetPart{lv.toks[a].start, lv.toks[b-1].end, del}
	}
	// upTo returns the index of the first token in [a, end) at depth d
	// that is the name or one of the ops, or end.
	upTo := func(a, d int, name string, ops ...string) int {
		for j := a; j < end; j++ {
			if lv.toks[j].depth != d {
				continue
			}
			if lv.isName(j, name) {
				return j
			}
			for _, op := range ops {
				if lv.isOp(j, op) {
					return j
				}
			}
		}
		return end
	}
	var parts []targetPart
	switch {
	case lv.isName(first, "del") && end > first+1:
		parts = append(parts, span(first+1, end, true))
	case lv.isName(first, "for"):
		if j := upTo(first+1, 0, "in"); j > first+1 && j < end {
			parts = append(parts, span(first+1, j, false))
		}
	case lv.isName(first, "with"):
		for j := first + 1; j < end; j++ {
			if lv.toks[j].depth == 0 && lv.isName(j, "as") {
				if k := upTo(j+1, 0, "", ","); k > j+1 {
					parts = append(parts, span(j+1, k, false))
				}
			}
		}
	case lv.exec:
		a := first
		for j := lv.findTop(a, end, augAssignOps...); j >= 0; j = lv.findTop(a, end, augAssignOps...) {
			if j > a {
				parts = append(parts, span(a, j, false))
			}
			a = j + 1
		}
	}
	for j := first; j < end; j++ {
		if d := lv.toks[j].depth; d > 0 && lv.isName(j, "for") {
			if k := upTo(j+1, d, "in"); k > j+1 && k < end {
				parts = append(parts, span(j+1, k, false))
			}
		}
	}
	return parts
}

// firstTargetError finds, in source order, the first statement of mod
// with a target that cannot be assigned or deleted, and returns the
// statement's level offset and the message.
func (lv *level) firstTargetError(mod ast.Mod) (int, string, bool) {
	var (
		off   int
		msg   string
		found bool
	)
	ast.Walk(mod, func(n ast.Ast) bool {
		if found {
			return false
		}
		s, ok := n.(ast.Stmt)
		if !ok {
			return true
		}
		if name, del, bad := stmtTargetError(s); bad {
			off, msg, found = lv.nodeOff(s), targetMsg(del, name), true
			return false
		}
		// Comprehension targets in the statement's own expressions,
		// not in the statements nested in it.
		ast.Walk(s, func(m ast.Ast) bool {
			if found {
				return false
			}
			if _, nested := m.(ast.Stmt); nested && m != s {
				return false
			}
			for _, c := range comprehensions(m) {
				if name, bad := badTarget(c.Target); bad {
					off, msg, found = lv.nodeOff(s), targetMsg(false, name), true
					return false
				}
			}
			return true
		})
		return !found
	})
	return off, msg, found
}

func comprehensions(n ast.Ast) []ast.Comprehension {
	switch x := n.(type) {
	case *ast.ListComp:
		return x.Generators
	case *ast.SetComp:
		return x.Generators
	case *ast.DictComp:
		return x.Generators
	case *ast.GeneratorExp:
		return x.Generators
	}
	return nil
}

// stmtTargetError reports whether statement s has a target gpython's
// grammar actions refuse, with the name of the offending expression kind.
func stmtTargetError(s ast.Stmt) (name string, del, bad bool) {
	var targets []ast.Expr
	switch x := s.(type) {
	case *ast.Assign:
		targets = x.Targets
	case *ast.AugAssign:
		targets = []ast.Expr{x.Target}
	case *ast.Delete:
		targets, del = x.Targets, true
	case *ast.For:
		targets = []ast.Expr{x.Target}
	case *ast.With:
		for _, it := range x.Items {
			if it.OptionalVars != nil {
				targets = append(targets, it.OptionalVars)
			}
		}
	}
	for _, t := range targets {
		if name, bad := badTarget(t); bad {
			return name, del, true
		}
	}
	return "", del, false
}

// badTarget reports whether e cannot be assigned to (or deleted), and the
// kind of the offending expression.
func badTarget(e ast.Expr) (string, bool) {
	switch x := e.(type) {
	case *ast.Name, *ast.Attribute, *ast.Subscript:
		return "", false
	case *ast.Starred:
		return badTarget(x.Value)
	case *ast.Tuple:
		return badTargets(x.Elts)
	case *ast.List:
		return badTargets(x.Elts)
	}
	return exprKind(e), true
}

func badTargets(es []ast.Expr) (string, bool) {
	for _, e := range es {
		if name, bad := badTarget(e); bad {
			return name, true
		}
	}
	return "", false
}

func targetMsg(del bool, kind string) string {
	if del {
		return "can't delete " + kind
	}
	return "can't assign to " + kind
}

// exprKind names an expression kind the way Python's target errors do.
func exprKind(e ast.Expr) string {
	switch e.(type) {
	case *ast.Lambda:
		return "lambda"
	case *ast.Call:
		return "function call"
	case *ast.BoolOp, *ast.BinOp, *ast.UnaryOp:
		return "operator"
	case *ast.GeneratorExp:
		return "generator expression"
	case *ast.Yield, *ast.YieldFrom:
		return "yield expression"
	case *ast.ListComp:
		return "list comprehension"
	case *ast.SetComp:
		return "set comprehension"
	case *ast.DictComp:
		return "dict comprehension"
	case *ast.Dict, *ast.Set, *ast.Num, *ast.Str, *ast.Bytes:
		return "literal"
	case *ast.NameConstant:
		return "keyword"
	case *ast.Ellipsis:
		return "Ellipsis"
	case *ast.Compare:
		return "comparison"
	case *ast.IfExp:
		return "conditional expression"
	}
	return fmt.Sprintf("%T", e)
}

// firstCallArgError finds the first call argument list (or class bases)
// that Python refuses or that needs Python 3.5+ (callArgErrors); it
// returns the index of the offending argument's first token.
func (lv *level) firstCallArgError() (int, ir.Code, string, bool) {
	var (
		at    int
		code  ir.Code
		msg   string
		found bool
	)
	lv.callArgErrors(func(i int, c ir.Code, m string) {
		if !found || lv.toks[i].start < lv.toks[at].start {
			at, code, msg, found = i, c, m, true
		}
	})
	return at, code, msg, found
}

// callArgErrors calls report for each call argument list (or class
// bases; gpython reads both as an argument list) with a keyword argument
// whose keyword is not a name, a positional argument after a keyword one
// (gpython's grammar accepts f(a=1, b)), or a positional argument after
// *args (Python 3.5+), at the offending argument's first token.
func (lv *level) callArgErrors(report func(i int, code ir.Code, msg string)) {
	for o := range lv.toks {
		if !lv.isOp(o, "(") || !lv.isCallParen(o) {
			continue
		}
		close := lv.toks[o].match
		if close < 0 {
			continue
		}
		d := lv.toks[o].depth + 1
		star, kw := false, false
	args:
		for a := o + 1; a < close; {
			// The argument ends at a comma of its depth that is not
			// between a lambda and its colon (parameters).
			b, lam := a, 0
			for ; b < close; b++ {
				if lv.toks[b].depth != d {
					continue
				}
				switch {
				case lv.isName(b, "lambda"):
					lam++
				case lam > 0 && lv.isOp(b, ":"):
					lam--
				}
				if lam == 0 && lv.isOp(b, ",") {
					break
				}
			}
			if b > a {
				eq := -1
				for j := a; j < b; j++ {
					if lv.isName(j, "lambda") {
						break
					}
					if lv.toks[j].depth == d && lv.isOp(j, "=") {
						eq = j
						break
					}
				}
				switch {
				case lv.isOp(a, "*"):
					star = true
				case lv.isOp(a, "**"):
				case eq >= 0 && (eq != a+1 || lv.toks[a].kind != tokName):
					report(a, ir.Syntax, "keyword can't be an expression")
					break args
				case eq >= 0:
					kw = true
				case kw:
					report(a, ir.Syntax, "positional argument follows keyword argument")
					break args
				case star:
					report(a, ir.Unsupported, "positional arguments after *args need Python 3.5+ and are not supported")
					break args
				}
			}
			a = b + 1
		}
	}
}

// isCallParen reports whether the '(' at token o opens a call's arguments
// or a class's bases (gpython reads both as an argument list), not a
// group, a tuple or a def's parameters.
func (lv *level) isCallParen(o int) bool {
	if o == 0 {
		return false
	}
	p := &lv.toks[o-1]
	switch {
	case p.kind == tokName:
		return !keywords[lv.word(o-1)] && !lv.isName(o-2, "def")
	case p.kind == tokString:
		return true
	}
	return lv.isOp(o-1, ")") || lv.isOp(o-1, "]")
}
