package redeem

import (
	"bytes"
	"context"
	"encoding/json"

	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"github.com/clauz3/clauz3/securitymod/receipt"
)

// Gate admits a real run of one plan. The generated program fills it with
// values fixed at build time; nothing in it comes from the receipt or the
// service.
type Gate struct {
	PlanHash  string // ir.Digest of the plan this binary runs
	Target    string // the target function this binary runs
	PublicKey string // the approval service's ed25519 key, standard base64
	// BuildID is the binary's build identity digest (gen.BuildIdentity):
	// the receipt's build_id must equal it.
	BuildID string

	// now and client are for tests; zero means the wall clock and a
	// client that follows no redirect.
	now    func() time.Time
	client *http.Client
}

// Limits on what the gate reads: a receipt and an acknowledgement are a
// few hundred bytes.
const (
	maxReceiptFile = 64 << 10
	maxAnswer      = 64 << 10
)

// Error is every refusal of the gate. Callers and tests tell refusals
// apart by Kind (and by the wrapped receipt sentinel, and Status), never
// by the words.
type Error struct {
	Step   string // "key", "receipt", "service", "redeem", "acknowledgement"
	Kind   Kind
	Status int // the service's HTTP status, when Kind is ServiceRefused
	Reason string
	Err    error // the underlying error (a receipt.Error, a net error), if any
}

// Kind is what kind of refusal an Error is.
type Kind int

const (
	KeyUnusable        Kind = iota + 1 // the embedded approval key does not parse
	ReceiptUnreadable                  // the receipt file cannot be read
	NotAReceipt                        // the file does not parse as a receipt
	NotAdmitted                        // the receipt does not verify or does not admit this plan (Err says why)
	BadServiceURL                      // the service URL is not scheme://host:port
	RequestFailed                      // no challenge, or the request cannot be built
	Unreachable                        // the approval service did not answer
	BadAnswer                          // the answer cannot be read, is too large or malformed
	ServiceRefused                     // the service answered with a status other than 200 (Status)
	BadAcknowledgement                 // the service's redemption does not hold (Err says why)
)

func (k Kind) String() string {
	switch k {
	case KeyUnusable:
		return "key unusable"
	case ReceiptUnreadable:
		return "receipt unreadable"
	case NotAReceipt:
		return "not a receipt"
	case NotAdmitted:
		return "not admitted"
	case BadServiceURL:
		return "bad service URL"
	case RequestFailed:
		return "request failed"
	case Unreachable:
		return "unreachable"
	case BadAnswer:
		return "bad answer"
	case ServiceRefused:
		return "service refused"
	case BadAcknowledgement:
		return "bad acknowledgement"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

func (e *Error) Error() string {
	msg := "redeem: " + e.Step + ": " + e.Reason
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

func refuse(step string, kind Kind, err error, format string, args ...any) *Error {
	return &Error{Step: step, Kind: kind, Reason: fmt.Sprintf(format, args...), Err: err}
}

// Admit verifies and redeems the receipt in receiptFile with the service
// at serviceURL and returns the redeemed request id. See the package doc.
func (g *Gate) Admit(ctx context.Context, receiptFile, serviceURL string) (string, error) {
	now := time.Now
	if g.now != nil {
		now = g.now
	}
	pub, err := receipt.ParsePublicKey(g.PublicKey)
	if err != nil {
		return "", refuse("key", KeyUnusable, err, "the embedded approval key is unusable")
	}
	data, err := readLimited(receiptFile, maxReceiptFile)
	if err != nil {
		return "", refuse("receipt", ReceiptUnreadable, err, "cannot read %s", receiptFile)
	}
	r, err := receipt.ParseReceipt(data)
	if err != nil {
		return "", refuse("receipt", NotAReceipt, err, "%s is not a receipt", receiptFile)
	}
	p, err := receipt.VerifyAndCheck(pub, r, receipt.Expect{PlanHash: g.PlanHash, Target: g.Target, BuildID: g.BuildID}, now())
	if err != nil {
		return "", refuse("receipt", NotAdmitted, err, "%s does not admit this plan", receiptFile)
	}
	endpoint, err := redeemURL(serviceURL)
	if err != nil {
		return "", err
	}
	challenge, err := receipt.NewChallenge()
	if err != nil {
		return "", refuse("redeem", RequestFailed, err, "no challenge")
	}
	red, err := g.post(ctx, endpoint, r, challenge)
	if err != nil {
		return "", err
	}
	ack, err := receipt.VerifyRedemption(pub, red, p, challenge)
	if err != nil {
		return "", refuse("acknowledgement", BadAcknowledgement, err, "the service's redemption does not hold")
	}
	return ack.RequestID, nil
}

func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("larger than %d bytes", limit)
	}
	return data, nil
}

// redeemURL is serviceURL's redemption endpoint; the service URL must be
// http or https with a host and no query, fragment or credentials.
func redeemURL(serviceURL string) (string, error) {
	u, err := url.Parse(serviceURL)
	if err != nil {
		return "", refuse("service", BadServiceURL, err, "bad service URL %q", serviceURL)
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return "", refuse("service", BadServiceURL, nil, "service URL %q: want http or https", serviceURL)
	case u.Host == "":
		return "", refuse("service", BadServiceURL, nil, "service URL %q has no host", serviceURL)
	case u.User != nil || u.RawQuery != "" || u.Fragment != "":
		return "", refuse("service", BadServiceURL, nil, "service URL %q: want scheme://host:port only", serviceURL)
	}
	return strings.TrimSuffix(u.String(), "/") + "/api/receipts/redeem", nil
}

func (g *Gate) post(ctx context.Context, endpoint string, r receipt.Receipt, challenge string) (receipt.Redemption, error) {
	var none receipt.Redemption
	body, err := json.Marshal(struct {
		Receipt   receipt.Receipt `json:"receipt"`
		Challenge string          `json:"challenge"`
	}{r, challenge})
	if err != nil {
		return none, refuse("redeem", RequestFailed, err, "cannot encode the request")
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, endpoint, bytes.NewReader(body))
	if err != nil {
		return none, refuse("redeem", RequestFailed, err, "cannot make the request")
	}
	req.Header.Set("Content-Type", "application/json")
	// No idle connection to the service may outlive the redemption: the
	// kernel sandbox withdraws the service's port once the run is
	// admitted, and a pooled connection would get around that.
	req.Close = true
	client := g.client
	if client == nil {
		client = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	}
	resp, err := client.Do(req)
	if err != nil {
		return none, refuse("service", Unreachable, err, "the approval service did not answer")
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(io.LimitReader(resp.Body, maxAnswer+1))
	if err != nil {
		return none, refuse("service", BadAnswer, err, "reading the answer")
	}
	if len(answer) > maxAnswer {
		return none, refuse("service", BadAnswer, nil, "the answer is larger than %d bytes", maxAnswer)
	}
	if resp.StatusCode != http.StatusOK {
		e := refuse("service", ServiceRefused, nil, "the service refused the redemption: %s%s", resp.Status, serviceReason(answer))
		e.Status = resp.StatusCode
		return none, e
	}
	var out struct {
		Redemption *receipt.Redemption `json:"redemption"`
	}
	d := json.NewDecoder(bytes.NewReader(answer))
	d.DisallowUnknownFields()
	if err := d.Decode(&out); err != nil {
		return none, refuse("service", BadAnswer, err, "malformed answer")
	}
	if d.More() {
		return none, refuse("service", BadAnswer, nil, "malformed answer: trailing data")
	}
	if out.Redemption == nil {
		return none, refuse("service", BadAnswer, nil, "the answer holds no redemption")
	}
	return *out.Redemption, nil
}

// serviceReason is the service's {"error": ...} text, for the message
// only: it never decides anything.
func serviceReason(body []byte) string {
	var e struct {
		Error string `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil || e.Error == "" {
		return ""
	}
	return " (" + e.Error + ")"
}
