package runner

import (
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net/http"

	"github.com/clauz3/clauz3/approval/wire"
	"github.com/clauz3/clauz3/securitymod/receipt"
)

// checkPossession asks the service to sign a fresh challenge and checks
// the answer against the pinned key, before the plan is sent and before
// any page is named to the human. The public key is no secret: a process
// that took the service's address (a dev service's loopback port is any
// process's to bind while the service is down) can repeat it, but only
// the service can sign, so the run never submits to such a process nor
// sends the human to its login page to type the password.
func checkPossession(ctx context.Context, client *http.Client, svc Service, pub ed25519.PublicKey) error {
	challenge := make([]byte, receipt.ChallengeSize)
	if _, err := rand.Read(challenge); err != nil {
		return fmt.Errorf("making the key challenge: %v", err)
	}
	c := base64.RawURLEncoding.EncodeToString(challenge)
	var a wire.KeyAnswer
	if err := getJSON(ctx, client, svc.URL+"/api/key?challenge="+c, "", http.StatusOK, &a); err != nil {
		return err
	}
	err := receipt.VerifyPossession(pub, challenge, a.Signature)
	if err == nil && a.Challenge != c {
		err = fmt.Errorf("it answered another challenge")
	}
	if err != nil {
		return fmt.Errorf("the process answering at %s does not prove it holds the pinned key %s (%v): another process may have taken the approval service's address", hostOf(svc.URL), receipt.KeyID(pub), err)
	}
	return nil
}
