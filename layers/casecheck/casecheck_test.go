package casecheck

import (
	"context"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/clauz3/clauz3/layers"
)

// withCases is the bundled email layer with the given cases instead of
// its own.
func withCases(t *testing.T, cases map[string]string) *layers.Source {
	t.Helper()
	email, err := layers.FS("email")
	if err != nil {
		t.Fatal(err)
	}
	m := fstest.MapFS{}
	for _, n := range []string{"__init__.py", "effects.py", "contracts.py", "policy.py"} {
		data, err := fs.ReadFile(email, n)
		if err != nil {
			t.Fatal(err)
		}
		m[n] = &fstest.MapFile{Data: data}
	}
	for n, src := range cases {
		m["cases/"+n] = &fstest.MapFile{Data: []byte(src)}
	}
	return &layers.Source{Domain: "email", Files: m, Origin: "test layer"}
}

const header = "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n"

func TestVerdicts(t *testing.T) {
	src := withCases(t, map[string]string{
		"bob_pass.py":          header + "@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"hi\")\n",
		"ann_pass.py":          header + "@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"ann@example.com\", \"hi\")\n",
		"ann_fail.py":          "# expect: failed guarantee emails.only\n" + header + "@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"ann@example.com\", \"hi\")\n",
		"bob_fail.py":          "# expect: failed guarantee\n" + header + "@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"hi\")\n",
		"wrong_reason_fail.py": "# expect: failed guarantee\n" + header + "def main() -> None:\n    while True:\n        send_email(\"bob@example.com\", \"hi\")\n",
	})
	out, err := Run(context.Background(), src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{
		"ann_fail.py":          "",
		"ann_pass.py":          "expected proved, got refused",
		"bob_fail.py":          "expected refused, got proved",
		"bob_pass.py":          "",
		"wrong_reason_fail.py": `refused, but the refusal does not contain "failed guarantee"`,
	}
	if len(out) != len(want) {
		t.Fatalf("%d outcomes, want %d", len(out), len(want))
	}
	for _, o := range out {
		if o.Problem != want[o.Name] || o.Agree != (want[o.Name] == "") {
			t.Errorf("%s: problem %q agree %v, want %q\n%s", o.Name, o.Problem, o.Agree, want[o.Name], o.Report)
		}
	}
}

func TestMalformedCases(t *testing.T) {
	for _, tc := range []struct {
		cases map[string]string
		want  string
	}{
		{map[string]string{"x_fail.py": header + "def main() -> None:\n    pass\n"}, "without an `# expect: TEXT` line"},
		{map[string]string{"x_pass.py": "# expect: y\n" + header}, "_pass case with an `# expect:` line"},
		{map[string]string{"x.py": header}, "neither *_pass.py nor *_fail.py"},
		{map[string]string{}, "no cases/ folder"},
	} {
		if _, err := Run(context.Background(), withCases(t, tc.cases), Options{}); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v, want %q", tc.cases, err, tc.want)
		}
	}
}
