package harness

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCPythonRefusesAboveProvedRune: the prover's strings stop at
// U+2FFFF, so every engine refuses an effect result or an input holding a
// character above it before the plan can act on it; the CPython arm
// must too, or the differential sees CPython send what the others refuse.
// Each case is run under every engine that runs without a build (the
// interpreter, CPython one process per case, and the CPython driver, whose
// children get their environment from the driver process): all must stop
// with exit status 1, before the notify, naming the character.
func TestCPythonRefusesAboveProvedRune(t *testing.T) {
	if !PythonAvailable() {
		t.Fatal("the CPython arm needs python3")
	}
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	head := "import clauz3\nfrom tools.db.trusted import contracts as db\nfrom tools.db.trusted.effects import owner_email, notify\n\n\n"
	result := write("result.py", head+"def main() -> None:\n    s = owner_email()\n    notify(s, \"x\")\n")
	nested := write("nested.py", head+"def main() -> None:\n    xs = [owner_email()]\n    for s in xs:\n        notify(s, \"x\")\n")
	input := write("input.py", head+"def main(s: str) -> None:\n    notify(s, \"x\")\n")
	root, _ := filepath.Abs(filepath.Join("..", ""))
	above := json.RawMessage(`"\udb80\udc00@example.com"`)
	cases := []Case{
		{Name: "result", Path: result, ImportRoot: root, Effects: []byte(`{"owner_email": ["\udb80\udc00@example.com"], "notify": [null]}`)},
		{Name: "nested", Path: nested, ImportRoot: root, Effects: []byte(`{"owner_email": ["a\ud840\udc00\udb80\udc00@example.com"], "notify": [null]}`)},
		{Name: "input", Path: input, ImportRoot: root, Effects: []byte(`{"notify": [null]}`), Args: map[string]json.RawMessage{"s": above}},
		{Name: "below", Path: input, ImportRoot: root, Effects: []byte(`{"notify": [null]}`), Args: map[string]json.RawMessage{"s": json.RawMessage(`"\ud87f\udfff@example.com"`)}},
	}
	driver, err := StartCPython(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	defer driver.Close()
	engines := []Engine{Interp{}, CPython{}, driver}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			for _, e := range engines {
				o, err := e.Run(context.Background(), c)
				if err != nil {
					t.Fatalf("%s: %v", e.Name(), err)
				}
				if c.Name == "below" { // U+2FFFF itself is fine everywhere
					if o.Exit != 0 || len(o.Trace) != 1 {
						t.Errorf("%s refused U+2FFFF: %+v", e.Name(), o)
					}
					continue
				}
				if o.Exit != 1 || !strings.Contains(o.Error, "holds U+F0000, above U+2FFFF") {
					t.Errorf("%s ran on a str above U+2FFFF: exit %d, error %q", e.Name(), o.Exit, o.Error)
				}
				for _, line := range o.Trace {
					if strings.Contains(line, `"notify"`) {
						t.Errorf("%s notified: %s", e.Name(), line)
					}
				}
			}
		})
	}
}
