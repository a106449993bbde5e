package catalog

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/compiler/layer"
	"github.com/clauz3/clauz3/ir"
	"github.com/clauz3/clauz3/ir/english"
)

// Catalog is every layer visible from a project.
type Catalog struct {
	Layers []Layer `json:"layers"`
}

// Layer is one trusted layer.
type Layer struct {
	Name      string     `json:"name"` // tools.email.trusted
	Domain    string     `json:"domain"`
	Dir       string     `json:"dir"`
	Effects   []Effect   `json:"effects"`
	Contracts []Contract `json:"contracts"`
	Policy    *Policy    `json:"policy,omitempty"`
}

// Effect is one trusted effect.
type Effect struct {
	Name      string   `json:"name"`
	Module    string   `json:"module"`
	Signature string   `json:"signature"` // send_email(addr: str, msg: str) -> None
	Markers   []string `json:"markers"`
	Requires  []string `json:"requires"` // lambdas as written, with message= when given
	Ensures   []string `json:"ensures"`
}

// Contract is one @contract of a layer.
type Contract struct {
	Name      string `json:"name"`
	Module    string `json:"module"`
	Signature string `json:"signature"` // only(addresses: list[str])
	English   string `json:"english,omitempty"`
	// EnglishError says why there is no English rendering.
	EnglishError string `json:"english_error,omitempty"`
	Spec         string `json:"spec"` // the compiled spec, as code
}

// Policy is a layer's coverage policy.
type Policy struct {
	Label       string   `json:"label"`
	WhenUsed    []string `json:"when_used"`
	Required    []string `json:"required"`
	Recommended []string `json:"recommended"`
}

// Roots finds the trusted layer folders and their dotted names.
func Roots(importRoots, trustedRoots []string) (map[string]string, error) {
	out := map[string]string{}
	if len(trustedRoots) > 0 {
		for _, t := range trustedRoots {
			abs, err := filepath.Abs(t)
			if err != nil {
				return nil, &Error{Kind: BadRoot, Root: t, Err: err}
			}
			if st, err := os.Stat(abs); err != nil || !st.IsDir() {
				return nil, &Error{Kind: BadRoot, Root: t, Err: fmt.Errorf("trusted root %s is not a folder", t)}
			}
			domain := filepath.Base(filepath.Dir(abs))
			if filepath.Base(abs) != "trusted" || filepath.Base(filepath.Dir(filepath.Dir(abs))) != "tools" {
				return nil, &Error{Kind: BadRoot, Root: t, Err: fmt.Errorf("trusted root %s does not end in tools/<domain>/trusted", t)}
			}
			out["tools."+domain+".trusted"] = t
		}
		return out, nil
	}
	if len(importRoots) == 0 {
		importRoots = []string{"."}
	}
	for _, r := range importRoots {
		matches, err := filepath.Glob(filepath.Join(r, "tools", "*", "trusted"))
		if err != nil {
			return nil, &Error{Kind: BadRoot, Root: r, Err: err}
		}
		sort.Strings(matches)
		for _, m := range matches {
			st, err := os.Stat(m)
			if err != nil || !st.IsDir() {
				continue
			}
			name := "tools." + filepath.Base(filepath.Dir(m)) + ".trusted"
			if _, seen := out[name]; !seen {
				out[name] = m
			}
		}
	}
	return out, nil
}

// Load loads every layer visible from the roots.
func Load(importRoots, trustedRoots []string) (*Catalog, error) {
	roots, err := Roots(importRoots, trustedRoots)
	if err != nil {
		return nil, err
	}
	names := make([]string, 0, len(roots))
	for n := range roots {
		names = append(names, n)
	}
	sort.Strings(names)
	c := &Catalog{Layers: []Layer{}}
	for _, n := range names {
		l, err := layer.Load(roots[n], n)
		if err != nil {
			return nil, &Error{Kind: NotLoadable, Root: roots[n], Layer: n, Err: fmt.Errorf("trusted layer %s (%s) does not load:\n%w", n, roots[n], err)}
		}
		c.Layers = append(c.Layers, FromLayer(l))
	}
	return c, nil
}

// FromLayer describes a loaded layer.
func FromLayer(l *layer.Layer) Layer {
	out := Layer{Name: l.Name, Domain: l.Domain, Dir: l.Dir, Effects: []Effect{}, Contracts: []Contract{}}
	for _, e := range l.Effects {
		out.Effects = append(out.Effects, describeEffect(e))
	}
	for _, c := range l.Contracts {
		if c.Template != nil {
			out.Contracts = append(out.Contracts, describeTemplate(c))
			continue
		}
		out.Contracts = append(out.Contracts, describeContract(c.Contract))
	}
	if p := l.Policy; p != nil {
		pol := &Policy{Label: p.Label, WhenUsed: append([]string{}, p.WhenUsed...), Required: []string{}, Recommended: []string{}}
		for _, c := range p.Required {
			pol.Required = append(pol.Required, c.Name)
		}
		for _, c := range p.Recommended {
			pol.Recommended = append(pol.Recommended, c.Name)
		}
		out.Policy = pol
	}
	return out
}

func describeEffect(e *ir.Effect) Effect {
	var params []string
	for _, p := range e.Params {
		params = append(params, param(p.Name, p.Type, p.Default))
	}
	result := "None"
	if e.Result != nil {
		result = e.Result.String()
	}
	out := Effect{Name: e.Name, Module: e.Module, Signature: fmt.Sprintf("%s(%s) -> %s", e.Name, strings.Join(params, ", "), result),
		Markers: append([]string{}, e.Markers...), Requires: []string{}, Ensures: []string{}}
	for _, c := range e.Requires {
		out.Requires = append(out.Requires, condition(c))
	}
	for _, c := range e.Ensures {
		out.Ensures = append(out.Ensures, condition(c))
	}
	return out
}

// param writes one parameter as the layer declares it, its default
// included: a reader (or an agent) must see which arguments a call may
// leave out.
func param(name string, t ir.Type, d ir.Expr) string {
	s := name + ": " + t.String()
	if d != nil {
		s += " = " + ir.ExprString(d)
	}
	return s
}

func condition(c *ir.Condition) string {
	if c.Message != "" {
		return fmt.Sprintf("%s  (%s)", c.Source, c.Message)
	}
	return c.Source
}

func describeContract(c *ir.Contract) Contract {
	var params []string
	for i, p := range c.Params {
		var d ir.Expr
		if i < len(c.Defaults) {
			d = c.Defaults[i]
		}
		params = append(params, param(p.Name, p.Type, d))
	}
	out := Contract{Name: c.Name, Module: c.Module, Signature: fmt.Sprintf("%s(%s)", c.Name, strings.Join(params, ", ")), Spec: ir.SpecString(c.Spec)}
	if s, err := english.Contract(c); err != nil {
		out.EnglishError = err.Error()
	} else {
		out.English = s
	}
	return out
}

// describeTemplate describes a contract with parameters of type type: it
// has no spec of its own until a plan's call gives its row types
// (layer.Template), so its English says that instead.
func describeTemplate(c *layer.Contract) Contract {
	var params, types []string
	for _, tp := range c.Template.Params {
		if tp.Type {
			types = append(types, tp.Name)
			params = append(params, tp.Name+": type")
			continue
		}
		for i, p := range c.Params {
			if p.Name == tp.Name {
				var d ir.Expr
				if i < len(c.Defaults) {
					d = c.Defaults[i]
				}
				params = append(params, param(p.Name, p.Type, d))
			}
		}
	}
	return Contract{Name: c.Name, Module: c.Module, Signature: fmt.Sprintf("%s(%s)", c.Name, strings.Join(params, ", ")),
		Spec:    "compiled at each call site",
		English: fmt.Sprintf("Compiled where a plan calls it, with the row type it passes for %s (e.g. UserRow from a db layer); the guarantee then reads as its definition says.", strings.Join(types, " and "))}
}

// WriteText prints the catalog for a person or an agent reading a
// terminal.
func (c *Catalog) WriteText(w io.Writer) error {
	var b strings.Builder
	if len(c.Layers) == 0 {
		b.WriteString("no trusted layers found (looked for tools/*/trusted; `clauz3 install email` adds one)\n")
	}
	for i, l := range c.Layers {
		if i > 0 {
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%s  (%s)\n", l.Name, l.Dir)
		b.WriteString("  effects:\n")
		for _, e := range l.Effects {
			fmt.Fprintf(&b, "    %s\n", e.Signature)
			if len(e.Markers) > 0 {
				fmt.Fprintf(&b, "      markers: %s\n", strings.Join(e.Markers, ", "))
			}
			for _, r := range e.Requires {
				fmt.Fprintf(&b, "      requires: %s\n", r)
			}
			for _, r := range e.Ensures {
				fmt.Fprintf(&b, "      ensures: %s\n", r)
			}
		}
		b.WriteString("  contracts:\n")
		for _, ct := range l.Contracts {
			module := ct.Module[strings.LastIndex(ct.Module, ".")+1:]
			fmt.Fprintf(&b, "    %s.%s\n", module, ct.Signature)
			if ct.English != "" {
				fmt.Fprintf(&b, "      %s\n", ct.English)
			} else {
				fmt.Fprintf(&b, "      %s  (no English rendering: %s)\n", ct.Spec, ct.EnglishError)
			}
		}
		if p := l.Policy; p != nil {
			fmt.Fprintf(&b, "  policy (%s): used when %s is called; required: %s; recommended: %s\n",
				p.Label, strings.Join(p.WhenUsed, ", "), listOrNone(p.Required), listOrNone(p.Recommended))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func listOrNone(xs []string) string {
	if len(xs) == 0 {
		return "none"
	}
	return strings.Join(xs, ", ")
}
