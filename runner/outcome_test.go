package runner

import (
	"context"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// TestFailedCallMarked: which call failed is read from the run's trace
// (the runtime's record of a call that ended in an error), never guessed
// from the text of stderr, which the plan's own exception message or
// output can make say anything.
func TestFailedCallMarked(t *testing.T) {
	plan := compilePlan(t, "two.py", []byte("import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"one\")\n    send_email(\"bob@example.com\", \"two\")\n"))
	const one = `{"effect":"send_email","args":{"addr":"bob@example.com","msg":"one"}}` + "\n"
	const two = `{"effect":"send_email","args":{"addr":"bob@example.com","msg":"two"}}` + "\n"
	const failed = `{"failed":"send_email","error":"EffectError"}` + "\n"
	for _, c := range []struct {
		name   string
		exit   int
		stderr string
		trace  string
		want   []string // transcript lines that must appear
		not    []string // and must not
		code   int
	}{
		{"the last call failed", 1, "EffectError: send_email: 554 refused", one + two + failed,
			[]string{`✓ send_email("bob@example.com", "one")`, `✗ send_email("bob@example.com", "two")`}, nil, ExitFailed},
		{"an earlier call failed, the plan went on", 1, "ValueError: later", one + failed + two,
			[]string{`✗ send_email("bob@example.com", "one")`, `✓ send_email("bob@example.com", "two")`}, nil, ExitFailed},
		{"stderr says EffectError, no call failed", 1, "EffectError: the plan's own words", one + two,
			[]string{`✓ send_email("bob@example.com", "one")`, `✓ send_email("bob@example.com", "two")`}, []string{"✗ send_email"}, ExitFailed},
		{"a failure record without its call", 1, "EffectError: x", one + `{"failed":"withdraw","error":"EffectError"}` + "\n",
			[]string{"trace", `? send_email("bob@example.com", "one")`}, []string{"✓ send_email"}, ExitFailed},
		{"a failure record of an unknown kind", 1, "x", one + `{"failed":"send_email","error":"Whatever"}` + "\n",
			[]string{"trace"}, []string{"✓ send_email"}, ExitFailed},
	} {
		t.Run(c.name, func(t *testing.T) {
			svc := approvaltest.New(t)
			svc.Run = func(context.Context, approvaltest.Submission, receipt.Receipt) (approvaltest.RunResult, error) {
				return approvaltest.RunResult{Exit: c.exit, Stderr: c.stderr, Trace: c.trace, BuildIdentity: approvaltest.FakeBuildID}, nil
			}
			var out strings.Builder
			code := Run(t.Context(), plan, Options{Service: Service{URL: svc.URL(), PublicKey: svc.PublicKey()}, Out: &out})
			if code != c.code {
				t.Errorf("exit %d, want %d", code, c.code)
			}
			for _, w := range c.want {
				if !strings.Contains(out.String(), w) {
					t.Errorf("the transcript lacks %q:\n%s", w, out.String())
				}
			}
			for _, w := range c.not {
				if strings.Contains(out.String(), w) {
					t.Errorf("the transcript has %q:\n%s", w, out.String())
				}
			}
		})
	}
}
