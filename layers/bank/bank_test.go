package bank

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sync"
	"syscall"
	"testing"

	"github.com/clauz3/clauz3/internal/sandboxtest"
	"github.com/clauz3/clauz3/securitymod/sandbox"
)

func newLedger(t *testing.T) (*Ledger, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "bank.db")
	l, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	if err := l.CreateAccount("checking", 1000); err != nil {
		t.Fatal(err)
	}
	return l, path
}

func TestLedger(t *testing.T) {
	type step struct {
		op      string
		account string
		payee   string
		amount  int64
		wantErr Kind // 0: the step succeeds
	}
	for _, tc := range []struct {
		name    string
		steps   []step
		balance int64
		entries []Entry
	}{
		{"withdraw and deposit", []step{{"withdraw", "checking", "", 300, 0}, {"deposit", "checking", "", 50, 0}}, 750,
			[]Entry{{"checking", "withdraw", "", 300}, {"checking", "deposit", "", 50}}},
		{"exact balance", []step{{"withdraw", "checking", "", 1000, 0}}, 0, []Entry{{"checking", "withdraw", "", 1000}}},
		{"overdraft refused, nothing changes", []step{{"withdraw", "checking", "", 1001, Overdraft}}, 1000, nil},
		{"bill", []step{{"pay_bill", "checking", "acme", 400, 0}, {"pay_bill", "checking", "acme", 700, Overdraft}}, 600,
			[]Entry{{"checking", "pay_bill", "acme", 400}}},
		{"zero amount", []step{{"withdraw", "checking", "", 0, BadAmount}}, 1000, nil},
		{"negative deposit", []step{{"deposit", "checking", "", -5, BadAmount}}, 1000, nil},
		{"unknown account", []step{{"deposit", "savings", "", 5, NoAccount}}, 1000, nil},
		{"bill without payee", []step{{"pay_bill", "checking", "", 5, NoPayee}}, 1000, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			l, _ := newLedger(t)
			for _, s := range tc.steps {
				var err error
				switch s.op {
				case "withdraw":
					err = l.Withdraw(s.account, s.amount)
				case "deposit":
					err = l.Deposit(s.account, s.amount)
				case "pay_bill":
					err = l.PayBill(s.account, s.payee, s.amount)
				}
				if got := KindOf(err); got != s.wantErr {
					t.Fatalf("%s %d: err = %v (%v), want %v", s.op, s.amount, err, got, s.wantErr)
				}
				if s.wantErr == NoAccount {
					var e *Error
					if errors.As(err, &e); e.Account != s.account {
						t.Errorf("%s %d: the refusal names account %q, want %q", s.op, s.amount, e.Account, s.account)
					}
				}
			}
			if b, err := l.Balance("checking"); err != nil || b != tc.balance {
				t.Errorf("balance = %d, %v; want %d", b, err, tc.balance)
			}
			got, err := l.Entries()
			if err != nil || !reflect.DeepEqual(got, tc.entries) {
				t.Errorf("entries = %v, %v; want %v", got, err, tc.entries)
			}
		})
	}
}

// TestConcurrentSpendsNeverOverdraw runs more withdrawals than the balance
// allows from several goroutines over separate connections: the ledger
// (immediate transactions, busy timeout) lets exactly as many through as
// the money covers.
func TestConcurrentSpendsNeverOverdraw(t *testing.T) {
	_, path := newLedger(t)
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok := 0
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			l, err := Open(path)
			if err != nil {
				t.Error(err)
				return
			}
			defer l.Close()
			for j := 0; j < 5; j++ {
				if err := l.Withdraw("checking", 30); err == nil {
					mu.Lock()
					ok++
					mu.Unlock()
				} else if KindOf(err) != Overdraft {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	l, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	b, err := l.Balance("checking")
	if err != nil {
		t.Fatal(err)
	}
	if b < 0 || b != 1000-int64(ok)*30 {
		t.Errorf("balance %d after %d successful withdrawals of 30 from 1000", b, ok)
	}
	if ok != 33 {
		t.Errorf("%d of 40 withdrawals of 30 from 1000 went through, want 33", ok)
	}
}

func TestEffectsFromEnv(t *testing.T) {
	l, path := newLedger(t)
	l.Close()
	t.Setenv("CLAUZ3_BANK_DB", path)
	if err := PayBill("checking", "acme", 250); err != nil {
		t.Fatal(err)
	}
	if err := Deposit("checking", 10); err != nil {
		t.Fatal(err)
	}
	if err := Withdraw("checking", 5000); KindOf(err) != Overdraft {
		t.Fatalf("overdraft: err = %v", err)
	}
	if b, err := Balance("checking"); err != nil || b != 760 {
		t.Fatalf("balance = %d, %v", b, err)
	}
	t.Setenv("CLAUZ3_BANK_DB", "")
	if _, err := Balance("checking"); KindOf(err) != NotConfigured {
		t.Fatalf("unset: err = %v", err)
	}
	t.Setenv("CLAUZ3_BANK_DB", filepath.Join(t.TempDir(), "missing.db"))
	if err := Deposit("checking", 1); KindOf(err) != LedgerFile {
		t.Fatalf("a missing ledger file: err = %v, want a %v refusal (never created)", err, LedgerFile)
	}
}

// TestEffectsSandboxed: the ledger's happy path (SQLite in WAL mode)
// passes under the kernel sandbox gen derives for CLAUZ3_BANK_DB: the
// database's folder read-write, nothing else.
func TestEffectsSandboxed(t *testing.T) {
	var path string
	sandboxtest.Run(t, "bank", []string{"pay_bill", "balance"}, func() (map[string]string, string) {
		var l *Ledger
		l, path = newLedger(t)
		l.Close()
		probe := filepath.Join(t.TempDir(), "not-granted.txt")
		os.WriteFile(probe, []byte("x"), 0o600)
		return map[string]string{"HOME": t.TempDir(), "CLAUZ3_BANK_DB": path}, probe
	}, func(map[string]string) error {
		if err := PayBill("checking", "acme", 250); err != nil {
			return err
		}
		if b, err := Balance("checking"); err != nil || b != 750 {
			return fmt.Errorf("balance = %d, %v", b, err)
		}
		return nil
	})
	t.Setenv("CLAUZ3_BANK_DB", path)
	if b, err := Balance("checking"); err != nil || b != 750 {
		t.Fatalf("after the confined run: balance = %d, %v", b, err)
	}
}

// TestEffectsRefusedBySandbox: a ledger the sandbox does not grant (the
// policy names one database, the effect opens another) fails with an
// error that carries the kernel's errno, so the run reports the sandbox's
// refusal, not an effect failure. SQLite alone says only "unable to open
// database file".
func TestEffectsRefusedBySandbox(t *testing.T) {
	for _, tc := range []struct {
		name   string
		effect func() error
	}{
		{"withdraw", func() error { return Withdraw("checking", 1) }},
		{"deposit", func() error { return Deposit("checking", 1) }},
		{"pay_bill", func() error { return PayBill("checking", "acme", 1) }},
		{"balance", func() error { _, err := Balance("checking"); return err }},
	} {
		effects := []string{"withdraw", "deposit", "pay_bill", "balance"}
		t.Run(tc.name+"/another ledger", func(t *testing.T) {
			sandboxtest.Refused(t, "bank", effects, func() (map[string]string, string) {
				granted, other := ledgerFile(t), ledgerFile(t)
				return map[string]string{"HOME": t.TempDir(), "CLAUZ3_BANK_DB": granted, "OTHER_BANK_DB": other}, other
			}, func(env map[string]string) error {
				os.Setenv("CLAUZ3_BANK_DB", env["OTHER_BANK_DB"])
				return tc.effect()
			})
		})
		// The configured path itself, in the granted folder, is a symlink
		// to a ledger elsewhere: Landlock checks the file it reaches.
		t.Run(tc.name+"/a symlink out of the granted folder", func(t *testing.T) {
			sandboxtest.Refused(t, "bank", effects, func() (map[string]string, string) {
				other := ledgerFile(t)
				link := filepath.Join(t.TempDir(), "bank.db")
				if err := os.Symlink(other, link); err != nil {
					t.Fatal(err)
				}
				return map[string]string{"HOME": t.TempDir(), "CLAUZ3_BANK_DB": link}, other
			}, func(map[string]string) error { return tc.effect() })
		})
	}
}

// ledgerFile is a closed ledger with a funded account, in a folder of its
// own.
func ledgerFile(t *testing.T) string {
	l, path := newLedger(t)
	l.Close()
	return path
}

// TestOpenFailuresAreNoDenial: a ledger path that is a folder, a file
// that is no database or a missing file fails as the effect's own error,
// which sandbox.Classify does not take for the sandbox's refusal.
func TestOpenFailuresAreNoDenial(t *testing.T) {
	dir := t.TempDir()
	notDB := filepath.Join(dir, "notes.txt")
	if err := os.WriteFile(notDB, []byte("not a database, just text that is long enough to have a header"), 0o600); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(dir, "fifo.db")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct{ name, path string }{
		{"a folder", dir},
		{"a FIFO (never opened: that would block)", fifo},
		{"a file that is no database", notDB},
		{"a missing file", filepath.Join(dir, "missing.db")},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv("CLAUZ3_BANK_DB", tc.path)
			_, err := Balance("checking")
			if err == nil {
				t.Fatal("the effect succeeded")
			}
			if KindOf(err) != LedgerFile {
				t.Errorf("err = %v, want a %v error", err, LedgerFile)
			}
			if c := sandbox.Classify(err); c != sandbox.NotDenied {
				t.Fatalf("Classify(%v) = %v: taken for the sandbox's refusal", err, c)
			}
		})
	}
}
