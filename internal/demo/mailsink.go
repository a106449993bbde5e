package demo

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net"
	"strings"
	"sync"
	"time"

	"github.com/emersion/go-smtp"
)

// Mail is one message as the sink received it.
type Mail struct {
	From string
	To   []string
	Data string // the message as sent: headers, blank line, body
}

// MailSink is a real SMTP server on loopback that offers STARTTLS with a
// certificate from a CA made for this run, refuses mail before STARTTLS,
// and keeps what it receives. It stands in for a mail provider: the
// email layer talks to it exactly as to any server.
type MailSink struct {
	Addr  string // 127.0.0.1:PORT
	CAPEM []byte // the CA certificate the email layer must trust

	srv  *smtp.Server
	done chan struct{}
	mu   sync.Mutex
	mail []Mail
}

// StartMailSink makes a CA and a server certificate for 127.0.0.1 and
// localhost, and serves SMTP on a free loopback port until Close.
func StartMailSink() (*MailSink, error) {
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	now := time.Now()
	caTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "clauz3 demo CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageCertSign, BasicConstraintsValid: true, IsCA: true, MaxPathLenZero: true,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	ca, err := x509.ParseCertificate(caDER)
	if err != nil {
		return nil, err
	}
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		return nil, err
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca, &key.PublicKey, caKey)
	if err != nil {
		return nil, err
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	m := &MailSink{Addr: l.Addr().String(), CAPEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), done: make(chan struct{})}
	s := smtp.NewServer(backend{m})
	s.Domain = "localhost"
	s.TLSConfig = &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{der, caDER}, PrivateKey: key}}, MinVersion: tls.VersionTLS12}
	s.ReadTimeout, s.WriteTimeout = 30*time.Second, 30*time.Second
	s.MaxMessageBytes = 2 << 20
	m.srv = s
	go func() { defer close(m.done); s.Serve(l) }()
	return m, nil
}

// Close stops the server and waits for it.
func (m *MailSink) Close() {
	m.srv.Close()
	<-m.done
}

// Mail is what arrived so far.
func (m *MailSink) Mail() []Mail {
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Mail(nil), m.mail...)
}

type backend struct{ m *MailSink }

func (b backend) NewSession(c *smtp.Conn) (smtp.Session, error) {
	return &session{m: b.m, conn: c}, nil
}

type session struct {
	m    *MailSink
	conn *smtp.Conn
	cur  Mail
}

// errNoTLS refuses mail on a connection that did not STARTTLS: the
// demo's server, like a real provider's, takes no plaintext mail.
var errNoTLS = &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "must issue STARTTLS first"}

func (s *session) Mail(from string, _ *smtp.MailOptions) error {
	if _, ok := s.conn.TLSConnectionState(); !ok {
		return errNoTLS
	}
	s.cur = Mail{From: from}
	return nil
}

func (s *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	if s.cur.From == "" {
		return errors.New("RCPT before MAIL")
	}
	s.cur.To = append(s.cur.To, to)
	return nil
}

func (s *session) Data(r io.Reader) error {
	data, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	if len(s.cur.To) == 0 {
		return errors.New("DATA without a recipient")
	}
	s.cur.Data = strings.ReplaceAll(string(data), "\r\n", "\n")
	s.m.mu.Lock()
	s.m.mail = append(s.m.mail, s.cur)
	s.m.mu.Unlock()
	s.cur = Mail{}
	return nil
}

func (s *session) Reset()        { s.cur = Mail{} }
func (s *session) Logout() error { return nil }

// String shows a message as the server received it.
func (m Mail) String() string {
	return fmt.Sprintf("MAIL FROM:<%s> RCPT TO:<%s>\n%s", m.From, strings.Join(m.To, ">, <"), m.Data)
}
