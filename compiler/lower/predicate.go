package lower

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/types"
	"github.com/clauz3/clauz3/ir"
)

// PredicateCall lowers the calls of the predicate language that trusted
// contracts and plan-written conditions share: len(x), s.startswith(t)
// and s.endswith(t). lenIsBuiltin says whether the name len still means
// the builtin where the call stands. handled is false for any other call,
// which the caller refuses in its own words; when handled, a nil result
// means an error was reported.
func PredicateCall(l *Lowerer, call *ast.Call, lenIsBuiltin bool) (e ir.Expr, handled bool) {
	simple := len(call.Keywords) == 0 && call.Starargs == nil && call.Kwargs == nil
	switch fn := call.Func.(type) {
	case *ast.Name:
		if fn.Id != "len" || !lenIsBuiltin {
			return nil, false
		}
		if !simple || len(call.Args) != 1 {
			l.Errorf(call, ir.ArgumentError, "len() takes exactly one argument")
			return nil, true
		}
		x := l.Expr(call.Args[0], nil)
		if x == nil {
			return nil, true
		}
		if !types.Sized(x.Type()) {
			l.Errorf(call.Args[0], ir.Unsupported, "len() of %s is not supported", x.Type())
			return nil, true
		}
		return &ir.Builtin{Pos: l.Pos(call), Name: "len", Args: []ir.Expr{x}, T: ir.Int}, true
	case *ast.Attribute:
		if fn.Attr != "startswith" && fn.Attr != "endswith" {
			return nil, false
		}
		recv := l.Expr(fn.Value, nil)
		if recv == nil {
			return nil, true
		}
		if !ir.IsBasic(recv.Type(), ir.KindStr) {
			l.Errorf(call, ir.Unsupported, "method %s of %s is not supported", fn.Attr, recv.Type())
			return nil, true
		}
		if !simple || len(call.Args) != 1 {
			l.Errorf(call, ir.ArgumentError, "%s() takes one str argument here", fn.Attr)
			return nil, true
		}
		x := l.Expr(call.Args[0], ir.Str)
		if x == nil {
			return nil, true
		}
		if !ir.IsBasic(x.Type(), ir.KindStr) {
			l.Errorf(call.Args[0], ir.TypeMismatch, "argument of %s() must be str, got %s", fn.Attr, x.Type())
			return nil, true
		}
		return &ir.Builtin{Pos: l.Pos(call), Name: "str." + string(fn.Attr), Args: []ir.Expr{recv, x}, T: ir.Bool}, true
	}
	return nil, false
}
