package runner

import (
	"net/http"

	"github.com/clauz3/clauz3/approval/client"
)

// Service is the approval service a run talks to and the key its receipts
// must be signed with.
type Service struct {
	URL       string // http://host:port: the API's Host, and the sealed binary's redemption
	PublicKey string // ed25519, standard base64, pinned by the client configuration
	KeyFrom   string // where the key came from, for the transcript
	// Dev is a same-user development service: the transcript says it
	// does not separate the agent from the service.
	Dev bool
}

// Found is the service package client found, and the HTTP client that
// reaches only it (over the Unix socket with its peer checked, in real
// mode). This is the only way cmd/clauz3 makes a Service: no flag,
// environment variable or project file names one.
func Found(f client.Found) (Service, *http.Client) {
	return Service{URL: f.BaseURL(), PublicKey: f.PublicKey, KeyFrom: f.From(), Dev: f.Mode == client.ModeDev}, f.HTTPClient()
}
