package casecheck

import (
	"context"
	"errors"
	"io/fs"
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
	want := map[string]Disagreement{
		"ann_fail.py":          0,
		"ann_pass.py":          WantProved,
		"bob_fail.py":          WantRefused,
		"bob_pass.py":          0,
		"wrong_reason_fail.py": WrongReason,
	}
	if len(out) != len(want) {
		t.Fatalf("%d outcomes, want %d", len(out), len(want))
	}
	for _, o := range out {
		if o.Disagreement != want[o.Name] || o.Agree != (want[o.Name] == 0) || (o.Problem == "") != o.Agree {
			t.Errorf("%s: disagreement %v (%q) agree %v, want %v\n%s", o.Name, o.Disagreement, o.Problem, o.Agree, want[o.Name], o.Report)
		}
	}
}

func TestMalformedCases(t *testing.T) {
	for _, tc := range []struct {
		cases map[string]string
		want  Kind
		file  string // the case file the refusal names
	}{
		{map[string]string{"x_fail.py": header + "def main() -> None:\n    pass\n"}, NoExpect, "x_fail.py"},
		{map[string]string{"x_pass.py": "# expect: y\n" + header}, PassWithExpect, "x_pass.py"},
		{map[string]string{"x.py": header}, BadCaseName, "x.py"},
		{map[string]string{}, NoCasesFolder, ""},
	} {
		_, err := Run(context.Background(), withCases(t, tc.cases), Options{})
		var e *Error
		if !errors.As(err, &e) || e.Kind != tc.want || e.Case != tc.file {
			t.Errorf("%v: err = %v, want a %v refusal of %q", tc.cases, err, tc.want, tc.file)
		}
	}
}
