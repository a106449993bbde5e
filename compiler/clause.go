package compiler

import (
	"fmt"
	"sort"

	"github.com/go-python/gpython/ast"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/pyast"
	"github.com/clauz3/clauz3/compiler/syntax"
	"github.com/clauz3/clauz3/ir"
)

// Clause is a contract call written outside the plan, such as an approval
// policy's when_proven clause: `pol.only(['bob@example.com'])` where
// Imports binds pol to a trusted contract module.
type Clause struct {
	File    string            // names the clause in positions, e.g. policy.json
	Source  string            // one Python expression: a contract call
	Imports map[string]string // alias -> dotted module (a trusted layer module)
}

// CompileWithClauses compiles the plan as Compile does, then each clause
// into a guarantee over the same program, resolved against the same
// trusted layers in a namespace that holds only the clause's imports (the
// plan's own names are invisible to it). Errors of the plan fail the
// call; a clause that does not compile gets its located error in
// clauseErrs[i] (and a nil guarantee), so one bad clause does not hide
// the others.
func CompileWithClauses(filename string, src []byte, cfg Config, clauses []Clause) (prog *ir.Program, gs []*ir.Guarantee, clauseErrs []error, err error) {
	c, prog := compileRounds(filename, src, cfg)
	if err := c.errs.Err(); err != nil {
		return nil, nil, nil, err
	}
	if err := ir.Verify(prog); err != nil {
		return nil, nil, nil, diag.List{diag.Errorf(ir.Pos{File: filename, Line: 1, Col: 1}, ir.Internal, "internal error: the lowered program does not verify: %v", err)}
	}
	gs = make([]*ir.Guarantee, len(clauses))
	clauseErrs = make([]error, len(clauses))
	for i, cl := range clauses {
		gs[i], clauseErrs[i] = c.clause(cl, prog)
	}
	return prog, gs, clauseErrs, nil
}

func (c *compiler) clause(cl Clause, prog *ir.Program) (*ir.Guarantee, error) {
	at := ir.Pos{File: cl.File, Line: 1, Col: 1}
	f, err := syntax.Parse(cl.File, []byte(cl.Source))
	if err != nil {
		return nil, pyast.ParseErrors(cl.File, err)
	}
	if len(f.Module.Body) != 1 {
		return nil, diag.List{diag.Errorf(at, ir.PlanError, "a clause is one contract call, got %d statements", len(f.Module.Body))}
	}
	es, ok := f.Module.Body[0].(*ast.ExprStmt)
	if !ok {
		return nil, diag.List{diag.Errorf(at, ir.PlanError, "a clause is one contract call, not a %s", pyast.Describe(f.Module.Body[0]))}
	}
	names := map[string]*symbol{}
	aliases := make([]string, 0, len(cl.Imports))
	for a := range cl.Imports {
		aliases = append(aliases, a)
	}
	sort.Strings(aliases)
	for _, a := range aliases {
		mod := cl.Imports[a]
		sym := c.moduleSym(mod)
		if sym == nil || sym.kind != sModule || planAPI[mod] != nil || mod == "typing" || mod == "__future__" || mod == "clauz3" {
			return nil, diag.List{diag.Errorf(at, ir.ImportError, "import %s = %s: not a module of a trusted layer", a, mod)}
		}
		names[a] = sym
	}
	savedFile, savedNames, savedErrs := c.file, c.names, c.errs
	c.file, c.names, c.errs = f, names, nil
	g := c.guarantee(es.Value, prog)
	errs := c.errs
	c.file, c.names, c.errs = savedFile, savedNames, savedErrs
	if err := errs.Err(); err != nil {
		return nil, err
	}
	if g == nil {
		return nil, diag.List{diag.Errorf(at, ir.PlanError, "clause %s did not compile", cl.Source)}
	}
	return g, nil
}

// String is for messages.
func (cl Clause) String() string { return fmt.Sprintf("%s: %s", cl.File, cl.Source) }
