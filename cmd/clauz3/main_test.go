package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestExitCodes pins the exit status contract: 0 proved, 1 refused,
// 2 usage or I/O error.
func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	corpus, err := filepath.Abs(filepath.Join("..", "..", "corpus"))
	if err != nil {
		t.Fatal(err)
	}
	good := write("good.py", "from tools.email.trusted.effects import send_email\n\ndef main() -> None:\n    send_email(\"bob@example.com\", \"hi\")\n")
	badPre := write("badpre.py", "from tools.email.trusted.effects import send_email\n\ndef main() -> None:\n    send_email(\"bob\", \"hi\")\n")
	unsupported := write("while.py", "def main() -> None:\n    while True:\n        pass\n")
	tests := []struct {
		name string
		args []string
		want int
	}{
		{"proved", []string{"prove", "--import-root", corpus, good}, exitOK},
		{"failed precondition", []string{"prove", "--import-root", corpus, badPre}, exitRefused},
		{"unsupported construct", []string{"prove", "--import-root", corpus, unsupported}, exitRefused},
		{"missing file", []string{"prove", filepath.Join(dir, "nope.py")}, exitUsage},
		{"bad flag", []string{"prove", "--bogus", good}, exitUsage},
		{"two plans", []string{"prove", good, good}, exitUsage},
		{"no command", nil, exitUsage},
		{"ir ok", []string{"ir", "--import-root", corpus, good}, exitOK},
		{"ir unsupported", []string{"ir", unsupported}, exitRefused},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			got := run(tt.args, strings.NewReader(""), &out, &errOut)
			if got != tt.want {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", got, tt.want, out.String(), errOut.String())
			}
		})
	}
}
