package layers

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/clauz3/clauz3/compiler/layer"
)

// bundled holds the layer folders. all: keeps __init__.py, which the
// default embed rules drop for its leading underscore.
//
//go:embed all:email all:bank all:db all:filesystem all:env all:grep all:editor all:web_fetch all:web_search
var bundled embed.FS

// Info describes one bundled layer.
type Info struct {
	Name    string // the domain: email, bank, ...
	Summary string
}

var infos = []Info{
	{"bank", "an SQLite ledger: withdraw, deposit, pay_bill, balance (cents; no overdraft)"},
	{"db", "typed read-only row queries over SQLite: db_query(table, where) -> list[UserRow]"},
	{"editor", "replace_in_file: an exact, single-occurrence string replacement under configured roots"},
	{"email", "send_email and send_email_with_subject over SMTP with STARTTLS or implicit TLS"},
	{"env", "get_env(name); credential-looking variables are refused by the floor"},
	{"filesystem", "read_file, list_dir, write_file under configured roots, through the path floor"},
	{"grep", "grep(dir, pattern): RE2 search of the text files under a folder, through the path floor"},
	{"web_fetch", "web_fetch(url) and web_post(url, body) over HTTP(S) through the egress floor; redirects refused"},
	{"web_search", "web_search(query) -> list[SearchResult]: queries to the configured search endpoint through the egress floor"},
}

// Bundled lists the bundled layers, sorted by name.
func Bundled() []Info { return append([]Info(nil), infos...) }

// FS returns the files of a bundled layer (spec files, Go files, README.md,
// cases/), or an error naming the bundled layers.
func FS(name string) (fs.FS, error) {
	name = strings.TrimPrefix(name, "stdlib:")
	for _, in := range infos {
		if in.Name == name {
			return fs.Sub(bundled, name)
		}
	}
	var names []string
	for _, in := range infos {
		names = append(names, in.Name)
	}
	return nil, &Error{Kind: NoSuchLayer, Name: name, Err: fmt.Errorf("no bundled layer %q (bundled: %s)", name, strings.Join(names, ", "))}
}

// Source is a layer to install or test: its files and its domain.
type Source struct {
	Domain string
	Files  fs.FS
	Origin string // "bundled layer email" or the folder it came from
}

// Resolve turns a SOURCE argument into a Source: a folder when the
// argument is a path (it contains a path separator: ./mylayer), else a
// bundled layer name with an optional stdlib: prefix. A bare name is never
// looked up in the current folder: a folder named email in a project the
// agent writes must not stand in for the bundled email layer when the
// human installs it from there.
func Resolve(source string) (*Source, error) {
	if source == "" {
		return nil, &Error{Kind: NoSource, Err: errors.New("no layer source given")}
	}
	if strings.ContainsRune(source, filepath.Separator) || strings.ContainsRune(source, '/') {
		st, err := os.Stat(source)
		if err != nil {
			return nil, &Error{Kind: BadFolder, Path: source, Err: fmt.Errorf("layer folder %s: %w", source, err)}
		}
		if !st.IsDir() {
			return nil, &Error{Kind: BadFolder, Path: source, Err: fmt.Errorf("layer folder %s is not a folder", source)}
		}
		return folderSource(source)
	}
	files, err := FS(source)
	if err != nil {
		return nil, err
	}
	name := strings.TrimPrefix(source, "stdlib:")
	return &Source{Domain: name, Files: files, Origin: "bundled layer " + name}, nil
}

// folderSource is a local layer folder: tools/<domain>/trusted names its
// domain, any other folder is named by its base name.
func folderSource(dir string) (*Source, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, &Error{Kind: BadFolder, Path: dir, Err: err}
	}
	if _, err := os.Stat(filepath.Join(abs, "effects.py")); err != nil {
		return nil, &Error{Kind: BadFolder, Path: dir, Err: fmt.Errorf("layer folder %s has no effects.py", dir)}
	}
	domain := filepath.Base(abs)
	if domain == "trusted" && filepath.Base(filepath.Dir(filepath.Dir(abs))) == "tools" {
		domain = filepath.Base(filepath.Dir(abs))
	}
	return &Source{Domain: domain, Files: os.DirFS(abs), Origin: abs}, nil
}

// installable reports whether a file of a layer folder is copied by
// Install: top-level spec files, non-test Go files and the README.
func installable(path string) bool {
	if strings.Contains(path, "/") {
		return false
	}
	switch {
	case strings.HasSuffix(path, ".py"):
		return true
	case strings.HasSuffix(path, ".go"):
		return !strings.HasSuffix(path, "_test.go")
	}
	return path == "README.md"
}

// Installed says where Install put a layer.
type Installed struct {
	Domain  string
	Dir     string   // DIR/tools/<domain>/trusted
	Files   []string // copied files, sorted
	Layer   *layer.Layer
	Replace bool // an existing layer was replaced (force)
}

// Install copies src into into/tools/<domain>/trusted. The copy is made
// in a staging folder beside the destination and loaded with
// compiler/layer first; only a layer that loads is moved into place.
func Install(src *Source, into string, force bool) (*Installed, error) {
	if !isIdent(src.Domain) {
		return nil, &Error{Kind: BadDomain, Name: src.Domain, Err: fmt.Errorf("layer domain %q is not a Python identifier", src.Domain)}
	}
	parent := filepath.Join(into, "tools", src.Domain)
	dest := filepath.Join(parent, "trusted")
	replace := false
	if _, err := os.Lstat(dest); err == nil {
		if !force {
			return nil, &Error{Kind: Exists, Name: src.Domain, Path: dest, Err: fmt.Errorf("%s already exists; refusing to overwrite it (use --force to replace it)", dest)}
		}
		replace = true
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, &Error{Kind: IO, Name: src.Domain, Path: dest, Err: err}
	}
	toolsDir := filepath.Join(into, "tools")
	_, statErr := os.Stat(toolsDir)
	createdTools := errors.Is(statErr, fs.ErrNotExist)
	if err := os.MkdirAll(toolsDir, 0o755); err != nil {
		return nil, &Error{Kind: IO, Name: src.Domain, Path: toolsDir, Err: err}
	}
	// The staging folder sits in tools/ (same filesystem, so the final
	// rename is atomic) under a name that tools/*/trusted never matches.
	stage, err := os.MkdirTemp(toolsDir, ".install-"+src.Domain+"-")
	if err != nil {
		return nil, &Error{Kind: IO, Name: src.Domain, Path: toolsDir, Err: err}
	}
	installed := false
	defer func() {
		os.RemoveAll(stage)
		if !installed && createdTools {
			os.Remove(toolsDir) // only if still empty
		}
	}()
	if err := os.Chmod(stage, 0o755); err != nil {
		return nil, &Error{Kind: IO, Name: src.Domain, Path: stage, Err: err}
	}
	var files []string
	err = fs.WalkDir(src.Files, ".", func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path != "." {
				return fs.SkipDir
			}
			return nil
		}
		if !installable(path) || !d.Type().IsRegular() {
			return nil
		}
		data, err := fs.ReadFile(src.Files, path)
		if err != nil {
			return err
		}
		files = append(files, path)
		return os.WriteFile(filepath.Join(stage, path), data, 0o644)
	})
	if err != nil {
		return nil, &Error{Kind: IO, Name: src.Domain, Err: fmt.Errorf("copying %s: %w", src.Origin, err)}
	}
	sort.Strings(files)
	name := "tools." + src.Domain + ".trusted"
	if _, err := layer.Load(stage, name); err != nil {
		// The message names the files as the source has them, not in the
		// staging folder; the cause stays in the chain with its codes.
		msg := strings.ReplaceAll(err.Error(), stage+string(filepath.Separator), "")
		return nil, &Error{Kind: NotLoadable, Name: src.Domain, Err: err,
			text: fmt.Sprintf("%s does not load as %s, nothing installed:\n%s", src.Origin, name, msg)}
	}
	if err := os.MkdirAll(parent, 0o755); err != nil {
		return nil, &Error{Kind: IO, Name: src.Domain, Path: parent, Err: err}
	}
	if replace {
		if err := os.RemoveAll(dest); err != nil {
			return nil, &Error{Kind: IO, Name: src.Domain, Path: dest, Err: err}
		}
	}
	if err := os.Rename(stage, dest); err != nil {
		return nil, &Error{Kind: IO, Name: src.Domain, Path: dest, Err: err}
	}
	installed = true
	l, err := layer.Load(dest, name)
	if err != nil {
		return nil, &Error{Kind: NotLoadable, Name: src.Domain, Path: dest, Err: fmt.Errorf("%s does not load after the move: %w", dest, err)}
	}
	return &Installed{Domain: src.Domain, Dir: dest, Files: files, Layer: l, Replace: replace}, nil
}

func isIdent(s string) bool {
	if s == "" {
		return false
	}
	for i, r := range s {
		if r == '_' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || i > 0 && r >= '0' && r <= '9' {
			continue
		}
		return false
	}
	return true
}
