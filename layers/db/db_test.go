package db

import (
	"database/sql"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
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
	ann := UserRow{1, "Ann", "ann@example.com", "ops"}
	bob := UserRow{2, "Bob", "bob@example.com", "dev"}
	cat := UserRow{3, "Cat", "cat@example.com", "ops"}
	for _, tc := range []struct {
		table, where string
		want         []UserRow
		wantErr      string
	}{
		{"users", "", []UserRow{ann, bob, cat}, ""},
		{"users", "team=ops", []UserRow{ann, cat}, ""},
		{"users", "email=bob@example.com", []UserRow{bob}, ""},
		{"users", "id=3", []UserRow{cat}, ""},
		{"users", "team=nobody", []UserRow{}, ""},
		{"users", "team=ops' OR '1'='1", []UserRow{}, ""}, // a value, never SQL
		{"users", "id=x", nil, "is not an int"},
		{"users", "password=1", nil, "is not column=value"},
		{"users", "1=1; DROP TABLE users", nil, "is not column=value"},
		{"users", "team", nil, "is not column=value"},
		{"orders", "", nil, `table "orders" is not declared`},
	} {
		t.Run(tc.table+" "+tc.where, func(t *testing.T) {
			got, err := Query(path, tc.table, tc.where)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || !reflect.DeepEqual(got, tc.want) {
				t.Fatalf("got %v, %v; want %v", got, err, tc.want)
			}
		})
	}
	if got, err := Query(path, "users", ""); err != nil || len(got) != 3 {
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
		if _, err := db.Exec(`INSERT INTO users VALUES (?, ?, ?, 'big')`, i, fmt.Sprint("u", i), fmt.Sprintf("u%d@example.com", i)); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	if got, err := Query(path, "users", "team=big"); err != nil || len(got) != MaxRows {
		t.Fatalf("exactly the bound: %d rows, %v", len(got), err)
	}
	if _, err := Query(path, "users", ""); err == nil || !strings.Contains(err.Error(), "more than 100 rows") {
		t.Fatalf("over the bound: err = %v", err)
	}
}

func TestDbQueryFromEnv(t *testing.T) {
	t.Setenv("CLAUZ3_DB_PATH", demo(t))
	got, err := DbQuery("users", "name=Ann")
	if err != nil || len(got) != 1 || got[0].Email != "ann@example.com" {
		t.Fatalf("got %v, %v", got, err)
	}
	t.Setenv("CLAUZ3_DB_PATH", "")
	if _, err := DbQuery("users", ""); err == nil || !strings.Contains(err.Error(), "CLAUZ3_DB_PATH") {
		t.Fatalf("unset: err = %v", err)
	}
	t.Setenv("CLAUZ3_DB_PATH", filepath.Join(t.TempDir(), "none.db"))
	if _, err := DbQuery("users", ""); err == nil {
		t.Fatal("a missing database was not refused")
	}
}
