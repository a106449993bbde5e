package email

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"net"
	"net/textproto"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"github.com/clauz3/clauz3/internal/sandboxtest"
	"github.com/clauz3/clauz3/securitymod/sandbox"
	"github.com/clauz3/clauz3/securitymod/secrets"
)

// received is one message as the loopback server got it.
type received struct {
	from, to, data string
	user           string
}

type backend struct {
	mu       sync.Mutex
	msgs     []received
	user, pw string // required credentials; empty: no AUTH needed
	// rcptRefusal: RCPT TO is refused with 550 and this text.
	rcptRefusal string
}

func (b *backend) NewSession(*smtp.Conn) (smtp.Session, error) { return &session{b: b}, nil }

type session struct {
	b   *backend
	cur received
}

func (s *session) AuthMechanisms() []string { return []string{sasl.Plain} }

func (s *session) Auth(mech string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(identity, user, pw string) error {
		if user != s.b.user || pw != s.b.pw {
			return errors.New("bad credentials")
		}
		s.cur.user = user
		return nil
	}), nil
}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if s.b.user != "" && s.cur.user == "" {
		return smtp.ErrAuthRequired
	}
	s.cur.from = from
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if s.b.rcptRefusal != "" {
		return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 7, 1}, Message: s.b.rcptRefusal}
	}
	s.cur.to = to
	return nil
}

func (s *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	s.cur.data = string(data)
	s.b.mu.Lock()
	s.b.msgs = append(s.b.msgs, s.cur)
	s.b.mu.Unlock()
	return nil
}

func (s *session) Reset()        {}
func (s *session) Logout() error { return nil }

// selfSigned makes a CA-style certificate for 127.0.0.1 and returns the
// server's TLS config and the PEM a client must trust.
func selfSigned(t *testing.T) (*tls.Config, []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "clauz3 test smtp"},
		NotBefore:             time.Now().Add(-time.Hour),
		NotAfter:              time.Now().Add(time.Hour),
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert := tls.Certificate{Certificate: [][]byte{der}, PrivateKey: key}
	return &tls.Config{Certificates: []tls.Certificate{cert}}, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
}

// serve starts a real SMTP server on loopback; implicit wraps the
// listener in TLS, otherwise the server offers STARTTLS (or, when
// tlsCfg is nil, no TLS at all).
func serve(t *testing.T, be *backend, tlsCfg *tls.Config, implicit bool) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	if implicit {
		l = tls.NewListener(l, tlsCfg)
	}
	s := smtp.NewServer(be)
	s.Domain = "localhost"
	s.TLSConfig = tlsCfg
	s.ReadTimeout, s.WriteTimeout = 10*time.Second, 10*time.Second
	done := make(chan struct{})
	go func() { defer close(done); s.Serve(l) }()
	t.Cleanup(func() { s.Close(); <-done })
	return l.Addr().(*net.TCPAddr).Port
}

func pool(t *testing.T, pemCert []byte) *x509.CertPool {
	p := x509.NewCertPool()
	if !p.AppendCertsFromPEM(pemCert) {
		t.Fatal("bad PEM")
	}
	return p
}

func TestSendArrives(t *testing.T) {
	for _, tc := range []struct {
		name     string
		implicit bool
		subject  string
	}{
		{"starttls", false, ""},
		{"implicit", true, "Weekly report"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tlsCfg, caPEM := selfSigned(t)
			be := &backend{user: "mailer", pw: "s3cret-pw"}
			port := serve(t, be, tlsCfg, tc.implicit)
			mode := "starttls"
			if tc.implicit {
				mode = "implicit"
			}
			cfg := Config{Host: "127.0.0.1", Port: port, From: "clauz3@example.com", TLS: mode,
				Username: "mailer", Password: "s3cret-pw", RootCAs: pool(t, caPEM)}
			body := "Report is ready.\n.\nSecond line"
			if err := Send(cfg, "bob@example.com", tc.subject, body); err != nil {
				t.Fatal(err)
			}
			if len(be.msgs) != 1 {
				t.Fatalf("server got %d messages, want 1", len(be.msgs))
			}
			m := be.msgs[0]
			if m.to != "bob@example.com" || m.from != "clauz3@example.com" || m.user != "mailer" {
				t.Errorf("envelope = from %q to %q user %q", m.from, m.to, m.user)
			}
			hdr, gotBody, ok := strings.Cut(m.data, "\r\n\r\n")
			if !ok {
				t.Fatalf("no header/body separator in %q", m.data)
			}
			if gotBody != "Report is ready.\r\n.\r\nSecond line\r\n" {
				t.Errorf("body = %q", gotBody)
			}
			if !strings.Contains(hdr, "To: bob@example.com\r\n") {
				t.Errorf("headers lack To: %q", hdr)
			}
			if tc.subject != "" && !strings.Contains(hdr, "Subject: "+tc.subject+"\r\n") {
				t.Errorf("headers lack the subject: %q", hdr)
			}
		})
	}
}

func TestSendRefuses(t *testing.T) {
	tlsCfg, caPEM := selfSigned(t)
	be := &backend{user: "mailer", pw: "right"}
	tlsPort := serve(t, be, tlsCfg, false)
	plainPort := serve(t, &backend{}, nil, false)
	good := Config{Host: "127.0.0.1", Port: tlsPort, From: "clauz3@example.com", TLS: "starttls",
		Username: "mailer", Password: "right", RootCAs: pool(t, caPEM)}
	for _, tc := range []struct {
		name    string
		edit    func(*Config)
		addr    string
		subject string
		want    Kind
	}{
		{"plaintext server", func(c *Config) { c.Port = plainPort }, "bob@example.com", "", NoSTARTTLS},
		{"untrusted certificate", func(c *Config) { c.RootCAs = x509.NewCertPool() }, "bob@example.com", "", TLS},
		{"wrong password", func(c *Config) { c.Password = "wrong" }, "bob@example.com", "", Auth},
		{"no tls mode", func(c *Config) { c.TLS = "none" }, "bob@example.com", "", TLSMode},
		{"header injection in addr", nil, "bob@example.com\r\nBcc: eve@example.com", "", BadAddress},
		{"two recipients", nil, "bob@example.com,eve@example.com", "", BadAddress},
		{"header injection in subject", nil, "bob@example.com", "hi\r\nBcc: eve@example.com", LineBreak},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := good
			if tc.edit != nil {
				tc.edit(&cfg)
			}
			err := Send(cfg, tc.addr, tc.subject, "hello")
			if KindOf(err) != tc.want {
				t.Fatalf("err = %v, want a %v refusal", err, tc.want)
			}
			var unverified *tls.CertificateVerificationError
			if errors.As(err, &unverified) != (tc.name == "untrusted certificate") {
				t.Errorf("err = %v: the certificate's verification error in the chain only for the untrusted certificate", err)
			}
			// The words are under test here, not the kind: the refusal
			// must not carry the password.
			if strings.Contains(err.Error(), "wrong") && tc.name == "wrong password" {
				t.Errorf("error leaks the password: %v", err)
			}
		})
	}
	if len(be.msgs) != 0 {
		t.Errorf("refused sends delivered %d messages", len(be.msgs))
	}
}

// TestSendEmailFromEnv drives the effect function itself: configuration
// from the environment, the password from the secret store's encrypted
// file fallback, and the message arriving at the loopback server.
func TestSendEmailFromEnv(t *testing.T) {
	tlsCfg, caPEM := selfSigned(t)
	be := &backend{user: "mailer", pw: "env-pw-123"}
	port := serve(t, be, tlsCfg, false)
	dir := t.TempDir()
	caFile := filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(caFile, caPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	secretsDir := filepath.Join(dir, "secrets")
	// No D-Bus session: the keyring probe fails and the file store is used.
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+filepath.Join(dir, "no-bus"))
	store, _, err := secrets.Open("clauz3", secretsDir)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Set("smtp-password", "env-pw-123"); err != nil {
		t.Fatal(err)
	}
	for k, v := range map[string]string{
		"CLAUZ3_SMTP_HOST": "127.0.0.1", "CLAUZ3_SMTP_PORT": strconv.Itoa(port),
		"CLAUZ3_SMTP_FROM": "clauz3@example.com", "CLAUZ3_SMTP_TLS": "starttls",
		"CLAUZ3_SMTP_USER": "mailer", "CLAUZ3_SMTP_PASSWORD_SECRET": "smtp-password",
		"CLAUZ3_SMTP_CA_FILE": caFile, "CLAUZ3_SECRETS_DIR": secretsDir,
	} {
		t.Setenv(k, v)
	}
	if err := SendEmail("bob@example.com", "Report is ready"); err != nil {
		t.Fatal(err)
	}
	if len(be.msgs) != 1 || be.msgs[0].to != "bob@example.com" || !strings.HasSuffix(be.msgs[0].data, "\r\n\r\nReport is ready\r\n") {
		t.Fatalf("server got %+v", be.msgs)
	}
	t.Setenv("CLAUZ3_SMTP_PASSWORD_SECRET", "other-secret")
	if err := SendEmail("bob@example.com", "x"); KindOf(err) != Secret {
		t.Fatalf("missing secret: err = %v", err)
	}
	t.Setenv("CLAUZ3_SMTP_HOST", "")
	var e *Error
	if err := SendEmail("bob@example.com", "x"); !errors.As(err, &e) || e.Kind != NotConfigured || e.Setting != "CLAUZ3_SMTP_HOST" {
		t.Fatalf("missing host: err = %v, want a %v error naming CLAUZ3_SMTP_HOST", err, NotConfigured)
	}
}

// TestSendEmailSandboxed: the email layer's happy path (STARTTLS to the
// loopback server, the CA file, the password from the secret store's
// file fallback) passes under the kernel sandbox gen derives from this
// configuration: TCP to the SMTP port only, no other file.
func TestSendEmailSandboxed(t *testing.T) {
	be := &backend{user: "mailer", pw: "env-pw-123"}
	sandboxtest.Run(t, "email", []string{"send_email"}, func() (map[string]string, string) {
		tlsCfg, caPEM := selfSigned(t)
		port := serve(t, be, tlsCfg, false)
		dir := t.TempDir()
		caFile := filepath.Join(dir, "ca.pem")
		if err := os.WriteFile(caFile, caPEM, 0o600); err != nil {
			t.Fatal(err)
		}
		secretsDir := filepath.Join(dir, "secrets")
		t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+filepath.Join(dir, "no-bus"))
		store, _, err := secrets.Open("clauz3", secretsDir)
		if err != nil {
			t.Fatal(err)
		}
		if err := store.Set("smtp-password", "env-pw-123"); err != nil {
			t.Fatal(err)
		}
		probe := filepath.Join(dir, "not-granted.txt")
		os.WriteFile(probe, []byte("x"), 0o600)
		return map[string]string{
			"HOME":             dir,
			"CLAUZ3_SMTP_HOST": "127.0.0.1", "CLAUZ3_SMTP_PORT": strconv.Itoa(port),
			"CLAUZ3_SMTP_FROM": "clauz3@example.com", "CLAUZ3_SMTP_TLS": "starttls",
			"CLAUZ3_SMTP_USER": "mailer", "CLAUZ3_SMTP_PASSWORD_SECRET": "smtp-password",
			"CLAUZ3_SMTP_CA_FILE": caFile, "CLAUZ3_SECRETS_DIR": secretsDir,
		}, probe
	}, func(map[string]string) error {
		return SendEmail("bob@example.com", "Report is ready")
	})
	if len(be.msgs) != 1 || be.msgs[0].to != "bob@example.com" {
		t.Fatalf("server got %+v", be.msgs)
	}
}

// TestSendEmailRefusedBySandbox: what the sandbox derived from one
// configuration does not grant (another SMTP port, another CA file,
// another secret store) fails with an error that keeps the kernel's
// errno, so the run reports the sandbox's refusal and not an effect
// failure.
func TestSendEmailRefusedBySandbox(t *testing.T) {
	for _, tc := range []struct {
		name string
		key  string // the setting the effect then reads from the other configuration
	}{
		{"a port the policy does not name", "CLAUZ3_SMTP_PORT"},
		{"a CA file the policy does not name", "CLAUZ3_SMTP_CA_FILE"},
		{"a secret store the policy does not name", "CLAUZ3_SECRETS_DIR"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			sandboxtest.Refused(t, "email", []string{"send_email"}, func() (map[string]string, string) {
				granted, other := mailConfig(t), mailConfig(t)
				granted["OTHER"] = other[tc.key]
				return granted, other["CLAUZ3_SMTP_CA_FILE"]
			}, func(env map[string]string) error {
				os.Setenv(tc.key, env["OTHER"])
				return SendEmail("bob@example.com", "Report is ready")
			})
		})
	}
}

// TestServerRefusalIsNoSandboxDenial: a server's refusal that reads like
// the kernel's message stays the server's answer: the layer keeps it as
// a *textproto.Error, and sandbox.Denial, which reads the errno and not
// the text, does not take it for the sandbox's refusal.
func TestServerRefusalIsNoSandboxDenial(t *testing.T) {
	tlsCfg, caPEM := selfSigned(t)
	be := &backend{rcptRefusal: "permission denied; operation not permitted"}
	port := serve(t, be, tlsCfg, false)
	cfg := Config{Host: "127.0.0.1", Port: port, From: "clauz3@example.com", TLS: "starttls", RootCAs: pool(t, caPEM)}
	err := Send(cfg, "bob@example.com", "", "hello")
	var reply *textproto.Error
	if !errors.As(err, &reply) || reply.Code != 550 {
		t.Fatalf("Send = %v, want the server's 550 reply in the chain", err)
	}
	if d := sandbox.Denial(err); d != "" {
		t.Fatalf("sandbox.Denial = %q: the server's reply was taken for the sandbox's refusal", d)
	}
	if len(be.msgs) != 0 {
		t.Fatalf("the refused message was delivered: %+v", be.msgs)
	}
}

// mailConfig is a loopback STARTTLS server with its own CA file and
// secret store, as the email layer's environment.
func mailConfig(t *testing.T) map[string]string {
	t.Helper()
	tlsCfg, caPEM := selfSigned(t)
	port := serve(t, &backend{user: "mailer", pw: "pw-123"}, tlsCfg, false)
	dir := t.TempDir()
	caFile := filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(caFile, caPEM, 0o600); err != nil {
		t.Fatal(err)
	}
	secretsDir := filepath.Join(dir, "secrets")
	t.Setenv("DBUS_SESSION_BUS_ADDRESS", "unix:path="+filepath.Join(dir, "no-bus"))
	store, _, err := secrets.Open("clauz3", secretsDir)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Set("smtp-password", "pw-123"); err != nil {
		t.Fatal(err)
	}
	return map[string]string{
		"HOME":             dir,
		"CLAUZ3_SMTP_HOST": "127.0.0.1", "CLAUZ3_SMTP_PORT": strconv.Itoa(port),
		"CLAUZ3_SMTP_FROM": "clauz3@example.com", "CLAUZ3_SMTP_TLS": "starttls",
		"CLAUZ3_SMTP_USER": "mailer", "CLAUZ3_SMTP_PASSWORD_SECRET": "smtp-password",
		"CLAUZ3_SMTP_CA_FILE": caFile, "CLAUZ3_SECRETS_DIR": secretsDir,
	}
}
