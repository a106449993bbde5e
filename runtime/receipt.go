package planrt

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/clauz3/clauz3/pysem"
)

// Gate admits a real run. A real-mode program is generated with one
// (securitymod/redeem's, which embeds the approval plan hash, the target
// and the approval service's public key); planrt itself links no network
// code, so a simulation binary has no path to the service at all.
//
// Admit verifies the receipt in receiptFile against what the gate embeds
// (signature, plan hash, target, decision, expiry), redeems it with the
// approval service at serviceURL and verifies the service's signed
// redemption. It returns the redeemed request id, or why the run is
// refused.
type Gate interface {
	Admit(ctx context.Context, receiptFile, serviceURL string) (requestID string, err error)
}

// ApprovalError ends a real binary before the plan's first statement, or
// before an effect, because no redeemed receipt for this plan is held.
// No effect has run for it. Exit status ExitApproval.
type ApprovalError struct {
	Kind   ApprovalKind
	Effect string // the effect refused, for NotRedeemed, TraceFailed and SimulatedResult
	Reason string
	cause  error // the gate's or the trace's own error, when there is one
}

func (e *ApprovalError) Error() string { return "approval refused: " + e.Reason }
func (e *ApprovalError) Unwrap() error { return e.cause }

// ApprovalKind is why a real run or an effect was not admitted, so that
// callers and tests tell refusals apart without reading their words.
type ApprovalKind int

const (
	NoReceipt       ApprovalKind = iota + 1 // no --receipt or no --service
	NoGate                                  // the binary embeds no approval gate
	GateRefused                             // the gate refused the receipt (wraps its error)
	NoRequestID                             // the gate admitted without a request id
	NotRedeemed                             // an effect began while no redeemed receipt is held
	TraceFailed                             // an effect could not be recorded in the trace
	SimulatedResult                         // generated code asked for a simulated result in a real run
)

func (k ApprovalKind) String() string {
	switch k {
	case NoReceipt:
		return "no receipt"
	case NoGate:
		return "no gate"
	case GateRefused:
		return "gate refused"
	case NoRequestID:
		return "no request id"
	case NotRedeemed:
		return "not redeemed"
	case TraceFailed:
		return "trace failed"
	case SimulatedResult:
		return "simulated result in a real run"
	}
	return fmt.Sprintf("ApprovalKind(%d)", int(k))
}

// admitTimeout bounds the receipt check and redemption: an approval
// service that does not answer is a refusal, not a hang.
const admitTimeout = 30 * time.Second

// realHost runs the trusted layers' Go functions; it exists only after
// its gate admitted the run.
type realHost struct {
	requestID string // the redeemed request; empty means not admitted
	trace     io.Writer
	file      *os.File
}

// admitRun checks and redeems the receipt before the plan starts.
func admitRun(p Program, receiptFile, serviceURL, traceFile string, stderr io.Writer) (*realHost, error) {
	if receiptFile == "" || serviceURL == "" {
		return nil, &ApprovalError{Kind: NoReceipt, Reason: "no approval receipt: this binary runs only through clauz3 run (--receipt FILE --service URL)"}
	}
	if p.Gate == nil {
		return nil, &ApprovalError{Kind: NoGate, Reason: "this binary embeds no approval gate: rebuild it with clauz3 run"}
	}
	ctx, cancel := context.WithTimeout(context.Background(), admitTimeout)
	defer cancel()
	id, err := p.Gate.Admit(ctx, receiptFile, serviceURL)
	if err != nil {
		return nil, &ApprovalError{Kind: GateRefused, Reason: err.Error(), cause: err}
	}
	if id == "" {
		return nil, &ApprovalError{Kind: NoRequestID, Reason: "the approval gate admitted the run without a request id"}
	}
	h := &realHost{requestID: id, trace: io.Discard}
	if traceFile != "" {
		f, err := os.Create(traceFile)
		if err != nil {
			return nil, fmt.Errorf("trace: %v", err)
		}
		h.file, h.trace = f, f
	}
	return h, nil
}

func (h *realHost) authorized() bool { return h.requestID != "" }

func (h *realHost) admit(c *Call) {
	if h.requestID == "" {
		panic(&ApprovalError{Kind: NotRedeemed, Effect: c.Effect, Reason: "no redeemed receipt is held: " + c.Effect + " may not run"})
	}
}

func (h *realHost) record(c *Call) {
	if _, err := io.WriteString(h.trace, c.TraceLine()+"\n"); err != nil {
		// The trace is how clauz3 run reports what ran: an effect that
		// cannot be recorded does not run.
		panic(&ApprovalError{Kind: TraceFailed, Effect: c.Effect, Reason: "cannot record " + c.Effect + " in the trace: " + err.Error(), cause: err})
	}
}

// failed records that c's layer function failed, as kind. A record that
// cannot be written is not fatal: the run is ending with that error
// anyway, and its exit status and stderr still say so.
func (h *realHost) failed(c *Call, kind string) {
	io.WriteString(h.trace, `{"failed":`+pysem.JSONString(c.Effect)+`,"error":`+pysem.JSONString(kind)+"}\n")
}

// result is never reached in a real binary: its effects run through
// Perform. Reaching it means generated code asked for a simulated answer,
// which a real run must never get.
func (h *realHost) result(c *Call, ptr any) {
	panic(&ApprovalError{Kind: SimulatedResult, Effect: c.Effect, Reason: c.Effect + " asked for a simulated result in a real run"})
}

func (h *realHost) close() {
	if h.file != nil {
		h.file.Close()
	}
}
