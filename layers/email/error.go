package email

import "errors"

// Kind says which refusal or failure an error of the email layer is, so a
// caller (and a test) tells them apart by a value, never by the words.
type Kind int

const (
	// NotConfigured: a setting is missing or malformed (Error.Setting
	// names the variable).
	NotConfigured Kind = iota + 1
	// Secret: the secret store or the SMTP password's secret cannot be read.
	Secret
	// BadAddress: the recipient is not a single e-mail address.
	BadAddress
	// LineBreak: the recipient, subject or sender holds a line break or NUL.
	LineBreak
	// TooLarge: the message is over MaxMessageBytes.
	TooLarge
	// TLSMode: the TLS mode is neither starttls nor implicit.
	TLSMode
	// Connect: the connection to the server failed (with implicit TLS, its
	// handshake too).
	Connect
	// NoSTARTTLS: the server does not offer STARTTLS.
	NoSTARTTLS
	// TLS: the STARTTLS handshake failed (a certificate that does not verify,
	// ...).
	TLS
	// Auth: the server refused the authentication.
	Auth
	// Server: the SMTP conversation failed after the greeting (the server's
	// *textproto.Error is in the chain where it answered).
	Server
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case NotConfigured:
		return "not configured"
	case Secret:
		return "secret"
	case BadAddress:
		return "bad address"
	case LineBreak:
		return "line break"
	case TooLarge:
		return "message too large"
	case TLSMode:
		return "tls mode"
	case Connect:
		return "connect"
	case NoSTARTTLS:
		return "no starttls"
	case TLS:
		return "tls"
	case Auth:
		return "authentication"
	case Server:
		return "server"
	}
	return "no kind"
}

// Error is every error the email layer returns. Its text is Err's, word
// for word; Err wraps the cause (an errno, the library's error) where
// there is one, so errors.Is and errors.As reach it.
type Error struct {
	Kind    Kind
	Setting string // NotConfigured: the environment variable at fault
	Err     error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of the email layer's error in err's chain, or 0 when
// there is none (err is nil or not the email layer's).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
