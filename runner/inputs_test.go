package runner

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/internal/approvaltest"
	"github.com/clauz3/clauz3/internal/approvaltest/fakerun"
)

// inputsPlan assumes, with its own @deal.pre, that its input is an
// example.com address: the proof of only(...) rests on it, so the sealed
// binary must check it before anything runs.
const inputsPlan = `import clauz3
import deal
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@deal.pre(lambda addr: addr.endswith("@example.com"), message="example.com addresses only")
@clauz3.guarantee(emails.at_most(1))
def main(addr: str) -> None:
    send_email(addr, "Report is ready")
`

// TestRunWithInputs runs an approved plan whose target takes an input:
// clauz3 run passes --arg to the sealed binary, which runs the plan when
// the input satisfies the target's precondition and, when it does not,
// says why and performs no effect (the outbox stays empty).
func TestRunWithInputs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds sealed binaries")
	}
	plan := compilePlan(t, "inputs.py", []byte(inputsPlan))
	for _, c := range []struct {
		name   string
		arg    string
		want   int
		why    string
		outbox string
	}{
		{"within the precondition", `addr="bob@example.com"`, ExitRan, "execute      ✓ send_email(\"bob@example.com\", \"Report is ready\")",
			`{"effect":"send_email","addr":"bob@example.com","msg":"Report is ready"}` + "\n"},
		{"outside the precondition", `addr="eve@evil.test"`, ExitFailed,
			"ContractError: precondition of main failed: lambda addr: addr.endswith('@example.com')", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			svc := approvaltest.New(t)
			outbox := filepath.Join(t.TempDir(), "outbox.jsonl")
			fakerun.Attach(t, svc, "../corpus", map[string][]string{"email": {"CLAUZ3_TEST_OUTBOX=" + outbox}}, buildCache)
			var out, stderr bytes.Buffer
			got := Run(context.Background(), plan, Options{
				Service:         Service{URL: svc.URL(), PublicKey: svc.PublicKey(), KeyFrom: "test"},
				ApprovalTimeout: 2 * time.Second,
				Out:             &out,
				Stderr:          &stderr,
				Args:            []string{c.arg},
			})
			transcript := out.String() + stderr.String()
			t.Logf("transcript:\n%s", transcript)
			if got != c.want || !strings.Contains(transcript, c.why) || !strings.Contains(transcript, "inputs       "+c.arg) {
				t.Errorf("exit %d (want %d); want %q and the inputs in:\n%s", got, c.want, c.why, transcript)
			}
			data, err := os.ReadFile(outbox)
			switch {
			case c.outbox == "" && err == nil:
				t.Errorf("an effect fired: outbox %q", data)
			case c.outbox != "" && string(data) != c.outbox:
				t.Errorf("outbox %q (%v), want %q", data, err, c.outbox)
			}
		})
	}
}
