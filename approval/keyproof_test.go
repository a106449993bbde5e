package approval

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"

	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// TestKeyProvesPossession: GET /api/key?challenge=C answers C and the
// service key's signature of it under the possession context, which the
// pinned public key verifies (the client's check that it talks to the
// service and not to a process on its address); a challenge that is not
// exactly receipt.ChallengeSize bytes of base64url is refused with the
// reason and signs nothing.
func TestKeyProvesPossession(t *testing.T) {
	h := newHarness(t, nil)
	challenge := bytes.Repeat([]byte{0xfb}, receipt.ChallengeSize)
	c := base64.RawURLEncoding.EncodeToString(challenge)
	var key KeyAnswer
	if r := h.do("GET", "/api/key?challenge="+c, "", nil); r.code != 200 || json.Unmarshal(r.body, &key) != nil {
		t.Fatalf("key = %d %s", r.code, r.body)
	}
	pub, err := receipt.ParsePublicKey(key.PublicKey)
	if err != nil || key.Challenge != c {
		t.Fatalf("key answer %+v: %v", key, err)
	}
	if err := receipt.VerifyPossession(pub, challenge, key.Signature); err != nil {
		t.Fatalf("the service's proof: %v", err)
	}
	for _, bad := range []string{
		base64.RawURLEncoding.EncodeToString(challenge[:16]),
		base64.StdEncoding.EncodeToString(challenge) + "x",
		"not*base64*at*all",
	} {
		r := h.do("GET", "/api/key?challenge="+bad, "", nil)
		wantRefusal(t, "challenge "+bad, r, 400, wire.CodeMalformed)
		if strings.Contains(string(r.body), "signature") {
			t.Errorf("challenge %q: %d %s, want no signature", bad, r.code, r.body)
		}
	}
}
