package gen

import (
	"fmt"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/ir"
)

// Layer is one trusted layer a plan uses, with its Go implementation.
type Layer struct {
	Name    string   // dotted, e.g. tools.email.trusted
	Dir     string   // the folder of its spec and Go files
	Files   []string // its Go files (base names, sorted; tests left out)
	Package string   // the Go package name of those files
	Path    string   // the Go import path it gets in the build module
	Effects []*ir.Effect
	Allowed []string // imports declared with //clauz3:allow-import
	imports map[string][]string
	// src holds the Go files' bytes as read once by read: the import
	// check, the build identity and the build folder all use these bytes,
	// so a file edited during a build cannot slip in after its hash.
	src map[string][]byte
}

// LayerName is the layer an effect belongs to: its module without the
// last component (tools.email.trusted.effects -> tools.email.trusted).
func LayerName(e *ir.Effect) string {
	if i := strings.LastIndex(e.Module, "."); i > 0 {
		return e.Module[:i]
	}
	return e.Module
}

// resolveLayers finds the layers of the effects prog calls and reads
// their Go files. dirs maps a layer name to its folder; by default a
// layer's folder is the folder of the file that declares its effects.
func resolveLayers(prog *ir.Program, dirs map[string]string) ([]*Layer, error) {
	byName := map[string]*Layer{}
	var out []*Layer
	for _, e := range UsedEffects(prog) {
		name := LayerName(e)
		l := byName[name]
		if l == nil {
			dir := dirs[name]
			if dir == "" {
				if e.Pos.File == "" {
					return nil, fmt.Errorf("%s: effect %s has no source file, so the folder of layer %s is unknown (set BuildOptions.Layers)", e.Pos, e.Name, name)
				}
				dir = filepath.Dir(e.Pos.File)
			}
			l = &Layer{Name: name, Dir: dir, imports: map[string][]string{}}
			byName[name] = l
			out = append(out, l)
		}
		l.Effects = append(l.Effects, e)
	}
	used := map[string]bool{}
	for _, l := range out {
		if err := l.read(); err != nil {
			return nil, err
		}
		base := layerBase(l.Name)
		id := base
		for i := 2; used[id]; i++ {
			id = base + strconv.Itoa(i)
		}
		used[id] = true
		l.Path = buildModule + "/layers/" + id
	}
	return out, nil
}

func layerBase(name string) string {
	parts := strings.Split(name, ".")
	if len(parts) == 3 && parts[0] == "tools" && parts[2] == "trusted" {
		return sanitizePath(parts[1])
	}
	return sanitizePath(strings.Join(parts, "_"))
}

func sanitizePath(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	if b.Len() == 0 {
		return "layer"
	}
	return b.String()
}

func (l *Layer) where() string {
	if len(l.Effects) > 0 {
		return l.Effects[0].Pos.String() + ": "
	}
	return ""
}

// read lists the layer's Go files and parses their package clauses,
// imports and //clauz3:allow-import declarations.
func (l *Layer) read() error {
	if l.imports == nil {
		l.imports = map[string][]string{}
	}
	entries, err := os.ReadDir(l.Dir)
	if err != nil {
		return fmt.Errorf("%slayer %s: %v", l.where(), l.Name, err)
	}
	for _, ent := range entries {
		n := ent.Name()
		if ent.IsDir() || !strings.HasSuffix(n, ".go") || strings.HasSuffix(n, "_test.go") || strings.HasPrefix(n, ".") || strings.HasPrefix(n, "_") {
			continue
		}
		l.Files = append(l.Files, n)
	}
	sort.Strings(l.Files)
	if len(l.Files) == 0 {
		e := refusal(NoGoFiles, l.Name, "%slayer %s has no Go implementation (no Go files in %s): it can be proved against but not built", l.where(), l.Name, l.Dir)
		e.Pos = strings.TrimSuffix(l.where(), ": ")
		return e
	}
	fset := token.NewFileSet()
	l.src = map[string][]byte{}
	for _, n := range l.Files {
		path := filepath.Join(l.Dir, n)
		data, err := os.ReadFile(path)
		if err != nil {
			return fmt.Errorf("layer %s: %v", l.Name, err)
		}
		l.src[n] = data
		f, err := parser.ParseFile(fset, path, data, parser.ImportsOnly|parser.ParseComments)
		if err != nil {
			return fmt.Errorf("layer %s: %v", l.Name, err)
		}
		if l.Package == "" {
			l.Package = f.Name.Name
		} else if f.Name.Name != l.Package {
			return fmt.Errorf("layer %s: %s is package %s, but the other files are package %s", l.Name, path, f.Name.Name, l.Package)
		}
		if l.Package == "main" {
			return fmt.Errorf("layer %s: %s is package main; a layer's Go implementation must be a library package", l.Name, path)
		}
		for _, cg := range f.Comments {
			for _, c := range cg.List {
				if rest, ok := strings.CutPrefix(c.Text, "//clauz3:allow-import "); ok {
					for _, p := range strings.Fields(rest) {
						l.Allowed = append(l.Allowed, p)
					}
				}
			}
		}
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value)
			pos := fset.Position(imp.Pos())
			l.imports[p] = append(l.imports[p], fmt.Sprintf("%s:%d:%d", path, pos.Line, pos.Column))
		}
	}
	return nil
}

// checkImports applies the layer import rule to the layer's source
// before anything is built (the closure check after the build is the
// authority; this one names the file and line).
func (l *Layer) checkImports() error {
	var paths []string
	for p := range l.imports {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		std := !strings.Contains(strings.Split(p, "/")[0], ".")
		if why := layerImportRule(p, std, l.Allowed); why != "" {
			kind := LayerImport
			if std && sensitive(p) {
				kind = UndeclaredImport
			}
			e := refusal(kind, p, "%s: layer %s imports %s, %s", l.imports[p][0], l.Name, p, why)
			e.Pos = l.imports[p][0]
			return e
		}
	}
	return nil
}
