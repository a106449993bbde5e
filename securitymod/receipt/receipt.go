package receipt

import (
	"bytes"
	"crypto/ed25519"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"
)

// SignContext precedes the payload bytes in what a receipt signs, so a
// receipt signature can never be replayed as a redemption or vice versa.
const SignContext = "clauz3 receipt v1\n"

// RedemptionContext precedes the payload bytes of a redemption.
const RedemptionContext = "clauz3 redemption v1\n"

// Version is the only payload version this package reads or writes.
const Version = 1

// Decisions a receipt may carry; only the first two authorise a run.
const (
	ApprovedOnce = "approved_once"
	AutoApproved = "auto_approved"
)

// TimeLayout is how issued_at, expires_at and redeemed_at are written.
const TimeLayout = "2006-01-02T15:04:05Z"

// Sentinels; every error of this package wraps exactly one of them.
var (
	ErrMalformed      = errors.New("malformed")
	ErrBadSignature   = errors.New("bad signature")
	ErrPlanMismatch   = errors.New("plan hash mismatch")
	ErrTargetMismatch = errors.New("target mismatch")
	// ErrBuildMismatch: the receipt's build_id is not the binary's build
	// identity.
	ErrBuildMismatch      = errors.New("build identity mismatch")
	ErrNotApproved        = errors.New("decision does not authorise a run")
	ErrNotYetValid        = errors.New("not yet valid")
	ErrExpired            = errors.New("expired")
	ErrRedemptionMismatch = errors.New("redemption is not for this receipt")
	ErrBadKey             = errors.New("bad key")
)

// Error is every refusal of this package.
type Error struct {
	Op     string // "sign", "verify", "check", "redeem", "key"
	Field  string // the payload field concerned, when one is
	Reason string
	Err    error // one of the sentinels
}

func (e *Error) Error() string {
	msg := "receipt: " + e.Op + ": " + e.Err.Error()
	if e.Field != "" {
		msg += ": " + e.Field
	}
	if e.Reason != "" {
		msg += ": " + e.Reason
	}
	return msg
}

func (e *Error) Unwrap() error { return e.Err }

func refuse(op, field string, sentinel error, format string, args ...any) *Error {
	return &Error{Op: op, Field: field, Reason: fmt.Sprintf(format, args...), Err: sentinel}
}

// Payload is what a receipt binds.
type Payload struct {
	RequestID string
	PlanHash  string // "sha256:<64 hex>", ir.Digest
	// BuildID is the build identity digest ("sha256:<64 hex>") of the
	// sealed binary this receipt admits: plan, IR, layer sources, runtime,
	// toolchain and layer configuration (gen.BuildIdentity).
	BuildID    string
	Target     string
	Guarantees []string // the guarantees' source text, in order
	Decision   string
	IssuedAt   time.Time
	ExpiresAt  time.Time
	Nonce      string // base64url (no padding) of 16 random bytes
	// AuditHead is the service's audit chain head when the receipt was
	// issued, "<seq>:<64 lowercase hex>" (the row recording the decision):
	// `clauz3 audit verify` checks that the row is still in the chain.
	AuditHead string
}

// wirePayload is the canonical encoding: field order is the struct order.
type wirePayload struct {
	V         int    `json:"v"`
	RequestID string `json:"request_id"`
	PlanHash  string `json:"plan_hash"`
	// build identity: its own line, see Payload.BuildID.
	BuildID    string   `json:"build_id"`
	Target     string   `json:"target"`
	Guarantees []string `json:"guarantees"`
	Decision   string   `json:"decision"`
	IssuedAt   string   `json:"issued_at"`
	ExpiresAt  string   `json:"expires_at"`
	Nonce      string   `json:"nonce"`
	AuditHead  string   `json:"audit_head"`
}

var payloadFields = []string{"v", "request_id", "plan_hash", "build_id", "target", "guarantees", "decision", "issued_at", "expires_at", "nonce", "audit_head"}

// Receipt is the signed envelope the service hands out.
type Receipt struct {
	Payload   string `json:"payload"`
	Signature string `json:"signature"`
	KeyID     string `json:"key_id"`
}

// Expect is what the checker of a receipt knows independently of it.
type Expect struct {
	PlanHash string
	// BuildID: the build identity of the binary that will run.
	BuildID string
	Target  string
}

var b64 = base64.RawURLEncoding

// NewNonce returns base64url (no padding) of 16 bytes from crypto/rand.
func NewNonce() (string, error) {
	var b [16]byte
	if _, err := io.ReadFull(rand.Reader, b[:]); err != nil {
		return "", fmt.Errorf("receipt: reading random bytes: %w", err)
	}
	return b64.EncodeToString(b[:]), nil
}

// NewChallenge returns a fresh redemption challenge (same shape as a nonce).
func NewChallenge() (string, error) { return NewNonce() }

// KeyID labels a public key: hex of the first 8 bytes of its sha256.
func KeyID(pub ed25519.PublicKey) string {
	sum := sha256.Sum256(pub)
	return hex.EncodeToString(sum[:8])
}

// ParsePublicKey reads a standard-base64 32-byte ed25519 public key, the
// form of /api/key and the discovery file.
func ParsePublicKey(s string) (ed25519.PublicKey, error) {
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	if err != nil {
		return nil, refuse("key", "public_key", ErrBadKey, "not standard base64: %v", err)
	}
	if len(b) != ed25519.PublicKeySize {
		return nil, refuse("key", "public_key", ErrBadKey, "%d bytes, want %d", len(b), ed25519.PublicKeySize)
	}
	return ed25519.PublicKey(b), nil
}

// EncodePublicKey is ParsePublicKey's inverse.
func EncodePublicKey(pub ed25519.PublicKey) string { return base64.StdEncoding.EncodeToString(pub) }

// Encode returns the canonical bytes of p after checking that every field
// is well formed; it is what Sign signs and what Verify compares against.
func Encode(p Payload) ([]byte, error) {
	w := wirePayload{
		V: Version, RequestID: p.RequestID, PlanHash: p.PlanHash,
		BuildID:    p.BuildID,
		Target:     p.Target,
		Guarantees: p.Guarantees, Decision: p.Decision,
		IssuedAt: formatTime(p.IssuedAt), ExpiresAt: formatTime(p.ExpiresAt), Nonce: p.Nonce, AuditHead: p.AuditHead,
	}
	if w.Guarantees == nil {
		w.Guarantees = []string{}
	}
	if err := w.check("sign"); err != nil {
		return nil, err
	}
	return marshalCompact(w)
}

func formatTime(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	return t.UTC().Truncate(time.Second).Format(TimeLayout)
}

func marshalCompact(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("receipt: encoding: %w", err)
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n")), nil
}

func (w wirePayload) check(op string) error {
	if w.V != Version {
		return refuse(op, "v", ErrMalformed, "%d, want %d", w.V, Version)
	}
	if err := checkText(op, "request_id", w.RequestID); err != nil {
		return err
	}
	if !ValidPlanHash(w.PlanHash) {
		return refuse(op, "plan_hash", ErrMalformed, "%q is not sha256:<64 lowercase hex>", w.PlanHash)
	}
	if !ValidPlanHash(w.BuildID) {
		return refuse(op, "build_id", ErrMalformed, "%q is not sha256:<64 lowercase hex>", w.BuildID)
	}
	if err := checkText(op, "target", w.Target); err != nil {
		return err
	}
	if w.Guarantees == nil {
		return refuse(op, "guarantees", ErrMalformed, "missing (an empty list is written [])")
	}
	for i, g := range w.Guarantees {
		if g == "" {
			return refuse(op, fmt.Sprintf("guarantees[%d]", i), ErrMalformed, "empty")
		}
	}
	if err := checkText(op, "decision", w.Decision); err != nil {
		return err
	}
	issued, err := parseTime(op, "issued_at", w.IssuedAt)
	if err != nil {
		return err
	}
	expires, err := parseTime(op, "expires_at", w.ExpiresAt)
	if err != nil {
		return err
	}
	if !expires.After(issued) {
		return refuse(op, "expires_at", ErrMalformed, "%s is not after issued_at %s", w.ExpiresAt, w.IssuedAt)
	}
	if err := checkNonce(op, "nonce", w.Nonce); err != nil {
		return err
	}
	return checkHead(op, "audit_head", w.AuditHead)
}

// ValidAuditHead reports whether s has the form of an audit head,
// "<seq>:<hash>": seq a positive decimal without leading zeros, hash 64
// lowercase hex digits (the audit package's Head.String).
func ValidAuditHead(s string) bool {
	seq, hash, ok := strings.Cut(s, ":")
	if !ok || seq == "" || len(seq) > 18 || seq[0] == '0' || !ValidPlanHash("sha256:"+hash) {
		return false
	}
	for i := 0; i < len(seq); i++ {
		if seq[i] < '0' || seq[i] > '9' {
			return false
		}
	}
	return true
}

func checkHead(op, field, s string) error {
	if !ValidAuditHead(s) {
		return refuse(op, field, ErrMalformed, "%q is not <seq>:<64 lowercase hex>", s)
	}
	return nil
}

func checkText(op, field, s string) error {
	if s == "" {
		return refuse(op, field, ErrMalformed, "empty")
	}
	if len(s) > 256 {
		return refuse(op, field, ErrMalformed, "longer than 256 bytes")
	}
	for _, r := range s {
		if r < 0x20 || r == 0x7f || r == 0xfffd {
			return refuse(op, field, ErrMalformed, "contains a control or invalid character")
		}
	}
	return nil
}

// ValidPlanHash reports whether s has the shape of ir.Digest's output,
// "sha256:" and 64 lowercase hex digits.
func ValidPlanHash(s string) bool {
	h, ok := strings.CutPrefix(s, "sha256:")
	if !ok || len(h) != 64 {
		return false
	}
	for i := 0; i < len(h); i++ {
		if !('0' <= h[i] && h[i] <= '9' || 'a' <= h[i] && h[i] <= 'f') {
			return false
		}
	}
	return true
}

func parseTime(op, field, s string) (time.Time, error) {
	t, err := time.Parse(TimeLayout, s)
	if err != nil || t.Format(TimeLayout) != s {
		return time.Time{}, refuse(op, field, ErrMalformed, "%q is not an RFC 3339 UTC time to the second", s)
	}
	return t, nil
}

func checkNonce(op, field, s string) error {
	b, err := b64.Strict().DecodeString(s)
	if err != nil || len(b) != 16 {
		return refuse(op, field, ErrMalformed, "%q is not base64url (no padding) of 16 bytes", s)
	}
	return nil
}

// Sign encodes p canonically and signs it with priv.
func Sign(priv ed25519.PrivateKey, p Payload) (Receipt, error) {
	if len(priv) != ed25519.PrivateKeySize {
		return Receipt{}, refuse("sign", "", ErrBadKey, "private key is %d bytes, want %d", len(priv), ed25519.PrivateKeySize)
	}
	payload, err := Encode(p)
	if err != nil {
		return Receipt{}, err
	}
	return Receipt(signEnvelope(priv, SignContext, payload)), nil
}

type envelope struct{ Payload, Signature, KeyID string }

func signEnvelope(priv ed25519.PrivateKey, context string, payload []byte) envelope {
	msg := append([]byte(context), payload...)
	return envelope{
		Payload:   b64.EncodeToString(payload),
		Signature: b64.EncodeToString(ed25519.Sign(priv, msg)),
		KeyID:     KeyID(priv.Public().(ed25519.PublicKey)),
	}
}

// SignRawForTest signs arbitrary payload bytes as a receipt. It exists so
// tests (here and in callers' fail-closed matrices) can forge receipts a
// correct service never issues; Verify still refuses them unless they are
// canonical.
func SignRawForTest(priv ed25519.PrivateKey, payload []byte) Receipt {
	return Receipt(signEnvelope(priv, SignContext, payload))
}

// openEnvelope checks the signature over context + payload and returns the
// signed payload bytes; nothing else of the envelope is read.
func openEnvelope(op string, pub ed25519.PublicKey, context string, e envelope) ([]byte, error) {
	if len(pub) != ed25519.PublicKeySize {
		return nil, refuse(op, "", ErrBadKey, "public key is %d bytes, want %d", len(pub), ed25519.PublicKeySize)
	}
	payload, err := b64.Strict().DecodeString(e.Payload)
	if err != nil {
		return nil, refuse(op, "payload", ErrMalformed, "not base64url without padding: %v", err)
	}
	sig, err := b64.Strict().DecodeString(e.Signature)
	if err != nil {
		return nil, refuse(op, "signature", ErrMalformed, "not base64url without padding: %v", err)
	}
	if len(sig) != ed25519.SignatureSize {
		return nil, refuse(op, "signature", ErrBadSignature, "%d bytes, want %d", len(sig), ed25519.SignatureSize)
	}
	if !ed25519.Verify(pub, append([]byte(context), payload...), sig) {
		return nil, refuse(op, "signature", ErrBadSignature, "does not verify with key %s", KeyID(pub))
	}
	return payload, nil
}

// strictDecode decodes exactly the fields wanted, refusing unknown,
// missing and duplicate keys and trailing data.
func strictDecode(op string, data []byte, fields []string, into any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return refuse(op, "", ErrMalformed, "payload is not a JSON object")
	}
	seen := map[string]bool{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return refuse(op, "", ErrMalformed, "%v", err)
		}
		key, _ := tok.(string)
		if seen[key] {
			return refuse(op, key, ErrMalformed, "duplicate key")
		}
		seen[key] = true
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return refuse(op, key, ErrMalformed, "%v", err)
		}
	}
	if _, err := dec.Token(); err != nil {
		return refuse(op, "", ErrMalformed, "%v", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return refuse(op, "", ErrMalformed, "data after the payload object")
	}
	for _, f := range fields {
		if !seen[f] {
			return refuse(op, f, ErrMalformed, "missing")
		}
		delete(seen, f)
	}
	for k := range seen {
		return refuse(op, k, ErrMalformed, "unknown field")
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.DisallowUnknownFields()
	if err := d.Decode(into); err != nil {
		return refuse(op, "", ErrMalformed, "%v", err)
	}
	return nil
}

// Verify checks r's signature with pub, then strictly decodes the signed
// payload. It does not check plan, target, decision or time: Check does.
func Verify(pub ed25519.PublicKey, r Receipt) (Payload, error) {
	data, err := openEnvelope("verify", pub, SignContext, envelope(r))
	if err != nil {
		return Payload{}, err
	}
	var w wirePayload
	if err := strictDecode("verify", data, payloadFields, &w); err != nil {
		return Payload{}, err
	}
	if err := w.check("verify"); err != nil {
		return Payload{}, err
	}
	canon, err := marshalCompact(w)
	if err != nil {
		return Payload{}, err
	}
	if !bytes.Equal(canon, data) {
		return Payload{}, refuse("verify", "", ErrMalformed, "the signed payload is not in canonical form")
	}
	issued, _ := time.Parse(TimeLayout, w.IssuedAt)
	expires, _ := time.Parse(TimeLayout, w.ExpiresAt)
	return Payload{
		RequestID: w.RequestID, PlanHash: w.PlanHash, BuildID: w.BuildID, Target: w.Target, Guarantees: w.Guarantees,
		Decision: w.Decision, IssuedAt: issued, ExpiresAt: expires, Nonce: w.Nonce, AuditHead: w.AuditHead,
	}, nil
}

// Check refuses a verified payload that is not for want's plan and target,
// does not authorise a run, or is outside its validity window at now.
func Check(p Payload, want Expect, now time.Time) error {
	switch {
	case want.PlanHash == "" || p.PlanHash != want.PlanHash:
		return refuse("check", "plan_hash", ErrPlanMismatch, "receipt is for %s, this plan is %s", p.PlanHash, want.PlanHash)
	case want.BuildID == "" || p.BuildID != want.BuildID:
		return refuse("check", "build_id", ErrBuildMismatch, "receipt is for build %s, this binary is %s", p.BuildID, want.BuildID)
	case want.Target == "" || p.Target != want.Target:
		return refuse("check", "target", ErrTargetMismatch, "receipt is for target %q, this run is %q", p.Target, want.Target)
	case p.Decision != ApprovedOnce && p.Decision != AutoApproved:
		return refuse("check", "decision", ErrNotApproved, "%q", p.Decision)
	case now.Before(p.IssuedAt):
		return refuse("check", "issued_at", ErrNotYetValid, "issued at %s, now is %s", p.IssuedAt.Format(TimeLayout), now.UTC().Format(time.RFC3339))
	case !now.Before(p.ExpiresAt):
		return refuse("check", "expires_at", ErrExpired, "expired at %s, now is %s", p.ExpiresAt.Format(TimeLayout), now.UTC().Format(time.RFC3339))
	}
	return nil
}

// VerifyAndCheck is Verify followed by Check.
func VerifyAndCheck(pub ed25519.PublicKey, r Receipt, want Expect, now time.Time) (Payload, error) {
	p, err := Verify(pub, r)
	if err != nil {
		return Payload{}, err
	}
	if err := Check(p, want, now); err != nil {
		return Payload{}, err
	}
	return p, nil
}

// ParseReceipt strictly decodes a receipt envelope (a file or a body):
// exactly payload, signature and key_id, all strings.
func ParseReceipt(data []byte) (Receipt, error) {
	var r Receipt
	if err := strictDecode("parse", bytes.TrimSpace(data), []string{"payload", "signature", "key_id"}, &r); err != nil {
		return Receipt{}, err
	}
	return r, nil
}
