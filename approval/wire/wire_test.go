package wire

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"
)

// types are every body of the API, each with the start of its example
// in docs/approval-api.md.
var types = []struct {
	anchor string
	v      any
}{
	{`{` + "\n" + `  "plan_name"`, Submission{}},
	{`{"id":"req_…","status":"pending"`, Submitted{}},
	{`{"id":"req_…","status":"approved_once"`, Status{}},
	{`{"id":"req_…","created_at"`, Request{}},
	{`{"requests":[`, RequestList{}},
	{`{"decision":"approved_once"`, DecisionBody{}},
	{`{"csrf"`, SessionInfo{}},
	{`{"receipt": Receipt`, RedeemBody{}},
	{`{"redemption":{`, RedeemAnswer{}},
	{`{"key_id"`, KeyAnswer{}},
	{`{"status":"ok"`, Health{}},
	{`{"error":"<why`, Error{}},
	{`{"id":"req_…","exit"`, RunResult{}},
}

// jsonFields are t's JSON field names and each field's type.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

// object scans the example object starting at doc[0] ('{') and answers
// its top-level keys with the raw text of each value. The examples are
// JSON with placeholders (…, Receipt, <text>), so this reads only
// quotes, brackets, colons and commas.
func object(doc string) (map[string]string, bool) {
	keys := map[string]string{}
	depth, inString, key, valueStart := 0, false, "", -1
	var str strings.Builder
	for i := 0; i < len(doc); i++ {
		c := doc[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			default:
				str.WriteByte(c)
			}
			continue
		}
		switch c {
		case '"':
			inString = true
			str.Reset()
		case '{', '[':
			depth++
		case '}', ']':
			depth--
			if depth == 0 {
				if key != "" {
					keys[key] = strings.TrimSpace(doc[valueStart:i])
				}
				return keys, true
			}
		case ':':
			if depth == 1 && key == "" {
				key, valueStart = str.String(), i+1
			}
		case ',':
			if depth == 1 && key != "" {
				keys[key] = strings.TrimSpace(doc[valueStart:i])
				key = ""
			}
		}
	}
	return nil, false
}

// checkObject checks an example object against t: every key it shows is
// a field of t, and, when all is set, every field of t is shown. Nested
// objects of wire types are checked for unknown keys.
func checkObject(t *testing.T, where string, raw string, typ reflect.Type, all bool) {
	t.Helper()
	keys, ok := object(raw)
	if !ok {
		t.Errorf("%s: the example is not a closed object", where)
		return
	}
	fields := jsonFields(typ)
	for k, v := range keys {
		ft, ok := fields[k]
		if !ok {
			t.Errorf("%s: docs/approval-api.md shows %q, which %s does not have: a field the service would refuse or drop", where, k, typ)
			continue
		}
		for ft.Kind() == reflect.Pointer || ft.Kind() == reflect.Slice {
			ft = ft.Elem()
		}
		inner := strings.TrimLeft(v, "[ \n")
		if ft.Kind() == reflect.Struct && ft.PkgPath() == typ.PkgPath() && strings.HasPrefix(inner, "{") {
			checkObject(t, where+"."+k, inner, ft, false)
		}
	}
	if !all {
		return
	}
	var missing []string
	for f := range fields {
		if _, ok := keys[f]; !ok {
			missing = append(missing, f)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("%s: docs/approval-api.md's example does not show %s's fields %v", where, typ, missing)
	}
}

// TestDocumentedShapes checks every wire type against its example in
// docs/approval-api.md, both ways: the document shows no field the type
// lacks (a client following it would be refused) and every field the
// type has.
func TestDocumentedShapes(t *testing.T) {
	data, err := os.ReadFile("../../docs/approval-api.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(data)
	for _, c := range types {
		typ := reflect.TypeOf(c.v)
		i := strings.Index(doc, c.anchor)
		if i < 0 {
			t.Errorf("%s: docs/approval-api.md has no example starting %q", typ, c.anchor)
			continue
		}
		checkObject(t, typ.Name(), doc[i:], typ, true)
	}
}

// TestObjectReader checks the example reader on the shapes the document
// uses, including the ones that must fail TestDocumentedShapes.
func TestObjectReader(t *testing.T) {
	cases := []struct {
		in   string
		want []string
	}{
		{`{"a":1,"b":{"c":2},"d":[{"e":"x,y"}]} tail`, []string{"a", "b", "d"}},
		{`{"receipt": Receipt, "challenge":"<base64url>"}`, []string{"challenge", "receipt"}},
		{"{\n  \"plan_source\": \"a\\\"b:c\",\n  \"build_id\": \"sha256:…\"\n}", []string{"build_id", "plan_source"}},
		{`{"requests":[Request…]}`, []string{"requests"}},
	}
	for _, c := range cases {
		keys, ok := object(c.in)
		if !ok {
			t.Errorf("%q: not read", c.in)
			continue
		}
		var got []string
		for k := range keys {
			got = append(got, k)
		}
		sort.Strings(got)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: keys %v, want %v", c.in, got, c.want)
		}
	}
	if _, ok := object(`{"a":1`); ok {
		t.Error("an unclosed object was read")
	}
}

// copyFinder finds, in Go source, a struct type or a map literal that
// spells one of the wire types again: at least three JSON names in
// common with it, at least half of its names, and at least half of its
// own names among them. The threshold leaves the store's records, card's
// types and other protocols alone (they share a field or two) and
// catches a client's private copy of an answer.
type copyFinder struct {
	wire map[string][]string // type name -> its JSON names
}

func newCopyFinder() copyFinder {
	f := copyFinder{wire: map[string][]string{}}
	for _, c := range types {
		typ := reflect.TypeOf(c.v)
		for name := range jsonFields(typ) {
			f.wire[typ.Name()] = append(f.wire[typ.Name()], name)
		}
	}
	for _, v := range []any{Guarantee{}, Assumption{}, ProofSummary{}, Coverage{}} {
		typ := reflect.TypeOf(v)
		for name := range jsonFields(typ) {
			f.wire[typ.Name()] = append(f.wire[typ.Name()], name)
		}
	}
	return f
}

// find answers "file:line: ... copies wire.T" for each copy in src.
func (f copyFinder) find(fset *token.FileSet, file *ast.File) []string {
	var out []string
	check := func(pos token.Pos, what string, names map[string]bool) {
		for typ, wn := range f.wire {
			common := 0
			for _, n := range wn {
				if names[n] {
					common++
				}
			}
			if common >= 3 && 2*common >= len(wn) && 2*common >= len(names) {
				out = append(out, fmt.Sprintf("%s: %s has %d of wire.%s's JSON names: use wire.%s", fset.Position(pos), what, common, typ, typ))
			}
		}
	}
	ast.Inspect(file, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.StructType:
			names := map[string]bool{}
			for _, fl := range n.Fields.List {
				if fl.Tag == nil {
					continue
				}
				tag, err := strconv.Unquote(fl.Tag.Value)
				if err != nil {
					continue
				}
				name, _, _ := strings.Cut(reflect.StructTag(tag).Get("json"), ",")
				if name != "" && name != "-" {
					names[name] = true
				}
			}
			check(n.Pos(), "a struct", names)
		case *ast.CompositeLit:
			if _, ok := n.Type.(*ast.MapType); !ok {
				return true
			}
			names := map[string]bool{}
			for _, e := range n.Elts {
				kv, ok := e.(*ast.KeyValueExpr)
				if !ok {
					continue
				}
				if lit, ok := kv.Key.(*ast.BasicLit); ok && lit.Kind == token.STRING {
					if k, err := strconv.Unquote(lit.Value); err == nil {
						names[k] = true
					}
				}
			}
			check(n.Pos(), "a map literal", names)
		}
		return true
	})
	return out
}

// TestCopyFinder checks the finder on the copies this package replaced
// (runner's private run answer and submission map) and on types that
// merely share a field or two.
func TestCopyFinder(t *testing.T) {
	cases := []struct {
		name, src string
		copies    bool
	}{
		{"a private run answer", "package p\ntype runResult struct {\n\tID string `json:\"id\"`\n\tExit int `json:\"exit\"`\n\tTrace string `json:\"trace\"`\n\tBuildIdentity string `json:\"build_identity\"`\n}", true},
		{"a submission as a map", "package p\nvar body = map[string]any{\"plan_name\": 1, \"plan_source\": 2, \"plan_hash\": 3, \"target\": 4, \"client_key\": 5, \"guarantees\": 6}", true},
		{"an inline status", "package p\nfunc f() { var st struct { ID string `json:\"id\"`; Status string `json:\"status\"`; Reason string `json:\"reason\"`; DecidedBy string `json:\"decided_by\"` }; _ = st }", true},
		{"a client configuration", "package p\ntype Config struct {\n\tMode string `json:\"mode\"`\n\tURL string `json:\"url\"`\n\tPublicKey string `json:\"public_key\"`\n\tKeyID string `json:\"key_id\"`\n}", false},
		{"an audit detail", "package p\nvar d = map[string]string{\"plan_name\": \"\", \"plan_hash\": \"\", \"target\": \"\"}", false},
	}
	f := newCopyFinder()
	for _, c := range cases {
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, c.name+".go", c.src, 0)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := f.find(fset, file); (len(got) > 0) != c.copies {
			t.Errorf("%s: found %v, want a copy: %v", c.name, got, c.copies)
		}
	}
}

// TestNoCopies fails when any package of the module (tests aside, which
// may build malformed bodies on purpose) spells a wire type again
// instead of importing this package.
func TestNoCopies(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	self, _ := filepath.Abs(".")
	f := newCopyFinder()
	var found []string
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if path == self || d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".") && path != root {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(path)
		if err != nil || !utf8.Valid(src) {
			return err
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, path, src, 0)
		if err != nil {
			return nil // not this test's to judge: the build says it
		}
		found = append(found, f.find(fset, file)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range found {
		t.Error(c)
	}
}

// documentedCodes reads the code table of docs/approval-api.md's "Error
// answers" section: each row's code (its first cell, in backquotes) and
// status. It fails the test on a row it cannot read, so a table turned
// into another shape is not read as empty.
func documentedCodes(t *testing.T, doc string) map[ErrorCode]string {
	t.Helper()
	_, section, ok := strings.Cut(doc, "\n### Error answers\n")
	if !ok {
		t.Fatal(`docs/approval-api.md has no "### Error answers" section`)
	}
	if end := strings.Index(section, "\n#"); end >= 0 {
		section = section[:end]
	}
	out := map[ErrorCode]string{}
	for i, line := range strings.Split(section, "\n") {
		if !strings.HasPrefix(line, "| `") {
			continue
		}
		cells := strings.Split(line, "|")
		if len(cells) < 5 {
			t.Errorf("Error answers, line %d: a row of %d cells, want code | status | kind: %q", i+1, len(cells)-2, line)
			continue
		}
		code := strings.TrimSpace(cells[1])
		if len(code) < 3 || !strings.HasPrefix(code, "`") || !strings.HasSuffix(code, "`") {
			t.Errorf("Error answers, line %d: the code %q is not in backquotes", i+1, code)
			continue
		}
		c := ErrorCode(code[1 : len(code)-1])
		if _, dup := out[c]; dup {
			t.Errorf("Error answers, line %d: code %q shown twice", i+1, c)
		}
		out[c] = strings.TrimSpace(cells[2])
	}
	return out
}

// TestErrorCodesDocumented checks the error codes against the table of
// docs/approval-api.md both ways: every constant is a row (a client
// reading the document knows it), every row is a constant (the document
// promises no code the service never sends), and each is stable
// snake_case with a numeric HTTP status.
func TestErrorCodesDocumented(t *testing.T) {
	data, err := os.ReadFile("../../docs/approval-api.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := documentedCodes(t, string(data))
	seen := map[ErrorCode]bool{}
	for _, c := range ErrorCodes() {
		if seen[c] {
			t.Errorf("ErrorCodes lists %q twice", c)
		}
		seen[c] = true
		if !KnownErrorCode(c) {
			t.Errorf("KnownErrorCode(%q) is false", c)
		}
		if c == "" || strings.Trim(string(c), "abcdefghijklmnopqrstuvwxyz_") != "" || strings.HasPrefix(string(c), "_") || strings.HasSuffix(string(c), "_") {
			t.Errorf("code %q is not snake_case", c)
		}
		status, ok := doc[c]
		if !ok {
			t.Errorf("code %q is not in docs/approval-api.md's Error answers table", c)
			continue
		}
		if n, err := strconv.Atoi(status); err != nil || n < 400 || n > 599 {
			t.Errorf("code %q: status %q is not an HTTP error status", c, status)
		}
	}
	for c := range doc {
		if !seen[c] {
			t.Errorf("docs/approval-api.md documents code %q, which is not one of ErrorCodes", c)
		}
	}
	for _, c := range []ErrorCode{"", "Malformed", "unknown"} {
		if KnownErrorCode(c) {
			t.Errorf("KnownErrorCode(%q) is true", c)
		}
	}
}

// TestDocumentedCodesReader checks the table reader on a table that
// lacks a code, has an extra one and one without backquotes.
func TestDocumentedCodesReader(t *testing.T) {
	doc := "x\n### Error answers\n\n| code | status | kind |\n|---|---|---|\n| `a` | 400 | one |\n| `b_c` | 409 | two |\n\n## Next\n| `d` | 500 | not in the section |\n"
	got := documentedCodes(t, doc)
	want := map[ErrorCode]string{"a": "400", "b_c": "409"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("read %v, want %v", got, want)
	}
}

// TestErrorCodesListed fails when a constant of type ErrorCode is
// declared in this package but missing from ErrorCodes: the service
// could send it, and neither KnownErrorCode nor the document would know it.
func TestErrorCodesListed(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	listed := map[ErrorCode]bool{}
	for _, c := range ErrorCodes() {
		listed[c] = true
	}
	declared := 0
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, s := range g.Specs {
				v := s.(*ast.ValueSpec)
				if id, ok := v.Type.(*ast.Ident); !ok || id.Name != "ErrorCode" {
					continue
				}
				for i, name := range v.Names {
					lit, ok := v.Values[i].(*ast.BasicLit)
					if !ok {
						t.Errorf("%s: %s is not a string literal", fset.Position(name.Pos()), name.Name)
						continue
					}
					val, err := strconv.Unquote(lit.Value)
					if err != nil {
						t.Fatal(err)
					}
					declared++
					if !listed[ErrorCode(val)] {
						t.Errorf("%s: %s (%q) is not in ErrorCodes", fset.Position(name.Pos()), name.Name, val)
					}
				}
			}
		}
	}
	if declared != len(listed) {
		t.Errorf("%d ErrorCode constants declared, ErrorCodes lists %d", declared, len(listed))
	}
}
