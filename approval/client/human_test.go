package client

import (
	"bytes"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/approval/wire"
)

// TestWriteCardSaysWhatThePageSays: `clauz3 requests ID` is the human's
// terminal alternative to the card page, so it says every part of the
// card the page says before a decision: the warnings, the actions, the
// inputs, the configuration, what the run can touch (the kernel
// sandbox), the promises and the assumptions they rest on. Each line is
// checked in the output; a part left out is a card the terminal human
// decides on without.
func TestWriteCardSaysWhatThePageSays(t *testing.T) {
	r := wire.Request{
		ID: "req_0123456789abcdef01234567", PlanName: "plan.py", Status: wire.StatusPending,
		Guarantees: []wire.Guarantee{{Source: "emails.only(['bob@example.com'])", English: "only bob"}},
		Assumes:    []wire.Assumption{{Source: "n <= 3", English: "the input n is at most 3"}, {Source: "len(s) > 0"}},
		Card: &card.Card{
			Warnings: []card.Warning{{Kind: card.Unconfined, Message: "RUNNING UNCONFINED: no Landlock"}},
			Effects:  []card.Effect{{Says: "Send an email to bob@example.com", Where: "plan.py line 7", CoveredBy: []string{"emails.only(['bob@example.com'])"}}},
			Inputs:   []card.Input{{Name: "n", Type: "int", Value: "2"}},
			Config:   []card.Setting{{Layer: "email", Label: "Mail server", Value: "smtp.example.com"}},
			Sandbox:  []string{"read-write: /srv/outbox", "connects to: the mail server smtp.example.com:587 (email layer)"},
		},
	}
	var out bytes.Buffer
	WriteCard(&out, r)
	for _, want := range []string{
		"!! RUNNING UNCONFINED: no Landlock",
		"  - Send an email to bob@example.com (plan.py line 7)",
		"  n = 2",
		"  email: Mail server: smtp.example.com",
		"What the run can touch (the kernel sandbox it runs in):",
		"  read-write: /srv/outbox",
		"  connects to: the mail server smtp.example.com:587 (email layer)",
		"  - only bob",
		"The promises hold only for inputs that meet these conditions (the sealed program checks them before it runs and does nothing when they fail):",
		"  - the input n is at most 3",
		"  - len(s) > 0 (no English rendering; the code)",
	} {
		if !strings.Contains(out.String(), want+"\n") {
			t.Errorf("the terminal card lacks the line %q:\n%s", want, out.String())
		}
	}
}
