package egress

import (
	"context"
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Resolver is the one DNS lookup a Check makes. *net.Resolver satisfies it.
type Resolver interface {
	LookupIPAddr(ctx context.Context, host string) ([]net.IPAddr, error)
}

// Floor is the egress floor. The zero value uses net.DefaultResolver and
// refuses loopback.
type Floor struct {
	// AllowLoopback admits loopback addresses and names: tests, and the
	// web_fetch layer when a dev-mode approval service configures it
	// (CLAUZ3_WEB_ALLOW_LOOPBACK=1; a real service refuses that setting).
	AllowLoopback bool
	// Resolver answers the single lookup of each Check; nil means
	// net.DefaultResolver.
	Resolver Resolver
}

// Target is a URL that passed the floor and the address it was vetted at.
type Target struct {
	URL  *url.URL   // the parsed URL, unchanged
	Host string     // the host name, lower case, without a trailing dot
	Port string     // decimal port, the scheme's default when the URL has none
	IP   netip.Addr // the vetted address the connection goes to
}

// Addr is the "ip:port" the connection is made to.
func (t *Target) Addr() string { return netip.AddrPortFrom(t.IP, mustPort(t.Port)).String() }

// Refusal is every error of this package that refuses a request. Callers
// and tests tell refusals apart by Kind (and Addr, Prefix), never by the
// Reason's words.
type Refusal struct {
	Target string       // the URL or address as given
	Kind   Kind         // what kind of refusal
	Addr   netip.Addr   // the refused address, for IPLiteral, ScopedAddress, RefusedRange, NotGlobalUnicast
	Prefix netip.Prefix // the refused range Addr is in (for NAT64, the IPv4 range of the embedded address); zero when none
	Reason string
}

// Kind is what kind of refusal a Refusal is.
type Kind int

const (
	NoFloor          Kind = iota + 1 // the floor is nil
	Malformed                        // the URL, the address or a resolved answer does not parse
	BadScheme                        // the scheme is not http or https
	OpaqueURL                        // the URL is opaque (scheme:rest)
	Userinfo                         // the URL carries user information
	NoHost                           // the URL names no host
	BadPort                          // the port is not in 1..65535
	BadNetwork                       // the network is not tcp
	IPLiteral                        // the host is an IP literal (Prefix says which refused range, if any)
	NonStandardIPv4                  // the host is an IPv4 literal in another form (decimal, hex, short)
	BadHostName                      // the host name is not plain ASCII labels
	LocalhostName                    // the host is localhost or under .localhost
	Unresolved                       // the name does not resolve, or resolves to nothing
	ScopedAddress                    // an address carries a zone
	RefusedRange                     // an address is in a refused range (Prefix)
	NotGlobalUnicast                 // an IPv6 address is outside 2000::/3
	NotVetted                        // a dial to an address the floor did not vet
	TooManyRedirects                 // more than 10 redirects
)

var kindNames = [...]string{
	NoFloor: "no floor", Malformed: "malformed", BadScheme: "bad scheme", OpaqueURL: "opaque URL",
	Userinfo: "userinfo", NoHost: "no host", BadPort: "bad port", BadNetwork: "bad network",
	IPLiteral: "IP literal", NonStandardIPv4: "non-standard IPv4", BadHostName: "bad host name",
	LocalhostName: "localhost name", Unresolved: "unresolved", ScopedAddress: "scoped address",
	RefusedRange: "refused range", NotGlobalUnicast: "not global unicast", NotVetted: "not vetted",
	TooManyRedirects: "too many redirects",
}

func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("egress floor: %q refused: %s", r.Target, r.Reason)
}

func refusal(target string, kind Kind, format string, args ...any) *Refusal {
	return &Refusal{Target: target, Kind: kind, Reason: fmt.Sprintf(format, args...)}
}

// vetRefusal is why vetHost refused a host, before the target is known.
type vetRefusal struct {
	kind   Kind
	addr   netip.Addr
	prefix netip.Prefix
	reason string
}

func (v *vetRefusal) on(target string) *Refusal {
	return &Refusal{Target: target, Kind: v.kind, Addr: v.addr, Prefix: v.prefix, Reason: v.reason}
}

// Check vets rawURL and resolves its host once. It returns the target with
// the vetted address, or a *Refusal.
func (f *Floor) Check(ctx context.Context, rawURL string) (*Target, error) {
	if f == nil {
		return nil, refusal(rawURL, NoFloor, "no egress floor configured")
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, refusal(rawURL, Malformed, "malformed URL: %v", err)
	}
	switch {
	case u.Scheme != "http" && u.Scheme != "https":
		return nil, refusal(rawURL, BadScheme, "scheme %q is not http or https", u.Scheme)
	case u.Opaque != "":
		return nil, refusal(rawURL, OpaqueURL, "opaque URL")
	case u.User != nil:
		return nil, refusal(rawURL, Userinfo, "userinfo in URL")
	case u.Hostname() == "":
		return nil, refusal(rawURL, NoHost, "no host")
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	p, ok := parsePort(port)
	if !ok {
		return nil, refusal(rawURL, BadPort, "port %q is not in 1..65535", port)
	}
	host, ip, why := f.vetHost(ctx, u.Hostname())
	if why != nil {
		return nil, why.on(rawURL)
	}
	return &Target{URL: u, Host: host, Port: strconv.Itoa(p), IP: ip}, nil
}

// DialContext vets the host of addr ("host:port"), resolving it once, and
// connects to the vetted address only. network must be tcp, tcp4 or tcp6.
func (f *Floor) DialContext(ctx context.Context, network, addr string) (net.Conn, error) {
	if f == nil {
		return nil, refusal(addr, NoFloor, "no egress floor configured")
	}
	if network != "tcp" && network != "tcp4" && network != "tcp6" {
		return nil, refusal(addr, BadNetwork, "network %q is not tcp", network)
	}
	h, port, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, refusal(addr, Malformed, "malformed address: %v", err)
	}
	p, ok := parsePort(port)
	if !ok {
		return nil, refusal(addr, BadPort, "port %q is not in 1..65535", port)
	}
	_, ip, why := f.vetHost(ctx, h)
	if why != nil {
		return nil, why.on(addr)
	}
	return dialVetted(ctx, netip.AddrPortFrom(ip, uint16(p)))
}

func dialVetted(ctx context.Context, ap netip.AddrPort) (net.Conn, error) {
	d := net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}
	return d.DialContext(ctx, "tcp", ap.String())
}

func parsePort(s string) (int, bool) {
	if s == "" || len(s) > 5 {
		return 0, false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
	}
	p, err := strconv.Atoi(s)
	return p, err == nil && p >= 1 && p <= 65535
}

func mustPort(s string) uint16 {
	p, _ := parsePort(s)
	return uint16(p)
}

// vetHost refuses literals and bad names, resolves the name once and
// refuses the lot if any answer is refused. It returns the normalised
// name and the first vetted address, or why it refused.
func (f *Floor) vetHost(ctx context.Context, raw string) (host string, ip netip.Addr, why *vetRefusal) {
	if a, err := netip.ParseAddr(raw); err == nil {
		if f.AllowLoopback && a.Zone() == "" && a.Unmap().IsLoopback() {
			return raw, a.Unmap(), nil
		}
		if _, prefix, r := f.addrReason(a); r != "" {
			return "", netip.Addr{}, &vetRefusal{IPLiteral, a, prefix, fmt.Sprintf("IP literal %s (%s): use a host name", raw, r)}
		}
		return "", netip.Addr{}, &vetRefusal{IPLiteral, a, netip.Prefix{}, fmt.Sprintf("IP literal %s: use a host name", raw)}
	}
	host = strings.ToLower(strings.TrimSuffix(raw, "."))
	if r := hostSyntax(host); r != "" {
		return "", netip.Addr{}, &vetRefusal{kind: BadHostName, reason: r}
	}
	if endsInNumber(host) {
		return "", netip.Addr{}, &vetRefusal{kind: NonStandardIPv4, reason: fmt.Sprintf("host %q is an IPv4 literal in a non-standard form", raw)}
	}
	if (host == "localhost" || strings.HasSuffix(host, ".localhost")) && !f.AllowLoopback {
		return "", netip.Addr{}, &vetRefusal{kind: LocalhostName, reason: fmt.Sprintf("host %q is a localhost name", raw)}
	}
	res := f.Resolver
	if res == nil {
		res = net.DefaultResolver
	}
	addrs, err := res.LookupIPAddr(ctx, host)
	if err != nil {
		return "", netip.Addr{}, &vetRefusal{kind: Unresolved, reason: fmt.Sprintf("cannot resolve %q: %v", host, err)}
	}
	if len(addrs) == 0 {
		return "", netip.Addr{}, &vetRefusal{kind: Unresolved, reason: fmt.Sprintf("%q resolves to no address", host)}
	}
	var first netip.Addr
	for i, a := range addrs {
		ad, ok := netip.AddrFromSlice(a.IP)
		if !ok {
			return "", netip.Addr{}, &vetRefusal{kind: Malformed, reason: fmt.Sprintf("%q resolves to a malformed address", host)}
		}
		ad = ad.Unmap()
		if a.Zone != "" {
			return "", netip.Addr{}, &vetRefusal{ScopedAddress, ad, netip.Prefix{}, fmt.Sprintf("%q resolves to a scoped address %s%%%s", host, ad, a.Zone)}
		}
		if kind, prefix, r := f.addrReason(ad); r != "" {
			return "", netip.Addr{}, &vetRefusal{kind, ad, prefix, fmt.Sprintf("%q resolves to %s (%s)", host, ad, r)}
		}
		if i == 0 {
			first = ad
		}
	}
	return host, first, nil
}

// hostSyntax accepts ASCII host names made of non-empty labels of letters,
// digits, '-' and '_'.
func hostSyntax(h string) string {
	if h == "" || len(h) > 253 {
		return fmt.Sprintf("host %q has no valid length", h)
	}
	for _, label := range strings.Split(h, ".") {
		if label == "" || len(label) > 63 {
			return fmt.Sprintf("host %q has an empty or overlong label", h)
		}
		for i := 0; i < len(label); i++ {
			c := label[i]
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
				if c >= 0x80 {
					return fmt.Sprintf("host %q is not ASCII: use its punycode (xn--) form", h)
				}
				return fmt.Sprintf("host %q contains %q", h, c)
			}
		}
	}
	return ""
}

// endsInNumber is the WHATWG URL test for an IPv4 host: the last label is
// decimal digits, or 0x followed by hex digits.
func endsInNumber(h string) bool {
	last := h[strings.LastIndexByte(h, '.')+1:]
	if last == "" {
		return false
	}
	if strings.HasPrefix(last, "0x") {
		for _, c := range last[2:] {
			if !strings.ContainsRune("0123456789abcdef", c) {
				return false
			}
		}
		return true
	}
	for _, c := range last {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

type rangeReason struct {
	p      netip.Prefix
	reason string
}

func ranges(rs ...string) []rangeReason {
	out := make([]rangeReason, 0, len(rs)/2)
	for i := 0; i < len(rs); i += 2 {
		out = append(out, rangeReason{netip.MustParsePrefix(rs[i]), rs[i+1]})
	}
	return out
}

var v4Refused = ranges(
	"255.255.255.255/32", "broadcast",
	"0.0.0.0/8", "this network (0/8, includes unspecified)",
	"10.0.0.0/8", "private",
	"100.64.0.0/10", "carrier-grade NAT",
	"127.0.0.0/8", "loopback",
	"169.254.0.0/16", "link-local (includes cloud metadata)",
	"172.16.0.0/12", "private",
	"192.0.0.0/24", "IETF protocol assignments",
	"192.0.2.0/24", "documentation",
	"192.88.99.0/24", "6to4 relay anycast",
	"192.168.0.0/16", "private",
	"198.18.0.0/15", "benchmarking",
	"198.51.100.0/24", "documentation",
	"203.0.113.0/24", "documentation",
	"224.0.0.0/4", "multicast",
	"240.0.0.0/4", "reserved",
)

var v6Refused = ranges(
	"::/128", "unspecified",
	"::1/128", "loopback",
	"64:ff9b:1::/48", "local-use NAT64",
	"100::/64", "discard-only",
	"2001:db8::/32", "documentation",
	"2001::/23", "IETF protocol assignments (includes Teredo)",
	"2002::/16", "6to4",
	"3fff::/20", "documentation",
	"fc00::/7", "private (unique local)",
	"fe80::/10", "link-local",
	"fec0::/10", "site-local",
	"ff00::/8", "multicast",
)

var (
	nat64         = netip.MustParsePrefix("64:ff9b::/96")
	globalUnicast = netip.MustParsePrefix("2000::/3")
)

// addrReason says why a is refused, with its kind and the refused range
// it is in, or "" when it may be connected to.
func (f *Floor) addrReason(a netip.Addr) (Kind, netip.Prefix, string) {
	if !a.IsValid() {
		return Malformed, netip.Prefix{}, "invalid address"
	}
	if a.Zone() != "" {
		return ScopedAddress, netip.Prefix{}, "scoped (zoned) address"
	}
	a = a.Unmap()
	if f.AllowLoopback && a.IsLoopback() {
		return 0, netip.Prefix{}, ""
	}
	if a.Is4() {
		for _, r := range v4Refused {
			if r.p.Contains(a) {
				return RefusedRange, r.p, r.reason
			}
		}
		return 0, netip.Prefix{}, ""
	}
	if nat64.Contains(a) {
		b := a.As16()
		v4 := netip.AddrFrom4([4]byte{b[12], b[13], b[14], b[15]})
		if kind, prefix, r := (&Floor{}).addrReason(v4); r != "" {
			return kind, prefix, "NAT64 of a " + r + " address"
		}
		return 0, netip.Prefix{}, ""
	}
	for _, r := range v6Refused {
		if r.p.Contains(a) {
			return RefusedRange, r.p, r.reason
		}
	}
	if !globalUnicast.Contains(a) {
		return NotGlobalUnicast, netip.Prefix{}, "not a global unicast address"
	}
	return 0, netip.Prefix{}, ""
}
