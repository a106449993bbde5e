package receipt

import (
	"crypto/ed25519"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestBuildIDRequired: a receipt binds the build identity of the binary
// it admits. A signed payload without build_id (an older service's) or
// with a malformed one is refused by Verify; another binary's build_id,
// or a checker that does not know its own build, is refused by Check.
func TestBuildIDRequired(t *testing.T) {
	pub := key.Public().(ed25519.PublicKey)
	build := "sha256:" + strings.Repeat("cd", 32)
	withoutField := `{"v":1,"request_id":"req_1","plan_hash":"` + plan + `","target":"main",` +
		`"guarantees":[],"decision":"approved_once",` +
		`"issued_at":"2026-11-29T16:30:00Z","expires_at":"2026-11-29T16:45:00Z","nonce":"` + nonce + `","audit_head":"` + head + `"}`
	var e *Error
	if _, err := Verify(pub, SignRawForTest(key, []byte(withoutField))); !errors.Is(err, ErrMalformed) || !errors.As(err, &e) || e.Field != "build_id" {
		t.Errorf("a receipt without build_id: %v, want a malformed build_id refusal", err)
	}
	for _, bad := range []string{"", "sha256:" + strings.Repeat("CD", 32), "md5:" + strings.Repeat("cd", 16)} {
		malformed := `{"v":1,"request_id":"req_1","plan_hash":"` + plan + `","build_id":"` + bad + `","target":"main",` +
			`"guarantees":[],"decision":"approved_once",` +
			`"issued_at":"2026-11-29T16:30:00Z","expires_at":"2026-11-29T16:45:00Z","nonce":"` + nonce + `","audit_head":"` + head + `"}`
		if _, err := Verify(pub, SignRawForTest(key, []byte(malformed))); !errors.Is(err, ErrMalformed) || !errors.As(err, &e) || e.Field != "build_id" {
			t.Errorf("build_id %q: %v, want a refusal naming build_id", bad, err)
		}
	}
	good := strings.Replace(withoutField, `","target"`, `","build_id":"`+build+`","target"`, 1)
	now := issued.Add(time.Minute)
	p, err := VerifyAndCheck(pub, SignRawForTest(key, []byte(good)), Expect{PlanHash: plan, Target: "main", BuildID: build}, now)
	if err != nil || p.BuildID != build {
		t.Fatalf("a receipt for this build: %+v, %v", p, err)
	}
	for _, want := range []string{"sha256:" + strings.Repeat("ef", 32), ""} {
		if err := Check(p, Expect{PlanHash: plan, Target: "main", BuildID: want}, now); !errors.Is(err, ErrBuildMismatch) {
			t.Errorf("checked against build %q: %v, want ErrBuildMismatch", want, err)
		}
	}
}
