package approval

import (
	"context"
	"encoding/json"

	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// Statuses a request can have (docs/approval-api.md).
const (
	StatusPending        = "pending"
	StatusApprovedOnce   = receipt.ApprovedOnce
	StatusAutoApproved   = receipt.AutoApproved
	StatusRejected       = "rejected"
	StatusRejectContract = "reject_contract"
	StatusNeedMoreInfo   = "need_more_info"
	StatusAutoRejected   = "auto_rejected"
	StatusRefused        = "refused"
	// StatusExpired: the client that submitted the request went away
	// before anyone decided (DefaultClientGrace); nobody can approve it.
	StatusExpired = "expired"
)

// humanDecisions are the four buttons of the request page.
var humanDecisions = []string{StatusApprovedOnce, StatusRejectContract, StatusNeedMoreInfo, StatusRejected}

func isHumanDecision(d string) bool {
	for _, h := range humanDecisions {
		if d == h {
			return true
		}
	}
	return false
}

// Guarantee is one proved guarantee: its source text and its English
// rendering. English is empty when the renderer has no sentence for it;
// EnglishError then says why, and the UI shows the code form with that
// reason instead of a sentence.
type Guarantee struct {
	Source       string `json:"source"`
	English      string `json:"english"`
	EnglishError string `json:"english_error,omitempty"`
}

// Assumption is one precondition a plan wrote on its target: as code
// and, when package english can render it, as a sentence.
type Assumption struct {
	Source       string `json:"source"`
	English      string `json:"english"`
	EnglishError string `json:"english_error,omitempty"`
}

// ProofSummary is how many obligations were proved, and which.
type ProofSummary struct {
	Proved      int      `json:"proved"`
	Obligations []string `json:"obligations"`
}

// Coverage is one used domain's coverage status.
type Coverage struct {
	Domain  string   `json:"domain"`
	Status  string   `json:"status"`
	Missing []string `json:"missing"`
}

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

// RunResult is what the service's run of a plan did: the sealed binary's
// exit status, its output and its effect trace (JSON lines).
type RunResult struct {
	ID            string `json:"id"`
	Exit          int    `json:"exit"`
	Stdout        string `json:"stdout"`
	Stderr        string `json:"stderr"`
	Trace         string `json:"trace"`
	BuildIdentity string `json:"build_identity"`
	// Sandbox and Unconfined say what the run could touch: the card's
	// sandbox lines, and its unconfined warning when the machine could
	// not confine it (the service fills them from the request's card).
	Sandbox    []string `json:"sandbox,omitempty"`
	Unconfined string   `json:"unconfined,omitempty"`
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

// Submission is the body of POST /api/requests.
type Submission struct {
	PlanName     string       `json:"plan_name"`
	PlanSource   string       `json:"plan_source"`
	PlanHash     string       `json:"plan_hash"`
	Target       string       `json:"target"`
	Guarantees   []Guarantee  `json:"guarantees"`
	ProofSummary ProofSummary `json:"proof_summary"`
	Coverage     []Coverage   `json:"coverage"`
	// Inputs are the target's inputs as "name=JSON", passed to the sealed
	// binary, which checks the target's preconditions on them.
	Inputs []string `json:"inputs,omitempty"`
	// ClientKey is the submitting client's ephemeral ed25519 public key
	// (approval/clientkey): only a caller proving possession of it (or
	// the human's session) is answered the decision and its receipt, may
	// ask for the run, or redeem the receipt.
	ClientKey string `json:"client_key"`
}

// Submitted answers a submission.
type Submitted struct {
	ID     string `json:"id"`
	Status string `json:"status"`
	UI     string `json:"ui"`
}

// Status answers wait and decision.
type Status struct {
	ID        string           `json:"id"`
	Status    string           `json:"status"`
	Reason    string           `json:"reason"`
	DecidedBy string           `json:"decided_by"`
	Receipt   *receipt.Receipt `json:"receipt,omitempty"`
}

// Request is GET /api/requests/{id}; the list omits plan_source and
// submitted.
type Request struct {
	ID              string          `json:"id"`
	CreatedAt       string          `json:"created_at"`
	PlanName        string          `json:"plan_name"`
	PlanHash        string          `json:"plan_hash"`
	Target          string          `json:"target"`
	Status          string          `json:"status"`
	Reason          string          `json:"reason"`
	DecidedBy       string          `json:"decided_by"`
	DecidedAt       string          `json:"decided_at,omitempty"`
	Redeemed        bool            `json:"redeemed"`
	Guarantees      []Guarantee     `json:"guarantees"`
	Assumes         []Assumption    `json:"assumes,omitempty"`
	ProofSummary    ProofSummary    `json:"proof_summary"`
	Coverage        []Coverage      `json:"coverage"`
	CoverageChecked bool            `json:"coverage_checked"`
	Card            *card.Card      `json:"card,omitempty"`
	PlanSource      string          `json:"plan_source,omitempty"`
	Submitted       json.RawMessage `json:"submitted,omitempty"`
}

// RedeemBody is the body of POST /api/receipts/redeem.
type RedeemBody struct {
	Receipt   receipt.Receipt `json:"receipt"`
	Challenge string          `json:"challenge"`
}

// RedeemAnswer answers a redemption.
type RedeemAnswer struct {
	Redemption receipt.Redemption `json:"redemption"`
}

// KeyAnswer answers GET /api/key.
type KeyAnswer struct {
	KeyID     string `json:"key_id"`
	PublicKey string `json:"public_key"`
}
