package db

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"syscall"
	"testing"

	"github.com/clauz3/clauz3/internal/sandboxtest"
	"github.com/clauz3/clauz3/securitymod/sandbox"
)

func demo(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "demo.db")
	if err := CreateDemo(path); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestQuery(t *testing.T) {
	path := demo(t)
	ann := UserRow{1, "Ann", "ann@example.com", "ops", true}
	bob := UserRow{2, "Bob", "bob@example.com", "dev", false}
	cat := UserRow{3, "Cat", "cat@example.com", "ops", true}
	type w = map[string]any
	for _, tc := range []struct {
		name    string
		table   string
		where   map[string]any
		want    []UserRow
		wantErr Kind   // 0: the query succeeds
		name2   string // the table or column the refusal names
	}{
		{"all", "users", nil, []UserRow{ann, bob, cat}, 0, ""},
		{"team", "users", w{"team": "ops"}, []UserRow{ann, cat}, 0, ""},
		{"email", "users", w{"email": "bob@example.com"}, []UserRow{bob}, 0, ""},
		{"id", "users", w{"id": int64(3)}, []UserRow{cat}, 0, ""},
		{"consented", "users", w{"consented": true}, []UserRow{ann, cat}, 0, ""},
		{"two columns", "users", w{"consented": true, "team": "ops", "id": int64(1)}, []UserRow{ann}, 0, ""},
		{"no match", "users", w{"team": "nobody"}, []UserRow{}, 0, ""},
		{"injection is a value", "users", w{"team": "ops' OR '1'='1"}, []UserRow{}, 0, ""}, // a value, never SQL
		{"empty dict", "users", w{}, nil, EmptyWhere, ""},
		{"str for int", "users", w{"id": "3"}, nil, ColumnType, "id"},
		{"bool for int", "users", w{"id": true}, nil, ColumnType, "id"},
		{"int for bool", "users", w{"consented": int64(1)}, nil, ColumnType, "consented"},
		{"None value", "users", w{"team": nil}, nil, ColumnType, "team"},
		{"unknown column", "users", w{"password": "x"}, nil, UnknownColumn, "password"},
		{"SQL as a column", "users", w{"1=1; DROP TABLE users": int64(1)}, nil, UnknownColumn, "1=1; DROP TABLE users"},
		{"undeclared table", "orders", nil, nil, UndeclaredTable, "orders"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Query(path, tc.table, tc.where)
			if tc.wantErr != 0 {
				var e *Error
				if !errors.As(err, &e) || e.Kind != tc.wantErr {
					t.Fatalf("err = %v, want a %v refusal", err, tc.wantErr)
				}
				if e.Name != tc.name2 {
					t.Errorf("the refusal names %q, want %q", e.Name, tc.name2)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
	if got, err := Query(path, "users", nil); err != nil || len(got) != 3 {
		t.Fatalf("the table changed: %v %v", got, err)
	}
}

func TestQueryBound(t *testing.T) {
	path := demo(t)
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for i := 10; i < 10+MaxRows; i++ {
		if _, err := db.Exec(`INSERT INTO users VALUES (?, ?, ?, 'big', 0)`, i, fmt.Sprint("u", i), fmt.Sprintf("u%d@example.com", i)); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	if got, err := Query(path, "users", map[string]any{"team": "big"}); err != nil || len(got) != MaxRows {
		t.Fatalf("exactly the bound: %d rows, %v", len(got), err)
	}
	if _, err := Query(path, "users", nil); KindOf(err) != TooManyRows {
		t.Fatalf("over the bound: err = %v", err)
	}
}

func TestDbQueryFromEnv(t *testing.T) {
	t.Setenv("CLAUZ3_DB_PATH", demo(t))
	got, err := DbQuery("users", map[string]any{"name": "Ann"})
	if err != nil || len(got) != 1 || got[0].Email != "ann@example.com" {
		t.Fatalf("got %v, %v", got, err)
	}
	t.Setenv("CLAUZ3_DB_PATH", "")
	if _, err := DbQuery("users", nil); KindOf(err) != NotConfigured {
		t.Fatalf("unset: err = %v", err)
	}
	t.Setenv("CLAUZ3_DB_PATH", filepath.Join(t.TempDir(), "none.db"))
	if _, err := DbQuery("users", nil); KindOf(err) != DatabaseFile {
		t.Fatalf("a missing database: err = %v, want a %v refusal", err, DatabaseFile)
	}
}

// TestDbQueryRefusedBySandbox: a database the sandbox does not grant (the
// policy names one file, the effect opens another) fails with an error
// that carries the kernel's errno, so the run reports the sandbox's
// refusal. SQLite alone says only "unable to open database file".
func TestDbQueryRefusedBySandbox(t *testing.T) {
	for _, tc := range []struct {
		name  string
		where map[string]any
	}{
		{"every row", nil},
		{"where", map[string]any{"team": "ops"}},
	} {
		t.Run(tc.name+"/another database", func(t *testing.T) {
			sandboxtest.Refused(t, "db", []string{"db_query"}, func() (map[string]string, string) {
				granted, other := demo(t), demo(t)
				return map[string]string{"HOME": t.TempDir(), "CLAUZ3_DB_PATH": granted, "OTHER_DB_PATH": other}, other
			}, func(env map[string]string) error {
				os.Setenv("CLAUZ3_DB_PATH", env["OTHER_DB_PATH"])
				_, err := DbQuery("users", tc.where)
				return err
			})
		})
		// The configured path itself, in the granted folder, is a symlink
		// to a database elsewhere: Landlock checks the file it reaches.
		t.Run(tc.name+"/a symlink out of the granted folder", func(t *testing.T) {
			sandboxtest.Refused(t, "db", []string{"db_query"}, func() (map[string]string, string) {
				other := demo(t)
				link := filepath.Join(t.TempDir(), "demo.db")
				if err := os.Symlink(other, link); err != nil {
					t.Fatal(err)
				}
				return map[string]string{"HOME": t.TempDir(), "CLAUZ3_DB_PATH": link}, other
			}, func(map[string]string) error {
				_, err := DbQuery("users", tc.where)
				return err
			})
		})
	}
}

// TestOpenFailuresAreNoDenial: SQLite's SQLITE_CANTOPEN is not always the
// sandbox: a database path that is a folder, a file that is no database
// or a missing file fails as the effect's own error, which
// sandbox.Classify does not take for a refusal.
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
			_, err := Query(tc.path, "users", nil)
			if err == nil {
				t.Fatal("the query succeeded")
			}
			if c := sandbox.Classify(err); c != sandbox.NotDenied {
				t.Fatalf("Classify(%v) = %v: taken for the sandbox's refusal", err, c)
			}
		})
	}
}
