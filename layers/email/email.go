// Package email is the Go implementation of the bundled email layer
// (effects.py): send_email and send_email_with_subject over SMTP with TLS.
//
// Configuration comes from the environment (README.md lists it):
// CLAUZ3_SMTP_HOST, CLAUZ3_SMTP_PORT, CLAUZ3_SMTP_FROM, CLAUZ3_SMTP_TLS
// (starttls or implicit), CLAUZ3_SMTP_USER with the password read from the
// secret named by CLAUZ3_SMTP_PASSWORD_SECRET (securitymod/secrets), and
// CLAUZ3_SMTP_CA_FILE for an extra trusted CA. There is no plaintext mode:
// a server that does not offer STARTTLS is refused.
//
// Every error is an *Error whose Kind says which refusal or failure it is
// (KindOf reads it through wrapping); the message's words are for people.
//
//clauz3:allow-import net net/smtp
package email

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/smtp"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/clauz3/clauz3/securitymod/secrets"
)

// Config says where and how messages are sent.
type Config struct {
	Host     string // SMTP server host name (also the name its certificate must carry)
	Port     int    // default 587 for starttls, 465 for implicit
	From     string // envelope sender and From: header
	TLS      string // "starttls" or "implicit"
	Username string // empty: no AUTH
	Password string // used only with Username
	RootCAs  *x509.CertPool
	Timeout  time.Duration // whole conversation; default 30s
}

// MaxMessageBytes bounds a message body, so a plan cannot make the layer
// send an unbounded message.
const MaxMessageBytes = 1 << 20

// ConfigFromEnv reads the layer's configuration from the environment and
// the SMTP password from the secret store. Every missing or malformed
// setting is an error naming the variable.
func ConfigFromEnv() (Config, error) {
	cfg := Config{
		Host:     os.Getenv("CLAUZ3_SMTP_HOST"),
		From:     os.Getenv("CLAUZ3_SMTP_FROM"),
		TLS:      os.Getenv("CLAUZ3_SMTP_TLS"),
		Username: os.Getenv("CLAUZ3_SMTP_USER"),
	}
	if cfg.Host == "" {
		return Config{}, &Error{Kind: NotConfigured, Setting: "CLAUZ3_SMTP_HOST", Err: errors.New("email layer: CLAUZ3_SMTP_HOST is not set")}
	}
	if cfg.From == "" {
		return Config{}, &Error{Kind: NotConfigured, Setting: "CLAUZ3_SMTP_FROM", Err: errors.New("email layer: CLAUZ3_SMTP_FROM is not set")}
	}
	if cfg.TLS == "" {
		cfg.TLS = "starttls"
	}
	if p := os.Getenv("CLAUZ3_SMTP_PORT"); p != "" {
		n, err := strconv.Atoi(p)
		if err != nil || n <= 0 || n > 65535 {
			return Config{}, &Error{Kind: NotConfigured, Setting: "CLAUZ3_SMTP_PORT", Err: fmt.Errorf("email layer: CLAUZ3_SMTP_PORT %q is not a port number", p)}
		}
		cfg.Port = n
	}
	if ca := os.Getenv("CLAUZ3_SMTP_CA_FILE"); ca != "" {
		pem, err := os.ReadFile(ca)
		if err != nil {
			return Config{}, &Error{Kind: NotConfigured, Setting: "CLAUZ3_SMTP_CA_FILE", Err: fmt.Errorf("email layer: CLAUZ3_SMTP_CA_FILE: %w", err)}
		}
		pool, err := x509.SystemCertPool()
		if err != nil {
			pool = x509.NewCertPool()
		}
		if !pool.AppendCertsFromPEM(pem) {
			return Config{}, &Error{Kind: NotConfigured, Setting: "CLAUZ3_SMTP_CA_FILE", Err: fmt.Errorf("email layer: CLAUZ3_SMTP_CA_FILE %s holds no PEM certificate", ca)}
		}
		cfg.RootCAs = pool
	}
	if cfg.Username != "" {
		name := os.Getenv("CLAUZ3_SMTP_PASSWORD_SECRET")
		if name == "" {
			return Config{}, &Error{Kind: NotConfigured, Setting: "CLAUZ3_SMTP_PASSWORD_SECRET", Err: errors.New("email layer: CLAUZ3_SMTP_USER is set but CLAUZ3_SMTP_PASSWORD_SECRET (the name of the password's secret) is not")}
		}
		dir, err := secretsDir()
		if err != nil {
			return Config{}, err
		}
		store, _, err := secrets.Open("clauz3", dir)
		if err != nil {
			return Config{}, &Error{Kind: Secret, Err: fmt.Errorf("email layer: %w", err)}
		}
		pw, err := secrets.Scoped(store, []string{name}).Get(name)
		if err != nil {
			return Config{}, &Error{Kind: Secret, Err: fmt.Errorf("email layer: SMTP password: %w", err)}
		}
		cfg.Password = pw
	}
	return cfg, nil
}

// secretsDir is the encrypted-file fallback of the secret store:
// CLAUZ3_SECRETS_DIR, else ~/.local/share/clauz3.
func secretsDir() (string, error) {
	if d := os.Getenv("CLAUZ3_SECRETS_DIR"); d != "" {
		return d, nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", &Error{Kind: Secret, Err: fmt.Errorf("email layer: no home folder for the secret store: %w", err)}
	}
	return filepath.Join(home, ".local", "share", "clauz3"), nil
}

// SendEmail is send_email(addr: str, msg: str) -> None.
func SendEmail(addr string, msg string) error {
	cfg, err := ConfigFromEnv()
	if err != nil {
		return err
	}
	return Send(cfg, addr, "", msg)
}

// SendEmailWithSubject is send_email_with_subject(addr: str, subject: str,
// msg: str) -> None.
func SendEmailWithSubject(addr string, subject string, msg string) error {
	cfg, err := ConfigFromEnv()
	if err != nil {
		return err
	}
	return Send(cfg, addr, subject, msg)
}

// oneLine refuses what could inject SMTP commands or mail headers.
func oneLine(what, s string) error {
	if strings.ContainsAny(s, "\r\n\x00") {
		return &Error{Kind: LineBreak, Err: fmt.Errorf("email layer: %s %q contains a line break or NUL", what, s)}
	}
	return nil
}

// Send delivers one plain-text message to addr.
func Send(cfg Config, addr, subject, msg string) error {
	if !strings.Contains(addr, "@") || strings.ContainsAny(addr, " <>,;") {
		return &Error{Kind: BadAddress, Err: fmt.Errorf("email layer: %q is not a single e-mail address", addr)}
	}
	for _, f := range []struct{ what, v string }{{"recipient", addr}, {"subject", subject}, {"sender", cfg.From}} {
		if err := oneLine(f.what, f.v); err != nil {
			return err
		}
	}
	if len(msg) > MaxMessageBytes {
		return &Error{Kind: TooLarge, Err: fmt.Errorf("email layer: message of %d bytes is over the %d-byte limit", len(msg), MaxMessageBytes)}
	}
	port := cfg.Port
	switch cfg.TLS {
	case "starttls":
		if port == 0 {
			port = 587
		}
	case "implicit":
		if port == 0 {
			port = 465
		}
	default:
		return &Error{Kind: TLSMode, Err: fmt.Errorf("email layer: TLS mode %q is neither starttls nor implicit (there is no plaintext mode)", cfg.TLS)}
	}
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 30 * time.Second
	}
	tlsCfg := &tls.Config{ServerName: cfg.Host, RootCAs: cfg.RootCAs, MinVersion: tls.VersionTLS12}
	hostPort := net.JoinHostPort(cfg.Host, strconv.Itoa(port))
	dialer := &net.Dialer{Timeout: timeout}
	var conn net.Conn
	var err error
	if cfg.TLS == "implicit" {
		conn, err = tls.DialWithDialer(dialer, "tcp", hostPort, tlsCfg)
	} else {
		conn, err = dialer.Dial("tcp", hostPort)
	}
	if err != nil {
		return &Error{Kind: Connect, Err: fmt.Errorf("email layer: connect to %s: %w", hostPort, err)}
	}
	defer conn.Close()
	if err := conn.SetDeadline(time.Now().Add(timeout)); err != nil {
		return &Error{Kind: Connect, Err: fmt.Errorf("email layer: %w", err)}
	}
	c, err := smtp.NewClient(conn, cfg.Host)
	if err != nil {
		return &Error{Kind: Server, Err: fmt.Errorf("email layer: SMTP greeting from %s: %w", hostPort, err)}
	}
	defer c.Close()
	if cfg.TLS == "starttls" {
		if ok, _ := c.Extension("STARTTLS"); !ok {
			return &Error{Kind: NoSTARTTLS, Err: fmt.Errorf("email layer: %s does not offer STARTTLS; refusing to send in plaintext", hostPort)}
		}
		if err := c.StartTLS(tlsCfg); err != nil {
			return &Error{Kind: TLS, Err: fmt.Errorf("email layer: STARTTLS with %s: %w", hostPort, err)}
		}
	}
	if cfg.Username != "" {
		if err := c.Auth(smtp.PlainAuth("", cfg.Username, cfg.Password, cfg.Host)); err != nil {
			// The server's reply never contains the password; net/smtp's
			// own errors do not either.
			return &Error{Kind: Auth, Err: fmt.Errorf("email layer: authentication as %s failed: %w", cfg.Username, err)}
		}
	}
	if err := c.Mail(cfg.From); err != nil {
		return &Error{Kind: Server, Err: fmt.Errorf("email layer: MAIL FROM %s: %w", cfg.From, err)}
	}
	if err := c.Rcpt(addr); err != nil {
		return &Error{Kind: Server, Err: fmt.Errorf("email layer: RCPT TO %s: %w", addr, err)}
	}
	w, err := c.Data()
	if err != nil {
		return &Error{Kind: Server, Err: fmt.Errorf("email layer: DATA: %w", err)}
	}
	if _, err := w.Write(message(cfg.From, addr, subject, msg)); err != nil {
		w.Close()
		return &Error{Kind: Server, Err: fmt.Errorf("email layer: writing the message: %w", err)}
	}
	if err := w.Close(); err != nil {
		return &Error{Kind: Server, Err: fmt.Errorf("email layer: the server did not accept the message: %w", err)}
	}
	if err := c.Quit(); err != nil {
		return &Error{Kind: Server, Err: fmt.Errorf("email layer: QUIT: %w", err)}
	}
	return nil
}

// message renders the RFC 5322 message: headers, then the body with CRLF
// line ends (net/smtp's data writer dot-stuffs it).
func message(from, to, subject, body string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "From: %s\r\nTo: %s\r\n", from, to)
	if subject != "" {
		fmt.Fprintf(&b, "Subject: %s\r\n", subject)
	}
	fmt.Fprintf(&b, "Date: %s\r\nMIME-Version: 1.0\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n", time.Now().UTC().Format(time.RFC1123Z))
	body = strings.ReplaceAll(body, "\r\n", "\n")
	b.WriteString(strings.ReplaceAll(body, "\n", "\r\n"))
	if !strings.HasSuffix(body, "\n") {
		b.WriteString("\r\n")
	}
	return []byte(b.String())
}
