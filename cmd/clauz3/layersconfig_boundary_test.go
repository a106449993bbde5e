package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestLayersConfigureRealInstall: on a real installation, root configures
// the email and bank layers; everything made (the configuration files,
// the service's copy of the CA, the ledger and every folder made on the
// way to it, which the service must traverse) belongs to the
// service's account, which then starts with that configuration (it
// refuses layer configuration it does not own). The agent is refused the
// verb, whatever it names.
func TestLayersConfigureRealInstall(t *testing.T) {
	if testing.Short() {
		t.Skip("makes OS accounts and starts a real service")
	}
	b := newBoundary(t)
	ca := filepath.Join(b.base, "ca.pem")
	if err := os.WriteFile(ca, []byte(testCAPEM), 0o644); err != nil {
		t.Fatal(err)
	}
	loc := []string{"--state", b.layout.state, "--config", b.layout.config}
	b.root(t, exitOK, append([]string{"layers", "configure", "email", "--server", "127.0.0.1:2525", "--from", "svc@example.com", "--ca-file", ca}, loc...)...)
	b.root(t, exitOK, append([]string{"layers", "configure", "bank", "--account", "checking=1000"}, loc...)...)
	out := b.asAgent(t, exitRefused, append([]string{"layers", "configure", "email", "--server", "127.0.0.1:2526", "--from", "agent@evil.test"}, loc...))
	if !strings.Contains(out, "needs the approval service's credentials") && !strings.Contains(out, "permission denied") {
		t.Errorf("the agent configuring a layer: %s", out)
	}
	ledger := filepath.Join(b.layout.state, "data", "bank", "ledger.db")
	for _, p := range []string{
		filepath.Join(b.layout.config, "layers", "email.json"), filepath.Join(b.layout.config, "layers", "email-ca.pem"),
		filepath.Join(b.layout.config, "layers", "bank.json"), filepath.Dir(filepath.Dir(ledger)), filepath.Dir(ledger), ledger,
	} {
		fi, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		if uid := fi.Sys().(*syscall.Stat_t).Uid; uid != b.serviceCred.Uid {
			t.Errorf("%s is owned by uid %d, not the service's %d", p, uid, b.serviceCred.Uid)
		}
	}
	// The service's account reaches and writes the ledger (SQLite
	// writes its WAL beside it) and reads its copy of the CA.
	probe := exec.Command("/bin/sh", "-c", `test -r "$1" && test -w "$1" && test -w "$(dirname "$1")" && test -r "$2"`, "sh",
		ledger, filepath.Join(b.layout.config, "layers", "email-ca.pem"))
	probe.SysProcAttr = &syscall.SysProcAttr{Credential: b.serviceCred}
	if out, err := probe.CombinedOutput(); err != nil {
		t.Errorf("the service's account cannot use the ledger or the CA copy: %v %s", err, out)
	}
	data, err := os.ReadFile(filepath.Join(b.layout.config, "layers", "email.json"))
	if err != nil || !strings.Contains(string(data), `"CLAUZ3_SMTP_FROM": "svc@example.com"`) {
		t.Errorf("email.json after the agent's attempt: %s %v", data, err)
	}
	b.startService(t)
}

// testCAPEM is a self-signed CA certificate (P-256, valid until 2126).
const testCAPEM = `-----BEGIN CERTIFICATE-----
MIIBmzCCAUCgAwIBAgIUHg/jVveZk4xyA6tEa50a8Bn/PFEwCgYIKoZIzj0EAwIw
GTEXMBUGA1UEAwwOY2xhdXozLXRlc3QtY2EwIBcNMjYxMjAxMjMyNDI5WhgPMjEy
NjExMDcyMzI0MjlaMBkxFzAVBgNVBAMMDmNsYXV6My10ZXN0LWNhMFkwEwYHKoZI
zj0CAQYIKoZIzj0DAQcDQgAE2Z3aiQLVS9P3MrY14M3p0IOQUd/ioAzNCASUapHC
xS9vl5rJIX6BqAaLP1+MqXGrgJaWu6cUHkI7ESgJSUfVxqNkMGIwHQYDVR0OBBYE
FGKlEjMFpJMoCt0IJpUTNITZqm3iMB8GA1UdIwQYMBaAFGKlEjMFpJMoCt0IJpUT
NITZqm3iMA8GA1UdEwEB/wQFMAMBAf8wDwYDVR0RBAgwBocEfwAAATAKBggqhkjO
PQQDAgNJADBGAiEAgrd7o1TwnndO++Xa4M73AFweAqD/3acElctdwff0enoCIQCV
NdYjwLX6bi2DRCScK6egJiUzWC/VqCqnge6QRSDqEQ==
-----END CERTIFICATE-----
`
