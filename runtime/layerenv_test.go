package planrt

import (
	"strings"
	"testing"
)

// TestCheckLayerEnv: the CLAUZ3_* environment must be exactly the bound
// configuration; every other shape is refused naming the settings (never
// their values), and the rest of the environment is not looked at.
func TestCheckLayerEnv(t *testing.T) {
	want := []string{"CLAUZ3_SMTP_HOST=mail.example.com", "CLAUZ3_SMTP_PORT=587"}
	for _, c := range []struct {
		name    string
		environ []string
		says    string // "" : accepted
	}{
		{"exactly", []string{"PATH=/bin", "CLAUZ3_SMTP_PORT=587", "HOME=/h", "CLAUZ3_SMTP_HOST=mail.example.com"}, ""},
		{"changed", []string{"CLAUZ3_SMTP_HOST=evil.test", "CLAUZ3_SMTP_PORT=587"}, "CLAUZ3_SMTP_HOST has another value"},
		{"added", append([]string{"CLAUZ3_SECRETS_DIR=/tmp/x"}, want...), "CLAUZ3_SECRETS_DIR is set but is no setting"},
		{"missing", []string{"CLAUZ3_SMTP_HOST=mail.example.com"}, "CLAUZ3_SMTP_PORT is not set"},
		{"twice", append([]string{"CLAUZ3_SMTP_HOST=evil.test"}, want...), "CLAUZ3_SMTP_HOST is set more than once"},
		{"empty value is a value", []string{"CLAUZ3_SMTP_HOST=", "CLAUZ3_SMTP_PORT=587"}, "has another value"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := checkLayerEnv(c.environ, want)
			switch {
			case c.says == "" && err != nil:
				t.Fatal(err)
			case c.says != "" && (err == nil || !strings.Contains(err.Error(), c.says)):
				t.Fatalf("checkLayerEnv = %v, want a refusal saying %q", err, c.says)
			case err != nil && strings.Contains(err.Error(), "evil.test"):
				t.Fatalf("the refusal shows a value: %v", err)
			}
		})
	}
	if err := checkLayerEnv([]string{"PATH=/bin"}, []string{}); err != nil {
		t.Fatalf("no configuration and none given: %v", err)
	}
	if err := checkLayerEnv([]string{"CLAUZ3_FS_ROOTS=/"}, []string{}); err == nil {
		t.Fatal("a setting given to a binary bound to none was accepted")
	}
}

// TestCheckLayerEnvLeavesTheSandboxMark: the sandbox's confined child
// carries its mark, which is no layer setting.
func TestCheckLayerEnvLeavesTheSandboxMark(t *testing.T) {
	if err := checkLayerEnv([]string{SandboxChildEnv + "=1", "CLAUZ3_A=b"}, []string{"CLAUZ3_A=b"}); err != nil {
		t.Fatal(err)
	}
}
