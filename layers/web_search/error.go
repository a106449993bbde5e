package websearch

import "errors"

// Kind says which refusal or failure an error of the web_search layer is, so a
// caller (and a test) tells them apart by a value, never by the words.
type Kind int

const (
	// NotConfigured: a setting is missing or malformed (Error.Setting
	// names it), or the Searcher has no egress floor or timeout.
	NotConfigured Kind = iota + 1
	// Secret: the secret store or the API key's secret cannot be read
	// (Error.Setting is CLAUZ3_SEARCH_KEY_SECRET).
	Secret
	// BadEndpoint: the endpoint is no http(s) URL.
	BadEndpoint
	// KeyInClear: a key would go to an endpoint that is not https.
	KeyInClear
	// BadQuery: the query is not one line of 1 to 400 characters.
	BadQuery
	// Egress: the egress floor refused the endpoint (an *egress.Refusal is
	// in the chain).
	Egress
	// Redirect: the endpoint redirected.
	Redirect
	// Request: the request failed (the transport's error, a deadline or a
	// certificate that does not verify, is in the chain).
	Request
	// Status: the status is outside 200..299 (Error.Status).
	Status
	// TooLarge: the answer is over MaxBodyBytes.
	TooLarge
	// NotJSON: the answer is not the JSON object expected (encoding/json's
	// error is in the chain).
	NotJSON
	// NoResults: the answer has no "results" list.
	NoResults
	// TooManyResults: the answer has more than MaxResults hits.
	TooManyResults
	// MissingField: a hit lacks its title, url or snippet.
	MissingField
)

// String names the kind for people.
func (k Kind) String() string {
	switch k {
	case NotConfigured:
		return "not configured"
	case Secret:
		return "secret"
	case BadEndpoint:
		return "bad endpoint"
	case KeyInClear:
		return "key in the clear"
	case BadQuery:
		return "bad query"
	case Egress:
		return "egress floor"
	case Redirect:
		return "redirect"
	case Request:
		return "request"
	case Status:
		return "status"
	case TooLarge:
		return "answer too large"
	case NotJSON:
		return "not json"
	case NoResults:
		return "no results list"
	case TooManyResults:
		return "too many results"
	case MissingField:
		return "missing field"
	}
	return "no kind"
}

// Error is every error the web_search layer returns. Its text is Err's, word
// for word; Err wraps the cause (an errno, the library's error) where
// there is one, so errors.Is and errors.As reach it.
type Error struct {
	Kind    Kind
	Setting string // NotConfigured, Secret: the environment variable at fault
	Status  int    // Status: the response's status code
	Err     error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

// KindOf is the Kind of the web_search layer's error in err's chain, or 0 when
// there is none (err is nil or not the web_search layer's).
func KindOf(err error) Kind {
	var e *Error
	if errors.As(err, &e) {
		return e.Kind
	}
	return 0
}
