// Package egress is the security module's egress floor for web layers: it
// decides whether a URL may be fetched and makes the connection to the
// address it vetted, so a DNS answer cannot change between the check and
// the connection.
//
// API: Floor{Resolver} (nil Resolver: net.DefaultResolver); (*Floor).Check
// (ctx, rawURL) returns a *Target carrying the vetted IP; (*Floor).Client
// (target) returns an *http.Client whose transport dials only vetted
// addresses and whose redirects are checked again (and pinned) before they
// are followed; (*Floor).Transport(target) is that transport alone (a
// redirect to another host then fails at dial time); (*Floor).DialContext
// vets and dials a "host:port" for non-HTTP clients (SMTP, ...). Every
// refusal is a *Refusal{Target, Kind, Addr, Prefix, Reason}, told apart by
// Kind and never by Reason's words; http.Client wraps it in a
// *url.Error, so match it with errors.As.
//
// Check refuses:
//   - schemes other than http and https, opaque URLs, userinfo (even an
//     empty "@"), a missing host, a port outside 1..65535;
//   - IP literals of every spelling: dotted v4, v6, v4-mapped v6, zoned v6,
//     and the inet_aton forms a URL host may take (2130706433, 0x7f.1,
//     0177.0.0.1, 127.1: any host whose last label is a number, as the
//     WHATWG URL standard reads it). Use a host name;
//   - host names that are not ASCII (give the punycode form), malformed
//     labels, and "localhost" / "*.localhost" (by label, never by
//     substring: notlocalhost.example.com is an ordinary name);
//   - a resolver error or an empty answer;
//   - the whole request when ANY resolved address is loopback, private
//     (10/8, 172.16/12, 192.168/16, fc00::/7), link-local (169.254/16,
//     which holds the 169.254.169.254 metadata service, fe80::/10),
//     carrier-grade NAT (100.64/10), unspecified, this-network (0/8),
//     multicast, broadcast, reserved or documentation (192.0.0/24,
//     192.0.2/24, 198.18/15, 198.51.100/24, 203.0.113/24, 240/4,
//     2001:db8::/32, 3fff::/20, 100::/64, 2001::/23, fec0::/10), 6to4
//     (2002::/16), local-use NAT64 (64:ff9b:1::/48), a NAT64 address
//     (64:ff9b::/96) wrapping a refused IPv4, any IPv6 outside 2000::/3, or
//     zoned. v4-mapped answers are judged as the IPv4 they carry.
//
// One Check performs exactly one lookup, and the connection goes to the
// first vetted address with the original name kept for SNI, certificate
// verification and the Host header. The transport ignores HTTP(S)_PROXY
// (a proxy would make the connection, and its own lookup, for us).
//
// AllowLoopback (tests, and the web_fetch layer under a dev-mode approval
// service that set CLAUZ3_WEB_ALLOW_LOOPBACK=1) admits 127/8 and ::1,
// literal or resolved, and the localhost names; nothing else changes.
//
// Callers: web trusted layers (http_get, fetch_url, ...) at call time,
// after the receipt check and the runtime precondition; the email layer
// through DialContext.
package egress
