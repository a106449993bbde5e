package layersetup

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/clauz3/clauz3/layers/bank"
	"github.com/clauz3/clauz3/layers/db"
)

// TestBankLedgerAsTheLayerReadsIt: the accounts SetupBank creates are
// what the bank layer's own code sees, and a second set-up adds accounts
// without touching existing balances.
func TestBankLedgerAsTheLayerReadsIt(t *testing.T) {
	path := filepath.Join(t.TempDir(), "bank", "ledger.db")
	if _, err := SetupBank(Bank{Ledger: path, Accounts: []Account{{"alice", 1000}, {"bob", 0}}}); err != nil {
		t.Fatal(err)
	}
	l, err := bank.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Withdraw("alice", 300); err != nil {
		t.Fatal(err)
	}
	l.Close()
	if _, err := SetupBank(Bank{Ledger: path, Accounts: []Account{{"carol", 5}}}); err != nil {
		t.Fatal(err)
	}
	l, err = bank.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	for name, want := range map[string]int64{"alice": 700, "bob": 0, "carol": 5} {
		if got, err := l.Balance(name); err != nil || got != want {
			t.Errorf("balance of %s: %d %v, want %d", name, got, err, want)
		}
	}
}

// TestSetupRefusals: every malformed setting is refused with its reason
// and leaves nothing behind.
func TestSetupRefusals(t *testing.T) {
	dir := t.TempDir()
	write := func(name, data string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
			t.Fatal(err)
		}
		return p
	}
	notLedger := filepath.Join(dir, "users.db")
	if _, err := SetupDB(DB{Path: notLedger, CSV: write("u.csv", "id,name,email,team,consented\n1,Ann,ann@example.com,ops,1\n")}); err != nil {
		t.Fatal(err)
	}
	svc := filepath.Join(dir, "svc")
	if err := os.MkdirAll(filepath.Join(svc, "state"), 0o700); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		run  func() error
		want Kind
		flag string
	}{
		{"relative ledger", func() error {
			_, err := SetupBank(Bank{Ledger: "ledger.db", Accounts: []Account{{"a", 1}}})
			return err
		}, NotAbsolute, "--ledger"},
		{"new ledger without accounts", func() error { _, err := SetupBank(Bank{Ledger: filepath.Join(dir, "none.db")}); return err }, MissingAccounts, "--ledger"},
		{"another database as the ledger", func() error {
			_, err := SetupBank(Bank{Ledger: notLedger, Accounts: []Account{{"a", 1}}})
			return err
		}, NotALedger, "--ledger"},
		{"account twice", func() error {
			_, err := SetupBank(Bank{Ledger: filepath.Join(dir, "twice.db"), Accounts: []Account{{"a", 1}, {"a", 2}}})
			return err
		}, DuplicateAccount, "--account"},
		{"undeclared table", func() error {
			_, err := SetupDB(DB{Path: filepath.Join(dir, "t.db"), Table: "orders", CSV: write("o.csv", "id\n1\n")})
			return err
		}, NoSuchTable, "--table"},
		{"csv and sql", func() error {
			_, err := SetupDB(DB{Path: filepath.Join(dir, "t.db"), CSV: "a.csv", SQL: "a.sql"})
			return err
		}, Conflict, "--csv"},
		{"int column", func() error {
			_, err := SetupDB(DB{Path: filepath.Join(dir, "t.db"), CSV: write("i.csv", "id,name,email,team,consented\nx,Ann,ann@example.com,ops,1\n")})
			return err
		}, BadCell, "--csv"},
		{"email on two lines", func() error {
			_, err := SetupDB(DB{Path: filepath.Join(dir, "t.db"), CSV: write("e.csv", "id,name,email,team,consented\n1,Ann,\"ann@example.com\nBcc: eve@evil.test\",ops,1\n")})
			return err
		}, BadRow, ""},
		{"root holding the service", func() error {
			_, err := SetupFS(FS{Domain: "filesystem", Roots: []string{dir}, Service: []string{filepath.Join(svc, "state")}})
			return err
		}, OverlapsService, "--root"},
		{"root is a file", func() error {
			_, err := SetupFS(FS{Domain: "filesystem", Roots: []string{notLedger}})
			return err
		}, NotAFolder, "--root"},
		{"no roots", func() error { _, err := SetupFS(FS{Domain: "filesystem"}); return err }, MissingRoots, "--root"},
		{"implicit port out of range", func() error {
			_, err := SetupEmail(Email{Server: "mail.example.com:70000", From: "a@example.com"}, dir)
			return err
		}, BadServer, "--server"},
		{"empty CA file", func() error {
			_, err := SetupEmail(Email{Server: "mail.example.com:587", From: "a@example.com", CAFile: write("empty.pem", "\n")}, dir)
			return err
		}, BadCertificate, "--ca-file"},
		{"from with a header", func() error {
			_, err := SetupEmail(Email{Server: "mail.example.com:587", From: "a@example.com\r\nBcc: eve@evil.test"}, dir)
			return err
		}, BadAddress, "--from"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.run()
			var e *Error
			if !errors.As(err, &e) || e.Kind != tc.want || e.Flag != tc.flag {
				t.Fatalf("got %v, want a %v refusal of %q", err, tc.want, tc.flag)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "t.db")); !os.IsNotExist(err) {
		t.Errorf("a refused database was left behind: %v", err)
	}
	if rows, err := db.Query(notLedger, "users", nil); err != nil || len(rows) != 1 || rows[0].Email != "ann@example.com" || !rows[0].Consented {
		t.Errorf("the CSV database as the db layer reads it: %+v %v", rows, err)
	}
}
