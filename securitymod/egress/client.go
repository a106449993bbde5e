package egress

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"time"
)

// pins maps "host:port" to the address the floor vetted for it. The
// transport dials only what is pinned and never looks a name up.
type pins struct {
	mu sync.Mutex
	m  map[string]netip.AddrPort
}

func pinKey(host, port string) (string, bool) {
	p, ok := parsePort(port)
	if !ok {
		return "", false
	}
	return net.JoinHostPort(strings.ToLower(strings.TrimSuffix(host, ".")), strconv.Itoa(p)), true
}

func (p *pins) add(t *Target) {
	k, ok := pinKey(t.Host, t.Port)
	if !ok {
		return
	}
	p.mu.Lock()
	p.m[k] = netip.AddrPortFrom(t.IP, mustPort(t.Port))
	p.mu.Unlock()
}

func (p *pins) dial(ctx context.Context, network, addr string) (net.Conn, error) {
	if network != "tcp" && network != "tcp4" && network != "tcp6" {
		return nil, refusal(addr, BadNetwork, "network %q is not tcp", network)
	}
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, refusal(addr, Malformed, "malformed address: %v", err)
	}
	k, ok := pinKey(host, port)
	if !ok {
		return nil, refusal(addr, BadPort, "port %q is not in 1..65535", port)
	}
	p.mu.Lock()
	ap, ok := p.m[k]
	p.mu.Unlock()
	if !ok {
		return nil, refusal(addr, NotVetted, "address was not vetted by the egress floor")
	}
	return dialVetted(ctx, ap)
}

func (f *Floor) pinned(t *Target) (*pins, *http.Transport) {
	p := &pins{m: map[string]netip.AddrPort{}}
	if t != nil {
		p.add(t)
	}
	tr := &http.Transport{
		Proxy:                 nil, // a proxy would connect (and resolve) for us
		DialContext:           p.dial,
		ForceAttemptHTTP2:     true,
		MaxIdleConns:          16,
		IdleConnTimeout:       90 * time.Second,
		TLSHandshakeTimeout:   10 * time.Second,
		ExpectContinueTimeout: time.Second,
	}
	return p, tr
}

// Transport returns a transport that connects only to t's vetted address
// (for t's host and port); a request for any other host fails at dial
// time with a *Refusal. TLS uses t's host name for SNI and verification.
func (f *Floor) Transport(t *Target) *http.Transport {
	_, tr := f.pinned(t)
	return tr
}

// Client returns a client over f.Transport(t) whose redirects are checked
// by the floor (one lookup each) and pinned before they are followed; a
// refused redirect ends the request with the *Refusal (wrapped in a
// *url.Error). At most 10 redirects are followed.
func (f *Floor) Client(t *Target) *http.Client {
	p, tr := f.pinned(t)
	return &http.Client{
		Transport: tr,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) >= 10 {
				return refusal(req.URL.String(), TooManyRedirects, "more than 10 redirects")
			}
			next, err := f.Check(req.Context(), req.URL.String())
			if err != nil {
				return err
			}
			p.add(next)
			return nil
		},
	}
}
