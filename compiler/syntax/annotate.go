package syntax

import (
	"github.com/clauz3/clauz3/ir"
	"github.com/go-python/gpython/ast"
)

// resolveAnnotations turns the Assign statements produced by the
// annotated-assignment rewrite back into placeholders plus AnnAssign
// entries (see simpleStatement).
func (lv *level) resolveAnnotations(mod *ast.Module) *Error {
	if len(lv.anns) == 0 {
		return nil
	}
	var err *Error
	eachStmtList(mod.Body, func(list []ast.Stmt) {
		for i, s := range list {
			if err != nil {
				return
			}
			as, ok := s.(*ast.Assign)
			if !ok {
				continue
			}
			info := lv.anns[lv.nodeOff(as)]
			if info == nil || info.done {
				continue
			}
			info.done = true
			var placeholder ast.Stmt
			ann, e := lv.splitAnnotation(as, info)
			if e != nil {
				err = e
				return
			}
			if ann.Value == nil {
				placeholder = &ast.ExprStmt{StmtBase: as.StmtBase, Value: ann.Target}
				list[i] = placeholder
			} else {
				as.Value = ann.Value
				placeholder = as
			}
			lv.p.file.AnnAssigns[placeholder] = ann
		}
	})
	if err != nil {
		return err
	}
	for _, info := range lv.anns {
		if !info.done {
			return lv.errAt(lv.toks[info.tok].start, ir.Internal, "internal error: annotated assignment not found in the syntax tree")
		}
	}
	return nil
}

func (lv *level) splitAnnotation(as *ast.Assign, info *annInfo) (*AnnAssign, *Error) {
	bad := lv.errAt(lv.toks[info.tok].start, ir.Internal, "internal error: unexpected shape of an annotated assignment")
	if len(as.Targets) != 1 {
		return nil, bad
	}
	name, ok := as.Targets[0].(*ast.Name)
	if !ok {
		return nil, bad
	}
	ann := &AnnAssign{Target: name}
	if !info.hasValue {
		ann.Annotation = as.Value
		return ann, nil
	}
	tup, ok := as.Value.(*ast.Tuple)
	if !ok || len(tup.Elts) < 2 || (!info.valueTup && len(tup.Elts) != 2) {
		return nil, bad
	}
	ann.Annotation = tup.Elts[0]
	if info.valueTup {
		v := &ast.Tuple{Elts: tup.Elts[1:], Ctx: ast.Load}
		v.Pos = ast.Pos{Lineno: tup.Elts[1].GetLineno(), ColOffset: tup.Elts[1].GetColOffset()}
		ann.Value = v
	} else {
		ann.Value = tup.Elts[1]
	}
	return ann, nil
}

// eachStmtList calls fn on every statement list of the tree, outermost
// first. fn may replace elements of the list.
func eachStmtList(body []ast.Stmt, fn func([]ast.Stmt)) {
	fn(body)
	for _, s := range body {
		switch s := s.(type) {
		case *ast.FunctionDef:
			eachStmtList(s.Body, fn)
		case *ast.ClassDef:
			eachStmtList(s.Body, fn)
		case *ast.For:
			eachStmtList(s.Body, fn)
			eachStmtList(s.Orelse, fn)
		case *ast.While:
			eachStmtList(s.Body, fn)
			eachStmtList(s.Orelse, fn)
		case *ast.If:
			eachStmtList(s.Body, fn)
			eachStmtList(s.Orelse, fn)
		case *ast.With:
			eachStmtList(s.Body, fn)
		case *ast.Try:
			eachStmtList(s.Body, fn)
			for _, h := range s.Handlers {
				eachStmtList(h.Body, fn)
			}
			eachStmtList(s.Orelse, fn)
			eachStmtList(s.Finalbody, fn)
		}
	}
}
