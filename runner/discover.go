package runner

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"

	"github.com/clauz3/clauz3/securitymod/receipt"
)

// Service is the approval service a run talks to and the key its receipts
// must be signed with.
type Service struct {
	URL       string // scheme://host:port
	PublicKey string // ed25519, standard base64
	From      string // where the URL came from, for the transcript
	KeyFrom   string // where the key came from: the discovery file or /api/key
}

// DiscoveryFile is where a running approval service describes itself,
// relative to its working folder.
const DiscoveryFile = ".clauz3/approval-service.json"

// EnvService names the service when no --service flag is given.
const EnvService = "CLAUZ3_APPROVAL_SERVICE"

type discovery struct {
	URL       string `json:"url"`
	PublicKey string `json:"public_key"`
	KeyID     string `json:"key_id"`
}

// Discover finds the service: flagURL, else the environment's
// CLAUZ3_APPROVAL_SERVICE, else the discovery file in dir. The key is
// pinned from the discovery file when it names the same URL; otherwise
// the caller must Fetch it from the service (Service.PublicKey empty).
func Discover(flagURL, envURL, dir string) (Service, error) {
	var d *discovery
	path := filepath.Join(dir, DiscoveryFile)
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		d = &discovery{}
		dec := json.NewDecoder(strings.NewReader(string(data)))
		if err := dec.Decode(d); err != nil {
			return Service{}, fmt.Errorf("%s: %v", path, err)
		}
		if d.URL == "" {
			return Service{}, fmt.Errorf("%s: no url", path)
		}
	case !errors.Is(err, fs.ErrNotExist):
		return Service{}, fmt.Errorf("%s: %v", path, err)
	}
	s := Service{}
	switch {
	case flagURL != "":
		s.URL, s.From = flagURL, "--service"
	case envURL != "":
		s.URL, s.From = envURL, EnvService
	case d != nil:
		s.URL, s.From = d.URL, path
	default:
		return Service{}, fmt.Errorf("no approval service: start one with `clauz3 approval-service`, or name it with --service URL or %s", EnvService)
	}
	u, err := url.Parse(s.URL)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return Service{}, fmt.Errorf("approval service %q (from %s): want http://host:port", s.URL, s.From)
	}
	s.URL = strings.TrimSuffix(s.URL, "/")
	if d != nil && d.PublicKey != "" && strings.TrimSuffix(d.URL, "/") == s.URL {
		if _, err := receipt.ParsePublicKey(d.PublicKey); err != nil {
			return Service{}, fmt.Errorf("%s: %v", path, err)
		}
		s.PublicKey, s.KeyFrom = d.PublicKey, path
	}
	return s, nil
}

// FetchKey asks the service for its key (GET /api/key), for a service
// whose key no discovery file pins.
func FetchKey(ctx context.Context, client *http.Client, s Service) (Service, error) {
	var k struct {
		KeyID     string `json:"key_id"`
		PublicKey string `json:"public_key"`
	}
	if err := getJSON(ctx, client, s.URL+"/api/key", http.StatusOK, &k); err != nil {
		return s, err
	}
	if _, err := receipt.ParsePublicKey(k.PublicKey); err != nil {
		return s, fmt.Errorf("GET /api/key: %v", err)
	}
	s.PublicKey, s.KeyFrom = k.PublicKey, s.URL+"/api/key (not pinned by a discovery file)"
	return s, nil
}
