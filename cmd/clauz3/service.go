package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"golang.org/x/sys/unix"

	"github.com/clauz3/clauz3/approval"
	"github.com/clauz3/clauz3/approval/client"
	"github.com/clauz3/clauz3/approval/serve"
	"github.com/clauz3/clauz3/approval/state"
	"github.com/clauz3/clauz3/layers"
	"github.com/clauz3/clauz3/prover"
)

// env is what the commands read from the machine rather than from their
// arguments. main uses the real one; tests give another client.Paths so a
// run can be pointed at an in-test service without touching the real
// /etc/clauz3 or the root account's home.
type env struct {
	clientPaths func() (client.Paths, error)
}

var defaultEnv = env{clientPaths: client.DefaultPaths}

const serviceUsage = `usage:
  clauz3 service init [--dev] [--state DIR] [--config DIR] [--addr 127.0.0.1:876] [--password-file FILE|-]
                      [--account clauz3] [--socket PATH] [--unit PATH] [--go PATH] [--module-source DIR]
                      [--gocache DIR] [--gomodcache DIR] [--client-home DIR]   (these three: --dev only)
  clauz3 service run  [--dev] [--state DIR] [--config DIR]
  clauz3 service --dev   (same as: clauz3 service run --dev)

init sets up the approval service's own state: in a real installation (run as root) the clauz3
account, its folders, a systemd unit and /etc/clauz3/client.json; with --dev, same-user folders and
~/.config/clauz3/client.json. A real installation's UI listens on a privileged loopback port (default
127.0.0.1:876; dev: 127.0.0.1:8765) and its module cache is seeded from --module-source, every module
checked against the pinned go.sum. run serves it; only the account that owns the state may.
`

func runService(e env, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, serviceUsage)
		return exitUsage
	}
	switch args[0] {
	case "init":
		return runServiceInit(e, args[1:], stdin, stdout, stderr)
	case "run":
		return runServiceRun("clauz3 service run", args[1:], stdout, stderr)
	case "--dev", "-dev":
		return runServiceRun("clauz3 service run", args, stdout, stderr)
	case "-h", "--help", "help":
		fmt.Fprint(stdout, serviceUsage)
		return exitOK
	}
	fmt.Fprintf(stderr, "clauz3 service: unknown subcommand %q\n%s", args[0], serviceUsage)
	return exitUsage
}

// layoutFlags are --dev, --state and --config.
type layoutFlags struct {
	dev           bool
	stateDir, cfg string
}

func (lf *layoutFlags) register(fs *flag.FlagSet) {
	fs.BoolVar(&lf.dev, "dev", false, "same-user development mode: no OS separation between the agent and the service")
	fs.StringVar(&lf.stateDir, "state", "", "the service's state folder (default: "+state.RealState+", or ~/.local/state/clauz3 with --dev)")
	fs.StringVar(&lf.cfg, "config", "", "the service's config folder (default: "+state.RealConfig+", or ~/.config/clauz3/service with --dev)")
}

func (lf *layoutFlags) layout() (state.Layout, error) {
	l := state.RealLayout()
	if lf.dev {
		var err error
		if l, err = state.DevLayout(); err != nil {
			return l, err
		}
	}
	if lf.stateDir != "" {
		l.State = lf.stateDir
	}
	if lf.cfg != "" {
		l.Config = lf.cfg
	}
	var err error
	if l.State, err = filepath.Abs(l.State); err != nil {
		return l, err
	}
	if l.Config, err = filepath.Abs(l.Config); err != nil {
		return l, err
	}
	return l, nil
}

func runServiceInit(e env, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 service init", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var lf layoutFlags
	lf.register(fs)
	addr := fs.String("addr", "", "the loopback host:port of the UI and of receipt redemption (default 127.0.0.1:876 real, a privileged port; 127.0.0.1:8765 dev)")
	passwordFile := fs.String("password-file", "", "read the human's password from this owner-only file, or - for standard input (default: ask on the terminal)")
	account := fs.String("account", state.Account, "the service's OS account (real mode; made with useradd if missing)")
	socket := fs.String("socket", state.RealSocket, "the API's Unix socket (real mode)")
	unit := fs.String("unit", state.RealUnit, "where to write the systemd unit (real mode)")
	goBin := fs.String("go", "", "the absolute path of the go command sealed builds use (default: the toolchain found now)")
	goCache := fs.String("gocache", "", "dev mode only: share this Go build cache instead of <state>/gocache (a real service's cache is always its own)")
	goModCache := fs.String("gomodcache", "", "dev mode only: share this Go module cache instead of <state>/gomodcache")
	moduleSource := fs.String("module-source", "", "real mode: the module cache to seed <state>/gomodcache from, every module checked against the pinned go.sum (default: ~/go/pkg/mod of the account running init)")
	clientHome := fs.String("client-home", "", "dev mode only: write the client configuration under DIR/.config/clauz3 instead of your home, for a throwaway instance (make demo's) that must not replace your own")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "clauz3 service init: "+format+"\n", a...)
		return code
	}
	if fs.NArg() != 0 {
		return fail(exitUsage, "unexpected arguments %q", fs.Args())
	}
	if *addr == "" {
		*addr = map[bool]string{true: "127.0.0.1:8765", false: "127.0.0.1:876"}[lf.dev]
	}
	host, port, err := net.SplitHostPort(*addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() || port == "0" {
		return fail(exitUsage, "--addr %q: a loopback IP address and a fixed port (clients pin it)", *addr)
	}
	l, err := lf.layout()
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	goPath, err := serve.FindGo(*goBin)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	for name, v := range map[string]string{"--gocache": *goCache, "--gomodcache": *goModCache, "--client-home": *clientHome} {
		if v == "" {
			continue
		}
		if !lf.dev {
			return fail(exitUsage, "%s is for dev mode: a real service builds with its own caches only, and its client configuration is root's %s", name, client.SystemPath)
		}
		if !filepath.IsAbs(v) {
			return fail(exitUsage, "%s %q is not an absolute path", name, v)
		}
	}
	err = serve.Init(serve.InitOptions{
		Layout: l, Dev: lf.dev, Addr: *addr, Account: *account, Socket: *socket, Unit: *unit, Go: goPath,
		GoCache: *goCache, GoModCache: *goModCache, ModuleSource: *moduleSource, ClientHome: *clientHome,
		Password:    func() (string, error) { return readPassword(*passwordFile, stdin, stderr) },
		ClientPaths: e.clientPaths, Stdout: stdout,
	})
	var ue *serve.UsageError
	switch {
	case errors.As(err, &ue):
		return fail(exitUsage, "%v", err)
	case err != nil:
		return fail(exitRefused, "%v", err)
	}
	return exitOK
}

// readPassword reads the human's password: from an owner-only file, from
// standard input ("-"), or twice on the terminal without echo.
func readPassword(from string, stdin io.Reader, stderr io.Writer) (string, error) {
	switch from {
	case "-":
		line, err := bufio.NewReader(io.LimitReader(stdin, 4096)).ReadString('\n')
		if err != nil && !(errors.Is(err, io.EOF) && line != "") {
			return "", fmt.Errorf("standard input: %v", err)
		}
		return strings.TrimRight(line, "\r\n"), nil
	case "":
		return readPasswordTTY(stderr)
	}
	data, err := state.ReadFile(from, os.Geteuid())
	if err != nil {
		return "", fmt.Errorf("--password-file: %v", err)
	}
	line, _, _ := strings.Cut(string(data), "\n")
	return strings.TrimRight(line, "\r"), nil
}

func readPasswordTTY(stderr io.Writer) (string, error) {
	return askPasswordTTY(true, "use --password-file FILE or - for standard input")
}

// readPasswordOnce asks for the password once, without echo (clauz3
// approve and deny).
func readPasswordOnce(stderr io.Writer) (string, error) {
	return askPasswordTTY(false, "give --password-file FILE, or - for standard input")
}

// askPasswordTTY asks on the terminal; without one, the error ends with
// the caller's hint on how else to give the password.
func askPasswordTTY(twice bool, hint string) (string, error) {
	tty, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
	if err != nil {
		return "", fmt.Errorf("no terminal to ask on (%v): %s", err, hint)
	}
	defer tty.Close()
	fd := int(tty.Fd())
	old, err := unix.IoctlGetTermios(fd, unix.TCGETS)
	if err != nil {
		return "", fmt.Errorf("the terminal: %v", err)
	}
	noEcho := *old
	noEcho.Lflag &^= unix.ECHO
	noEcho.Lflag |= unix.ICANON | unix.ISIG
	if err := unix.IoctlSetTermios(fd, unix.TCSETS, &noEcho); err != nil {
		return "", fmt.Errorf("the terminal: %v", err)
	}
	defer unix.IoctlSetTermios(fd, unix.TCSETS, old)
	r := bufio.NewReader(tty)
	ask := func(prompt string) (string, error) {
		fmt.Fprint(tty, prompt)
		line, err := r.ReadString('\n')
		fmt.Fprintln(tty)
		return strings.TrimRight(line, "\r\n"), err
	}
	a, err := ask("The human's password for the approval UI: ")
	if err != nil || !twice {
		return a, err
	}
	b, err := ask("Again: ")
	if err != nil {
		return "", err
	}
	if a != b {
		return "", errors.New("the two passwords differ")
	}
	return a, nil
}

// refusedFlag is a flag that used to exist and now only says why it is gone.
type refusedFlag struct{ why string }

func (f refusedFlag) String() string   { return "" }
func (f refusedFlag) Set(string) error { return errors.New(f.why) }

func runServiceRun(name string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(stderr)
	var lf layoutFlags
	lf.register(fs)
	fs.Var(refusedFlag{"policies are read only from the service's config folder (<config>/policy.json), never from a flag"}, "policy", "(removed)")
	fs.Var(refusedFlag{"the database is in the service's state folder; use --state"}, "db", "(removed)")
	fs.Var(refusedFlag{"layers come only from the service's layer store (clauz3 layers install NAME)"}, "trusted-root", "(removed)")
	fs.Var(refusedFlag{"the address is fixed at `clauz3 service init` (clients pin it)"}, "addr", "(removed)")
	ttl := fs.Duration("receipt-ttl", approval.DefaultReceiptTTL, "how long a receipt stays valid after its decision")
	proveTimeout := fs.Duration("prove-timeout", prover.DefaultTimeout, "the limit for each solver check of a re-proof")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "%s: "+format+"\n", append([]any{name}, a...)...)
		return code
	}
	if fs.NArg() != 0 {
		return fail(exitUsage, "unexpected arguments %q", fs.Args())
	}
	l, err := lf.layout()
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	// Stopping (SIGINT, SIGTERM) ends the service cleanly.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	err = serve.Run(ctx, serve.Options{Layout: l, Dev: lf.dev, ReceiptTTL: *ttl, ProveTimeout: *proveTimeout, Version: version, Stdout: stdout, Stderr: stderr})
	if err != nil {
		return fail(exitRefused, "%v", err)
	}
	return exitOK
}

func runLayersInstall(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 layers install", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var lf layoutFlags
	lf.register(fs)
	force := fs.Bool("force", false, "replace an installed layer of the same domain")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	pos := fs.Args()
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "clauz3 layers install: "+format+"\n", a...)
		return code
	}
	if len(pos) != 1 {
		return fail(exitUsage, "want one layer NAME (a bundled layer: email, bank, stdlib:filesystem, ...)")
	}
	l, err := lf.layout()
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	owner, err := state.AdminCredentials("clauz3 layers install", l)
	if err != nil {
		return fail(exitRefused, "%v", err)
	}
	src, err := layers.Resolve(pos[0])
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	res, digest, err := serve.InstallLayer(l, src, *force, owner)
	if err != nil {
		return fail(exitRefused, "%v", err)
	}
	fmt.Fprintf(stdout, "installed %s into the service's layer store %s (%s), pinned %s; restart the service to use it\n", src.Origin, res.Dir, count(len(res.Layer.Effects), "effect"), digest)
	return exitOK
}
