package webfetch

import "errors"

// Kind says which refusal or failure an error of the web_fetch layer is, so a
// caller (and a test) tells them apart by a value, never by the words.
type Kind int

const (
	// NotConfigured: a setting is malformed (Error.Setting names it), or
	// the Fetcher has no egress floor, size cap or timeout.
	NotConfigured Kind = iota + 1
	// BadChar: the URL holds a space, a control character, a backslash or
	// a non-ASCII character.
	BadChar
	// Scheme: the scheme is not http:// or https:// in lower case.
	Scheme
	// Userinfo: the URL carries userinfo (user@).
	Userinfo
	// EmptyLabel: the host is empty or has an empty label.
	EmptyLabel
	// HostName: the host is no lower-case name of letters, digits, '-'
	// and '.'.
	HostName
	// BadPort: the port is not a number in 1..65535 without leading zeros.
	BadPort
	// DefaultPort: the scheme's default port is written out.
	DefaultPort
	// Fragment: the URL has a fragment (#).
	Fragment
	// PathParam: the path has a ';'.
	PathParam
	// DoubleSlash: the path contains //.
	DoubleSlash
	// DotSegment: the path has a . or .. segment.
	DotSegment
	// Escape: the path percent-encodes an unreserved character, / or \.
	Escape
	// Unparsed: net/url does not parse the URL.
	Unparsed
	// Egress: the egress floor refused the request (an *egress.Refusal is
	// in the chain).
	Egress
	// Redirect: the server redirected (ErrRedirect is in the chain).
	Redirect
	// Request: the request failed (the transport's error, a deadline, is in
	// the chain).
	Request
	// Status: the status is outside 200..299 (Error.Status).
	Status
	// TooLarge: the body is over the size cap.
	TooLarge
	// NotText: the body is not UTF-8 text.
	NotText
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case NotConfigured:
		return "not configured"
	case BadChar:
		return "bad character"
	case Scheme:
		return "scheme"
	case Userinfo:
		return "userinfo"
	case EmptyLabel:
		return "empty host label"
	case HostName:
		return "host name"
	case BadPort:
		return "bad port"
	case DefaultPort:
		return "default port"
	case Fragment:
		return "fragment"
	case PathParam:
		return "path parameter"
	case DoubleSlash:
		return "double slash"
	case DotSegment:
		return "dot segment"
	case Escape:
		return "escaped character"
	case Unparsed:
		return "unparsed"
	case Egress:
		return "egress floor"
	case Redirect:
		return "redirect"
	case Request:
		return "request"
	case Status:
		return "status"
	case TooLarge:
		return "body too large"
	case NotText:
		return "not text"
	}
	return "no kind"
}

// Error is every error the web_fetch layer returns. Its text is Err's, word
// for word; Err wraps the cause (an errno, the library's error) where
// there is one, so errors.Is and errors.As reach it.
type Error struct {
	Kind    Kind
	Setting string // NotConfigured: the environment variable at fault
	Status  int    // Status: the response's status code
	Err     error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of the web_fetch layer's error in err's chain, or 0 when
// there is none (err is nil or not the web_fetch layer's).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
