package main

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/json"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// mailbox is a loopback SMTP server's received mail. With a password set,
// it takes mail only after AUTH PLAIN with user and that password.
type mailbox struct {
	user, password string

	mu     sync.Mutex
	msgs   []string // "from -> to: data"
	denied []string // the passwords of failed logins
}

func (m *mailbox) NewSession(*smtp.Conn) (smtp.Session, error) { return &mailSession{m: m}, nil }

type mailSession struct {
	m        *mailbox
	from, to string
	authed   bool
}

func (s *mailSession) AuthMechanisms() []string {
	if s.m.password == "" {
		return nil
	}
	return []string{sasl.Plain}
}

func (s *mailSession) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pw string) error {
		if user != s.m.user || pw != s.m.password {
			s.m.mu.Lock()
			s.m.denied = append(s.m.denied, pw)
			s.m.mu.Unlock()
			return errors.New("wrong user or password")
		}
		s.authed = true
		return nil
	}), nil
}

func (s *mailSession) Mail(from string, _ *smtp.MailOptions) error {
	if s.m.password != "" && !s.authed {
		return smtp.ErrAuthRequired
	}
	s.from = from
	return nil
}
func (s *mailSession) Rcpt(to string, _ *smtp.RcptOptions) error { s.to = to; return nil }
func (s *mailSession) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.m.mu.Lock()
	s.m.msgs = append(s.m.msgs, s.from+" -> "+s.to+": "+string(data))
	s.m.mu.Unlock()
	return nil
}
func (s *mailSession) Reset()        {}
func (s *mailSession) Logout() error { return nil }

// startSMTP serves STARTTLS SMTP on loopback with a fresh self-signed
// certificate for 127.0.0.1; it returns the port and the CA's PEM.
func startSMTP(t *testing.T, m *mailbox) (int, []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "clauz3 test smtp"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:    x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true, IsCA: true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	s := smtp.NewServer(m)
	s.Domain = "localhost"
	s.TLSConfig = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der}, PrivateKey: key}}}
	s.ReadTimeout, s.WriteTimeout = 10*time.Second, 10*time.Second
	done := make(chan struct{})
	go func() { defer close(done); s.Serve(l) }()
	t.Cleanup(func() { s.Close(); <-done })
	return l.Addr().(*net.TCPAddr).Port, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}

// TestServiceSendsMail is the happy path with the bundled email layer:
// service init (dev), layers install email, the layer's SMTP
// configuration in the service's config folder, the agent's
// `clauz3 run`, the human's password login and approval, and the mail
// arrives at a real SMTP server on loopback, sent with the service's
// configuration; the SMTP settings in the runner's environment (an
// agent's server) are not used (D1). The server asks for a password,
// which the service keeps as the email layer's secret in its config folder
// and releases to the run of a plan that links the email layer only.
func TestServiceSendsMail(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a real service and SMTP server and builds a sealed binary")
	}
	box := &mailbox{user: "clauz3", password: "smtp password of the service"}
	port, caPEM := startSMTP(t, box)
	// The agent's server asks for a login it never accepts, and so
	// records any password (a leaked secret) a layer would send it.
	agentBox := &mailbox{user: "agent", password: "accepts no login"}
	agentPort, _ := startSMTP(t, agentBox)

	inst := newDevInstall(t)
	if out, err := inst.cmd(append([]string{"layers", "install", "email"}, inst.flags()...)...).CombinedOutput(); err != nil {
		t.Fatalf("layers install email: %v\n%s", err, out)
	}
	caFile := filepath.Join(inst.config, "smtp-ca.pem")
	if err := os.WriteFile(caFile, caPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	cfg, _ := json.Marshal(map[string]map[string]string{"env": {
		"CLAUZ3_SMTP_HOST": "127.0.0.1", "CLAUZ3_SMTP_PORT": strconv.Itoa(port), "CLAUZ3_SMTP_TLS": "starttls",
		"CLAUZ3_SMTP_FROM": "clauz3@example.com", "CLAUZ3_SMTP_CA_FILE": caFile,
		"CLAUZ3_SMTP_USER": box.user, "CLAUZ3_SMTP_PASSWORD_SECRET": "smtp-password",
	}})
	if err := os.WriteFile(filepath.Join(inst.config, "layers", "email.json"), cfg, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(inst.config, "secrets", "email"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(inst.config, "secrets", "email", "smtp-password"), []byte(box.password+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	svc := inst.start(t)

	proj := t.TempDir()
	if out, err := inst.cmd("install", "email", "--into", proj).CombinedOutput(); err != nil {
		t.Fatalf("install email: %v\n%s", err, out)
	}
	plan := "import clauz3\nfrom tools.email.trusted import contracts as emails\nfrom tools.email.trusted.effects import send_email\n\n\n@clauz3.guarantee(emails.only([\"bob@example.com\"]))\ndef main() -> None:\n    send_email(\"bob@example.com\", \"Report is ready\")\n"
	if err := os.WriteFile(filepath.Join(proj, "plan.py"), []byte(plan), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := inst.cmd("run", "--approval-timeout", "60s", "plan.py")
	cmd.Dir = proj
	// D1 as the issue tells it: the runner's environment names the
	// agent's SMTP server, a login of its own and, as the secret to send,
	// the service's signing key in the service's own folders.
	cmd.Env = append(cmd.Env, "CLAUZ3_SMTP_HOST=127.0.0.1", "CLAUZ3_SMTP_PORT="+strconv.Itoa(agentPort), "CLAUZ3_SMTP_FROM=agent@evil.test",
		"CLAUZ3_SMTP_USER=agent", "CLAUZ3_SMTP_PASSWORD_SECRET=approval-signing-key", "CLAUZ3_SECRETS_DIR="+inst.state)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	human := &httpClient{base: svc.url, http: &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
	human.login(t, svc.loginURL)
	id := pendingRequest(t, human)
	human.fetchCSRF(t, id)
	if code, body, err := human.do("POST", "/api/requests/"+id+"/decision", map[string]string{"decision": "approved_once", "csrf": human.csrf, "password": testServicePassword}); err != nil || code != http.StatusOK {
		t.Fatalf("approving: %d %s %v", code, body, err)
	}
	err := cmd.Wait()
	t.Logf("run:\n%s", out.String())
	if err != nil || !strings.Contains(out.String(), `execute      ✓ send_email("bob@example.com", "Report is ready")`) {
		t.Fatalf("the approved run failed: %v\n%s", err, out.String())
	}
	box.mu.Lock()
	defer box.mu.Unlock()
	if len(box.msgs) != 1 || !strings.HasPrefix(box.msgs[0], "clauz3@example.com -> bob@example.com: ") || !strings.Contains(box.msgs[0], "Report is ready") || len(box.denied) != 0 {
		t.Errorf("the service's SMTP server got %q (failed logins %q), want one mail from clauz3@example.com to bob", box.msgs, box.denied)
	}
	agentBox.mu.Lock()
	defer agentBox.mu.Unlock()
	if len(agentBox.msgs) != 0 || len(agentBox.denied) != 0 {
		t.Errorf("the runner's environment reached the layer: the agent's server got %q (logins %q)", agentBox.msgs, agentBox.denied)
	}
}
