package audit

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"iter"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/clauz3/clauz3/securitymod/redact"
)

// Event is what a caller records.
type Event struct {
	At        time.Time // zero: now
	Kind      string    // e.g. "request.submitted", "decision.approved_once"
	RequestID string    // may be empty for events not tied to a request
	Actor     string    // who: "human:<session>", "runner", "service"
	Detail    string    // free text or JSON; redacted before it is stored
}

// Row is one stored audit row.
type Row struct {
	Seq       int64
	At        string
	Kind      string
	RequestID string
	Actor     string
	Detail    string
	PrevHash  string
	Hash      string
	Sig       string // base64 ed25519 signature of SignContext || Hash
}

// SignContext precedes a row's hash in what its signature signs, so a row
// signature is never a valid receipt or redemption signature.
const SignContext = "clauz3 audit v1\n"

// SignHash signs a row hash with the service key (standard base64).
func SignHash(key ed25519.PrivateKey, hash string) string {
	return base64.StdEncoding.EncodeToString(ed25519.Sign(key, []byte(SignContext+hash)))
}

// Head names one row of the chain: its seq and hash. A head recorded
// elsewhere (a receipt, a redemption acknowledgement) anchors the chain:
// the row must still be there, with that hash.
type Head struct {
	Seq  int64
	Hash string
}

// String is "<seq>:<hash>", the form receipts carry.
func (h Head) String() string { return strconv.FormatInt(h.Seq, 10) + ":" + h.Hash }

// ParseHead reads "<seq>:<hash>": seq a positive decimal without leading
// zeros, hash 64 lowercase hex characters.
func ParseHead(s string) (Head, error) {
	seq, hash, ok := strings.Cut(s, ":")
	n, err := strconv.ParseInt(seq, 10, 64)
	if !ok || err != nil || n < 1 || strconv.FormatInt(n, 10) != seq || !isHash(hash) {
		return Head{}, fmt.Errorf("audit: %q is not an audit head (<seq>:<64 lowercase hex>)", s)
	}
	return Head{Seq: n, Hash: hash}, nil
}

// Anchor is a head recorded elsewhere, with what recorded it (for the
// message).
type Anchor struct {
	What string // e.g. "receipt of request r1"
	Head Head
}

// AnchorError is Verify's report of an anchor whose head is not a row of
// the chain: the rows it named were deleted, re-hashed or cut off.
type AnchorError struct {
	Anchor Anchor
	Kind   AnchorKind
	Reason string
}

// AnchorKind is how an anchor misses the chain.
type AnchorKind int

const (
	// AnchorHashMismatch: the anchor's row exists with another hash.
	AnchorHashMismatch AnchorKind = iota + 1
	// AnchorPastEnd: the chain ends before the anchor's row.
	AnchorPastEnd
)

func (k AnchorKind) String() string {
	switch k {
	case AnchorHashMismatch:
		return "hash mismatch"
	case AnchorPastEnd:
		return "past the end"
	}
	return fmt.Sprintf("AnchorKind(%d)", int(k))
}

func (e *AnchorError) Error() string {
	return fmt.Sprintf("audit: %s names audit head %s, which is not in the chain: %s", e.Anchor.What, e.Anchor.Head, e.Reason)
}

// Store is what the log needs from its storage.
type Store interface {
	// Last returns the row with the highest seq, or false when empty.
	Last(ctx context.Context) (Row, bool, error)
	// Insert stores r; it must fail when a row with r.Seq exists.
	Insert(ctx context.Context, r Row) error
	// All yields every row in ascending seq order, or an error.
	All(ctx context.Context) iter.Seq2[Row, error]
}

// Genesis is the prev_hash of the first row.
const Genesis = "0000000000000000000000000000000000000000000000000000000000000000"

// EventError is Append's refusal of a malformed event.
type EventError struct {
	Field  string
	Reason string
}

func (e *EventError) Error() string {
	return fmt.Sprintf("audit: event refused: %s: %s", e.Field, e.Reason)
}

// BrokenError is Verify's report of the first row where the chain breaks.
// Tests and callers tell breaks apart by Kind, never by Reason's words.
type BrokenError struct {
	Seq    int64
	Kind   BrokenKind
	Reason string
}

// BrokenKind is how a row breaks the chain.
type BrokenKind int

const (
	// OutOfSequence: a row stands where another seq should be (a row was
	// deleted, inserted or reordered).
	OutOfSequence BrokenKind = iota + 1
	// PrevHashMismatch: prev_hash is not the previous row's hash.
	PrevHashMismatch
	// MalformedHash: hash or prev_hash is not 64 lowercase hex characters.
	MalformedHash
	// InvalidUTF8: a field is not valid UTF-8.
	InvalidUTF8
	// Edited: the hash does not match the row's content.
	Edited
	// Unsigned: the row carries no signature.
	Unsigned
	// MalformedSignature: the signature is not base64 of 64 bytes.
	MalformedSignature
	// BadSignature: the signature does not verify with the service key.
	BadSignature
)

func (k BrokenKind) String() string {
	switch k {
	case OutOfSequence:
		return "out of sequence"
	case PrevHashMismatch:
		return "prev_hash mismatch"
	case MalformedHash:
		return "malformed hash"
	case InvalidUTF8:
		return "invalid UTF-8"
	case Edited:
		return "edited"
	case Unsigned:
		return "unsigned"
	case MalformedSignature:
		return "malformed signature"
	case BadSignature:
		return "bad signature"
	}
	return fmt.Sprintf("BrokenKind(%d)", int(k))
}

func (e *BrokenError) Error() string {
	return fmt.Sprintf("audit: chain broken at row %d: %s", e.Seq, e.Reason)
}

const (
	maxRequestID = 128
	maxActor     = 256
	maxDetail    = 1 << 20
)

// Append validates and redacts e, links it to the last row, signs it with
// key (the service's signing key) and inserts it. A chain whose last row
// does not verify under key's public half is not extended.
func Append(ctx context.Context, s Store, key ed25519.PrivateKey, e Event) (Row, error) {
	if len(key) != ed25519.PrivateKeySize {
		return Row{}, fmt.Errorf("audit: append: no signing key (%d bytes): rows are signed by the service key", len(key))
	}
	pub := key.Public().(ed25519.PublicKey)
	if err := checkEvent(e); err != nil {
		return Row{}, err
	}
	last, ok, err := s.Last(ctx)
	if err != nil {
		return Row{}, fmt.Errorf("audit: append: reading the last row: %w", err)
	}
	prev, seq := Genesis, int64(1)
	if ok {
		if kind, reason := rowReason(last, pub); reason != "" {
			return Row{}, &BrokenError{Seq: last.Seq, Kind: kind, Reason: reason + "; refusing to extend the chain"}
		}
		prev, seq = last.Hash, last.Seq+1
	}
	at := e.At
	if at.IsZero() {
		at = time.Now()
	}
	r := Row{
		Seq:       seq,
		At:        at.UTC().Format(time.RFC3339Nano),
		Kind:      e.Kind,
		RequestID: e.RequestID,
		Actor:     redact.String(e.Actor),
		Detail:    redact.String(strings.ToValidUTF8(e.Detail, "\uFFFD")),
		PrevHash:  prev,
	}
	r.Hash = HashRow(r)
	r.Sig = SignHash(key, r.Hash)
	if err := s.Insert(ctx, r); err != nil {
		return Row{}, fmt.Errorf("audit: append: %w", err)
	}
	return r, nil
}

func checkEvent(e Event) error {
	if !validKind(e.Kind) {
		return &EventError{Field: "kind", Reason: fmt.Sprintf("%q is not 1-64 characters of [a-z0-9_.-] starting with a letter", e.Kind)}
	}
	if r := textReason(e.RequestID, maxRequestID); r != "" {
		return &EventError{Field: "request_id", Reason: r}
	}
	if r := textReason(e.Actor, maxActor); r != "" {
		return &EventError{Field: "actor", Reason: r}
	}
	if len(e.Detail) > maxDetail {
		return &EventError{Field: "detail", Reason: fmt.Sprintf("longer than %d bytes: store a digest or a summary", maxDetail)}
	}
	return nil
}

func validKind(k string) bool {
	if len(k) == 0 || len(k) > 64 || k[0] < 'a' || k[0] > 'z' {
		return false
	}
	for i := 0; i < len(k); i++ {
		c := k[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

func textReason(s string, max int) string {
	switch {
	case len(s) > max:
		return fmt.Sprintf("longer than %d bytes", max)
	case !utf8.ValidString(s):
		return "not valid UTF-8"
	case strings.ContainsFunc(s, unicode.IsControl):
		return "contains control characters"
	}
	return ""
}

// canonical is the hashed form of a row's fields, in this order.
type canonical struct {
	Seq       int64  `json:"seq"`
	At        string `json:"at"`
	Kind      string `json:"kind"`
	RequestID string `json:"request_id"`
	Actor     string `json:"actor"`
	Detail    string `json:"detail"`
}

// HashRow computes hex(sha256(r.PrevHash || canonical JSON of r)).
func HashRow(r Row) string {
	b, err := json.Marshal(canonical{r.Seq, r.At, r.Kind, r.RequestID, r.Actor, r.Detail})
	if err != nil {
		// Marshal of a struct of strings and an int cannot fail; if it
		// ever did, no stored hash may equal this one.
		return "unhashable: " + err.Error()
	}
	h := sha256.New()
	h.Write([]byte(r.PrevHash))
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}

// rowReason checks one row on its own: well-formed hashes, valid UTF-8
// (encoding/json would hash invalid bytes as U+FFFD, hiding an edit), a
// hash that matches the content, and the service's signature of the hash
// (without the key, a re-hashed row cannot be made to verify).
func rowReason(r Row, pub ed25519.PublicKey) (BrokenKind, string) {
	switch {
	case !isHash(r.PrevHash):
		return MalformedHash, "prev_hash is not 64 lowercase hex characters"
	case !isHash(r.Hash):
		return MalformedHash, "hash is not 64 lowercase hex characters"
	}
	for _, f := range []string{r.At, r.Kind, r.RequestID, r.Actor, r.Detail} {
		if !utf8.ValidString(f) {
			return InvalidUTF8, "a field is not valid UTF-8"
		}
	}
	if HashRow(r) != r.Hash {
		return Edited, "hash does not match the row's content (edited)"
	}
	if r.Sig == "" {
		return Unsigned, "not signed (a row the service did not write, or one written before rows were signed)"
	}
	sig, err := base64.StdEncoding.Strict().DecodeString(r.Sig)
	if err != nil || len(sig) != ed25519.SignatureSize {
		return MalformedSignature, "signature is not standard base64 of 64 bytes"
	}
	if !ed25519.Verify(pub, []byte(SignContext+r.Hash), sig) {
		return BadSignature, "signature does not verify with the service key (the row was re-hashed or written by someone else)"
	}
	return 0, ""
}

func isHash(s string) bool {
	if len(s) != 64 {
		return false
	}
	for i := 0; i < len(s); i++ {
		if !('0' <= s[i] && s[i] <= '9' || 'a' <= s[i] && s[i] <= 'f') {
			return false
		}
	}
	return true
}

// Verify recomputes the chain and checks every row's signature with pub,
// the service's public key. It returns 0, nil when every row holds and
// every anchor names a row of the chain (same seq, same hash); the seq of
// the first broken row and a *BrokenError when a row does not hold; 0 and
// an *AnchorError when an anchor names no row of the chain; 0 and the
// error when the store cannot be read or pub is not a key.
func Verify(ctx context.Context, s Store, pub ed25519.PublicKey, anchors ...Anchor) (firstBroken int64, err error) {
	if len(pub) != ed25519.PublicKeySize {
		return 0, fmt.Errorf("audit: verify: no public key (%d bytes): rows are checked against the service key", len(pub))
	}
	bySeq := map[int64][]int{} // seq -> indexes of anchors naming it
	for i, a := range anchors {
		bySeq[a.Head.Seq] = append(bySeq[a.Head.Seq], i)
	}
	found := make([]bool, len(anchors))
	want, prev := int64(1), Genesis
	for r, err := range s.All(ctx) {
		if err != nil {
			return 0, fmt.Errorf("audit: verify: %w", err)
		}
		if err := ctx.Err(); err != nil {
			return 0, fmt.Errorf("audit: verify: %w", err)
		}
		switch {
		case r.Seq != want:
			return r.Seq, &BrokenError{Seq: r.Seq, Kind: OutOfSequence, Reason: fmt.Sprintf("found where row %d should be (a row was deleted, inserted or reordered)", want)}
		case r.PrevHash != prev:
			return r.Seq, &BrokenError{Seq: r.Seq, Kind: PrevHashMismatch, Reason: fmt.Sprintf("prev_hash is not the hash of row %d (a row was deleted, inserted or reordered)", want-1)}
		}
		if kind, reason := rowReason(r, pub); reason != "" {
			return r.Seq, &BrokenError{Seq: r.Seq, Kind: kind, Reason: reason}
		}
		for _, i := range bySeq[r.Seq] {
			if anchors[i].Head.Hash != r.Hash {
				return 0, &AnchorError{Anchor: anchors[i], Kind: AnchorHashMismatch, Reason: fmt.Sprintf("row %d has hash %s (rows before it were deleted or re-hashed)", r.Seq, r.Hash)}
			}
			found[i] = true
		}
		want, prev = want+1, r.Hash
	}
	for i, ok := range found {
		if !ok {
			return 0, &AnchorError{Anchor: anchors[i], Kind: AnchorPastEnd, Reason: fmt.Sprintf("the chain ends at row %d (rows were cut off its end)", want-1)}
		}
	}
	return 0, nil
}
