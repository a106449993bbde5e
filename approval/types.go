package approval

import (
	"context"

	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// Statuses a request can have (package wire, docs/approval-api.md).
const (
	StatusPending        = wire.StatusPending
	StatusApprovedOnce   = wire.StatusApprovedOnce
	StatusAutoApproved   = wire.StatusAutoApproved
	StatusRejected       = wire.StatusRejected
	StatusRejectContract = wire.StatusRejectContract
	StatusNeedMoreInfo   = wire.StatusNeedMoreInfo
	StatusAutoRejected   = wire.StatusAutoRejected
	StatusRefused        = wire.StatusRefused
	// StatusExpired: the client that submitted the request went away
	// before anyone decided (DefaultClientGrace); nobody can approve it.
	StatusExpired = wire.StatusExpired
)

// humanDecisions are the four buttons of the request page.
var humanDecisions = wire.HumanDecisions()

func isHumanDecision(d string) bool {
	for _, h := range humanDecisions {
		if d == h {
			return true
		}
	}
	return false
}

// The API's bodies are package wire's, the one definition the service,
// its clients and the test fake share; the names here only keep the
// service's code short.
type (
	Guarantee    = wire.Guarantee
	Assumption   = wire.Assumption
	ProofSummary = wire.ProofSummary
	Coverage     = wire.Coverage
	Submission   = wire.Submission
	Submitted    = wire.Submitted
	Status       = wire.Status
	Request      = wire.Request
	RedeemBody   = wire.RedeemBody
	RedeemAnswer = wire.RedeemAnswer
	KeyAnswer    = wire.KeyAnswer
	RunResult    = wire.RunResult
	SessionInfo  = wire.SessionInfo
)

// Proof is what the service's own re-proof of a submission established.
type Proof struct {
	PlanHash   string
	Target     string
	Guarantees []Guarantee
	// Assumes are the target's own preconditions: what the proof
	// assumes about the plan's inputs (the sealed binary checks them
	// before it runs). The human must see them.
	Assumes      []Assumption
	ProofSummary ProofSummary
	Coverage     []Coverage
	// CoverageChecked says Coverage was computed; false shows the human
	// that coverage was not checked at all (not that nothing was used).
	CoverageChecked bool
	// Card is what the plan can do, shown to the human besides the
	// guarantees (approval/card): every effect call with what is known of
	// its arguments, the inputs, and loud warnings. Nil when Reprove did
	// not compute one; the page then says so.
	Card *card.Card
	// BuildIdentity is what an approval of this proof would build and run
	// (the plan and the service's layer sources); recorded with the
	// request and checked again before the run.
	BuildIdentity string
	// Evidence is opaque to the service: Reprove may leave what Decide
	// needs here (the compiled program, say).
	Evidence any
}

// RunJob is an approved request the service is to build and run.
type RunJob struct {
	ID            string
	PlanName      string
	PlanSource    string
	PlanHash      string
	Target        string
	Inputs        []string
	BuildIdentity string
	Receipt       receipt.Receipt
}

// Execute builds and runs an approved plan on the service's side; an
// error means nothing ran (or it could not be told what ran), and is the
// answer's reason.
type Execute func(ctx context.Context, job RunJob) (RunResult, error)

// Reprove compiles and proves src against the service's own trusted
// roots. Any error refuses the submission; the error text is the reason
// recorded and answered.
type Reprove func(ctx context.Context, planName string, src []byte, target string) (Proof, error)

// Decide is an approval policy. It answers a decision (auto_approved or
// auto_rejected), the rule's name and its reason; "" or an error means
// "ask the human".
type Decide func(ctx context.Context, p Proof) (decision, rule, reason string, err error)
