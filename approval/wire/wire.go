package wire

import (
	"encoding/json"

	"github.com/clauz3/clauz3/approval/card"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// Statuses a request can have.
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
	// before anyone decided; nobody can approve it.
	StatusExpired = "expired"
)

// Statuses are every status, in the document's order. A client treats
// any other value as a refusal.
func Statuses() []string {
	return []string{StatusPending, StatusApprovedOnce, StatusAutoApproved, StatusRejected, StatusRejectContract,
		StatusNeedMoreInfo, StatusAutoRejected, StatusRefused, StatusExpired}
}

// KnownStatus says whether s is one of Statuses.
func KnownStatus(s string) bool {
	for _, k := range Statuses() {
		if s == k {
			return true
		}
	}
	return false
}

// Approved says whether status authorises a run (and so carries a
// receipt).
func Approved(status string) bool {
	return status == StatusApprovedOnce || status == StatusAutoApproved
}

// HumanDecisions are the four decisions a human may post (the request
// page's buttons); auto_* are the policies' only.
func HumanDecisions() []string {
	return []string{StatusApprovedOnce, StatusRejectContract, StatusNeedMoreInfo, StatusRejected}
}

// Guarantee is one guarantee: its source text and its English
// rendering. English is empty when the renderer has no sentence for it;
// EnglishError then says why.
type Guarantee struct {
	Source       string `json:"source"`
	English      string `json:"english"`
	EnglishError string `json:"english_error,omitempty"`
}

// Assumption is one precondition a plan wrote on its target: as code
// and, when it can be rendered, as a sentence.
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

// Submitted answers a submission (201).
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

// RequestList answers GET /api/requests.
type RequestList struct {
	Requests []Request `json:"requests"`
}

// DecisionBody is the JSON body of POST /api/requests/{id}/decision
// (the browser's form posts the same three fields).
type DecisionBody struct {
	Decision string `json:"decision"`
	Reason   string `json:"reason"`
	CSRF     string `json:"csrf"`
	// Password is the human's password, given with every decision: a
	// browser sends the session cookie to every port of the service's
	// host, so a page the agent serves there gets it; the cookie alone
	// decides nothing (attack A6).
	Password string `json:"password"`
}

// SessionInfo answers GET /api/session.
type SessionInfo struct {
	CSRF string `json:"csrf"`
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

// KeyAnswer answers GET /api/key. Asked with ?challenge=C (base64url
// without padding of receipt.ChallengeSize random bytes) it also carries
// C and the service key's signature of it (receipt.ProvePossession), so
// a client can tell the service from any process that took its address
// and repeats its public key.
type KeyAnswer struct {
	KeyID     string `json:"key_id"`
	PublicKey string `json:"public_key"`
	Challenge string `json:"challenge,omitempty"`
	Signature string `json:"signature,omitempty"`
}

// Health answers GET /health.
type Health struct {
	Status  string `json:"status"`
	Version string `json:"version"`
}

// Error is every error answer: Error says why in words for a person,
// Code says which kind of refusal it is for a program (one of
// ErrorCodes, never empty), and ID names the refused request of a 422.
type Error struct {
	Error string    `json:"error"`
	Code  ErrorCode `json:"code"`
	ID    string    `json:"id,omitempty"`
}

// ErrorCode is the stable kind of an error answer. A client decides by
// it, never by the words, which may change; a code it does not know is a
// refusal all the same.
type ErrorCode string

// The error codes, each one kind of refusal (docs/approval-api.md has
// the table, with the HTTP status each comes with).
const (
	// CodeMalformed: the request itself is wrong (body, content type,
	// form field, query parameter, submission field, challenge, decision
	// or reason).
	CodeMalformed ErrorCode = "malformed"
	// CodeMethodNotAllowed: the endpoint exists but not with this method.
	CodeMethodNotAllowed ErrorCode = "method_not_allowed"
	// CodeNotFound: no such endpoint, or no such request.
	CodeNotFound ErrorCode = "not_found"
	// CodeForeignOrigin: the Host or Origin header is not this service's.
	CodeForeignOrigin ErrorCode = "foreign_origin"
	// CodeUnauthenticated: the caller has no valid session of the human.
	CodeUnauthenticated ErrorCode = "unauthenticated"
	// CodeWrongPassword: a login with a wrong password.
	CodeWrongPassword ErrorCode = "wrong_password"
	// CodeRateLimited: a login refused before its password was looked at,
	// while the delay after a wrong password runs.
	CodeRateLimited ErrorCode = "rate_limited"
	// CodeCSRF: the session's CSRF token is wrong or missing.
	CodeCSRF ErrorCode = "csrf"
	// CodeNotSubmitter: the caller did not prove to be the client that
	// submitted the request (its key's proof is missing, stale or wrong).
	CodeNotSubmitter ErrorCode = "not_submitter"
	// CodeNotProved: the service's own proof of a submission does not
	// hold or does not match it (the 422 of a submission, with its id).
	CodeNotProved ErrorCode = "not_proved"
	// CodeAlreadyDecided: a decision for a request already decided.
	CodeAlreadyDecided ErrorCode = "already_decided"
	// CodeExpired: a decision for a request whose client went away.
	CodeExpired ErrorCode = "expired"
	// CodeNotDecided: a run of a request nobody has decided yet.
	CodeNotDecided ErrorCode = "not_decided"
	// CodeNotApproved: a run of a request decided other than approved,
	// or a receipt whose decision does not authorise a run.
	CodeNotApproved ErrorCode = "not_approved"
	// CodeReceiptInvalid: a redemption whose receipt does not verify
	// (malformed, or not signed by this service's key).
	CodeReceiptInvalid ErrorCode = "receipt_invalid"
	// CodeReceiptUnknown: a verified receipt this service never issued,
	// or one naming a request it does not have.
	CodeReceiptUnknown ErrorCode = "receipt_unknown"
	// CodeReceiptMismatch: a receipt not for its request's plan, target
	// or build.
	CodeReceiptMismatch ErrorCode = "receipt_mismatch"
	// CodeReceiptExpired: a receipt outside its validity window (expired,
	// or not yet valid).
	CodeReceiptExpired ErrorCode = "receipt_expired"
	// CodeAlreadyRedeemed: the request's receipt was redeemed already (a
	// second redemption, or a run of a request that ran).
	CodeAlreadyRedeemed ErrorCode = "already_redeemed"
	// CodeRunning: a run of a request that is running now.
	CodeRunning ErrorCode = "running"
	// CodeRunFailed: the service could not build or start the approved
	// run.
	CodeRunFailed ErrorCode = "run_failed"
	// CodeRunsNothing: this service runs no plans.
	CodeRunsNothing ErrorCode = "runs_nothing"
	// CodeWaitEnded: a wait ended without an answer because the service
	// is stopping or the client went away.
	CodeWaitEnded ErrorCode = "wait_ended"
	// CodeInternal: the service failed (its store, its audit log, its
	// randomness); nothing was decided by the failure.
	CodeInternal ErrorCode = "internal"
)

// ErrorCodes are every error code, in the document's order.
func ErrorCodes() []ErrorCode {
	return []ErrorCode{CodeMalformed, CodeMethodNotAllowed, CodeNotFound, CodeForeignOrigin, CodeUnauthenticated,
		CodeWrongPassword, CodeRateLimited, CodeCSRF, CodeNotSubmitter, CodeNotProved, CodeAlreadyDecided, CodeExpired,
		CodeNotDecided, CodeNotApproved, CodeReceiptInvalid, CodeReceiptUnknown, CodeReceiptMismatch, CodeReceiptExpired, CodeAlreadyRedeemed, CodeRunning, CodeRunFailed,
		CodeRunsNothing, CodeWaitEnded, CodeInternal}
}

// KnownErrorCode says whether c is one of ErrorCodes.
func KnownErrorCode(c ErrorCode) bool {
	for _, k := range ErrorCodes() {
		if c == k {
			return true
		}
	}
	return false
}

// RunResult answers POST /api/requests/{id}/run: what the service's run
// of a plan did, the sealed binary's exit status, its output and its
// effect trace (JSON lines).
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
