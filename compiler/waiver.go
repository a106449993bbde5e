package compiler

import (
	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/ir"
)

// reexportedWaiver compiles a guarantee of no_guarantees re-exported by a
// layer module under another name (`from clauz3.spec import no_guarantees
// as nothing_promised` in contracts.py, then
// @clauz3.guarantee(tickets.nothing_promised())), as layers written for
// the original ClauZ3 do: an explicit waiver attributed to that module.
func (c *compiler) reexportedWaiver(call *ast.Call, s *symbol) *ir.Guarantee {
	if len(call.Args) > 0 || len(call.Keywords) > 0 || call.Starargs != nil || call.Kwargs != nil {
		c.errorf(call, ir.ArgumentError, "%s() takes no arguments", pyast.Render(call.Func))
		return nil
	}
	ct := &ir.Contract{Pos: c.pos(call), Module: s.from, Name: s.name, Spec: &ir.NoGuarantees{Pos: c.pos(call)}}
	return &ir.Guarantee{Pos: c.pos(call), Source: pyast.Render(call), Contract: ct}
}
