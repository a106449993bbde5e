package gen

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/clauz3/clauz3/ir"
)

// GoFuncName is the exported Go function a layer must provide for an
// effect: send_email -> SendEmail.
func GoFuncName(effect string) string { return camel(effect, true) }

// pySignature renders an effect like its Python stub: send_email(addr: str, msg: str).
func pySignature(e *ir.Effect) string {
	params := make([]string, len(e.Params))
	for i, p := range e.Params {
		params[i] = p.Name + ": " + p.Type.String()
	}
	s := e.Name + "(" + strings.Join(params, ", ") + ")"
	if !ir.IsBasic(e.Result, ir.KindNone) {
		s += " -> " + e.Result.String()
	}
	return s
}

// goTypeText is the Go type a layer must use for a Python type, as text;
// ok is false when the type has no mapping to a layer's API.
func goTypeText(t ir.Type) (string, bool) {
	switch t := t.(type) {
	case *ir.Basic:
		switch t.Kind {
		case ir.KindInt:
			return "int64", true
		case ir.KindFloat:
			return "float64", true
		case ir.KindStr:
			return "string", true
		case ir.KindBool:
			return "bool", true
		}
	case *ir.List:
		s, ok := goTypeText(t.Elem)
		return "[]" + s, ok
	case *ir.Optional:
		s, ok := goTypeText(t.Elem)
		if _, isDict := t.Elem.(*ir.Dict); isDict {
			return s, ok // a nil map is None
		}
		return "*" + s, ok
	case *ir.Dict:
		k, okK := goTypeText(t.Key)
		v, okV := goTypeText(t.Value)
		return "map[" + k + "]" + v, okK && okV
	case *ir.ObjectType:
		return "any", true
	case *ir.Row:
		return t.Name, true
	}
	return t.String(), false
}

// wantSignature is the Go declaration the layer must have for e.
func wantSignature(e *ir.Effect) (string, error) {
	params := make([]string, len(e.Params))
	for i, p := range e.Params {
		s, ok := goTypeText(p.Type)
		if !ok {
			return "", fmt.Errorf("parameter %s: %s has no Go mapping for a layer", p.Name, p.Type)
		}
		params[i] = p.Name + " " + s
	}
	sig := "func " + GoFuncName(e.Name) + "(" + strings.Join(params, ", ") + ")"
	if ir.IsBasic(e.Result, ir.KindNone) {
		return sig + " error", nil
	}
	s, ok := goTypeText(e.Result)
	if !ok {
		return "", fmt.Errorf("result %s has no Go mapping for a layer", e.Result)
	}
	return sig + " (" + s + ", error)", nil
}

// matches reports whether the Go type gt is the layer's type for t.
func matches(t ir.Type, gt types.Type, pkg *types.Package) bool {
	gt = types.Unalias(gt) // any is an alias of interface{}
	switch t := t.(type) {
	case *ir.Basic:
		b, ok := gt.(*types.Basic)
		if !ok {
			return false
		}
		switch t.Kind {
		case ir.KindInt:
			return b.Kind() == types.Int64
		case ir.KindFloat:
			return b.Kind() == types.Float64
		case ir.KindStr:
			return b.Kind() == types.String
		case ir.KindBool:
			return b.Kind() == types.Bool
		}
		return false
	case *ir.List:
		s, ok := gt.(*types.Slice)
		return ok && matches(t.Elem, s.Elem(), pkg)
	case *ir.Optional:
		if _, isDict := t.Elem.(*ir.Dict); isDict {
			return matches(t.Elem, gt, pkg) // a nil map is None
		}
		p, ok := gt.(*types.Pointer)
		return ok && matches(t.Elem, p.Elem(), pkg)
	case *ir.Dict:
		m, ok := gt.(*types.Map)
		return ok && matches(t.Key, m.Key(), pkg) && matches(t.Value, m.Elem(), pkg)
	case *ir.ObjectType:
		// any, the empty interface (not a named type of the layer's)
		it, ok := gt.(*types.Interface)
		return ok && it.Empty()
	case *ir.Row:
		n, ok := gt.(*types.Named)
		if !ok || n.Obj().Name() != t.Name || n.Obj().Pkg() != pkg {
			return false
		}
		st, ok := n.Underlying().(*types.Struct)
		if !ok || st.NumFields() != len(t.Fields) {
			return false
		}
		for i, f := range t.Fields {
			gf := st.Field(i)
			if gf.Name() != RowFieldName(f.Name) || !matches(f.Type, gf.Type(), pkg) {
				return false
			}
		}
		return true
	}
	return false
}

var errorType = types.Universe.Lookup("error").Type()

// bindLayers checks with go/types, on the layer packages as copied into
// the build folder, that every effect the plan calls has an exported Go
// function of a compatible signature, and returns the bindings. The
// packages are compiled by the build's own go command (`go list -export`,
// run through run with env) and read from their export data: a package
// loader that finds `go` or a packages driver on PATH is never used.
func bindLayers(ctx context.Context, run GoRunner, dir string, env []string, layers []*Layer) (map[string]Binding, error) {
	if len(layers) == 0 {
		return map[string]Binding{}, nil
	}
	args := []string{"list", "-deps", "-export", "-json=ImportPath,Export"}
	for _, l := range layers {
		args = append(args, l.Path)
	}
	var goErr bytes.Buffer
	out, err := run(ctx, dir, env, &goErr, args...)
	if err != nil {
		names := make([]string, len(layers))
		for i, l := range layers {
			names[i] = l.Name
		}
		return nil, refusal(LayerDoesNotCompile, strings.Join(names, ", "), "%s: its Go implementation does not compile:\n%s", layerNames(layers), layerErrors(goErr.String(), dir, layers))
	}
	exports := map[string]string{}
	dec := json.NewDecoder(bytes.NewReader(out))
	for {
		var p struct{ ImportPath, Export string }
		if err := dec.Decode(&p); err == io.EOF {
			break
		} else if err != nil {
			return nil, fmt.Errorf("reading go list -export: %v", err)
		}
		exports[p.ImportPath] = p.Export
	}
	imp := importer.ForCompiler(token.NewFileSet(), "gc", func(path string) (io.ReadCloser, error) {
		f := exports[path]
		if f == "" {
			return nil, fmt.Errorf("go list gave no export data for %s", path)
		}
		return os.Open(f)
	})
	out2 := map[string]Binding{}
	var errs []error
	for _, l := range layers {
		pkg, err := imp.Import(l.Path)
		if err != nil {
			return nil, fmt.Errorf("layer %s: reading the types of %s: %v", l.Name, l.Path, err)
		}
		for _, e := range l.Effects {
			b, err := bindEffect(e, l, pkg)
			if err != nil {
				errs = append(errs, err)
				continue
			}
			out2[e.Name] = b
		}
	}
	if len(errs) > 0 {
		// One line per effect, as before; each keeps its kind.
		return nil, errors.Join(errs...)
	}
	return out2, nil
}

func layerNames(layers []*Layer) string {
	names := make([]string, len(layers))
	for i, l := range layers {
		names[i] = l.Name
	}
	if len(names) == 1 {
		return "layer " + names[0]
	}
	return "layers " + strings.Join(names, ", ")
}

func bindEffect(e *ir.Effect, l *Layer, pkg *types.Package) (Binding, error) {
	want, err := wantSignature(e)
	if err != nil {
		return Binding{}, located(refusal(Unbindable, e.Name, "%s: %s cannot have a Go implementation: %w", e.Pos, pySignature(e), err), e.Pos)
	}
	name := GoFuncName(e.Name)
	where := fmt.Sprintf("package %s (%s)", l.Package, l.Dir)
	obj := pkg.Scope().Lookup(name)
	fn, ok := obj.(*types.Func)
	if !ok {
		return Binding{}, located(refusal(NoBinding, e.Name, "%s: %s has no Go implementation: %s not found in %s", e.Pos, pySignature(e), want, where), e.Pos)
	}
	sig := fn.Type().(*types.Signature)
	qual := types.RelativeTo(pkg)
	got := types.TypeString(sig, qual)
	mismatch := func() error {
		return located(refusal(BindingSignature, e.Name, "%s: %s has no Go implementation: %s in %s has signature %s, want %s", e.Pos, pySignature(e), name, where, got, want), e.Pos)
	}
	if sig.Variadic() || sig.Params().Len() != len(e.Params) || sig.Recv() != nil {
		return Binding{}, mismatch()
	}
	for i, p := range e.Params {
		if !matches(p.Type, sig.Params().At(i).Type(), pkg) {
			return Binding{}, mismatch()
		}
	}
	b := Binding{Effect: e.Name, Layer: l.Name, Path: l.Path, Package: l.Package, Func: name}
	res := sig.Results()
	if ir.IsBasic(e.Result, ir.KindNone) {
		switch {
		case res.Len() == 0:
		case res.Len() == 1 && types.Identical(res.At(0).Type(), errorType):
			b.HasError = true
		default:
			return Binding{}, mismatch()
		}
		return b, nil
	}
	if res.Len() != 2 || !matches(e.Result, res.At(0).Type(), pkg) || !types.Identical(res.At(1).Type(), errorType) {
		return Binding{}, mismatch()
	}
	b.HasValue, b.HasError = true, true
	return b, nil
}

// layerErrors renders the go command's diagnostics with the layers' own
// file paths instead of the build folder's copies, one per line, without
// duplicates.
func layerErrors(text, dir string, layers []*Layer) string {
	fix := func(s string) string {
		for _, l := range layers {
			rel := strings.TrimPrefix(l.Path, buildModule+"/") + "/"
			s = strings.ReplaceAll(s, filepath.Join(dir, rel)+"/", l.Dir+"/")
			s = strings.ReplaceAll(s, filepath.Join(dir, rel), l.Dir)
			if rest, ok := strings.CutPrefix(s, rel); ok {
				s = filepath.Join(l.Dir, rest)
			}
		}
		return s
	}
	seen := map[string]bool{}
	var lines []string
	for _, line := range strings.Split(text, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "# ") {
			continue
		}
		line = fix(line)
		if !seen[line] {
			seen[line] = true
			lines = append(lines, "\t"+line)
		}
	}
	return strings.Join(lines, "\n")
}
