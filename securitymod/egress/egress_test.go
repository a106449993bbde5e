package egress

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"testing"
)

// fakeResolver answers from a table; each host may have a sequence of
// answers (one per lookup, the last one repeating), so a rebinding
// attacker can be played. It counts lookups.
type fakeResolver struct {
	mu      sync.Mutex
	answers map[string][][]string
	calls   map[string]int
}

func newResolver(m map[string][]string) *fakeResolver {
	r := &fakeResolver{answers: map[string][][]string{}, calls: map[string]int{}}
	for h, a := range m {
		r.answers[h] = [][]string{a}
	}
	return r
}

func (r *fakeResolver) LookupIPAddr(_ context.Context, host string) ([]net.IPAddr, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := r.calls[host]
	r.calls[host]++
	seq, ok := r.answers[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
	}
	if n >= len(seq) {
		n = len(seq) - 1
	}
	var out []net.IPAddr
	for _, s := range seq[n] {
		ip, zone, _ := strings.Cut(s, "%")
		out = append(out, net.IPAddr{IP: net.ParseIP(ip), Zone: zone})
	}
	return out, nil
}

func (r *fakeResolver) count(host string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.calls[host]
}

func TestCheck(t *testing.T) {
	res := newResolver(map[string][]string{
		"example.com":              {"93.184.216.34"},
		"v6.example.com":           {"2606:2800:220:1:248:1893:25c8:1946"},
		"notlocalhost.example.com": {"93.184.216.35"},
		"mapped.example.com":       {"::ffff:93.184.216.34"},
		"nat64pub.example.com":     {"64:ff9b::5db8:d822"},
		"123.example.com":          {"93.184.216.36"},
		"under_score.example.com":  {"93.184.216.37"},
		"mixed.example.com":        {"93.184.216.34", "10.1.2.3"},
		"mixed6.example.com":       {"2606:2800:220:1::1", "fd00::1"},
		"empty.example.com":        {},
		"zoned.example.com":        {"fe80::1%eth0"},
		"zonedpub.example.com":     {"2606:2800:220:1::1%eth0"},
		"loop.example.com":         {"127.0.0.1"},
		"private10":                {"10.0.0.1"},
		"private172":               {"172.16.0.1"},
		"private172b":              {"172.31.255.255"},
		"public172":                {"172.32.0.1"},
		"private192":               {"192.168.1.1"},
		"ula":                      {"fc00::1"},
		"ulad":                     {"fdff::1"},
		"linklocal":                {"169.254.1.1"},
		"metadata":                 {"169.254.169.254"},
		"ll6":                      {"fe80::1"},
		"cgnat":                    {"100.64.0.1"},
		"cgnat-top":                {"100.127.255.255"},
		"public100":                {"100.128.0.1"},
		"unspec4":                  {"0.0.0.0"},
		"unspec6":                  {"::"},
		"zero8":                    {"0.1.2.3"},
		"loop6":                    {"::1"},
		"loop8":                    {"127.255.0.1"},
		"mcast4":                   {"224.0.0.1"},
		"mcast6":                   {"ff02::1"},
		"bcast":                    {"255.255.255.255"},
		"testnet1":                 {"192.0.2.1"},
		"testnet2":                 {"198.51.100.1"},
		"testnet3":                 {"203.0.113.1"},
		"class-e":                  {"240.0.0.1"},
		"doc6":                     {"2001:db8::1"},
		"doc6b":                    {"3fff::1"},
		"bench":                    {"198.18.0.1"},
		"ietf":                     {"192.0.0.1"},
		"nat64priv":                {"64:ff9b::a00:1"},
		"nat64meta":                {"64:ff9b::a9fe:a9fe"},
		"nat64local":               {"64:ff9b:1::a00:1"},
		"mapped-loop":              {"::ffff:127.0.0.1"},
		"mapped-priv":              {"::ffff:192.168.0.1"},
		"compat4":                  {"::10.0.0.1"},
		"sixtofour":                {"2002:a00:1::1"},
		"teredo":                   {"2001::1"},
		"sitelocal":                {"fec0::1"},
		"discard6":                 {"100::1"},
	})
	fl := &Floor{Resolver: res}

	ok := []struct{ url, ip, port string }{
		{"https://example.com/x?y=1#z", "93.184.216.34", "443"},
		{"http://example.com", "93.184.216.34", "80"},
		{"HTTP://EXAMPLE.COM:8080/", "93.184.216.34", "8080"},
		{"http://example.com.:080/", "93.184.216.34", "80"},
		{"https://v6.example.com/", "2606:2800:220:1:248:1893:25c8:1946", "443"},
		{"https://notlocalhost.example.com/", "93.184.216.35", "443"},
		{"https://mapped.example.com/", "93.184.216.34", "443"},
		{"https://nat64pub.example.com/", "64:ff9b::5db8:d822", "443"},
		{"https://123.example.com/", "93.184.216.36", "443"},
		{"https://under_score.example.com/", "93.184.216.37", "443"},
		{"https://public172/", "172.32.0.1", "443"},
		{"https://public100/", "100.128.0.1", "443"},
	}
	for _, c := range ok {
		t.Run("ok "+c.url, func(t *testing.T) {
			tg, err := fl.Check(context.Background(), c.url)
			if err != nil {
				t.Fatalf("Check(%q) refused: %v", c.url, err)
			}
			if tg.IP.String() != c.ip || tg.Port != c.port {
				t.Fatalf("Check(%q) = %s port %s, want %s port %s", c.url, tg.IP, tg.Port, c.ip, c.port)
			}
		})
	}

	refused := []struct {
		url    string
		kind   Kind
		prefix string // the refused range the address is in, "" for none
	}{
		{"ftp://example.com/", BadScheme, ""},
		{"file:///etc/passwd", BadScheme, ""},
		{"javascript:alert(1)", BadScheme, ""},
		{"gopher://example.com/", BadScheme, ""},
		{"//example.com/", BadScheme, ""},
		{"example.com", BadScheme, ""},
		{"http:example.com", OpaqueURL, ""},
		{"http:///path", NoHost, ""},
		{"http://user:pass@example.com/", Userinfo, ""},
		{"http://user@example.com/", Userinfo, ""},
		{"http://@example.com/", Userinfo, ""},
		{"http://example.com:0/", BadPort, ""},
		{"http://example.com:65536/", BadPort, ""},
		{"http://example.com:99999999/", BadPort, ""},
		{"http://exa mple.com/", Malformed, ""},
		{"http://%zz/", Malformed, ""},
		{"http://127.0.0.1/", IPLiteral, "127.0.0.0/8"},
		{"http://8.8.8.8/", IPLiteral, ""},
		{"http://[2606:4700::1111]/", IPLiteral, ""},
		{"http://[::1]/", IPLiteral, "::1/128"},
		{"http://[::ffff:127.0.0.1]/", IPLiteral, "127.0.0.0/8"},
		{"http://[::ffff:7f00:1]/", IPLiteral, "127.0.0.0/8"},
		{"http://[fe80::1%25eth0]/", IPLiteral, ""}, // the zone refuses it before any range
		{"http://169.254.169.254/latest/meta-data/", IPLiteral, "169.254.0.0/16"},
		{"http://2130706433/", NonStandardIPv4, ""},
		{"http://0x7f.1/", NonStandardIPv4, ""},
		{"http://0x7f000001/", NonStandardIPv4, ""},
		{"http://0177.0.0.1/", NonStandardIPv4, ""},
		{"http://127.1/", NonStandardIPv4, ""},
		{"http://1.2.3.4./", NonStandardIPv4, ""},
		{"http://%31%32%37.0.0.1/", Malformed, ""},
		{"http://example.0x/", NonStandardIPv4, ""},
		{"http://localhost/", LocalhostName, ""},
		{"http://LOCALHOST./", LocalhostName, ""},
		{"http://app.localhost:3000/", LocalhostName, ""},
		{"http://bücher.example/", BadHostName, ""},
		{"http://a..b/", BadHostName, ""},
		{"http://a%2fb/", Malformed, ""},
		{"http://a!b/", BadHostName, ""},
		{"http://nxdomain.example/", Unresolved, ""},
		{"http://empty.example.com/", Unresolved, ""},
		{"http://mixed.example.com/", RefusedRange, "10.0.0.0/8"},
		{"http://mixed6.example.com/", RefusedRange, "fc00::/7"},
		{"http://zoned.example.com/", ScopedAddress, ""},
		{"http://zonedpub.example.com/", ScopedAddress, ""},
		{"http://loop.example.com/", RefusedRange, "127.0.0.0/8"},
		{"http://private10/", RefusedRange, "10.0.0.0/8"},
		{"http://private172/", RefusedRange, "172.16.0.0/12"},
		{"http://private172b/", RefusedRange, "172.16.0.0/12"},
		{"http://private192/", RefusedRange, "192.168.0.0/16"},
		{"http://ula/", RefusedRange, "fc00::/7"},
		{"http://ulad/", RefusedRange, "fc00::/7"},
		{"http://linklocal/", RefusedRange, "169.254.0.0/16"},
		{"http://metadata/", RefusedRange, "169.254.0.0/16"},
		{"http://ll6/", RefusedRange, "fe80::/10"},
		{"http://cgnat/", RefusedRange, "100.64.0.0/10"},
		{"http://cgnat-top/", RefusedRange, "100.64.0.0/10"},
		{"http://unspec4/", RefusedRange, "0.0.0.0/8"},
		{"http://unspec6/", RefusedRange, "::/128"},
		{"http://zero8/", RefusedRange, "0.0.0.0/8"},
		{"http://loop6/", RefusedRange, "::1/128"},
		{"http://loop8/", RefusedRange, "127.0.0.0/8"},
		{"http://mcast4/", RefusedRange, "224.0.0.0/4"},
		{"http://mcast6/", RefusedRange, "ff00::/8"},
		{"http://bcast/", RefusedRange, "255.255.255.255/32"},
		{"http://testnet1/", RefusedRange, "192.0.2.0/24"},
		{"http://testnet2/", RefusedRange, "198.51.100.0/24"},
		{"http://testnet3/", RefusedRange, "203.0.113.0/24"},
		{"http://class-e/", RefusedRange, "240.0.0.0/4"},
		{"http://doc6/", RefusedRange, "2001:db8::/32"},
		{"http://doc6b/", RefusedRange, "3fff::/20"},
		{"http://bench/", RefusedRange, "198.18.0.0/15"},
		{"http://ietf/", RefusedRange, "192.0.0.0/24"},
		{"http://nat64priv/", RefusedRange, "10.0.0.0/8"},
		{"http://nat64meta/", RefusedRange, "169.254.0.0/16"},
		{"http://nat64local/", RefusedRange, "64:ff9b:1::/48"},
		{"http://mapped-loop/", RefusedRange, "127.0.0.0/8"},
		{"http://mapped-priv/", RefusedRange, "192.168.0.0/16"},
		{"http://compat4/", NotGlobalUnicast, ""},
		{"http://sixtofour/", RefusedRange, "2002::/16"},
		{"http://teredo/", RefusedRange, "2001::/23"},
		{"http://sitelocal/", RefusedRange, "fec0::/10"},
		{"http://discard6/", RefusedRange, "100::/64"},
	}
	for _, c := range refused {
		t.Run("refused "+c.url, func(t *testing.T) {
			tg, err := fl.Check(context.Background(), c.url)
			var r *Refusal
			if !errors.As(err, &r) {
				t.Fatalf("Check(%q) = %+v, %v; want a %v *Refusal", c.url, tg, err, c.kind)
			}
			if tg != nil || r.Target != c.url || r.Kind != c.kind || prefixString(r.Prefix) != c.prefix || r.Reason == "" {
				t.Fatalf("Check(%q) = %+v, {%q, %v, %v, %q}; want kind %v in range %q", c.url, tg, r.Target, r.Kind, r.Prefix, r.Reason, c.kind, c.prefix)
			}
		})
	}
}

// One Check makes one lookup; a rebinding answer that comes second is
// never seen, and the target carries the first answer.
func TestRebindingSingleLookup(t *testing.T) {
	res := &fakeResolver{
		answers: map[string][][]string{"rebind.example": {{"93.184.216.34"}, {"10.0.0.1"}}},
		calls:   map[string]int{},
	}
	fl := &Floor{Resolver: res}
	tg, err := fl.Check(context.Background(), "https://rebind.example/")
	if err != nil {
		t.Fatal(err)
	}
	if got := res.count("rebind.example"); got != 1 {
		t.Fatalf("lookups = %d, want 1", got)
	}
	if tg.IP != netip.MustParseAddr("93.184.216.34") || tg.Addr() != "93.184.216.34:443" {
		t.Fatalf("target = %s (%s)", tg.IP, tg.Addr())
	}
	// The control: a second, independent Check does see the rebinding and
	// refuses it, so the single lookup above is what kept it out.
	if _, err := fl.Check(context.Background(), "https://rebind.example/"); err == nil {
		t.Fatal("second Check accepted the private answer")
	}
}

func TestLoopbackOnlyWhenAllowed(t *testing.T) {
	res := newResolver(map[string][]string{"svc.test": {"127.0.0.1"}, "priv.test": {"10.0.0.1"}})
	for _, u := range []string{"http://svc.test/", "http://127.0.0.1/", "http://[::1]/", "http://localhost/"} {
		if _, err := (&Floor{Resolver: res}).Check(context.Background(), u); err == nil {
			t.Errorf("Check(%q) without AllowLoopback accepted", u)
		}
	}
	res = newResolver(map[string][]string{"svc.test": {"127.0.0.1"}, "priv.test": {"10.0.0.1"}, "localhost": {"127.0.0.1", "::1"}})
	allow := &Floor{Resolver: res, AllowLoopback: true}
	for _, u := range []string{"http://svc.test/", "http://127.0.0.1/", "http://[::1]/", "http://localhost/"} {
		if _, err := allow.Check(context.Background(), u); err != nil {
			t.Errorf("Check(%q) with AllowLoopback refused: %v", u, err)
		}
	}
	// AllowLoopback opens loopback only.
	for _, u := range []string{"http://priv.test/", "http://10.0.0.1/", "http://2130706433/"} {
		if _, err := allow.Check(context.Background(), u); err == nil {
			t.Errorf("Check(%q) with AllowLoopback accepted", u)
		}
	}
}

func TestNilFloorRefuses(t *testing.T) {
	var fl *Floor
	var r *Refusal
	if _, err := fl.Check(context.Background(), "https://example.com/"); !errors.As(err, &r) || r.Kind != NoFloor {
		t.Fatalf("nil floor Check = %v", err)
	}
	if _, err := fl.DialContext(context.Background(), "tcp", "example.com:443"); !errors.As(err, &r) || r.Kind != NoFloor {
		t.Fatalf("nil floor DialContext = %v", err)
	}
}

// The client connects to the vetted address although the name does not
// exist in real DNS, sends the original Host, and makes no second lookup.
func TestClientPinsVettedAddress(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprintf(w, "host=%s", r.Host)
	}))
	defer srv.Close()
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	res := &fakeResolver{
		answers: map[string][][]string{"svc.test": {{"127.0.0.1"}, {"10.9.9.9"}}},
		calls:   map[string]int{},
	}
	fl := &Floor{AllowLoopback: true, Resolver: res}
	u := fmt.Sprintf("http://svc.test:%d/hello", port)
	tg, err := fl.Check(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	c := fl.Client(tg)
	for i := 0; i < 3; i++ {
		resp, err := c.Get(u)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if want := fmt.Sprintf("host=svc.test:%d", port); string(body) != want {
			t.Fatalf("body = %q, want %q", body, want)
		}
	}
	if n := res.count("svc.test"); n != 1 {
		t.Fatalf("lookups = %d, want exactly the one of Check", n)
	}
	// Without AllowLoopback the same URL never gets a target.
	if _, err := (&Floor{Resolver: res}).Check(context.Background(), u); err == nil {
		t.Fatal("loopback accepted without AllowLoopback")
	}
}

// TLS: the connection goes to the pinned loopback address while SNI and
// certificate verification use the original name.
func TestClientTLSKeepsName(t *testing.T) {
	var sni string
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sni = r.TLS.ServerName
		io.WriteString(w, "ok")
	}))
	defer srv.Close()
	port := srv.Listener.Addr().(*net.TCPAddr).Port
	fl := &Floor{AllowLoopback: true, Resolver: newResolver(map[string][]string{"example.com": {"127.0.0.1"}})}
	u := fmt.Sprintf("https://example.com:%d/", port) // httptest's certificate names example.com
	tg, err := fl.Check(context.Background(), u)
	if err != nil {
		t.Fatal(err)
	}
	c := fl.Client(tg)
	pool := x509.NewCertPool()
	pool.AddCert(srv.Certificate())
	c.Transport.(*http.Transport).TLSClientConfig = &tls.Config{RootCAs: pool}
	resp, err := c.Get(u)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if sni != "example.com" {
		t.Fatalf("SNI = %q, want example.com", sni)
	}
}

func TestRedirects(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "other:"+r.Host)
	}))
	defer other.Close()
	otherPort := other.Listener.Addr().(*net.TCPAddr).Port
	first := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/to-private":
			http.Redirect(w, r, "http://private.test/", http.StatusFound)
		case "/to-metadata":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		case "/to-decimal":
			http.Redirect(w, r, "http://2130706433/", http.StatusFound)
		case "/to-file":
			http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
		case "/to-other":
			http.Redirect(w, r, fmt.Sprintf("http://other.test:%d/", otherPort), http.StatusFound)
		case "/loop":
			http.Redirect(w, r, "/loop", http.StatusFound)
		default:
			io.WriteString(w, "first")
		}
	}))
	defer first.Close()
	port := first.Listener.Addr().(*net.TCPAddr).Port
	res := newResolver(map[string][]string{
		"first.test":   {"127.0.0.1"},
		"other.test":   {"127.0.0.1"},
		"private.test": {"10.0.0.7"},
	})
	fl := &Floor{AllowLoopback: true, Resolver: res}
	get := func(c *http.Client, path string) (string, error) {
		resp, err := c.Get(fmt.Sprintf("http://first.test:%d%s", port, path))
		if err != nil {
			return "", err
		}
		defer resp.Body.Close()
		b, err := io.ReadAll(resp.Body)
		return string(b), err
	}
	tg, err := fl.Check(context.Background(), fmt.Sprintf("http://first.test:%d/", port))
	if err != nil {
		t.Fatal(err)
	}

	for path, want := range map[string]Refusal{
		"/to-private":  {Kind: RefusedRange, Addr: netip.MustParseAddr("10.0.0.7")},
		"/to-metadata": {Kind: IPLiteral},
		"/to-decimal":  {Kind: NonStandardIPv4},
		"/to-file":     {Kind: BadScheme},
		"/loop":        {Kind: TooManyRedirects},
	} {
		_, err := get(fl.Client(tg), path)
		var r *Refusal
		if !errors.As(err, &r) || r.Kind != want.Kind || want.Addr.IsValid() && r.Addr != want.Addr {
			t.Errorf("redirect %s: err = %v, want a %v *Refusal (address %v)", path, err, want.Kind, want.Addr)
		}
		var ue *url.Error
		if !errors.As(err, &ue) {
			t.Errorf("redirect %s: the client's error is not a *url.Error: %T", path, err)
		}
	}

	body, err := get(fl.Client(tg), "/to-other")
	if err != nil || body != fmt.Sprintf("other:other.test:%d", otherPort) {
		t.Fatalf("vetted redirect: body %q, err %v", body, err)
	}
	if n := res.count("other.test"); n != 1 {
		t.Fatalf("redirect lookups = %d, want 1", n)
	}

	// The bare transport has no redirect check: a redirect to another host
	// fails at dial time because nothing pinned it.
	bare := &http.Client{Transport: fl.Transport(tg)}
	_, err = get(bare, "/to-other")
	var r *Refusal
	if !errors.As(err, &r) || r.Kind != NotVetted {
		t.Fatalf("bare transport redirect: err = %v, want a not-vetted refusal", err)
	}
	if body, err := get(bare, "/"); err != nil || body != "first" {
		t.Fatalf("bare transport, pinned host: %q, %v", body, err)
	}
}

func TestTransportRefusesUnpinned(t *testing.T) {
	fl := &Floor{AllowLoopback: true, Resolver: newResolver(map[string][]string{"a.test": {"127.0.0.1"}})}
	tg, err := fl.Check(context.Background(), "http://a.test:1/")
	if err != nil {
		t.Fatal(err)
	}
	tr := fl.Transport(tg)
	for _, addr := range []string{"b.test:1", "a.test:2", "127.0.0.1:1"} {
		_, err := tr.DialContext(context.Background(), "tcp", addr)
		var r *Refusal
		if !errors.As(err, &r) {
			t.Errorf("dial %s: %v, want a *Refusal", addr, err)
		}
	}
	if _, err := tr.DialContext(context.Background(), "udp", "a.test:1"); err == nil {
		t.Error("udp dial accepted")
	}
	if _, err := fl.Client(nil).Get("http://a.test:1/"); err == nil {
		t.Error("Client(nil) dialled")
	}
}

func TestDialContext(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			io.WriteString(c, "220 hi\r\n")
			c.Close()
		}
	}()
	port := ln.Addr().(*net.TCPAddr).Port
	res := newResolver(map[string][]string{"smtp.test": {"127.0.0.1"}, "priv.test": {"192.168.1.5"}})
	fl := &Floor{AllowLoopback: true, Resolver: res}
	c, err := fl.DialContext(context.Background(), "tcp", fmt.Sprintf("smtp.test:%d", port))
	if err != nil {
		t.Fatal(err)
	}
	line, _ := io.ReadAll(c)
	c.Close()
	if string(line) != "220 hi\r\n" {
		t.Fatalf("read %q", line)
	}
	for _, c := range []struct {
		network, addr string
		kind          Kind
	}{
		{"udp", "smtp.test:25", BadNetwork},
		{"tcp", "priv.test:25", RefusedRange},
		{"tcp", "10.0.0.1:25", IPLiteral},
		{"tcp", "smtp.test", Malformed},
		{"tcp", "smtp.test:0", BadPort},
	} {
		_, err := fl.DialContext(context.Background(), c.network, c.addr)
		var r *Refusal
		if !errors.As(err, &r) || r.Kind != c.kind || r.Target != c.addr {
			t.Errorf("DialContext(%s, %s) = %v, want a %v refusal", c.network, c.addr, err, c.kind)
		}
	}
}

// oracleRefused is written independently of the package's tables, with
// net.IP's own predicates and net.ParseCIDR.
func oracleRefused(ip net.IP) bool {
	if v4 := ip.To4(); v4 != nil {
		ip = v4
	}
	if ip.IsLoopback() || ip.IsPrivate() || ip.IsLinkLocalUnicast() || ip.IsLinkLocalMulticast() ||
		ip.IsMulticast() || ip.IsUnspecified() || ip.IsInterfaceLocalMulticast() {
		return true
	}
	for _, c := range []string{"0.0.0.0/8", "100.64.0.0/10", "192.0.0.0/24", "192.0.2.0/24", "198.18.0.0/15",
		"198.51.100.0/24", "203.0.113.0/24", "240.0.0.0/4", "2001:db8::/32", "fec0::/10", "2002::/16", "64:ff9b:1::/48"} {
		_, n, _ := net.ParseCIDR(c)
		if n.Contains(ip) {
			return true
		}
	}
	if len(ip) == net.IPv6len {
		_, n64, _ := net.ParseCIDR("64:ff9b::/96")
		if n64.Contains(ip) {
			return oracleRefused(net.IP(ip[12:16]))
		}
		if ip[0]&0xe0 != 0x20 { // outside 2000::/3
			return true
		}
	}
	return false
}

var fuzzAnswers = [][]string{
	{"93.184.216.34"}, {"10.0.0.1"}, {"93.184.216.34", "169.254.169.254"}, {"2606:4700::1"},
	{"::ffff:127.0.0.1"}, {"64:ff9b::a00:1"}, {"64:ff9b::5db8:d822"}, {"fd12::1", "2606:4700::2"},
	{"100.64.1.1"}, {"8.8.8.8", "1.1.1.1"}, {"::"}, {"2002::1"}, {"203.0.113.9"}, {},
}

type hashResolver struct {
	mu    sync.Mutex
	calls int
	last  []net.IPAddr
}

func (h *hashResolver) LookupIPAddr(_ context.Context, host string) ([]net.IPAddr, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.calls++
	sum := 0
	for _, c := range host {
		sum += int(c)
	}
	h.last = nil
	for _, s := range fuzzAnswers[sum%len(fuzzAnswers)] {
		h.last = append(h.last, net.IPAddr{IP: net.ParseIP(s)})
	}
	return h.last, nil
}

func FuzzCheck(f *testing.F) {
	for _, s := range []string{
		"https://example.com/", "http://127.0.0.1/", "http://2130706433/", "http://0x7f.1/", "http://[::ffff:7f00:1]/",
		"http://user:pw@example.com/", "ftp://example.com/", "http://localhost/", "http://a.localhost/",
		"http://example.com:0/", "http://exa%2Emple.com/", "http://xn--bcher-kva.example/", "http://a.b.c.d.e/",
		"http://169.254.169.254/", "HTTPS://Example.COM.:443/", "http://[fe80::1%25en0]:8080/", "http://1.2.3.4.5/",
		"http://0177.1/", "http://example.com@evil.com/", "http://evil.com#@example.com/", "http://a_b-c.d9/",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		res := &hashResolver{}
		fl := &Floor{Resolver: res}
		tg, err := fl.Check(context.Background(), raw)
		if err != nil {
			var r *Refusal
			if !errors.As(err, &r) || r.Kind == 0 || r.Reason == "" || tg != nil {
				t.Fatalf("Check(%q) error %v is not a *Refusal with a reason", raw, err)
			}
			return
		}
		if res.calls != 1 {
			t.Fatalf("Check(%q) accepted after %d lookups, want 1", raw, res.calls)
		}
		u, err := url.Parse(raw)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.User != nil || u.Opaque != "" {
			t.Fatalf("Check(%q) accepted a URL it should refuse (%v)", raw, err)
		}
		h := u.Hostname()
		if net.ParseIP(strings.TrimSuffix(h, ".")) != nil || h == "" {
			t.Fatalf("Check(%q) accepted an IP literal or empty host %q", raw, h)
		}
		for _, a := range res.last {
			if oracleRefused(a.IP) {
				t.Fatalf("Check(%q) accepted although %s was among the answers", raw, a.IP)
			}
		}
		if oracleRefused(net.IP(tg.IP.AsSlice())) {
			t.Fatalf("Check(%q) vetted %s", raw, tg.IP)
		}
		found := false
		for _, a := range res.last {
			if ad, _ := netip.AddrFromSlice(a.IP); ad.Unmap() == tg.IP {
				found = true
			}
		}
		if !found {
			t.Fatalf("Check(%q) vetted %s, which the resolver did not answer", raw, tg.IP)
		}
	})
}

// prefixString is a refusal's range as the test tables write it: "" for
// none.
func prefixString(p netip.Prefix) string {
	if !p.IsValid() {
		return ""
	}
	return p.String()
}
