package compiler

import (
	"fmt"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/layer"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/layers"
)

// What a refused import or a misspelt contract says, so that a user who
// gives up on a wrong path is told the right one: a missing layer names
// `clauz3 install`, a wrong module path the module that exists, a wrong
// name the module that has it, a misspelt contract the nearest contract.

// unknownModule says why the plan cannot import module name: a module
// outside the trusted roots is outside the language (Unsupported); a
// tools module that is not there is an ImportError that says how to get
// it or what was meant.
func (c *compiler) unknownModule(name string) diag.Reason {
	msg := fmt.Sprintf("import of %s is not supported", name)
	parts := strings.Split(name, ".")
	if parts[0] != "tools" || len(parts) < 2 {
		return diag.Because(ir.Unsupported, "%s", msg)
	}
	domain := parts[1]
	pkg := "tools." + domain + ".trusted"
	st, ok := c.roots.layerOf(pkg)
	if !ok {
		msg = fmt.Sprintf("no trusted layer %s in this project (no folder tools/%s/trusted under the import roots)", pkg, domain)
		var bundled []string
		for _, b := range layers.Bundled() {
			if b.Name == domain {
				return diag.Because(ir.ImportError, "%s; install the bundled one with `clauz3 install %s`", msg, domain)
			}
			bundled = append(bundled, b.Name)
		}
		// Not a bundled layer: most likely a misspelt domain, of the
		// project's own layers first.
		var domains []string
		for _, t := range c.roots.trusted {
			if d, ok := strings.CutPrefix(t.name, "tools."); ok {
				domains = append(domains, strings.TrimSuffix(d, ".trusted"))
			}
		}
		if best := nearest(domain, domains); best != "" {
			return diag.Because(ir.ImportError, "%s; did you mean %s?", msg, strings.Join(append([]string{"tools", best}, parts[2:]...), "."))
		}
		if best := nearest(domain, bundled); best != "" {
			return diag.Because(ir.ImportError, "%s; did you mean the bundled layer %s (`clauz3 install %s`, then import %s)?", msg, best, best, strings.Join(append([]string{"tools", best}, parts[2:]...), "."))
		}
		return diag.Because(ir.ImportError, "%s; install a layer folder with `clauz3 install FOLDER`, or see `clauz3 tools` for the layers the project has", msg)
	}
	if st.layer == nil {
		return diag.Because(ir.ImportError, "%s", msg) // its own errors are reported
	}
	if best := nearestModule(st.layer, name); best != "" {
		return diag.Because(ir.ImportError, "%s; did you mean %s?", msg, best)
	}
	return diag.Because(ir.ImportError, "%s", msg)
}

// nearestModule is the module of l that name most likely means: one
// with the same last component, else the nearest by edit distance.
func nearestModule(l *layer.Layer, name string) string {
	last := name[strings.LastIndex(name, ".")+1:]
	var names []string
	for _, m := range l.Modules {
		names = append(names, m.Name)
		if strings.HasSuffix(m.Name, "."+last) {
			return m.Name
		}
	}
	return nearest(name, names)
}

// importable lists the names a plan may import from module mod of layer
// l: the effects, contracts and row types it binds, and the modules of
// l directly under it (contracts, effects, ... under the layer package).
func importable(l *layer.Layer, mod string) []string {
	var out []string
	for _, m := range l.Modules {
		if rest, ok := strings.CutPrefix(m.Name, mod+"."); ok && !strings.Contains(rest, ".") {
			out = append(out, rest)
		}
		if m.Name != mod {
			continue
		}
		for n, s := range m.Names {
			switch s.Kind {
			case layer.KEffect, layer.KContract, layer.KRow:
				out = append(out, n)
			}
		}
	}
	return out
}

// memberHint is "; did you mean NAME?" for the importable name of module
// mod nearest to name, when mod is a module of a trusted layer and one is
// near enough, else "".
func (c *compiler) memberHint(mod, name string) string {
	st, ok := c.roots.layerOf(mod)
	if !ok || st.layer == nil {
		return ""
	}
	if best := nearest(name, importable(st.layer, mod)); best != "" {
		return "; did you mean " + best + "?"
	}
	return ""
}

// nameHint is "; did you mean NAME?" for the name bound at module level,
// or in the scope of fl (nil at module level), nearest to name, or "".
func (c *compiler) nameHint(fl *fnLowerer, name string) string {
	var names []string
	for n := range c.names {
		names = append(names, n)
	}
	for f := fl; f != nil; f = f.parent {
		for n := range f.names {
			names = append(names, n)
		}
	}
	if best := nearest(name, names); best != "" {
		return "; did you mean " + best + "?"
	}
	return ""
}

// whereIs names the module of layer l that binds name to something a
// plan may import (an effect, a contract or a row type), or "".
func whereIs(l *layer.Layer, name string) string {
	for _, m := range l.Modules {
		if s := m.Lookup(name); s != nil && s.Pos.File == m.File {
			switch s.Kind {
			case layer.KEffect, layer.KContract, layer.KRow:
				return m.Name
			}
		}
	}
	return ""
}

// nearest returns the candidate closest to s by edit distance, when it is
// close enough to be a typo (at most a third of its length, and 3), or "".
func nearest(s string, candidates []string) string {
	best, bestD := "", 0
	sort.Strings(candidates)
	for _, c := range candidates {
		d := editDistance(s, c)
		if d == 0 {
			continue
		}
		if best == "" || d < bestD {
			best, bestD = c, d
		}
	}
	if best == "" || bestD > 3 || bestD*3 > len(s) {
		return ""
	}
	return best
}

// editDistance is the optimal string alignment distance of a and b, in
// bytes: insertions, deletions, substitutions and transpositions of
// neighbours (onyl is one step from only), the typos people make.
func editDistance(a, b string) int {
	d := make([][]int, len(a)+1)
	for i := range d {
		d[i] = make([]int, len(b)+1)
		d[i][0] = i
	}
	for j := range d[0] {
		d[0][j] = j
	}
	for i := 1; i <= len(a); i++ {
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			d[i][j] = min(d[i-1][j]+1, d[i][j-1]+1, d[i-1][j-1]+cost)
			if i > 1 && j > 1 && a[i-1] == b[j-2] && a[i-2] == b[j-1] {
				d[i][j] = min(d[i][j], d[i-2][j-2]+1)
			}
		}
	}
	return d[len(a)][len(b)]
}
