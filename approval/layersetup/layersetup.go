package layersetup

import (
	"bytes"
	"crypto/x509"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/clauz3/clauz3/approval/state"
	"github.com/clauz3/clauz3/layers/bank"
	"github.com/clauz3/clauz3/layers/db"
)

// Result is one layer's configuration: the settings to write and the
// files made on the way (which a root-run command hands to the service's
// account), and what to tell the administrator.
type Result struct {
	Domain  string
	Env     map[string]string
	Files   []string
	Summary []string
}

// File is <config>/layers/<domain>.json as approval/execute reads it.
type File struct {
	Env map[string]string `json:"env"`
}

// Write replaces the layer's configuration file in layerDir
// (<config>/layers) with res.Env, owner-only, and returns its path.
func Write(layerDir string, res Result) (string, error) {
	if !validDomain(res.Domain) {
		return "", fail(UnknownLayer, "", "layer %q: not a layer domain", res.Domain)
	}
	for k, v := range res.Env {
		if !strings.HasPrefix(k, "CLAUZ3_") || strings.ContainsAny(k, "= \x00") || strings.ContainsRune(v, 0) {
			return "", fail(BadSetting, "", "layer %s: %q=%q is not a CLAUZ3_* setting", res.Domain, k, v)
		}
	}
	data, err := json.MarshalIndent(File{Env: res.Env}, "", "  ")
	if err != nil {
		return "", err
	}
	path := filepath.Join(layerDir, res.Domain+".json")
	if err := state.WriteFile(path, append(data, '\n')); err != nil {
		return "", err
	}
	return path, nil
}

func validDomain(d string) bool {
	if d == "" {
		return false
	}
	for i, r := range d {
		if !(r == '_' || r >= 'a' && r <= 'z' || i > 0 && r >= '0' && r <= '9') {
			return false
		}
	}
	return true
}

// devOnly are the settings only a dev-mode service may hand to a sealed
// binary, with what each would let a plan do.
var devOnly = map[string]string{
	"CLAUZ3_WEB_ALLOW_LOOPBACK": "lets web_fetch reach loopback (services on this machine)",
}

// DevOnly reports whether key is a setting only a dev-mode service may
// hand to a sealed binary, and why.
func DevOnly(key string) (why string, ok bool) {
	why, ok = devOnly[key]
	return why, ok
}

// WebFetch is the web_fetch layer's settings.
type WebFetch struct {
	MaxBytes      int64         // 0: the layer's default
	Timeout       time.Duration // 0: the layer's default
	AllowLoopback bool          // dev mode only
	// Ports are the TCP ports besides 80 and 443 a fetched URL may use;
	// the sealed binary's kernel sandbox admits a connection to no other.
	Ports []int
}

// SetupWebFetch checks w; dev says whether the service is in dev mode.
func SetupWebFetch(w WebFetch, dev bool) (Result, error) {
	res := Result{Domain: "web_fetch", Env: map[string]string{}}
	if w.MaxBytes < 0 {
		return Result{}, fail(BadCount, "--max-bytes", "--max-bytes %d: not a positive byte count", w.MaxBytes)
	}
	if w.Timeout < 0 {
		return Result{}, fail(BadCount, "--timeout", "--timeout %s: not a positive duration", w.Timeout)
	}
	if w.MaxBytes > 0 {
		res.Env["CLAUZ3_WEB_MAX_BYTES"] = strconv.FormatInt(w.MaxBytes, 10)
		res.Summary = append(res.Summary, fmt.Sprintf("responses up to %d bytes", w.MaxBytes))
	}
	if w.Timeout > 0 {
		res.Env["CLAUZ3_WEB_TIMEOUT"] = w.Timeout.String()
		res.Summary = append(res.Summary, "requests time out after "+w.Timeout.String())
	}
	if len(w.Ports) > 0 {
		var ps []string
		for _, p := range w.Ports {
			if p <= 0 || p > 65535 {
				return Result{}, fail(BadPort, "--port", "--port %d: not a TCP port number", p)
			}
			ps = append(ps, strconv.Itoa(p))
		}
		res.Env["CLAUZ3_WEB_PORTS"] = strings.Join(ps, ",")
		res.Summary = append(res.Summary, "plans may fetch from ports 80, 443 and "+strings.Join(ps, ", "))
	}
	if w.AllowLoopback {
		if !dev {
			why, _ := DevOnly("CLAUZ3_WEB_ALLOW_LOOPBACK")
			return Result{}, fail(LoopbackRefused, "--allow-loopback", "--allow-loopback %s; only a dev-mode service may allow it", why)
		}
		res.Env["CLAUZ3_WEB_ALLOW_LOOPBACK"] = "1"
		res.Summary = append(res.Summary, "DEV MODE: plans may fetch from loopback (services on this machine)")
	}
	if len(res.Summary) == 0 {
		res.Summary = append(res.Summary, "the layer's defaults")
	}
	return res, nil
}

// Email is the email layer's settings.
type Email struct {
	Server string // host:port of the SMTP server
	TLS    string // "starttls" (default) or "implicit"
	From   string // the sender address
	CAFile string // optional PEM file of extra trusted CA certificates
}

// CAName is the file, in <config>/layers, that holds the service's copy
// of the email layer's CA certificates.
const CAName = "email-ca.pem"

// SetupEmail checks e and copies its CA file into layerDir.
func SetupEmail(e Email, layerDir string) (Result, error) {
	host, port, err := net.SplitHostPort(e.Server)
	if err != nil || host == "" {
		return Result{}, fail(BadServer, "--server", "--server %q: want HOST:PORT (the SMTP server's name or IP address, which its certificate must carry, and its port)", e.Server)
	}
	if n, err := strconv.Atoi(port); err != nil || n <= 0 || n > 65535 {
		return Result{}, fail(BadServer, "--server", "--server %q: %q is not a port number", e.Server, port)
	}
	if strings.ContainsAny(host, " \t\r\n/\x00") {
		return Result{}, fail(BadServer, "--server", "--server %q: %q is not a host name", e.Server, host)
	}
	if e.TLS == "" {
		e.TLS = "starttls"
	}
	if e.TLS != "starttls" && e.TLS != "implicit" {
		return Result{}, fail(BadTLS, "--tls", "--tls %q: want starttls or implicit (there is no plaintext mode)", e.TLS)
	}
	if err := plainAddress(e.From); err != nil {
		return Result{}, fail(BadAddress, "--from", "--from %q: %w", e.From, err)
	}
	res := Result{Domain: "email", Env: map[string]string{
		"CLAUZ3_SMTP_HOST": host, "CLAUZ3_SMTP_PORT": port, "CLAUZ3_SMTP_TLS": e.TLS, "CLAUZ3_SMTP_FROM": e.From,
	}}
	res.Summary = append(res.Summary, fmt.Sprintf("SMTP server %s port %s (%s), sender %s", host, port, e.TLS, e.From))
	if e.CAFile != "" {
		data, err := readSmall(e.CAFile, 1<<20)
		if err != nil {
			return Result{}, fail(Unreadable, "--ca-file", "--ca-file: %w", err)
		}
		n, err := certificates(data)
		if err != nil {
			return Result{}, fail(BadCertificate, "--ca-file", "--ca-file %s: %w", e.CAFile, err)
		}
		dst := filepath.Join(layerDir, CAName)
		if err := state.WriteFile(dst, data); err != nil {
			return Result{}, err
		}
		res.Env["CLAUZ3_SMTP_CA_FILE"] = dst
		res.Files = append(res.Files, dst)
		res.Summary = append(res.Summary, fmt.Sprintf("trusts %d CA certificate(s) from %s, copied to %s", n, e.CAFile, dst))
	}
	return res, nil
}

// plainAddress accepts one bare address: local@domain, no spaces, angle
// brackets, separators or line breaks (the layer writes it into headers).
func plainAddress(a string) error {
	local, domain, ok := strings.Cut(a, "@")
	switch {
	case !ok || local == "" || domain == "" || strings.Contains(domain, "@"):
		return errors.New("not an address local@domain")
	case strings.ContainsAny(a, " \t\r\n<>,;\"()\x00"):
		return errors.New("holds a space, a line break or one of <>,;\"(); give one bare address")
	}
	return nil
}

// certificates counts the PEM certificates in data; anything else in it,
// or none, is refused.
func certificates(data []byte) (int, error) {
	n := 0
	for rest := data; ; {
		var b *pem.Block
		b, rest = pem.Decode(rest)
		if b == nil {
			if len(bytes.TrimSpace(rest)) != 0 {
				return 0, errors.New("holds text that is not a PEM block")
			}
			break
		}
		if b.Type != "CERTIFICATE" {
			return 0, fmt.Errorf("holds a %q PEM block; only certificates belong in a CA file", b.Type)
		}
		if _, err := x509.ParseCertificate(b.Bytes); err != nil {
			return 0, fmt.Errorf("certificate %d: %v", n+1, err)
		}
		n++
	}
	if n == 0 {
		return 0, errors.New("holds no PEM certificate")
	}
	return n, nil
}

// readSmall reads a regular file of at most limit bytes.
func readSmall(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", path)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s is over %d bytes", path, limit)
	}
	return data, nil
}

// Account is a bank account to create with its opening balance in cents.
type Account struct {
	Name    string
	Balance int64
}

// ParseAccount reads NAME=CENTS.
func ParseAccount(s string) (Account, error) {
	name, cents, ok := strings.Cut(s, "=")
	if !ok || name == "" {
		return Account{}, fail(BadAccount, "--account", "--account %q: want NAME=CENTS (the opening balance, an integer number of cents)", s)
	}
	if strings.ContainsAny(name, "\x00\r\n") {
		return Account{}, fail(BadAccount, "--account", "--account %q: the name holds a control character", s)
	}
	n, err := strconv.ParseInt(cents, 10, 64)
	if err != nil || n < 0 {
		return Account{}, fail(BadAccount, "--account", "--account %q: %q is not a balance (a non-negative integer number of cents)", s, cents)
	}
	return Account{Name: name, Balance: n}, nil
}

// Bank is the bank layer's settings.
type Bank struct {
	Ledger   string // the ledger's SQLite file, absolute; created when missing
	Accounts []Account
}

// SetupBank creates the ledger when missing and its accounts.
func SetupBank(b Bank) (Result, error) {
	if !filepath.IsAbs(b.Ledger) {
		return Result{}, fail(NotAbsolute, "--ledger", "--ledger %q: not an absolute path", b.Ledger)
	}
	seen := map[string]bool{}
	for _, a := range b.Accounts {
		if seen[a.Name] {
			return Result{}, fail(DuplicateAccount, "--account", "--account %s: given twice", a.Name)
		}
		seen[a.Name] = true
	}
	res := Result{Domain: "bank", Env: map[string]string{"CLAUZ3_BANK_DB": b.Ledger}}
	fi, err := os.Lstat(b.Ledger)
	switch {
	case err == nil:
		if !fi.Mode().IsRegular() {
			return Result{}, fail(NotRegular, "--ledger", "--ledger %s: not a regular file", b.Ledger)
		}
		// Opening creates the ledger's tables; an existing file of
		// another kind must not be changed into one.
		if err := isLedger(b.Ledger); err != nil {
			return Result{}, fail(NotALedger, "--ledger", "--ledger %s: %w", b.Ledger, err)
		}
	case errors.Is(err, os.ErrNotExist):
		if len(b.Accounts) == 0 {
			return Result{}, fail(MissingAccounts, "--ledger", "--ledger %s does not exist; give its accounts with --account NAME=CENTS to create it", b.Ledger)
		}
		// The folder is the ledger's own: SQLite keeps its WAL beside
		// it, and the sealed binary's sandbox opens that folder.
		made, err := mkdirs(filepath.Dir(b.Ledger))
		if err != nil {
			return Result{}, err
		}
		res.Files = append(res.Files, made...)
		res.Summary = append(res.Summary, "created the ledger "+b.Ledger)
	default:
		return Result{}, fail(Unreadable, "--ledger", "--ledger: %w", err)
	}
	l, err := bank.Open(b.Ledger)
	if err != nil {
		return Result{}, err
	}
	defer l.Close()
	for _, a := range b.Accounts {
		if bal, err := l.Balance(a.Name); err == nil {
			return Result{}, fail(DuplicateAccount, "--account", "--account %s: the ledger has this account already (balance %s); accounts are created once, their balances change only by movements", a.Name, Cents(bal))
		}
		if err := l.CreateAccount(a.Name, a.Balance); err != nil {
			return Result{}, err
		}
		res.Summary = append(res.Summary, fmt.Sprintf("account %s opened with %s", a.Name, Cents(a.Balance)))
	}
	res.Files = append(res.Files, b.Ledger, b.Ledger+"-wal", b.Ledger+"-shm")
	return res, nil
}

// mkdirs makes dir and its missing parents (0700) and returns the folders
// it made, outermost first: a root-run command hands each to the
// service's account, which must be able to traverse them all.
func mkdirs(dir string) ([]string, error) {
	var missing []string
	for d := filepath.Clean(dir); ; d = filepath.Dir(d) {
		if _, err := os.Lstat(d); err == nil {
			break
		} else if !errors.Is(err, os.ErrNotExist) {
			return nil, err
		}
		missing = append([]string{d}, missing...)
		if d == filepath.Dir(d) {
			break
		}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	return missing, nil
}

// Cents shows an amount in cents as the bank layer counts it.
func Cents(n int64) string { return strconv.FormatInt(n, 10) + " cents" }

// isLedger accepts an SQLite file with the ledger's accounts table.
func isLedger(path string) error {
	h, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return err
	}
	defer h.Close()
	var n int
	if err := h.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('accounts', 'entries')`).Scan(&n); err != nil {
		return fmt.Errorf("not an SQLite database: %v", err)
	}
	if n != 2 {
		return errors.New("an SQLite database without the ledger's accounts and entries tables; refusing to change it into a ledger")
	}
	return nil
}

// DB is the db layer's settings: a new database with Table made from a
// CSV file or an SQL script (exactly one), or an existing one (neither).
type DB struct {
	Path  string
	Table string // default "users"
	CSV   string
	SQL   string
}

// SetupDB creates the database and checks it against the declared
// columns.
func SetupDB(d DB) (Result, error) {
	if !filepath.IsAbs(d.Path) {
		return Result{}, fail(NotAbsolute, "--db", "--db %q: not an absolute path", d.Path)
	}
	if d.Table == "" {
		d.Table = "users"
	}
	cols, ok := db.Declared(d.Table)
	if !ok {
		return Result{}, fail(NoSuchTable, "--table", "--table %q: the db layer declares no such table (declared: users)", d.Table)
	}
	if d.CSV != "" && d.SQL != "" {
		return Result{}, fail(Conflict, "--csv", "--csv and --sql: give one")
	}
	res := Result{Domain: "db", Env: map[string]string{"CLAUZ3_DB_PATH": d.Path}}
	_, err := os.Lstat(d.Path)
	switch {
	case err == nil && (d.CSV != "" || d.SQL != ""):
		return Result{}, fail(DBExists, "--db", "--db %s exists already; tables are made from CSV or SQL into a new database only", d.Path)
	case err != nil && !errors.Is(err, os.ErrNotExist):
		return Result{}, fail(Unreadable, "--db", "--db: %w", err)
	case err != nil && d.CSV == "" && d.SQL == "":
		return Result{}, fail(MissingSource, "--db", "--db %s does not exist; give --csv FILE or --sql FILE to create it", d.Path)
	}
	if d.CSV != "" || d.SQL != "" {
		made, err := mkdirs(filepath.Dir(d.Path))
		if err != nil {
			return Result{}, err
		}
		res.Files = append(res.Files, made...)
		var n int
		if d.CSV != "" {
			n, err = fromCSV(d.Path, d.Table, cols, d.CSV)
		} else {
			err = fromSQL(d.Path, d.SQL)
		}
		if err != nil {
			os.Remove(d.Path)
			os.Remove(d.Path + "-wal")
			os.Remove(d.Path + "-shm")
			return Result{}, err
		}
		if d.CSV != "" {
			res.Summary = append(res.Summary, fmt.Sprintf("created %s: table %s with %d rows from %s", d.Path, d.Table, n, d.CSV))
		} else {
			res.Summary = append(res.Summary, fmt.Sprintf("created %s from %s", d.Path, d.SQL))
		}
		res.Files = append(res.Files, d.Path, d.Path+"-wal", d.Path+"-shm")
	}
	rows, err := checkTable(d.Path, d.Table, cols)
	if err != nil {
		if d.CSV != "" || d.SQL != "" {
			os.Remove(d.Path)
		}
		return Result{}, err
	}
	res.Summary = append(res.Summary, fmt.Sprintf("table %s: %d rows, columns as the layer declares them", d.Table, rows))
	return res, nil
}

func openRW(path string) (*sql.DB, error) {
	return sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)")
}

// fromCSV creates table in a new database at path from a CSV file whose
// header is exactly the declared columns.
func fromCSV(path, table string, cols []db.Column, csvFile string) (int, error) {
	data, err := readSmall(csvFile, 64<<20)
	if err != nil {
		return 0, fail(Unreadable, "--csv", "--csv: %w", err)
	}
	r := csv.NewReader(bytes.NewReader(data))
	r.FieldsPerRecord = -1 // the header is compared below, with the reason
	header, err := r.Read()
	if err != nil {
		return 0, fail(BadHeader, "--csv", "--csv %s: the header: %w", csvFile, err)
	}
	var want []string
	for _, c := range cols {
		want = append(want, c.Name)
	}
	if strings.Join(header, ",") != strings.Join(want, ",") {
		return 0, fail(BadHeader, "--csv", "--csv %s: line 1: the header is %q; table %s has the columns %q, in this order", csvFile, strings.Join(header, ","), table, strings.Join(want, ","))
	}
	r.FieldsPerRecord = len(cols)
	h, err := openRW(path)
	if err != nil {
		return 0, err
	}
	defer h.Close()
	tx, err := h.Begin()
	if err != nil {
		return 0, err
	}
	defer tx.Rollback()
	if _, err := tx.Exec(db.UsersSchema); err != nil {
		return 0, err
	}
	insert := "INSERT INTO " + table + "(" + strings.Join(want, ", ") + ") VALUES (" + strings.TrimSuffix(strings.Repeat("?, ", len(cols)), ", ") + ")"
	n := 0
	for {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return 0, fail(BadCell, "--csv", "--csv %s: %w", csvFile, err)
		}
		line, _ := r.FieldPos(0)
		args := make([]any, len(cols))
		for i, c := range cols {
			v, err := typed(c, rec[i])
			if err != nil {
				return 0, fail(BadCell, "--csv", "--csv %s: line %d, column %s: %w", csvFile, line, c.Name, err)
			}
			args[i] = v
		}
		if _, err := tx.Exec(insert, args...); err != nil {
			return 0, fail(BadCell, "--csv", "--csv %s: line %d: %w", csvFile, line, err)
		}
		n++
	}
	return n, tx.Commit()
}

// typed reads a CSV field as the column's type.
func typed(c db.Column, s string) (any, error) {
	switch c.Type {
	case "int":
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%q is not an int", s)
		}
		return n, nil
	case "bool":
		switch strings.ToLower(s) {
		case "true", "1":
			return true, nil
		case "false", "0":
			return false, nil
		}
		return nil, fmt.Errorf("%q is not a bool (true, false, 1 or 0)", s)
	}
	return s, nil
}

// fromSQL runs an administrator's SQL script on a new database.
func fromSQL(path, script string) error {
	data, err := readSmall(script, 64<<20)
	if err != nil {
		return fail(Unreadable, "--sql", "--sql: %w", err)
	}
	h, err := openRW(path)
	if err != nil {
		return err
	}
	defer h.Close()
	if _, err := h.Exec(string(data)); err != nil {
		return fail(BadSQL, "--sql", "--sql %s: %w", script, err)
	}
	return nil
}

// checkTable checks that table has the declared columns and every row
// holds values of their types that the layer's postconditions accept;
// it returns the number of rows.
func checkTable(path, table string, cols []db.Column) (int, error) {
	h, err := sql.Open("sqlite", "file:"+path+"?mode=ro")
	if err != nil {
		return 0, err
	}
	defer h.Close()
	info, err := h.Query(`SELECT name FROM pragma_table_info(?)`, table)
	if err != nil {
		return 0, fail(BadDatabase, "", "%s: not an SQLite database: %w", path, err)
	}
	have := map[string]bool{}
	for info.Next() {
		var name string
		if err := info.Scan(&name); err != nil {
			info.Close()
			return 0, err
		}
		have[name] = true
	}
	info.Close()
	if len(have) == 0 {
		return 0, fail(BadDatabase, "", "%s has no table %s", path, table)
	}
	var missing, sel []string
	for _, c := range cols {
		if !have[c.Name] {
			missing = append(missing, c.Name)
		}
		sel = append(sel, c.Name, "typeof("+c.Name+")")
	}
	if len(missing) > 0 {
		sort.Strings(missing)
		return 0, fail(BadDatabase, "", "%s: table %s lacks the declared columns %s", path, table, strings.Join(missing, ", "))
	}
	rows, err := h.Query("SELECT rowid, " + strings.Join(sel, ", ") + " FROM " + table)
	if err != nil {
		return 0, fail(BadDatabase, "", "%s: %w", path, err)
	}
	defer rows.Close()
	n := 0
	for rows.Next() {
		vals := make([]any, 1+2*len(cols))
		ptrs := make([]any, len(vals))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return 0, err
		}
		for i, c := range cols {
			v, typ := vals[1+2*i], fmt.Sprint(vals[2+2*i])
			bad := ""
			switch c.Type {
			case "int":
				if typ != "integer" {
					bad = "not an integer"
				}
			case "bool":
				if n, ok := v.(int64); typ != "integer" || !ok || (n != 0 && n != 1) {
					bad = "not a bool (0 or 1)"
				}
			case "str":
				if typ != "text" {
					bad = "not text"
				}
			}
			if s, ok := v.(string); ok && c.Name == "email" && (!strings.Contains(s, "@") || strings.ContainsAny(s, "\r\n")) {
				bad = "not a one-line address with '@' (the layer's postcondition would refuse every query that returns it)"
			}
			if bad != "" {
				return 0, fail(BadRow, "", "%s: table %s, row %v, column %s: %v is %s", path, table, vals[0], c.Name, v, bad)
			}
		}
		n++
	}
	return n, rows.Err()
}

// FS is the settings of the layers that work under roots (filesystem,
// grep, editor).
type FS struct {
	Domain string // filesystem, grep or editor
	Roots  []string
	// Service are the service's own folders (config, state): a root may
	// neither lie in one nor hold one.
	Service []string
}

// SetupFS checks the roots.
func SetupFS(f FS) (Result, error) {
	if len(f.Roots) == 0 {
		return Result{}, fail(MissingRoots, "--root", "give the folders plans may use with --root DIR (repeatable)")
	}
	var clean []string
	for _, r := range f.Roots {
		if !filepath.IsAbs(r) {
			return Result{}, fail(NotAbsolute, "--root", "--root %q: not an absolute path", r)
		}
		c := filepath.Clean(r)
		if strings.ContainsRune(c, filepath.ListSeparator) {
			return Result{}, fail(BadRoot, "--root", "--root %q: holds %q, which separates the roots", r, filepath.ListSeparator)
		}
		fi, err := os.Stat(c)
		if err != nil {
			return Result{}, fail(Unreadable, "--root", "--root: %w", err)
		}
		if !fi.IsDir() {
			return Result{}, fail(NotAFolder, "--root", "--root %s: not a folder", c)
		}
		real, err := filepath.EvalSymlinks(c)
		if err != nil {
			return Result{}, fail(Unreadable, "--root", "--root: %w", err)
		}
		if real != c {
			return Result{}, fail(SymlinkedRoot, "--root", "--root %s: reached through a symbolic link (it is %s); give the real path, as the layer refuses paths through links", c, real)
		}
		for _, s := range f.Service {
			if s == "" {
				continue
			}
			rs, err := filepath.EvalSymlinks(s)
			if err != nil {
				rs = filepath.Clean(s)
			}
			if within(c, rs) || within(rs, c) {
				return Result{}, fail(OverlapsService, "--root", "--root %s overlaps the service's own folder %s; plans could read or change its keys, policy or layers", c, rs)
			}
		}
		clean = append(clean, c)
	}
	return Result{Domain: f.Domain, Env: map[string]string{"CLAUZ3_FS_ROOTS": strings.Join(clean, string(filepath.ListSeparator))},
		Summary: []string{"roots " + strings.Join(clean, ", ")}}, nil
}

// within reports whether p is dir or inside it.
func within(p, dir string) bool {
	return p == dir || dir == "/" || strings.HasPrefix(p, dir+"/")
}
