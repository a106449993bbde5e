// Package db is the Go implementation of the bundled db layer
// (effects.py, schemas.py): typed row queries over SQLite
// (modernc.org/sqlite, pure Go, WAL).
//
// The database is the file named by CLAUZ3_DB_PATH; it is opened
// read-only, so no query of a plan can change it. Tables and their row
// types are declared here and in schemas.py, and must agree (the sealed
// build checks UserRow field by field).
//
// Every error is an *Error whose Kind says which refusal or failure it is
// (KindOf reads it through wrapping); the message's words are for people.
package db

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"sort"
	"strconv"
	"strings"

	_ "modernc.org/sqlite"
)

// UserRow is the row type schemas.UserRow.
type UserRow struct {
	Id        int64
	Name      string
	Email     string
	Team      string
	Consented bool
}

// MaxRows is the bound db_query declares (len(result) <= 100).
const MaxRows = 100

// kind is the Python type of a declared column.
type kind int

const (
	kStr kind = iota
	kInt
	kBool
)

// column is one declared column of a table.
type column struct {
	name string
	kind kind
}

// tables are the declared tables and their columns, in row-field order.
var tables = map[string][]column{
	"users": {{"id", kInt}, {"name", kStr}, {"email", kStr}, {"team", kStr}, {"consented", kBool}},
}

// Column is a declared column as administrators' tooling sees it: its
// name and Python type ("int", "str" or "bool").
type Column struct{ Name, Type string }

// Declared is the declared columns of table in row-field order; ok is
// false for a table this layer does not declare. `clauz3 layers configure
// db` checks an imported table against it, so the layer never meets a
// table it cannot read.
func Declared(table string) (cols []Column, ok bool) {
	decl, ok := tables[table]
	for _, c := range decl {
		cols = append(cols, Column{c.name, [...]string{kStr: "str", kInt: "int", kBool: "bool"}[c.kind]})
	}
	return cols, ok
}

// UsersSchema creates the users table.
const UsersSchema = `CREATE TABLE IF NOT EXISTS users (
	id        INTEGER PRIMARY KEY,
	name      TEXT NOT NULL,
	email     TEXT NOT NULL,
	team      TEXT NOT NULL,
	consented INTEGER NOT NULL DEFAULT 0
)`

// CreateDemo creates the database at path with the demo users table
// (ann, bob and cat; ann and cat consented). It is not an effect.
func CreateDemo(path string) error {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)")
	if err != nil {
		return &Error{Kind: Database, Err: fmt.Errorf("db layer: %s: %w", path, err)}
	}
	defer db.Close()
	if _, err := db.Exec(UsersSchema); err != nil {
		return &Error{Kind: Database, Err: fmt.Errorf("db layer: %s: %w", path, err)}
	}
	for _, u := range []UserRow{
		{1, "Ann", "ann@example.com", "ops", true},
		{2, "Bob", "bob@example.com", "dev", false},
		{3, "Cat", "cat@example.com", "ops", true},
	} {
		if _, err := db.Exec(`INSERT OR REPLACE INTO users(id, name, email, team, consented) VALUES (?, ?, ?, ?, ?)`, u.Id, u.Name, u.Email, u.Team, u.Consented); err != nil {
			return &Error{Kind: Database, Err: fmt.Errorf("db layer: %s: %w", path, err)}
		}
	}
	return nil
}

// Query runs db_query against the database at path. where is nil (every
// row) or column: value equalities on declared columns (a Python
// dict[str, object]: values string, int64, float64, bool or nil), each
// bound as a parameter, never SQL.
func Query(path, table string, where map[string]any) ([]UserRow, error) {
	cols, ok := tables[table]
	if !ok || table != "users" {
		return nil, &Error{Kind: UndeclaredTable, Name: table, Err: fmt.Errorf("db layer: table %q is not declared (declared: users)", table)}
	}
	var names []string
	for _, c := range cols {
		names = append(names, c.name)
	}
	q := "SELECT " + strings.Join(names, ", ") + " FROM " + table
	var args []any
	if where != nil {
		if len(where) == 0 {
			return nil, &Error{Kind: EmptyWhere, Err: errors.New("db layer: where={} filters nothing; pass None (or leave it out) to read every row")}
		}
		keys := make([]string, 0, len(where))
		for k := range where {
			keys = append(keys, k)
		}
		sort.Strings(keys) // one SQL text per set of columns
		var conds []string
		for _, k := range keys {
			var found *column
			for i := range cols {
				if cols[i].name == k {
					found = &cols[i]
				}
			}
			if found == nil {
				return nil, &Error{Kind: UnknownColumn, Name: k, Err: fmt.Errorf("db layer: where names %q, not a column of %s (%s)", k, table, strings.Join(names, ", "))}
			}
			v, err := whereValue(*found, where[k])
			if err != nil {
				return nil, err
			}
			conds = append(conds, found.name+" = ?")
			args = append(args, v)
		}
		q += " WHERE " + strings.Join(conds, " AND ")
	}
	// One row more than the bound tells a full result from an
	// over-full one, which is refused rather than cut short.
	q += " ORDER BY id LIMIT " + strconv.Itoa(MaxRows+1)
	if path == "" {
		return nil, &Error{Kind: NotConfigured, Err: errors.New("db layer: no database path")}
	}
	// The file is opened here first, as SQLite will open it (read only):
	// SQLite reports a file it may not open as SQLITE_CANTOPEN, without
	// the errno, so only this open tells the sandbox's refusal (EACCES)
	// from a missing or broken database. A CANTOPEN after this open
	// succeeded is no refusal of the file and stays an effect failure.
	// Only a regular file is opened: opening a FIFO would block.
	if st, err := os.Stat(path); err != nil {
		return nil, &Error{Kind: DatabaseFile, Err: fmt.Errorf("db layer: %w", err)}
	} else if !st.Mode().IsRegular() {
		return nil, &Error{Kind: DatabaseFile, Err: fmt.Errorf("db layer: %s is not a regular file", path)}
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, &Error{Kind: DatabaseFile, Err: fmt.Errorf("db layer: %w", err)}
	}
	f.Close()
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return nil, &Error{Kind: DatabaseFile, Err: fmt.Errorf("db layer: %s: %w", path, err)}
	}
	defer db.Close()
	rows, err := db.Query(q, args...)
	if err != nil {
		return nil, &Error{Kind: Database, Err: fmt.Errorf("db layer: query %s where %v: %w", table, where, err)}
	}
	defer rows.Close()
	out := []UserRow{}
	for rows.Next() {
		var u UserRow
		if err := rows.Scan(&u.Id, &u.Name, &u.Email, &u.Team, &u.Consented); err != nil {
			return nil, &Error{Kind: Database, Err: fmt.Errorf("db layer: query %s: %w", table, err)}
		}
		out = append(out, u)
	}
	if err := rows.Err(); err != nil {
		return nil, &Error{Kind: Database, Err: fmt.Errorf("db layer: query %s: %w", table, err)}
	}
	if len(out) > MaxRows {
		return nil, &Error{Kind: TooManyRows, Name: table, Err: fmt.Errorf("db layer: query %s where %v matches more than %d rows; the layer declares at most %d", table, where, MaxRows, MaxRows)}
	}
	return out, nil
}

// whereValue checks that v, given for column c, has the column's type
// (Python's: an int column takes an int, not a bool or a float).
func whereValue(c column, v any) (any, error) {
	switch c.kind {
	case kInt:
		if n, ok := v.(int64); ok {
			return n, nil
		}
	case kStr:
		if s, ok := v.(string); ok {
			return s, nil
		}
	case kBool:
		if b, ok := v.(bool); ok {
			return b, nil
		}
	}
	want := map[kind]string{kInt: "an int", kStr: "a str", kBool: "a bool"}[c.kind]
	return nil, &Error{Kind: ColumnType, Name: c.name, Err: fmt.Errorf("db layer: where %s=%#v: column %s takes %s", c.name, v, c.name, want)}
}

// DbQuery is db_query(table: str, where: dict[str, object] | None = None) -> list[UserRow].
func DbQuery(table string, where map[string]any) ([]UserRow, error) {
	path := os.Getenv("CLAUZ3_DB_PATH")
	if path == "" {
		return nil, &Error{Kind: NotConfigured, Err: errors.New("db layer: CLAUZ3_DB_PATH (the database file) is not set")}
	}
	return Query(path, table, where)
}
