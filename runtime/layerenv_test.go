package planrt

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestCheckLayerEnv: the CLAUZ3_* environment must be exactly the bound
// configuration; every other shape is refused as a *LayerEnvError naming
// each setting and how it differs (never its value), and the rest of the
// environment is not looked at.
func TestCheckLayerEnv(t *testing.T) {
	want := []string{"CLAUZ3_SMTP_HOST=mail.example.com", "CLAUZ3_SMTP_PORT=587"}
	for _, c := range []struct {
		name    string
		environ []string
		diffs   []EnvDiff // nil: accepted
	}{
		{"exactly", []string{"PATH=/bin", "CLAUZ3_SMTP_PORT=587", "HOME=/h", "CLAUZ3_SMTP_HOST=mail.example.com"}, nil},
		{"changed", []string{"CLAUZ3_SMTP_HOST=evil.test", "CLAUZ3_SMTP_PORT=587"}, []EnvDiff{{"CLAUZ3_SMTP_HOST", EnvOtherValue}}},
		{"added", append([]string{"CLAUZ3_SECRETS_DIR=/tmp/x"}, want...), []EnvDiff{{"CLAUZ3_SECRETS_DIR", EnvNoSetting}}},
		{"missing", []string{"CLAUZ3_SMTP_HOST=mail.example.com"}, []EnvDiff{{"CLAUZ3_SMTP_PORT", EnvNotSet}}},
		{"twice", append([]string{"CLAUZ3_SMTP_HOST=evil.test"}, want...), []EnvDiff{{"CLAUZ3_SMTP_HOST", EnvSetTwice}}},
		{"empty value is a value", []string{"CLAUZ3_SMTP_HOST=", "CLAUZ3_SMTP_PORT=587"}, []EnvDiff{{"CLAUZ3_SMTP_HOST", EnvOtherValue}}},
		{"several, in name order", []string{"CLAUZ3_Z=1", "CLAUZ3_SMTP_HOST=evil.test"},
			[]EnvDiff{{"CLAUZ3_SMTP_HOST", EnvOtherValue}, {"CLAUZ3_SMTP_PORT", EnvNotSet}, {"CLAUZ3_Z", EnvNoSetting}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := checkLayerEnv(c.environ, want)
			var le *LayerEnvError
			switch {
			case c.diffs == nil && err != nil:
				t.Fatal(err)
			case c.diffs != nil && (!errors.As(err, &le) || !slices.Equal(le.Diffs, c.diffs)):
				t.Fatalf("checkLayerEnv = %#v, want a *LayerEnvError with %v", err, c.diffs)
			case err != nil && strings.Contains(err.Error(), "evil.test"):
				// Not a kind check: the message a person reads must not
				// carry a setting's value (a secret may be one).
				t.Fatalf("the refusal shows a value: %v", err)
			}
		})
	}
	if err := checkLayerEnv([]string{"PATH=/bin"}, []string{}); err != nil {
		t.Fatalf("no configuration and none given: %v", err)
	}
	var le *LayerEnvError
	if err := checkLayerEnv([]string{"CLAUZ3_FS_ROOTS=/"}, []string{}); !errors.As(err, &le) {
		t.Fatalf("a setting given to a binary bound to none: %v", err)
	}
	// The wording is what a person reads on standard error (exit 3); it is
	// under test here, the kind is decided above.
	err := checkLayerEnv([]string{"CLAUZ3_SMTP_HOST=x"}, want)
	if got := err.Error(); got != "the layer configuration given is not the one this binary's build identity binds: CLAUZ3_SMTP_HOST has another value; CLAUZ3_SMTP_PORT is not set" {
		t.Errorf("the refusal reads %q", got)
	}
}

// TestCheckLayerEnvLeavesTheSandboxMark: the sandbox's confined child
// carries its mark, which is no layer setting.
func TestCheckLayerEnvLeavesTheSandboxMark(t *testing.T) {
	if err := checkLayerEnv([]string{SandboxChildEnv + "=1", "CLAUZ3_A=b"}, []string{"CLAUZ3_A=b"}); err != nil {
		t.Fatal(err)
	}
}
