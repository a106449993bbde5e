package audit

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"iter"
	"strings"
	"testing"
	"time"
)

// memStore is the in-memory Store of these tests. rows is in the order All
// yields it, so a test can reorder, delete or insert as a tamperer would.
type memStore struct {
	rows     []Row
	failLast error
	failAll  error
}

func (m *memStore) Last(context.Context) (Row, bool, error) {
	if m.failLast != nil {
		return Row{}, false, m.failLast
	}
	if len(m.rows) == 0 {
		return Row{}, false, nil
	}
	best := m.rows[0]
	for _, r := range m.rows {
		if r.Seq > best.Seq {
			best = r
		}
	}
	return best, true, nil
}

func (m *memStore) Insert(_ context.Context, r Row) error {
	for _, x := range m.rows {
		if x.Seq == r.Seq {
			return fmt.Errorf("UNIQUE constraint failed: audit.seq (%d)", r.Seq)
		}
	}
	m.rows = append(m.rows, r)
	return nil
}

func (m *memStore) All(context.Context) iter.Seq2[Row, error] {
	return func(yield func(Row, error) bool) {
		for i, r := range m.rows {
			if m.failAll != nil && i == 2 {
				yield(Row{}, m.failAll)
				return
			}
			if !yield(r, nil) {
				return
			}
		}
	}
}

var t0 = time.Date(2026, 11, 29, 14, 0, 0, 123456789, time.FixedZone("CET", 3600))

// chain appends n events and returns the store.
func chain(t *testing.T, n int) *memStore {
	t.Helper()
	s := &memStore{}
	for i := 1; i <= n; i++ {
		_, err := Append(context.Background(), s, testKey, Event{
			At: t0.Add(time.Duration(i) * time.Second), Kind: "request.submitted",
			RequestID: fmt.Sprintf("req-%d", i), Actor: "runner", Detail: fmt.Sprintf(`{"n":%d}`, i),
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestAppendChains(t *testing.T) {
	s := &memStore{}
	r1, err := Append(context.Background(), s, testKey, Event{At: t0, Kind: "request.submitted", RequestID: "r1", Actor: "runner", Detail: "plan <a&b>"})
	if err != nil {
		t.Fatal(err)
	}
	if r1.Seq != 1 || r1.PrevHash != Genesis || r1.At != "2026-11-29T13:00:00.123456789Z" {
		t.Fatalf("row 1 = %+v", r1)
	}
	// The hash is exactly the documented construction, computed here by
	// hand rather than with HashRow.
	canon := `{"seq":1,"at":"2026-11-29T13:00:00.123456789Z","kind":"request.submitted","request_id":"r1","actor":"runner","detail":"plan \u003ca\u0026b\u003e"}`
	sum := sha256.Sum256([]byte(Genesis + canon))
	if want := hex.EncodeToString(sum[:]); r1.Hash != want {
		t.Fatalf("hash = %s, want %s", r1.Hash, want)
	}
	r2, err := Append(context.Background(), s, testKey, Event{Kind: "decision.approved_once", RequestID: "r1", Actor: "human:s1"})
	if err != nil {
		t.Fatal(err)
	}
	if r2.Seq != 2 || r2.PrevHash != r1.Hash || r2.Hash == r1.Hash {
		t.Fatalf("row 2 = %+v", r2)
	}
	if _, err := time.Parse(time.RFC3339Nano, r2.At); err != nil || !strings.HasSuffix(r2.At, "Z") {
		t.Fatalf("row 2 at = %q (%v)", r2.At, err)
	}
	if seq, err := Verify(context.Background(), s, testPub); seq != 0 || err != nil {
		t.Fatalf("Verify = %d, %v", seq, err)
	}
}

func TestAppendRedacts(t *testing.T) {
	s := &memStore{}
	tok := "gh" + "p_" + "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1eF3hJ5"
	r, err := Append(context.Background(), s, testKey, Event{
		Kind: "effect.output", Actor: "runner password=hunter2hunter2",
		Detail: "curl -H 'Authorization: Bearer " + tok + "' and \xff bytes",
	})
	if err != nil {
		t.Fatal(err)
	}
	stored := s.rows[0]
	if strings.Contains(stored.Detail, tok) || strings.Contains(stored.Actor, "hunter2hunter2") {
		t.Fatalf("a credential was stored: %+v", stored)
	}
	if !strings.Contains(stored.Detail, "[REDACTED:") || !strings.Contains(stored.Detail, "\uFFFD bytes") {
		t.Fatalf("detail = %q", stored.Detail)
	}
	if stored != r || HashRow(stored) != stored.Hash {
		t.Fatal("the stored row is not the hashed row")
	}
}

func TestAppendRefusesMalformedEvents(t *testing.T) {
	for name, c := range map[string]struct {
		e     Event
		field string
	}{
		"empty kind":          {Event{}, "kind"},
		"upper-case kind":     {Event{Kind: "Request"}, "kind"},
		"kind with space":     {Event{Kind: "a b"}, "kind"},
		"kind starts digit":   {Event{Kind: "1x"}, "kind"},
		"long kind":           {Event{Kind: strings.Repeat("k", 65)}, "kind"},
		"long request id":     {Event{Kind: "k", RequestID: strings.Repeat("r", 129)}, "request_id"},
		"request id newline":  {Event{Kind: "k", RequestID: "r1\nkind: forged"}, "request_id"},
		"request id bad utf8": {Event{Kind: "k", RequestID: "r\xff"}, "request_id"},
		"actor control":       {Event{Kind: "k", Actor: "human\x00"}, "actor"},
		"long actor":          {Event{Kind: "k", Actor: strings.Repeat("a", 257)}, "actor"},
		"huge detail":         {Event{Kind: "k", Detail: strings.Repeat("d", 1<<20+1)}, "detail"},
	} {
		t.Run(name, func(t *testing.T) {
			s := &memStore{}
			_, err := Append(context.Background(), s, testKey, c.e)
			var ee *EventError
			if !errors.As(err, &ee) || ee.Field != c.field {
				t.Fatalf("Append = %v, want an EventError on %s", err, c.field)
			}
			if len(s.rows) != 0 {
				t.Fatal("a refused event was stored")
			}
		})
	}
}

func TestAppendStoreErrors(t *testing.T) {
	diskErr := errors.New("disk I/O error")
	s := &memStore{failLast: diskErr}
	if _, err := Append(context.Background(), s, testKey, Event{Kind: "k"}); !errors.Is(err, diskErr) {
		t.Fatalf("Append with a failing Last = %v", err)
	}
	// A racing writer inserted seq 2 first: the second insert fails rather
	// than forking the chain.
	s = chain(t, 1)
	last, _, _ := s.Last(context.Background())
	racer := Row{Seq: 2, At: "x", Kind: "k", PrevHash: last.Hash}
	racer.Hash = HashRow(racer)
	stale := &staleLast{memStore: s, last: last}
	if err := s.Insert(context.Background(), racer); err != nil {
		t.Fatal(err)
	}
	if _, err := Append(context.Background(), stale, testKey, Event{Kind: "k"}); err == nil {
		t.Fatal("a second row 2 was inserted")
	}
}

// staleLast answers Last with a row read before a racing insert.
type staleLast struct {
	*memStore
	last Row
}

func (s *staleLast) Last(context.Context) (Row, bool, error) { return s.last, true, nil }

func TestAppendRefusesToExtendABrokenChain(t *testing.T) {
	s := chain(t, 3)
	s.rows[2].Detail = "edited"
	_, err := Append(context.Background(), s, testKey, Event{Kind: "k"})
	var be *BrokenError
	if !errors.As(err, &be) || be.Seq != 3 {
		t.Fatalf("Append on a tampered tail = %v", err)
	}
	if len(s.rows) != 3 {
		t.Fatal("the chain was extended past tampering")
	}
}

func TestVerifyDetectsTampering(t *testing.T) {
	cases := []struct {
		name   string
		tamper func(s *memStore)
		seq    int64
		kind   BrokenKind
	}{
		{"edited detail", func(s *memStore) { s.rows[2].Detail = `{"n":99}` }, 3, Edited},
		{"edited kind", func(s *memStore) { s.rows[0].Kind = "decision.approved_once" }, 1, Edited},
		{"edited time", func(s *memStore) { s.rows[4].At = "2020-01-01T00:00:00Z" }, 5, Edited},
		{"edited actor", func(s *memStore) { s.rows[1].Actor = "human:mallory" }, 2, Edited},
		{"edited request id", func(s *memStore) { s.rows[3].RequestID = "req-x" }, 4, Edited},
		{"edited and rehashed", func(s *memStore) {
			s.rows[2].Detail = "forged"
			s.rows[2].Hash = HashRow(s.rows[2])
		}, 3, BadSignature},
		{"deleted middle row", func(s *memStore) { s.rows = append(s.rows[:2], s.rows[3:]...) }, 4, OutOfSequence},
		{"deleted first row", func(s *memStore) { s.rows = s.rows[1:] }, 2, OutOfSequence},
		{"reordered rows", func(s *memStore) { s.rows[1], s.rows[2] = s.rows[2], s.rows[1] }, 3, OutOfSequence},
		{"swapped contents, seq kept", func(s *memStore) {
			s.rows[1].Seq, s.rows[2].Seq = 3, 2
			s.rows[1], s.rows[2] = s.rows[2], s.rows[1]
		}, 2, PrevHashMismatch},
		{"inserted row", func(s *memStore) {
			forged := Row{Seq: 3, At: "2026-11-29T13:00:02Z", Kind: "decision.approved_once", PrevHash: s.rows[1].Hash}
			forged.Hash = HashRow(forged)
			s.rows = append(s.rows[:2], append([]Row{forged}, s.rows[2:]...)...)
		}, 3, Unsigned},
		{"duplicated row", func(s *memStore) { s.rows = append(s.rows[:3], s.rows[2:]...) }, 3, OutOfSequence},
		{"invalid UTF-8 that JSON would hide", func(s *memStore) {
			s.rows[0].Detail = "\uFFFD"
			s.rows[0].Hash = HashRow(s.rows[0])
			s.rows[1].PrevHash = s.rows[0].Hash
			s.rows[1].Hash = HashRow(s.rows[1])
			s.rows[2].PrevHash = s.rows[1].Hash
			s.rows[2].Hash = HashRow(s.rows[2])
			s.rows[3].PrevHash = s.rows[2].Hash
			s.rows[3].Hash = HashRow(s.rows[3])
			s.rows[4].PrevHash = s.rows[3].Hash
			s.rows[4].Hash = HashRow(s.rows[4])
			s.rows[0].Detail = "\xff" // hashes the same as U+FFFD under encoding/json
		}, 1, InvalidUTF8},
		{"malformed hash", func(s *memStore) { s.rows[4].Hash = strings.ToUpper(s.rows[4].Hash) }, 5, MalformedHash},
		{"malformed genesis", func(s *memStore) { s.rows[0].PrevHash = "" }, 1, PrevHashMismatch},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := chain(t, 5)
			if seq, err := Verify(context.Background(), s, testPub); seq != 0 || err != nil {
				t.Fatalf("control: Verify before tampering = %d, %v", seq, err)
			}
			c.tamper(s)
			seq, err := Verify(context.Background(), s, testPub)
			var be *BrokenError
			if !errors.As(err, &be) || seq != c.seq || be.Seq != c.seq || be.Kind != c.kind || be.Reason == "" {
				t.Fatalf("Verify = %d, %v; want row %d broken (%v)", seq, err, c.seq, c.kind)
			}
		})
	}
}

func TestVerifyStoreErrorIsNotAPass(t *testing.T) {
	s := chain(t, 4)
	locked := errors.New("database is locked")
	s.failAll = locked
	seq, err := Verify(context.Background(), s, testPub)
	if !errors.Is(err, locked) || seq != 0 {
		t.Fatalf("Verify with a failing store = %d, %v", seq, err)
	}
	var be *BrokenError
	if errors.As(err, &be) {
		t.Fatal("a store error was reported as a broken row")
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Verify(ctx, chain(t, 2), testPub); err == nil {
		t.Fatal("Verify with a cancelled context passed")
	}
}

func TestVerifyEmpty(t *testing.T) {
	if seq, err := Verify(context.Background(), &memStore{}, testPub); seq != 0 || err != nil {
		t.Fatalf("Verify(empty) = %d, %v", seq, err)
	}
}

// Dropping the newest rows leaves a valid shorter chain: Verify alone
// cannot see it, a recorded head can. This pins the documented limit.
func TestTruncationNeedsAnAnchor(t *testing.T) {
	s := chain(t, 5)
	head, _, _ := s.Last(context.Background())
	s.rows = s.rows[:4]
	if seq, err := Verify(context.Background(), s, testPub); seq != 0 || err != nil {
		t.Fatalf("Verify = %d, %v", seq, err)
	}
	now, _, _ := s.Last(context.Background())
	if now.Seq == head.Seq && now.Hash == head.Hash {
		t.Fatal("the anchor did not move")
	}
}

// The wording itself is under test here: `clauz3 audit verify` prints it.
func TestErrorMessages(t *testing.T) {
	if got := (&BrokenError{Seq: 3, Reason: "edited"}).Error(); got != "audit: chain broken at row 3: edited" {
		t.Fatal(got)
	}
	if got := (&EventError{Field: "kind", Reason: "bad"}).Error(); got != "audit: event refused: kind: bad" {
		t.Fatal(got)
	}
}

// testKey signs the rows of these tests; otherKey stands for a key that is
// not the service's.
var (
	testKey  = ed25519.NewKeyFromSeed(bytes.Repeat([]byte{7}, ed25519.SeedSize))
	testPub  = testKey.Public().(ed25519.PublicKey)
	otherKey = ed25519.NewKeyFromSeed(bytes.Repeat([]byte{9}, ed25519.SeedSize))
)

// rehashFrom recomputes prev_hash and hash of every row from index i on,
// as a tamperer who deleted or edited rows would, re-signing each with key
// (nil: the signatures are left as they were).
func rehashFrom(s *memStore, i int, key ed25519.PrivateKey) {
	for j := i; j < len(s.rows); j++ {
		s.rows[j].Seq = int64(j + 1)
		if j == 0 {
			s.rows[j].PrevHash = Genesis
		} else {
			s.rows[j].PrevHash = s.rows[j-1].Hash
		}
		s.rows[j].Hash = HashRow(s.rows[j])
		if key != nil {
			s.rows[j].Sig = SignHash(key, s.rows[j].Hash)
		}
	}
}

// TestVerifyNeedsTheServiceSignature (attack G1): deleting a request's
// rows and re-hashing the chain used to pass; every row is now signed by
// the service key over its hash, so a re-hashed row fails verification
// unless the tamperer holds the key.
func TestVerifyNeedsTheServiceSignature(t *testing.T) {
	cases := []struct {
		name   string
		tamper func(s *memStore)
		seq    int64
		kind   BrokenKind
	}{
		{"request's row deleted, chain re-hashed", func(s *memStore) {
			s.rows = append(s.rows[:2], s.rows[3:]...)
			rehashFrom(s, 2, nil)
		}, 3, BadSignature},
		{"re-hashed and re-signed with another key", func(s *memStore) {
			s.rows = append(s.rows[:2], s.rows[3:]...)
			rehashFrom(s, 2, otherKey)
		}, 3, BadSignature},
		{"signature removed", func(s *memStore) { s.rows[1].Sig = "" }, 2, Unsigned},
		{"signature malformed", func(s *memStore) { s.rows[1].Sig = "!!" }, 2, MalformedSignature},
		{"signature of another row", func(s *memStore) { s.rows[1].Sig = s.rows[2].Sig }, 2, BadSignature},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := chain(t, 5)
			if seq, err := Verify(context.Background(), s, testPub); seq != 0 || err != nil {
				t.Fatalf("control: %d, %v", seq, err)
			}
			c.tamper(s)
			seq, err := Verify(context.Background(), s, testPub)
			var be *BrokenError
			if !errors.As(err, &be) || seq != c.seq || be.Kind != c.kind || be.Reason == "" {
				t.Fatalf("Verify = %d, %v; want row %d broken (%v)", seq, err, c.seq, c.kind)
			}
		})
	}
	// Another key's public half never verifies the service's rows, and a
	// missing key is a refusal, not a pass.
	s := chain(t, 2)
	if _, err := Verify(context.Background(), s, otherKey.Public().(ed25519.PublicKey)); err == nil {
		t.Error("Verify with another public key passed")
	}
	if _, err := Verify(context.Background(), s, nil); err == nil {
		t.Error("Verify without a public key passed")
	}
	if _, err := Append(context.Background(), s, nil, Event{Kind: "k"}); err == nil {
		t.Error("Append without a key stored a row")
	}
	// Append does not extend a chain whose last row is not signed by its key.
	s.rows[1].Sig = SignHash(otherKey, s.rows[1].Hash)
	if _, err := Append(context.Background(), s, testKey, Event{Kind: "k"}); err == nil || len(s.rows) != 2 {
		t.Errorf("Append extended a chain whose head is signed by another key: %v", err)
	}
}

// TestVerifyAnchors: heads recorded elsewhere (receipts, redemption
// acknowledgements) must name rows of the chain; one re-hashed away or cut
// off the end makes verification fail with the anchor's name, even when
// the tamperer re-signed every row with the service key.
func TestVerifyAnchors(t *testing.T) {
	s := chain(t, 5)
	head := func(i int) Head { return Head{Seq: s.rows[i].Seq, Hash: s.rows[i].Hash} }
	anchors := []Anchor{{What: "receipt of req-2", Head: head(1)}, {What: "redemption of req-4", Head: head(3)}}
	if seq, err := Verify(context.Background(), s, testPub, anchors...); seq != 0 || err != nil {
		t.Fatalf("control: %d, %v", seq, err)
	}
	if got, err := ParseHead(head(3).String()); err != nil || got != head(3) {
		t.Fatalf("ParseHead(String()) = %+v, %v", got, err)
	}
	for _, bad := range []string{"", "4", "4:", "x:" + Genesis, "0:" + Genesis, "-1:" + Genesis, "4:" + strings.ToUpper(s.rows[3].Hash), "04:" + s.rows[3].Hash} {
		if _, err := ParseHead(bad); err == nil {
			t.Errorf("ParseHead(%q) passed", bad)
		}
	}
	cases := []struct {
		name   string
		tamper func(s *memStore)
		kind   AnchorKind
	}{
		{"row 3 deleted, re-hashed and re-signed with the key", func(s *memStore) {
			s.rows = append(s.rows[:2], s.rows[3:]...)
			rehashFrom(s, 2, testKey)
		}, AnchorHashMismatch},
		{"newest rows cut off", func(s *memStore) { s.rows = s.rows[:3] }, AnchorPastEnd},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s2 := &memStore{rows: append([]Row(nil), s.rows...)}
			c.tamper(s2)
			if _, err := Verify(context.Background(), s2, testPub); err != nil {
				t.Fatalf("the tampering is invisible without anchors, as documented; got %v", err)
			}
			_, err := Verify(context.Background(), s2, testPub, anchors...)
			var ae *AnchorError
			if !errors.As(err, &ae) || ae.Anchor != anchors[1] || ae.Kind != c.kind || ae.Reason == "" {
				t.Fatalf("Verify = %v; want a %v *AnchorError for %+v", err, c.kind, anchors[1])
			}
		})
	}
}
