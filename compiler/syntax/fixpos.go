package syntax

import (
	"sort"
	"strings"

	"github.com/go-python/gpython/ast"
)

// fixPositions brings gpython's node positions in line with CPython's
// (Lineno, col_offset) where gpython gets them wrong:
//
//   - Call nodes have no position (0:0) or the '(' of the call; Attribute
//     and Subscript point at their '.' or '['. CPython uses the start of
//     the primary: the position of Func/Value, or the '(' when it is
//     parenthesized.
//   - Dict, Set, DictComp and SetComp displays point at their first
//     element instead of the '{'.
//   - A generator expression that is the sole argument of a call points at
//     its element instead of the call's '('.
//   - An unparenthesized tuple may point at a preceding keyword (for i, j in
//     ...): CPython uses its first element.
//   - A decorator's dotted name points at the '@'.
//   - The If of an elif and an ExceptHandler get the position of some
//     earlier token; CPython uses the elif/except keyword.
//
// All nodes are processed in level coordinates, before shifting.
func (lv *level) fixPositions(root ast.Ast) {
	if lv.exec {
		lv.splitDecoratorNames(root)
	}
	var nodes []ast.Ast
	ast.Walk(root, func(n ast.Ast) bool {
		nodes = append(nodes, n)
		return true
	})
	tokenAt := func(n ast.Ast) int {
		if n == nil || n.GetLineno() <= 0 {
			return -1
		}
		if i, ok := lv.tokAt[lv.nodeOff(n)]; ok {
			return i
		}
		return -1
	}
	// Local fixes.
	for _, n := range nodes {
		ti := tokenAt(n)
		if ti >= 0 && lv.isOp(ti, "@") && ti+1 < len(lv.toks) {
			lv.setOff(n, lv.toks[ti+1].start)
			ti++
		}
		switch x := n.(type) {
		case *ast.Dict:
			if len(x.Keys) > 0 && lv.isOp(ti-1, "{") {
				lv.setOff(n, lv.toks[ti-1].start)
			}
		case *ast.Set, *ast.SetComp, *ast.DictComp:
			if ti > 0 && lv.isOp(ti-1, "{") {
				lv.setOff(n, lv.toks[ti-1].start)
			}
		case *ast.Call:
			if len(x.Args) != 1 || len(x.Keywords) != 0 || x.Starargs != nil || x.Kwargs != nil {
				break
			}
			g, ok := x.Args[0].(*ast.GeneratorExp)
			if !ok {
				break
			}
			gi := tokenAt(g)
			if gi <= 0 || !lv.isOp(gi-1, "(") {
				break
			}
			// (x for x in y) as the argument already points at its own '('.
			if lv.isOp(gi, "(") && lv.toks[gi].match > 0 && lv.isOp(lv.toks[gi].match+1, ")") {
				break
			}
			lv.setOff(g, lv.toks[gi-1].start)
		}
	}
	// Derived fixes, children before parents.
	for i := len(nodes) - 1; i >= 0; i-- {
		switch x := nodes[i].(type) {
		case *ast.Attribute:
			lv.primaryPos(x, x.Value, tokenAt(x))
		case *ast.Subscript:
			lv.primaryPos(x, x.Value, tokenAt(x))
		case *ast.Call:
			copyPos(x, x.Func)
			if off, ok := lv.parenthesizedCallee(x.Func, tokenAt(x.Func)); ok {
				lv.setOff(x, off)
			}
		case *ast.Tuple:
			if len(x.Elts) > 0 && !lv.isOp(tokenAt(x), "(") {
				copyPos(x, x.Elts[0])
			}
		}
	}
	if !lv.exec {
		return
	}
	// Statement keywords.
	for _, n := range nodes {
		switch x := n.(type) {
		case *ast.If:
			lv.toKeywordBefore(x, x.Test, "if", "elif")
		case *ast.ExceptHandler:
			var after ast.Ast = x.ExprType
			if x.ExprType == nil && len(x.Body) > 0 {
				after = x.Body[0]
			}
			lv.toKeywordBefore(x, after, "except")
		}
	}
}

// primaryPos positions an Attribute or Subscript, whose gpython position is
// its '.' or '[' token tt, at the start of its value, including the
// parentheses around the value: CPython puts (a).b at the '('.
func (lv *level) primaryPos(n, value ast.Ast, tt int) {
	copyPos(n, value)
	if tt <= 0 || !(lv.isOp(tt, ".") || lv.isOp(tt, "[")) || !lv.isOp(tt-1, ")") || value == nil || value.GetLineno() <= 0 {
		return
	}
	if m := lv.toks[tt-1].match; m >= 0 && lv.toks[m].start < lv.nodeOff(value) {
		lv.setOff(n, lv.toks[m].start)
	}
}

// parenthesizedCallee returns the offset of the '(' opening the
// parentheses around a call's callee, as in (lambda: 1)() where CPython
// puts the Call at the '('. Callees that are themselves trailers (Call,
// Attribute, Subscript) carry their own start already. fi is the callee's
// first token.
func (lv *level) parenthesizedCallee(fn ast.Expr, fi int) (int, bool) {
	if fi <= 0 {
		return 0, false
	}
	toks := lv.toks
	end := -1 // last token of an atom callee
	switch fn.(type) {
	case *ast.Call, *ast.Attribute, *ast.Subscript:
		return 0, false
	case *ast.Name, *ast.Num, *ast.NameConstant, *ast.Ellipsis:
		end = fi
	case *ast.Str, *ast.Bytes:
		end = fi
		for end+1 < len(toks) && toks[end+1].kind == tokString {
			end++
		}
	case *ast.List, *ast.ListComp, *ast.Dict, *ast.Set, *ast.DictComp, *ast.SetComp, *ast.Tuple, *ast.GeneratorExp:
		if toks[fi].match > fi {
			end = toks[fi].match
		}
	}
	if end >= 0 && lv.isOp(end+1, "(") {
		return 0, false // not parenthesized
	}
	for j := fi; lv.isOp(j-1, "("); j-- {
		m := toks[j-1].match
		if m < 0 {
			break
		}
		if lv.isOp(m+1, "(") {
			return toks[j-1].start, true
		}
	}
	return 0, false
}

// splitDecoratorNames rewrites gpython's decorator names, a single Name
// whose Id is the dotted name ("clauz3.guarantee"), into CPython's shape,
// Attribute(Name("clauz3"), "guarantee"), positioned at the name's first
// token.
func (lv *level) splitDecoratorNames(root ast.Ast) {
	fix := func(list []ast.Expr) {
		for i, d := range list {
			call, _ := d.(*ast.Call)
			var name *ast.Name
			if call != nil {
				name, _ = call.Func.(*ast.Name)
			} else {
				name, _ = d.(*ast.Name)
			}
			if name == nil || !strings.Contains(string(name.Id), ".") {
				continue
			}
			ti, ok := lv.tokAt[lv.nodeOff(name)]
			if !ok || !lv.isOp(ti, "@") || ti+1 >= len(lv.toks) {
				continue
			}
			l, c := lv.lineCol(lv.toks[ti+1].start)
			pos := ast.Pos{Lineno: l, ColOffset: c}
			parts := strings.Split(string(name.Id), ".")
			var e ast.Expr = &ast.Name{ExprBase: ast.ExprBase{Pos: pos}, Id: ast.Identifier(parts[0]), Ctx: ast.Load}
			for _, part := range parts[1:] {
				e = &ast.Attribute{ExprBase: ast.ExprBase{Pos: pos}, Value: e, Attr: ast.Identifier(part), Ctx: ast.Load}
			}
			if call != nil {
				call.Func = e
			} else {
				list[i] = e
			}
		}
	}
	ast.Walk(root, func(n ast.Ast) bool {
		switch x := n.(type) {
		case *ast.FunctionDef:
			fix(x.DecoratorList)
		case *ast.ClassDef:
			fix(x.DecoratorList)
		}
		return true
	})
}

func copyPos(dst, src ast.Ast) {
	if src == nil || src.GetLineno() <= 0 {
		return
	}
	setPos(dst, src.GetLineno(), src.GetColOffset())
}

// toKeywordBefore moves n to the last statement-start token before node
// after, if that token is one of the keywords.
func (lv *level) toKeywordBefore(n, after ast.Ast, kws ...string) {
	if after == nil || after.GetLineno() <= 0 {
		return
	}
	off := lv.nodeOff(after)
	k := sort.Search(len(lv.stmtStarts), func(i int) bool { return lv.toks[lv.stmtStarts[i]].start >= off })
	if k == 0 {
		return
	}
	ti := lv.stmtStarts[k-1]
	for _, kw := range kws {
		if lv.isName(ti, kw) {
			lv.setOff(n, lv.toks[ti].start)
			return
		}
	}
}
