package gen

import (
	"fmt"
	"net"
	"net/netip"
	"net/url"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/dave/jennifer/jen"

	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// SandboxPath is the import path of the kernel sandbox a real binary
// applies to itself first.
const SandboxPath = SecuritymodPath + "/sandbox"

// SandboxConfig is the layer configuration the sealed run will use, the
// input gen derives the binary's kernel sandbox from. Today the layers
// read their configuration from the environment, so Env holds the
// variables the binary will run with (CLAUZ3_FS_ROOTS, CLAUZ3_BANK_DB,
// CLAUZ3_SMTP_PORT, ..., and HOME); the approval service passes its own.
type SandboxConfig struct {
	Env map[string]string
	// LayerEnv is each layer's own configuration by domain ("email"),
	// over Env: the approval service gives a layer only its own
	// variables (approval/execute.Options.LayerEnv), so the policy reads
	// each layer's settings from its own set.
	LayerEnv map[string]map[string]string
	// Limits: resource limits (zero fields: sandbox.DefaultLimits).
	Limits sandbox.Limits
	// AllowUnconfined: run even where the kernel lacks a protection,
	// saying so on stderr. Off by default: such a run is refused.
	AllowUnconfined bool
	// ReadOnly, ReadWrite and ConnectPorts are granted besides what the
	// layers' configuration names (a layer gen does not know gets
	// nothing else).
	ReadOnly, ReadWrite []string
	ConnectPorts        []uint16
}

// readOnlyEffects are the bundled file layers' effects that only read:
// a plan calling only these gets its roots read-only.
var readOnlyEffects = map[string]bool{"read_file": true, "list_dir": true, "grep": true}

// nameService is what Go's resolver reads; tlsRoots where crypto/x509
// looks for the system's CA certificates on Linux.
var (
	nameService = sandbox.NameServiceFiles
	tlsRoots    = []string{"/etc/ssl/certs", "/etc/ssl/cert.pem", "/etc/pki/tls", "/etc/pki/ca-trust/extracted", "/usr/share/ca-certificates", "/usr/local/share/ca-certificates"}
)

// SandboxPolicy derives the kernel sandbox of a sealed run from the
// layers it links and their configuration:
//
//   - filesystem, grep, editor: CLAUZ3_FS_ROOTS, read-write when the plan
//     calls an effect that writes, else read-only;
//   - bank (CLAUZ3_BANK_DB), db (CLAUZ3_DB_PATH): the database file's
//     folder read-write (SQLite keeps its WAL and shared-memory files
//     beside the database);
//   - email: TCP to CLAUZ3_SMTP_PORT (default 587, 465 for implicit TLS),
//     CLAUZ3_SMTP_CA_FILE, the system's CA certificates, the name
//     service files, DNS unless the host is an IP literal, and the
//     secret store when CLAUZ3_SMTP_USER is set;
//   - web_fetch: TCP 80, 443 and CLAUZ3_WEB_PORTS's, DNS, CA certificates;
//   - web_search: TCP to CLAUZ3_SEARCH_URL's port, DNS, CA certificates
//     and CLAUZ3_SEARCH_CA_FILE, the secret store with
//     CLAUZ3_SEARCH_KEY_SECRET;
//   - env and any layer it does not know: nothing.
//
// Each layer's settings are Env overlaid with LayerEnv[its domain]. The
// home folder (Env["HOME"]) places the deny list. A malformed setting is
// an error naming it.
func SandboxPolicy(layers []*Layer, cfg SandboxConfig) (sandbox.Policy, error) {
	p := sandbox.Policy{Home: cfg.Env["HOME"], Limits: cfg.Limits.WithDefaults(), AllowUnconfined: cfg.AllowUnconfined}
	ro := map[string]bool{}
	rw := map[string]bool{}
	secrets := map[string]bool{}
	ports := map[uint16]bool{}
	for _, path := range cfg.ReadOnly {
		ro[path] = true
	}
	for _, path := range cfg.ReadWrite {
		rw[path] = true
	}
	for _, port := range cfg.ConnectPorts {
		ports[port] = true
	}
	network := len(ports) > 0
	secretStore := func(env map[string]string) {
		if d := env["CLAUZ3_SECRETS_DIR"]; d != "" {
			secrets[d] = true
		} else if p.Home != "" {
			secrets[filepath.Join(p.Home, ".local", "share", "clauz3")] = true
		}
	}
	netLayer := func(env map[string]string) {
		network = true
		for _, f := range nameService {
			ro[f] = true
		}
		for _, f := range tlsRoots {
			ro[f] = true
		}
		for _, k := range []string{"SSL_CERT_FILE", "SSL_CERT_DIR"} {
			for _, f := range filepath.SplitList(env[k]) {
				if f != "" {
					ro[f] = true
				}
			}
		}
	}
	for _, l := range layers {
		env := layerEnvOf(l, cfg)
		switch layerBase(l.Name) {
		case "filesystem", "grep", "editor":
			write := false
			for _, e := range l.Effects {
				if !readOnlyEffects[e.Name] {
					write = true
				}
			}
			for _, r := range filepath.SplitList(env["CLAUZ3_FS_ROOTS"]) {
				switch {
				case r == "":
				case !filepath.IsAbs(r):
					return p, refusal(BadSetting, "CLAUZ3_FS_ROOTS", "sandbox: CLAUZ3_FS_ROOTS entry %q is not absolute", r)
				case write:
					rw[filepath.Clean(r)] = true
				default:
					ro[filepath.Clean(r)] = true
				}
			}
		case "bank", "db":
			key := "CLAUZ3_BANK_DB"
			if layerBase(l.Name) == "db" {
				key = "CLAUZ3_DB_PATH"
			}
			if f := env[key]; f != "" {
				if !filepath.IsAbs(f) {
					return p, refusal(BadSetting, key, "sandbox: %s %q is not absolute", key, f)
				}
				rw[filepath.Dir(filepath.Clean(f))] = true
			}
		case "email":
			netLayer(env)
			port, err := smtpPort(env)
			if err != nil {
				return p, err
			}
			ports[uint16(port)] = true
			if _, err := netip.ParseAddr(env["CLAUZ3_SMTP_HOST"]); err != nil {
				p.DNS = true
			}
			if f := env["CLAUZ3_SMTP_CA_FILE"]; f != "" {
				ro[f] = true
			}
			if env["CLAUZ3_SMTP_USER"] != "" {
				secretStore(env)
			}
		case "web_fetch":
			netLayer(env)
			p.DNS = true
			web, err := webPorts(env)
			if err != nil {
				return p, err
			}
			for _, n := range web {
				ports[n] = true
			}
		case "web_search":
			netLayer(env)
			p.DNS = true
			if v := env["CLAUZ3_SEARCH_URL"]; v != "" {
				_, n, err := searchEndpoint(v)
				if err != nil {
					return p, err
				}
				ports[n] = true
			}
			if f := env["CLAUZ3_SEARCH_CA_FILE"]; f != "" {
				ro[f] = true
			}
			if env["CLAUZ3_SEARCH_KEY_SECRET"] != "" {
				secretStore(env)
			}
		}
	}
	for path := range rw {
		delete(ro, path)
	}
	p.ReadOnly, p.ReadWrite, p.Secrets = sortedKeys(ro), sortedKeys(rw), sortedKeys(secrets)
	p.Network = sandbox.NetNone
	if network {
		p.Network = sandbox.NetPorts
		for port := range ports {
			p.ConnectPorts = append(p.ConnectPorts, port)
		}
		sort.Slice(p.ConnectPorts, func(i, j int) bool { return p.ConnectPorts[i] < p.ConnectPorts[j] })
	}
	if err := p.Validate(); err != nil {
		return p, err
	}
	return p, nil
}

// layerEnvOf is layer l's settings: Env overlaid with its own LayerEnv.
func layerEnvOf(l *Layer, cfg SandboxConfig) map[string]string {
	env := map[string]string{}
	for k, v := range cfg.Env {
		env[k] = v
	}
	for k, v := range cfg.LayerEnv[layerBase(l.Name)] {
		env[k] = v
	}
	return env
}

// smtpPort is the port the email layer connects to: CLAUZ3_SMTP_PORT, else
// 465 for implicit TLS, else 587.
func smtpPort(env map[string]string) (int, error) {
	port := 587
	if env["CLAUZ3_SMTP_TLS"] == "implicit" {
		port = 465
	}
	if v := env["CLAUZ3_SMTP_PORT"]; v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 || n > 65535 {
			return 0, refusal(BadSetting, "CLAUZ3_SMTP_PORT", "sandbox: CLAUZ3_SMTP_PORT %q is not a port number", v)
		}
		port = n
	}
	return port, nil
}

// webPorts are the ports web_fetch may connect to: 80, 443 and those
// CLAUZ3_WEB_PORTS names (a server on :8080, or a local one in dev mode),
// sorted; the kernel admits a connection to no port it does not list.
func webPorts(env map[string]string) ([]uint16, error) {
	set := map[uint16]bool{80: true, 443: true}
	if v := env["CLAUZ3_WEB_PORTS"]; v != "" {
		for _, f := range strings.Split(v, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n <= 0 || n > 65535 {
				return nil, refusal(BadSetting, "CLAUZ3_WEB_PORTS", "sandbox: CLAUZ3_WEB_PORTS entry %q is not a port number", f)
			}
			set[uint16(n)] = true
		}
	}
	out := make([]uint16, 0, len(set))
	for n := range set {
		out = append(out, n)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out, nil
}

// searchEndpoint is the host and port of CLAUZ3_SEARCH_URL.
func searchEndpoint(v string) (string, uint16, error) {
	u, err := url.Parse(v)
	if err != nil || u.Host == "" {
		return "", 0, refusal(BadSetting, "CLAUZ3_SEARCH_URL", "sandbox: CLAUZ3_SEARCH_URL %q is not a URL", v)
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[u.Scheme]
	}
	n, err := strconv.Atoi(port)
	if err != nil || n <= 0 || n > 65535 {
		return "", 0, refusal(BadSetting, "CLAUZ3_SEARCH_URL", "sandbox: CLAUZ3_SEARCH_URL %q has no usable port", v)
	}
	return u.Hostname(), uint16(n), nil
}

// SandboxHosts says, one line each, where a sealed run's connections can
// go, as the layers it links and their configuration name it (the kernel
// policy itself knows ports only; a layer connects only to the host its
// configuration names, and web_fetch's egress floor refuses every
// non-public address):
//
//   - email: "the mail server HOST:PORT (email layer)";
//   - web_fetch: "any public host on ports 80, 443, ... (web_fetch layer:
//     ...)", and this machine's loopback addresses too when
//     CLAUZ3_WEB_ALLOW_LOOPBACK=1 (dev mode only);
//   - web_search: "the search service HOST:PORT (web_search layer)";
//   - the service's own ConnectPorts: "any host on port N".
//
// A layer that connects but names no host says so ("not configured").
// A host with a control character, a space or a non-ASCII character is
// an error, as a malformed setting is for SandboxPolicy: it could not be
// shown as what it is.
func SandboxHosts(layers []*Layer, cfg SandboxConfig) ([]string, error) {
	var out []string
	hostPort := func(key, host string, port int) (string, error) {
		for _, r := range host {
			if r <= ' ' || r >= 0x7f {
				return "", refusal(BadSetting, key, "sandbox: %s %q is not a host name", key, host)
			}
		}
		return net.JoinHostPort(host, strconv.Itoa(port)), nil
	}
	for _, l := range layers {
		env := layerEnvOf(l, cfg)
		switch layerBase(l.Name) {
		case "email":
			port, err := smtpPort(env)
			if err != nil {
				return nil, err
			}
			if env["CLAUZ3_SMTP_HOST"] == "" {
				out = append(out, fmt.Sprintf("connects to: the mail server, not configured (CLAUZ3_SMTP_HOST is not set: the email layer sends nothing), port %d (email layer)", port))
				continue
			}
			hp, err := hostPort("CLAUZ3_SMTP_HOST", env["CLAUZ3_SMTP_HOST"], port)
			if err != nil {
				return nil, err
			}
			out = append(out, "connects to: the mail server "+hp+" (email layer)")
		case "web_fetch":
			ports, err := webPorts(env)
			if err != nil {
				return nil, err
			}
			list := make([]string, len(ports))
			for i, n := range ports {
				list[i] = strconv.Itoa(int(n))
			}
			who := "any public host"
			if env["CLAUZ3_WEB_ALLOW_LOOPBACK"] == "1" {
				who = "any public host and this machine's loopback addresses (dev mode)"
			}
			out = append(out, fmt.Sprintf("connects to: %s on ports %s (web_fetch layer: any web address the plan names; private, link-local and metadata addresses are refused)", who, strings.Join(list, ", ")))
		case "web_search":
			v := env["CLAUZ3_SEARCH_URL"]
			if v == "" {
				out = append(out, "connects to: the search service, not configured (CLAUZ3_SEARCH_URL is not set: the web_search layer searches nothing) (web_search layer)")
				continue
			}
			host, port, err := searchEndpoint(v)
			if err != nil {
				return nil, err
			}
			hp, err := hostPort("CLAUZ3_SEARCH_URL", host, int(port))
			if err != nil {
				return nil, err
			}
			out = append(out, "connects to: the search service "+hp+" (web_search layer)")
		}
	}
	extra := append([]uint16(nil), cfg.ConnectPorts...)
	sort.Slice(extra, func(i, j int) bool { return extra[i] < extra[j] })
	for _, n := range extra {
		out = append(out, fmt.Sprintf("connects to: any host on port %d (the service's sandbox configuration)", n))
	}
	return out, nil
}

// SandboxText is the policy in words (sandbox.Policy.String) with the
// hosts the run can connect to (SandboxHosts) after its network line:
// what the approval card shows under the sandbox.
func SandboxText(p sandbox.Policy, hosts []string) string {
	return p.Describe(hosts)
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// sandboxVar declares the policy as a package-level value of the
// generated program, one field a line, under a comment that says it in
// words, so a reader of main.go sees what the binary may touch.
func sandboxVar(f *jen.File, p sandbox.Policy) {
	strs := func(xs []string) jen.Code {
		items := make([]jen.Code, len(xs))
		for i, x := range xs {
			items[i] = jen.Lit(x)
		}
		return jen.Index().String().Values(items...)
	}
	ports := make([]jen.Code, len(p.ConnectPorts))
	for i, port := range p.ConnectPorts {
		ports[i] = jen.Lit(int(port))
	}
	network := "NetNone"
	if p.Network == sandbox.NetPorts {
		network = "NetPorts"
	}
	l := p.Limits
	fields := jen.Dict{
		jen.Id("ReadOnly"):     strs(p.ReadOnly),
		jen.Id("ReadWrite"):    strs(p.ReadWrite),
		jen.Id("Secrets"):      strs(p.Secrets),
		jen.Id("Home"):         jen.Lit(p.Home),
		jen.Id("Deny"):         strs(p.Deny),
		jen.Id("Network"):      jen.Qual(SandboxPath, network),
		jen.Id("ConnectPorts"): jen.Index().Uint16().Values(ports...),
		jen.Id("DNS"):          jen.Lit(p.DNS),
		jen.Id("Limits"): jen.Qual(SandboxPath, "Limits").Values(jen.Dict{
			jen.Id("CPUSeconds"):   jen.Lit(int(l.CPUSeconds)),
			jen.Id("AddressSpace"): jen.Lit(int(l.AddressSpace)),
			jen.Id("OpenFiles"):    jen.Lit(int(l.OpenFiles)),
			jen.Id("FileSize"):     jen.Lit(int(l.FileSize)),
			jen.Id("Processes"):    jen.Lit(int(l.Processes)),
		}),
		jen.Id("AllowUnconfined"): jen.Lit(p.AllowUnconfined),
	}
	f.Comment("sandboxPolicy is what this binary may touch, applied by the kernel (Landlock,")
	f.Comment("seccomp, resource limits) before the receipt is read; derived at build time")
	f.Comment("from the layers it links and their configuration:")
	for _, line := range strings.Split(strings.TrimSpace(p.String()), "\n") {
		f.Comment("  " + line)
	}
	f.Var().Id("sandboxPolicy").Op("=").Qual(SandboxPath, "Policy").Values(fields)
}

// sandboxPolicy derives the policy a real build embeds (nil when none).
func (o *BuildOptions) sandboxPolicy(layers []*Layer) (*sandbox.Policy, error) {
	if o.Sandbox == nil {
		return nil, nil
	}
	if o.Mode != Real {
		return nil, refusal(RealOnly, "", "a sandbox configuration is for real builds: a simulation binary links no layer")
	}
	p, err := SandboxPolicy(layers, *o.Sandbox)
	if err != nil {
		return nil, err
	}
	return &p, nil
}

// sandboxHashText is the policy as the plan hash covers it: every field,
// so two configurations never share a cached binary.
func sandboxHashText(p sandbox.Policy) string {
	return fmt.Sprintf("%q", fmt.Sprintf("%#v", p))
}
