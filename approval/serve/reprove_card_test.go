package serve

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// TestReproveBuildsTheCard: the service's own re-proof hands the approval
// page the card of the program it proved: the effect call, its argument as
// the input it is, and the guarantee that covers it.
func TestReproveBuildsTheCard(t *testing.T) {
	sp := &serviceProver{importRoot: filepath.Join("..", "..", "corpus"), timeout: 10 * time.Second}
	sp.exec.LayerEnv = map[string][]string{"bank": {"CLAUZ3_BANK_DB=/srv/clauz3/ledger.db"}, "email": {"CLAUZ3_SMTP_HOST=smtp.example.com"}}
	src := []byte(`import clauz3
import deal
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@deal.pre(lambda amount: 0 < amount <= 5)
@clauz3.guarantee(bank.max_spend(5))
def main(amount: int) -> None:
    withdraw("checking", amount)
`)
	p, err := sp.reprove(context.Background(), "plan.py", src, "main")
	if err != nil {
		t.Fatal(err)
	}
	c := p.Card
	if c == nil || len(c.Effects) != 1 || len(c.Inputs) != 1 || c.Inputs[0].Name != "amount" {
		t.Fatalf("card %+v", c)
	}
	e := c.Effects[0]
	if e.Name != "withdraw" || len(e.Args) != 2 || e.Args[0].Value != "'checking'" || e.Args[1].Kind != "input" ||
		strings.Join(e.CoveredBy, ",") != "bank.max_spend(5)" || len(c.Warnings) != 0 {
		t.Errorf("card %+v, effect %+v", c, e)
	}
	// The configuration the service will use, for the layers the plan
	// uses only.
	if len(c.Config) != 1 || c.Config[0] != (card.Setting{Layer: "bank", Label: "Ledger", Value: "/srv/clauz3/ledger.db", Key: "CLAUZ3_BANK_DB"}) {
		t.Errorf("configuration on the card: %+v", c.Config)
	}
	// The card says what the run will be able to touch (issue 15): the
	// kernel sandbox the service builds it with.
	box := strings.Join(c.Sandbox, "\n")
	if !strings.Contains(box, "read-write:") || !strings.Contains(box, "network: none") || !strings.Contains(box, "limits: cpu") {
		t.Errorf("the card's sandbox = %q", c.Sandbox)
	}
}

// TestReproveCardShowsHosts (issue 15, "the card shows the sandbox"): the
// card lists the hosts and ports the run can connect to, as the service's
// layer configuration names them (the email layer's mail server), beside
// the files and the kernel's port list.
func TestReproveCardShowsHosts(t *testing.T) {
	sp := &serviceProver{importRoot: filepath.Join("..", "..", "corpus"), timeout: 10 * time.Second}
	sp.exec.LayerEnv = map[string][]string{"email": {"CLAUZ3_SMTP_HOST=smtp.example.com", "CLAUZ3_SMTP_PORT=2525", "CLAUZ3_SMTP_CA_FILE=/srv/clauz3/ca.pem"}}
	src := []byte(`import clauz3
from tools.email.trusted import contracts as emails
from tools.email.trusted.effects import send_email


@clauz3.guarantee(emails.only(["bob@example.com"]))
def main() -> None:
    send_email("bob@example.com", "Report is ready")
`)
	p, err := sp.reprove(context.Background(), "plan.py", src, "main")
	if err != nil {
		t.Fatal(err)
	}
	box := strings.Join(p.Card.Sandbox, "\n")
	for _, want := range []string{
		"network: TCP connect to ports 2525, DNS\nconnects to: the mail server smtp.example.com:2525 (email layer)",
		"/srv/clauz3/ca.pem",
	} {
		if !strings.Contains(box, want) {
			t.Errorf("the card's sandbox lacks %q:\n%s", want, box)
		}
	}
}

// TestReproveCardSaysUnconfined (issue 15, honest degradation): on a
// kernel that lacks a protection (the probe's answer forced through
// execute.Options.Support), a service whose configuration allows
// unconfined runs puts a loud Unconfined warning first on the card, naming
// what is missing; the run's answer and the runner's transcript carry it
// from there (approval TestRunAnswerSaysTheSandbox, runner
// TestProgress/unconfined). A service that does not allow it shows no
// such warning: it refuses the run instead (approval/execute
// TestRunRefusesWithoutSandbox); a kernel that lacks nothing shows none.
func TestReproveCardSaysUnconfined(t *testing.T) {
	src := []byte(`import clauz3
import deal
from tools.bank.trusted import contracts as bank
from tools.bank.trusted.effects import withdraw


@deal.pre(lambda amount: 0 < amount <= 5)
@clauz3.guarantee(bank.max_spend(5))
def main(amount: int) -> None:
    withdraw("checking", amount)
`)
	weak := sandbox.Support{OS: "linux", Arch: "amd64", LandlockABI: 0, Seccomp: false, Rlimits: true}
	full := sandbox.Support{OS: "linux", Arch: "amd64", LandlockABI: 7, Seccomp: true, Rlimits: true}
	for _, c := range []struct {
		name    string
		kernel  sandbox.Support
		allow   bool
		warning string // "" for none
	}{
		{"weak kernel, unconfined allowed", weak, true, "RUNNING UNCONFINED: this machine lacks Landlock, seccomp filters;"},
		// The run would be refused: the human is told before approving,
		// not after.
		{"weak kernel, unconfined not allowed", weak, false, "THIS RUN WILL BE REFUSED: this machine lacks Landlock, seccomp filters;"},
		{"full kernel, unconfined allowed", full, true, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			sp := &serviceProver{importRoot: filepath.Join("..", "..", "corpus"), timeout: 10 * time.Second}
			sp.exec.LayerEnv = map[string][]string{"bank": {"CLAUZ3_BANK_DB=/srv/clauz3/ledger.db"}}
			sp.exec.Sandbox.AllowUnconfined = c.allow
			kernel := c.kernel
			sp.exec.Support = func() sandbox.Support { return kernel }
			p, err := sp.reprove(context.Background(), "plan.py", src, "main")
			if err != nil {
				t.Fatal(err)
			}
			var got []card.Warning
			for _, w := range p.Card.Warnings {
				if w.Kind == card.Unconfined {
					got = append(got, w)
				}
			}
			switch {
			case c.warning == "" && len(got) != 0:
				t.Errorf("the card warns %+v", got)
			case c.warning != "" && (len(p.Card.Warnings) == 0 || p.Card.Warnings[0].Kind != card.Unconfined || !strings.Contains(p.Card.Warnings[0].Message, c.warning)):
				t.Errorf("the card's first warning is not Unconfined %q: %+v", c.warning, p.Card.Warnings)
			}
		})
	}
}
