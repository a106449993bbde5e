package compiler

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/compiler/diag"
	"github.com/clauz3/clauz3/compiler/layer"
	"github.com/clauz3/clauz3/ir"
)

// trustedRoot is a trusted layer folder and its dotted package name.
type trustedRoot struct {
	dir  string
	name string
}

// roots resolves dotted module names against the trusted roots, loading
// each layer the first time one of its modules is named.
type roots struct {
	trusted []trustedRoot
	layers  map[string]*layerState
	errs    *diag.List
}

type layerState struct {
	layer *layer.Layer // nil when it failed to load
	used  bool         // the plan imports one of its modules
}

// setupRoots fills the import and trusted roots from cfg (with the defaults of
// docs/design.md section 3.1); errors are located at 1:1 of the plan.
func (c *compiler) setupRoots() {
	here := ir.Pos{File: c.filename, Line: 1, Col: 1}
	importRoots := c.cfg.ImportRoots
	if len(importRoots) == 0 {
		importRoots = []string{".", filepath.Dir(c.filename)}
	}
	type root struct{ dir, abs string }
	var imports []root
	seen := map[string]bool{}
	for _, r := range importRoots {
		abs, err := filepath.Abs(r)
		if err != nil || seen[abs] {
			continue
		}
		seen[abs] = true
		imports = append(imports, root{dir: filepath.Clean(r), abs: abs})
	}
	c.roots = &roots{layers: map[string]*layerState{}, errs: &c.errs}
	seenDir := map[string]bool{}
	add := func(dir, name string) {
		abs, _ := filepath.Abs(dir)
		if seenDir[abs] {
			return
		}
		for _, t := range c.roots.trusted {
			if t.name == name {
				return // the first root with a name wins, as on sys.path
			}
		}
		seenDir[abs] = true
		c.roots.trusted = append(c.roots.trusted, trustedRoot{dir: dir, name: name})
	}
	if len(c.cfg.TrustedRoots) == 0 {
		for _, r := range imports {
			matches, _ := filepath.Glob(filepath.Join(r.dir, "tools", "*", "trusted"))
			sort.Strings(matches)
			for _, m := range matches {
				if fi, err := os.Stat(m); err == nil && fi.IsDir() {
					domain := filepath.Base(filepath.Dir(m))
					if isIdent(domain) {
						add(m, "tools."+domain+".trusted")
					}
				}
			}
		}
		return
	}
	for _, t := range c.cfg.TrustedRoots {
		abs, err := filepath.Abs(t)
		if err != nil {
			c.errs.Add(here, ir.ImportError, "trusted root %s: %v", t, err)
			continue
		}
		if fi, err := os.Stat(abs); err != nil || !fi.IsDir() {
			c.errs.Add(here, ir.ImportError, "trusted root %s is not a folder", t)
			continue
		}
		name := ""
		for _, r := range imports {
			if rel, err := filepath.Rel(r.abs, abs); err == nil && rel != "." && !strings.HasPrefix(rel, "..") {
				parts := strings.Split(filepath.ToSlash(rel), "/")
				ok := true
				for _, p := range parts {
					ok = ok && isIdent(p)
				}
				if ok {
					name = strings.Join(parts, ".")
					break
				}
			}
		}
		if name == "" {
			parts := strings.Split(filepath.ToSlash(abs), "/")
			n := len(parts)
			if n < 3 || parts[n-3] != "tools" || parts[n-1] != "trusted" || !isIdent(parts[n-2]) {
				c.errs.Add(here, ir.ImportError, "trusted root %s is outside every import root and does not end in tools/<domain>/trusted", t)
				continue
			}
			name = "tools." + parts[n-2] + ".trusted"
		}
		add(filepath.Clean(t), name)
	}
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127 || i > 0 && r >= '0' && r <= '9' {
			continue
		}
		return false
	}
	return true
}

// rootFor returns the trusted root whose package name is name or a
// prefix package of it.
func (r *roots) rootFor(name string) *trustedRoot {
	for i := range r.trusted {
		t := &r.trusted[i]
		if name == t.name || strings.HasPrefix(name, t.name+".") {
			return t
		}
	}
	return nil
}

// isNamespace reports whether name is a package above some trusted root
// (tools, tools.email).
func (r *roots) isNamespace(name string) bool {
	for _, t := range r.trusted {
		if strings.HasPrefix(t.name, name+".") {
			return true
		}
	}
	return false
}

// layerOf loads (once) the layer that holds module name. ok is false when
// no trusted root holds name; st.layer is nil when the layer failed to
// load (its errors are reported once).
func (r *roots) layerOf(name string) (st *layerState, ok bool) {
	t := r.rootFor(name)
	if t == nil {
		return nil, false
	}
	st, done := r.layers[t.name]
	if !done {
		l, err := layer.Load(t.dir, t.name)
		st = &layerState{layer: l}
		if err != nil {
			r.errs.Append(err)
		}
		r.layers[t.name] = st
	}
	return st, true
}

// usedLayers returns the layers the plan imported, by name.
func (r *roots) usedLayers() []*layer.Layer {
	var names []string
	for n, st := range r.layers {
		if st.used && st.layer != nil {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	out := make([]*layer.Layer, len(names))
	for i, n := range names {
		out[i] = r.layers[n].layer
	}
	return out
}
