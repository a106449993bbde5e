package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/clauz3/clauz3/approval/layersetup"
	"github.com/clauz3/clauz3/approval/state"
)

const layersUsage = `usage:
  clauz3 layers install NAME [--dev] [--state DIR] [--config DIR] [--force]
  clauz3 layers configure email --server HOST:PORT --from ADDRESS [--tls starttls|implicit] [--ca-file FILE]
  clauz3 layers configure bank [--ledger FILE] --account NAME=CENTS...
  clauz3 layers configure db [--db FILE] [--table users] (--csv FILE | --sql FILE)
  clauz3 layers configure filesystem|grep|editor --root DIR...
  clauz3 layers configure web_fetch [--max-bytes N] [--timeout D] [--port N]... [--allow-loopback]   (loopback: dev mode only)
  (configure also takes --dev, --state DIR, --config DIR)

configure writes the service's configuration of one layer (<config>/layers/NAME.json), replacing
the layer's previous one, and creates what the layer works on (the bank ledger and its accounts,
the db layer's table). The ledger defaults to <state>/data/bank/ledger.db, the database to
<state>/data/db/db.sqlite. A running service uses it from the next submission on (no restart).
`

func runLayers(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "install":
			return runLayersInstall(args[1:], stdout, stderr)
		case "configure":
			return runLayersConfigure(args[1:], stdout, stderr)
		case "-h", "--help", "help":
			fmt.Fprint(stdout, layersUsage)
			return exitOK
		}
	}
	fmt.Fprint(stderr, layersUsage)
	return exitUsage
}

// configureFlags are the layers each configure flag belongs to.
var configureFlags = map[string][]string{
	"server": {"email"}, "from": {"email"}, "tls": {"email"}, "ca-file": {"email"},
	"ledger": {"bank"}, "account": {"bank"},
	"db": {"db"}, "table": {"db"}, "csv": {"db"}, "sql": {"db"},
	"root":      {"filesystem", "grep", "editor"},
	"max-bytes": {"web_fetch"}, "timeout": {"web_fetch"}, "allow-loopback": {"web_fetch"}, "port": {"web_fetch"},
}

func runLayersConfigure(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 layers configure", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var lf layoutFlags
	lf.register(fs)
	var email layersetup.Email
	fs.StringVar(&email.Server, "server", "", "email: the SMTP server, HOST:PORT (its certificate must carry HOST)")
	fs.StringVar(&email.From, "from", "", "email: the sender address")
	fs.StringVar(&email.TLS, "tls", "starttls", "email: starttls or implicit")
	fs.StringVar(&email.CAFile, "ca-file", "", "email: a PEM file of extra trusted CA certificates (copied into the config folder)")
	ledger := fs.String("ledger", "", "bank: the ledger's SQLite file (default <state>/data/bank/ledger.db; created when missing)")
	var accounts, roots stringList
	fs.Var(&accounts, "account", "bank: NAME=CENTS, an account to create with its opening balance (repeatable)")
	var dbs layersetup.DB
	fs.StringVar(&dbs.Path, "db", "", "db: the SQLite file (default <state>/data/db/db.sqlite)")
	fs.StringVar(&dbs.Table, "table", "users", "db: the declared table the CSV file fills")
	fs.StringVar(&dbs.CSV, "csv", "", "db: a CSV file whose header is the table's declared columns")
	fs.StringVar(&dbs.SQL, "sql", "", "db: an SQL script that creates the declared tables")
	fs.Var(&roots, "root", "filesystem, grep, editor: a folder plans may use, absolute, no symbolic links (repeatable)")
	var web layersetup.WebFetch
	fs.Int64Var(&web.MaxBytes, "max-bytes", 0, "web_fetch: the response body cap in bytes (default: the layer's, 1 MiB)")
	fs.DurationVar(&web.Timeout, "timeout", 0, "web_fetch: the limit for a whole request (default: the layer's, 30s)")
	fs.BoolVar(&web.AllowLoopback, "allow-loopback", false, "web_fetch, dev mode only: let plans fetch from loopback (a local server)")
	var webPorts portList
	fs.Var(&webPorts, "port", "web_fetch: a TCP port besides 80 and 443 that fetched URLs may use (repeatable; the sandbox admits no other)")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "clauz3 layers configure: "+format+"\n", a...)
		return code
	}
	if fs.NArg() != 1 {
		return fail(exitUsage, "want one layer NAME: email, bank, db, filesystem, grep, editor or web_fetch")
	}
	name := fs.Arg(0)
	known := false
	for _, layers := range configureFlags {
		for _, l := range layers {
			known = known || l == name
		}
	}
	if !known {
		return fail(exitUsage, "%q: the layers configured by this command are email, bank, db, filesystem, grep, editor and web_fetch", name)
	}
	var misplaced []string
	fs.Visit(func(f *flag.Flag) {
		if owners, ok := configureFlags[f.Name]; ok && !contains(owners, name) {
			misplaced = append(misplaced, "--"+f.Name)
		}
	})
	if len(misplaced) > 0 {
		sort.Strings(misplaced)
		return fail(exitUsage, "%s: not a setting of the %s layer", strings.Join(misplaced, ", "), name)
	}
	l, err := lf.layout()
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	owner, err := state.AdminCredentials("clauz3 layers configure", l)
	if err != nil {
		return fail(exitRefused, "%v", err)
	}
	abs := func(p string) string {
		if p == "" {
			return ""
		}
		a, err := filepath.Abs(p)
		if err != nil {
			return p
		}
		return a
	}
	req := layersetup.Request{Domain: name, Email: email, Ledger: abs(*ledger), Accounts: accounts, Roots: roots, WebFetch: web,
		DB: layersetup.DB{Path: abs(dbs.Path), Table: dbs.Table, CSV: abs(dbs.CSV), SQL: abs(dbs.SQL)}}
	req.WebFetch.Ports = webPorts
	path, res, err := layersetup.Configure(l, owner, req)
	var usage *layersetup.UsageError
	if errors.As(err, &usage) {
		return fail(exitUsage, "%v", err)
	}
	if err != nil {
		return fail(exitRefused, "%v", err)
	}
	for _, s := range res.Summary {
		fmt.Fprintf(stdout, "configured %s: %s\n", name, s)
	}
	fmt.Fprintf(stdout, "configured %s: wrote %s; the service uses it from the next submission on\n", name, path)
	return exitOK
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// portList is a repeatable --port flag.
type portList []int

func (p *portList) String() string {
	s := make([]string, len(*p))
	for i, n := range *p {
		s[i] = strconv.Itoa(n)
	}
	return strings.Join(s, ",")
}

func (p *portList) Set(v string) error {
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 || n > 65535 {
		return fmt.Errorf("%q is not a TCP port number", v)
	}
	*p = append(*p, n)
	return nil
}
