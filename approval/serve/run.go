package serve

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	iofs "io/fs"
	"net"
	"net/http"
	"os"
	"runtime"
	"strings"
	"syscall"
	"time"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/approval/execute"
	"github.com/clauz3/clauz3/approval/state"
	"github.com/clauz3/clauz3/policy"
	"github.com/clauz3/clauz3/prover"
	"github.com/clauz3/clauz3/securitymod/audit"
	"github.com/clauz3/clauz3/securitymod/receipt"
	"github.com/clauz3/clauz3/securitymod/sandbox"
)

// Options are what `clauz3 service run` was told; everything else comes
// from the layout's own folders.
type Options struct {
	Layout state.Layout
	// Dev is a same-user development service (--dev).
	Dev          bool
	ReceiptTTL   time.Duration
	ProveTimeout time.Duration
	// Version is what /health reports.
	Version        string
	Stdout, Stderr io.Writer
}

// Run serves the approval service of o.Layout until ctx ends: it checks
// the state it is given (owner, modes, mode of installation, the lock,
// keys, password hash, policy, the pinned layer store), wires the re-proof,
// the policy and the runs into package approval, listens (loopback TCP,
// and the API's Unix socket in a real installation) and audits its
// start. Any error is a refusal to serve, and says why.
func Run(ctx context.Context, o Options) error {
	l := o.Layout
	uid := os.Geteuid()
	if !o.Dev && uid == 0 {
		return fmt.Errorf("a real service runs as its own account, not root (the systemd unit sets User=); refusing to run as root")
	}
	for _, d := range []string{l.Config, l.State} {
		if err := state.CheckDir(d, uid); err != nil {
			return err
		}
	}
	settings, err := state.ReadSettings(l, uid)
	if err != nil {
		return err
	}
	if want := map[bool]string{true: client.ModeDev, false: client.ModeReal}[o.Dev]; settings.Mode != want {
		return fmt.Errorf("%s is a %s installation; run it %s", l.State, settings.Mode, map[bool]string{true: "without --dev", false: "with --dev"}[o.Dev])
	}
	release, err := state.Lock(l)
	if err != nil {
		return err
	}
	defer release()
	keys, err := state.LoadKeys(l, uid)
	if err != nil {
		return err
	}
	hash, err := state.ReadFile(l.PasswordFile(), uid)
	if err != nil {
		return fmt.Errorf("the password hash: %v", err)
	}
	var pol *policy.Policy
	if _, err := os.Lstat(l.PolicyFile()); err == nil {
		if err := state.CheckFile(l.PolicyFile(), uid); err != nil {
			return err
		}
		// A policy that does not load stops the service: silently asking
		// the human for everything would leave the administrator
		// believing rules apply.
		if pol, err = policy.Load(l.PolicyFile()); err != nil {
			return err
		}
	} else if !errors.Is(err, iofs.ErrNotExist) {
		return err
	}
	trusted, err := storeRoots(l)
	if err != nil {
		return err
	}

	store, err := approval.OpenStore(ctx, l.DB())
	if err != nil {
		return err
	}
	defer store.Close()
	proofs, err := newProver(l, trusted, settings, uid, keys, o.ProveTimeout, o.Stderr)
	if err != nil {
		return err
	}
	proofs.slots, proofs.contexts = make(chan struct{}, runtime.NumCPU()), prover.NewContexts(runtime.NumCPU())
	defer proofs.contexts.Close()
	// Honest degradation (issue 15): say at start what runs will get.
	if missing := sandbox.Probe().Missing(); missing != "" {
		if settings.Sandbox.AllowUnconfined {
			fmt.Fprintf(o.Stdout, "approval service: RUNNING UNCONFINED: this machine lacks %s; approved runs are not confined by the kernel (service.json sandbox.allow_unconfined)\n", missing)
		} else {
			fmt.Fprintf(o.Stdout, "approval service: this machine lacks %s: every run will be refused unless service.json sets sandbox.allow_unconfined\n", missing)
		}
	}
	svc, err := approval.New(approval.Config{
		Addr: settings.Addr, Store: store, Key: keys.Signing, SessionSecret: keys.SessionSecret,
		Reprove: proofs.reprove, Decide: proofs.decider(pol), ReceiptTTL: o.ReceiptTTL, Version: o.Version,
		PasswordHash: strings.TrimSpace(string(hash)), Dev: o.Dev, Execute: proofs.executor(),
	})
	if err != nil {
		return err
	}
	var listeners []net.Listener
	defer func() {
		for _, ln := range listeners {
			ln.Close()
		}
	}()
	if settings.Mode == client.ModeReal {
		// Checked again at every start: the kernel setting may have
		// changed since init.
		start, err := state.UnprivilegedPortStart()
		if err == nil {
			err = state.CheckPrivilegedAddr(settings.Addr, start)
		}
		if err != nil {
			return err
		}
	}
	ln, err := net.Listen("tcp", settings.Addr)
	if errors.Is(err, syscall.EADDRINUSE) {
		// Clients pin this address: whatever holds it now would be shown
		// the human's password on its login page. Say so.
		return fmt.Errorf("%v: another process holds the pinned UI address %s (it could serve a login page of its own); stop it, or find out what it is, before starting the service", err, settings.Addr)
	}
	if err != nil {
		return err
	}
	listeners = append(listeners, ln)
	if settings.Mode == client.ModeReal {
		sl, err := listenSocket(settings.Socket, uid)
		if err != nil {
			return err
		}
		listeners = append(listeners, sl)
	}
	started, _ := json.Marshal(map[string]any{"url": svc.URL(), "key_id": receipt.KeyID(svc.PublicKey()), "mode": settings.Mode, "layers": trusted, "state": l.State})
	if err := store.Audit(ctx, audit.Event{Kind: "service.started", Actor: "service", Detail: string(started)}); err != nil {
		return err
	}
	if o.Dev {
		fmt.Fprintln(o.Stdout, "approval service: DEV MODE: same OS user as the agent; this does not protect you from a hostile agent")
	}
	fmt.Fprintf(o.Stdout, "approval service: listening on %s\n", svc.URL())
	if settings.Socket != "" {
		fmt.Fprintf(o.Stdout, "approval service: API socket %s\n", settings.Socket)
	}
	fmt.Fprintf(o.Stdout, "approval service: state %s, key %s\n", l.State, receipt.KeyID(svc.PublicKey()))
	fmt.Fprintf(o.Stdout, "approval service: layers: %s\n", strings.Join(append([]string{}, trusted...), ", "))
	fmt.Fprintf(o.Stdout, "approval service: log in at %s with the password set at init\n", svc.LoginURL())

	// Stopping cancels every request's context, so long-polls answer 503
	// at once instead of holding the shutdown for up to two minutes.
	base, stopRequests := context.WithCancel(context.Background())
	defer stopRequests()
	srv := &http.Server{
		BaseContext:       func(net.Listener) context.Context { return base },
		Handler:           svc.Handler(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      approval.MaxWait + 10*time.Second,
		IdleTimeout:       2 * time.Minute,
	}
	served := make(chan error, len(listeners))
	for _, ln := range listeners {
		go func() { served <- srv.Serve(ln) }()
	}
	select {
	case err := <-served:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	stopRequests()
	if err := srv.Shutdown(shutdown); err != nil {
		return fmt.Errorf("shutting down: %v", err)
	}
	fmt.Fprintln(o.Stdout, "approval service: stopped")
	return nil
}

// newProver is the service's re-proof, policy and run wiring over the
// layout l: its layer store, the trusted roots pinned in it, and the
// build and run settings from its settings, state and config folders
// (ExecuteOptions), read now (a layer configuration that does not read
// refuses to start) and again for every submission and run.
func newProver(l state.Layout, trusted []string, settings state.Settings, uid int, keys state.Keys, timeout time.Duration, stderr io.Writer) (*serviceProver, error) {
	execOpts, err := ExecuteOptions(l, settings, uid, "http://"+settings.Addr, keys)
	if err != nil {
		return nil, err
	}
	execOpts.Stderr = stderr
	reload := func() (execute.Options, error) {
		o, err := ExecuteOptions(l, settings, uid, "http://"+settings.Addr, keys)
		o.Stderr = stderr
		return o, err
	}
	return &serviceProver{importRoot: l.LayerStore(), trusted: trusted, timeout: timeout, exec: execOpts, reload: reload}, nil
}
