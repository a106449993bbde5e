package receipt

import (
	"crypto/ed25519"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

// seededKey makes the tests' keys deterministic.
func seededKey(name string) ed25519.PrivateKey {
	seed := sha256.Sum256([]byte(name))
	return ed25519.NewKeyFromSeed(seed[:])
}

var (
	key     = seededKey("service")
	other   = seededKey("another service")
	plan    = "sha256:" + strings.Repeat("ab", 32)
	buildID = "sha256:" + strings.Repeat("b1", 32)
	issued  = time.Date(2026, 11, 29, 16, 30, 0, 0, time.UTC)
	expires = issued.Add(15 * time.Minute)
	nonce   = b64.EncodeToString([]byte("0123456789abcdef"))
	head    = "17:" + strings.Repeat("cd", 32) // an audit head: row 17 and its hash
)

func payload() Payload {
	return Payload{
		RequestID: "req_1", PlanHash: plan, BuildID: buildID, Target: "main",
		Guarantees: []string{"emails.only(['bob@example.com'])"}, Decision: ApprovedOnce,
		IssuedAt: issued, ExpiresAt: expires, Nonce: nonce, AuditHead: head,
	}
}

func mustSign(t *testing.T, p Payload) Receipt {
	t.Helper()
	r, err := Sign(key, p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// The canonical encoding is exactly the one docs/approval-api.md shows.
func TestEncodeIsTheDocumentedForm(t *testing.T) {
	got, err := Encode(payload())
	if err != nil {
		t.Fatal(err)
	}
	want := `{"v":1,"request_id":"req_1","plan_hash":"` + plan + `","build_id":"` + buildID + `","target":"main",` +
		`"guarantees":["emails.only(['bob@example.com'])"],"decision":"approved_once",` +
		`"issued_at":"2026-11-29T16:30:00Z","expires_at":"2026-11-29T16:45:00Z","nonce":"` + nonce + `",` +
		`"audit_head":"` + head + `"}`
	if string(got) != want {
		t.Fatalf("Encode =\n%s\nwant\n%s", got, want)
	}
	r := mustSign(t, payload())
	raw, _ := b64.DecodeString(r.Payload)
	if string(raw) != want {
		t.Fatal("the receipt does not carry the canonical payload")
	}
	sig, _ := b64.DecodeString(r.Signature)
	if !ed25519.Verify(key.Public().(ed25519.PublicKey), []byte("clauz3 receipt v1\n"+want), sig) {
		t.Fatal("the signature is not ed25519 over the documented context + payload")
	}
	if r.KeyID != KeyID(key.Public().(ed25519.PublicKey)) || len(r.KeyID) != 16 {
		t.Fatalf("key id %q", r.KeyID)
	}
}

func TestRoundTrip(t *testing.T) {
	pub := key.Public().(ed25519.PublicKey)
	p := payload()
	p.Guarantees = []string{"a < b && c", "x\u2028y"}
	got, err := VerifyAndCheck(pub, mustSign(t, p), Expect{PlanHash: plan, Target: "main", BuildID: buildID}, issued.Add(time.Minute))
	if err != nil {
		t.Fatal(err)
	}
	if got.RequestID != p.RequestID || !got.IssuedAt.Equal(issued) || !got.ExpiresAt.Equal(expires) ||
		len(got.Guarantees) != 2 || got.Guarantees[0] != "a < b && c" || got.Guarantees[1] != "x\u2028y" || got.Nonce != nonce {
		t.Fatalf("round trip = %+v", got)
	}
	// No guarantees is the empty list, not null, and round-trips.
	p.Guarantees = nil
	got, err = Verify(pub, mustSign(t, p))
	if err != nil || got.Guarantees == nil || len(got.Guarantees) != 0 {
		t.Fatalf("empty guarantees = %#v, %v", got.Guarantees, err)
	}
}

func TestSignRefusesMalformedPayloads(t *testing.T) {
	for name, mutate := range map[string]func(*Payload){
		"no request id":     func(p *Payload) { p.RequestID = "" },
		"newline in id":     func(p *Payload) { p.RequestID = "req\n1" },
		"bad plan hash":     func(p *Payload) { p.PlanHash = "sha256:XYZ" },
		"upper hex":         func(p *Payload) { p.PlanHash = "sha256:" + strings.Repeat("AB", 32) },
		"no target":         func(p *Payload) { p.Target = "" },
		"empty guarantee":   func(p *Payload) { p.Guarantees = []string{""} },
		"no decision":       func(p *Payload) { p.Decision = "" },
		"no issue time":     func(p *Payload) { p.IssuedAt = time.Time{} },
		"expiry not after":  func(p *Payload) { p.ExpiresAt = p.IssuedAt },
		"short nonce":       func(p *Payload) { p.Nonce = b64.EncodeToString([]byte("short")) },
		"padded nonce":      func(p *Payload) { p.Nonce = base64.URLEncoding.EncodeToString([]byte("0123456789abcdef")) },
		"nonce not base64":  func(p *Payload) { p.Nonce = "!!!!!!!!!!!!!!!!!!!!!!" },
		"long target":       func(p *Payload) { p.Target = strings.Repeat("t", 257) },
		"control in target": func(p *Payload) { p.Target = "ma\x00in" },
		"no audit head":     func(p *Payload) { p.AuditHead = "" },
		"head without seq":  func(p *Payload) { p.AuditHead = strings.Repeat("cd", 32) },
		"head seq zero":     func(p *Payload) { p.AuditHead = "0:" + strings.Repeat("cd", 32) },
		"head seq padded":   func(p *Payload) { p.AuditHead = "07:" + strings.Repeat("cd", 32) },
		"head upper hex":    func(p *Payload) { p.AuditHead = "7:" + strings.Repeat("CD", 32) },
		"head short hash":   func(p *Payload) { p.AuditHead = "7:cdcd" },
	} {
		t.Run(name, func(t *testing.T) {
			p := payload()
			mutate(&p)
			if _, err := Sign(key, p); !errors.Is(err, ErrMalformed) {
				t.Fatalf("Sign = %v, want ErrMalformed", err)
			}
		})
	}
	if _, err := Sign(ed25519.PrivateKey("short"), payload()); !errors.Is(err, ErrBadKey) {
		t.Fatalf("Sign with a short key = %v", err)
	}
}

// rawPayload is the canonical payload as a map the tests can edit.
func rawPayload(t *testing.T) map[string]any {
	t.Helper()
	data, err := Encode(payload())
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestVerifyRefuses(t *testing.T) {
	pub := key.Public().(ed25519.PublicKey)
	good := mustSign(t, payload())
	withField := func(k string, v any) Receipt {
		m := rawPayload(t)
		if v == nil {
			delete(m, k)
		} else {
			m[k] = v
		}
		data, _ := json.Marshal(m) // sorted keys: not canonical order either
		return SignRawForTest(key, data)
	}
	canonSigned := func(s string) Receipt { return SignRawForTest(key, []byte(s)) }
	canon, _ := Encode(payload())
	if base64.URLEncoding.EncodeToString(canon) == good.Payload {
		t.Fatal("the test payload's length needs no padding: the padded-base64 case would test nothing")
	}
	cases := map[string]struct {
		r    Receipt
		pub  ed25519.PublicKey
		want error
	}{
		"signed by another key": {r: func() Receipt { r, _ := Sign(other, payload()); return r }(), want: ErrBadSignature},
		"payload edited":        {r: Receipt{Payload: b64.EncodeToString([]byte(strings.Replace(string(canon), "main", "evil", 1))), Signature: good.Signature}, want: ErrBadSignature},
		"signature flipped": {r: func() Receipt {
			r := good
			s, _ := b64.DecodeString(r.Signature)
			s[3] ^= 1
			r.Signature = b64.EncodeToString(s)
			return r
		}(), want: ErrBadSignature},
		"signature truncated":  {r: Receipt{Payload: good.Payload, Signature: good.Signature[:40]}, want: ErrBadSignature},
		"signature missing":    {r: Receipt{Payload: good.Payload}, want: ErrBadSignature},
		"signature not base64": {r: Receipt{Payload: good.Payload, Signature: "***"}, want: ErrMalformed},
		// One byte more than the canonical payload, so the padded form has "=".
		"payload padded base64":   {r: Receipt{Payload: paddedPayload(canon), Signature: good.Signature}, want: ErrMalformed},
		"redemption context":      {r: Receipt{Payload: good.Payload, Signature: b64.EncodeToString(ed25519.Sign(key, append([]byte(RedemptionContext), canon...)))}, want: ErrBadSignature},
		"no context":              {r: Receipt{Payload: good.Payload, Signature: b64.EncodeToString(ed25519.Sign(key, canon))}, want: ErrBadSignature},
		"short public key":        {r: good, pub: ed25519.PublicKey("short"), want: ErrBadKey},
		"unknown field":           {r: withField("extra", "x"), want: ErrMalformed},
		"missing nonce":           {r: withField("nonce", nil), want: ErrMalformed},
		"missing audit head":      {r: canonSigned(strings.Replace(string(canon), `,"audit_head":"`+head+`"`, ``, 1)), want: ErrMalformed},
		"malformed audit head":    {r: canonSigned(strings.Replace(string(canon), head, "7:x", 1)), want: ErrMalformed},
		"missing guarantees":      {r: withField("guarantees", nil), want: ErrMalformed},
		"version 2":               {r: withField("v", 2), want: ErrMalformed},
		"decision a number":       {r: withField("decision", 1), want: ErrMalformed},
		"keys out of order":       {r: withField("v", 1), want: ErrMalformed},
		"not an object":           {r: canonSigned(`[1]`), want: ErrMalformed},
		"trailing data":           {r: canonSigned(string(canon) + `{}`), want: ErrMalformed},
		"whitespace":              {r: canonSigned(strings.Replace(string(canon), `"v":1`, `"v": 1`, 1)), want: ErrMalformed},
		"duplicate target":        {r: canonSigned(strings.Replace(string(canon), `"target":"main"`, `"target":"main","target":"evil"`, 1)), want: ErrMalformed},
		"null guarantees":         {r: canonSigned(strings.Replace(string(canon), `["emails.only(['bob@example.com'])"]`, `null`, 1)), want: ErrMalformed},
		"fractional seconds":      {r: canonSigned(strings.Replace(string(canon), `16:30:00Z`, `16:30:00.5Z`, 1)), want: ErrMalformed},
		"offset time":             {r: canonSigned(strings.Replace(string(canon), `16:30:00Z`, `16:30:00+00:00`, 1)), want: ErrMalformed},
		"escaped html":            {r: canonSigned(strings.Replace(string(canon), `main`, `m\u003cin`, 1)), want: ErrMalformed},
		"invalid utf-8 guarantee": {r: canonSigned(strings.Replace(string(canon), `emails`, "e\xffmails", 1)), want: ErrMalformed},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			k := c.pub
			if k == nil {
				k = pub
			}
			_, err := Verify(k, c.r)
			if !errors.Is(err, c.want) {
				t.Fatalf("Verify = %v, want %v", err, c.want)
			}
			var e *Error
			if !errors.As(err, &e) || e.Reason == "" && e.Field == "" {
				t.Fatalf("error %v carries no field or reason", err)
			}
		})
	}
}

// The envelope's key_id is never trusted: a receipt naming the right key
// id but signed by another key is refused, and a wrong key_id on a good
// signature changes nothing.
func TestKeyIDIsNotTrusted(t *testing.T) {
	pub := key.Public().(ed25519.PublicKey)
	forged, _ := Sign(other, payload())
	forged.KeyID = KeyID(pub)
	if _, err := Verify(pub, forged); !errors.Is(err, ErrBadSignature) {
		t.Fatalf("forged key id = %v", err)
	}
	good := mustSign(t, payload())
	good.KeyID = "nonsense"
	if _, err := Verify(pub, good); err != nil {
		t.Fatalf("relabelled good receipt = %v", err)
	}
}

func TestCheck(t *testing.T) {
	want := Expect{PlanHash: plan, Target: "main", BuildID: buildID}
	cases := map[string]struct {
		mutate func(*Payload)
		want   Expect
		now    time.Time
		err    error
	}{
		"approved once":      {now: issued},
		"auto approved":      {mutate: func(p *Payload) { p.Decision = AutoApproved }, now: expires.Add(-time.Second)},
		"another plan":       {mutate: func(p *Payload) { p.PlanHash = "sha256:" + strings.Repeat("cd", 32) }, now: issued, err: ErrPlanMismatch},
		"expectation empty":  {want: Expect{Target: "main", BuildID: buildID}, now: issued, err: ErrPlanMismatch},
		"another build":      {mutate: func(p *Payload) { p.BuildID = "sha256:" + strings.Repeat("cd", 32) }, now: issued, err: ErrBuildMismatch},
		"no build expected":  {want: Expect{PlanHash: plan, Target: "main"}, now: issued, err: ErrBuildMismatch},
		"another target":     {mutate: func(p *Payload) { p.Target = "other" }, now: issued, err: ErrTargetMismatch},
		"no target expected": {want: Expect{PlanHash: plan, BuildID: buildID}, now: issued, err: ErrTargetMismatch},
		"rejected":           {mutate: func(p *Payload) { p.Decision = "rejected" }, now: issued, err: ErrNotApproved},
		"unknown decision":   {mutate: func(p *Payload) { p.Decision = "approved_twice" }, now: issued, err: ErrNotApproved},
		"need more info":     {mutate: func(p *Payload) { p.Decision = "need_more_info" }, now: issued, err: ErrNotApproved},
		"before issue":       {now: issued.Add(-time.Second), err: ErrNotYetValid},
		"at expiry":          {now: expires, err: ErrExpired},
		"after expiry":       {now: expires.Add(time.Hour), err: ErrExpired},
	}
	pub := key.Public().(ed25519.PublicKey)
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			p := payload()
			if c.mutate != nil {
				c.mutate(&p)
			}
			w := want
			if c.want != (Expect{}) {
				w = c.want
			}
			_, err := VerifyAndCheck(pub, mustSign(t, p), w, c.now)
			if c.err == nil && err != nil || c.err != nil && !errors.Is(err, c.err) {
				t.Fatalf("VerifyAndCheck = %v, want %v", err, c.err)
			}
		})
	}
}

func TestParseReceipt(t *testing.T) {
	good := mustSign(t, payload())
	data, _ := json.Marshal(good)
	r, err := ParseReceipt(append(data, '\n'))
	if err != nil || r != good {
		t.Fatalf("ParseReceipt = %+v, %v", r, err)
	}
	for name, s := range map[string]string{
		"extra field": `{"payload":"a","signature":"b","key_id":"c","decision":"approved_once"}`,
		"missing":     `{"payload":"a","signature":"b"}`,
		"not json":    `payload=a`,
		"number":      `{"payload":1,"signature":"b","key_id":"c"}`,
		"two objects": string(data) + string(data),
	} {
		if _, err := ParseReceipt([]byte(s)); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: ParseReceipt = %v", name, err)
		}
	}
}

func TestPublicKeyEncoding(t *testing.T) {
	pub := key.Public().(ed25519.PublicKey)
	got, err := ParsePublicKey(EncodePublicKey(pub))
	if err != nil || !got.Equal(pub) {
		t.Fatalf("ParsePublicKey = %v, %v", got, err)
	}
	for _, s := range []string{"", "abc", base64.StdEncoding.EncodeToString(make([]byte, 31)), b64.EncodeToString(pub)} {
		if _, err := ParsePublicKey(s); !errors.Is(err, ErrBadKey) {
			t.Errorf("ParsePublicKey(%q) = %v", s, err)
		}
	}
}

func TestNonces(t *testing.T) {
	a, err := NewNonce()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := NewChallenge()
	if a == b || CheckChallenge(a) != nil || CheckChallenge(b) != nil {
		t.Fatalf("nonces %q %q", a, b)
	}
}

// FuzzVerify: no input panics, and whatever Verify accepts re-encodes to
// exactly the signed bytes.
func FuzzVerify(f *testing.F) {
	canon, _ := Encode(payload())
	f.Add(canon)
	f.Add([]byte(`{"v":1}`))
	f.Add([]byte(`{"v":1,"v":1}`))
	pub := key.Public().(ed25519.PublicKey)
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Verify(pub, SignRawForTest(key, data))
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatalf("Verify of a correctly signed payload = %v, want only ErrMalformed", err)
			}
			return
		}
		again, err := Encode(p)
		if err != nil || string(again) != string(data) {
			t.Fatalf("accepted %q but re-encodes to %q (%v)", data, again, err)
		}
	})
}

// paddedPayload is canon (followed by as few spaces as it takes) in
// base64 with '=' padding, which a payload must never carry, whatever the
// length of the canonical payload of the day.
func paddedPayload(canon []byte) string {
	for extra := 0; ; extra++ {
		b := append(canon[:len(canon):len(canon)], strings.Repeat(" ", extra)...)
		if enc := base64.URLEncoding.EncodeToString(b); strings.HasSuffix(enc, "=") {
			return enc
		}
	}
}
