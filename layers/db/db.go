// Package db is the Go implementation of the bundled db layer
// (effects.py, schemas.py): typed row queries over SQLite
// (modernc.org/sqlite, pure Go, WAL).
//
// The database is the file named by CLAUZ3_DB_PATH; it is opened
// read-only, so no query of a plan can change it. Tables and their row
// types are declared here and in schemas.py, and must agree (the sealed
// build checks UserRow field by field).
package db

import (
	"database/sql"
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	_ "modernc.org/sqlite"
)

// UserRow is the row type schemas.UserRow.
type UserRow struct {
	Id    int64
	Name  string
	Email string
	Team  string
}

// MaxRows is the bound db_query declares (len(result) <= 100).
const MaxRows = 100

// column is one declared column of a table.
type column struct {
	name  string
	isInt bool
}

// tables are the declared tables and their columns, in row-field order.
var tables = map[string][]column{
	"users": {{"id", true}, {"name", false}, {"email", false}, {"team", false}},
}

// UsersSchema creates the users table.
const UsersSchema = `CREATE TABLE IF NOT EXISTS users (
	id    INTEGER PRIMARY KEY,
	name  TEXT NOT NULL,
	email TEXT NOT NULL,
	team  TEXT NOT NULL
)`

// CreateDemo creates the database at path with the demo users table
// (ann, bob and cat). It is not an effect.
func CreateDemo(path string) error {
	db, err := sql.Open("sqlite", "file:"+path+"?_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)")
	if err != nil {
		return fmt.Errorf("db layer: %s: %v", path, err)
	}
	defer db.Close()
	if _, err := db.Exec(UsersSchema); err != nil {
		return fmt.Errorf("db layer: %s: %v", path, err)
	}
	for _, u := range []UserRow{
		{1, "Ann", "ann@example.com", "ops"},
		{2, "Bob", "bob@example.com", "dev"},
		{3, "Cat", "cat@example.com", "ops"},
	} {
		if _, err := db.Exec(`INSERT OR REPLACE INTO users(id, name, email, team) VALUES (?, ?, ?, ?)`, u.Id, u.Name, u.Email, u.Team); err != nil {
			return fmt.Errorf("db layer: %s: %v", path, err)
		}
	}
	return nil
}

// Query runs db_query against the database at path.
func Query(path, table, where string) ([]UserRow, error) {
	cols, ok := tables[table]
	if !ok || table != "users" {
		return nil, fmt.Errorf("db layer: table %q is not declared (declared: users)", table)
	}
	var names []string
	for _, c := range cols {
		names = append(names, c.name)
	}
	q := "SELECT " + strings.Join(names, ", ") + " FROM " + table
	var args []any
	if where != "" {
		col, val, ok := strings.Cut(where, "=")
		col = strings.TrimSpace(col)
		var found *column
		for i := range cols {
			if cols[i].name == col {
				found = &cols[i]
			}
		}
		if !ok || found == nil {
			return nil, fmt.Errorf("db layer: where %q is not column=value with a column of %s (%s)", where, table, strings.Join(names, ", "))
		}
		if found.isInt {
			n, err := strconv.ParseInt(strings.TrimSpace(val), 10, 64)
			if err != nil {
				return nil, fmt.Errorf("db layer: where %q: %s is an int column and %q is not an int", where, col, val)
			}
			args = append(args, n)
		} else {
			args = append(args, val)
		}
		q += " WHERE " + found.name + " = ?"
	}
	// One row more than the bound tells a full result from an
	// over-full one, which is refused rather than cut short.
	q += " ORDER BY id LIMIT " + strconv.Itoa(MaxRows+1)
	if path == "" {
		return nil, errors.New("db layer: no database path")
	}
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("db layer: %v", err)
	}
	db, err := sql.Open("sqlite", "file:"+path+"?mode=ro&_pragma=busy_timeout(5000)")
	if err != nil {
		return nil, fmt.Errorf("db layer: %s: %v", path, err)
	}
	defer db.Close()
	rows, err := db.Query(q, args...)
	if err != nil {
		return nil, fmt.Errorf("db layer: query %s where %q: %v", table, where, err)
	}
	defer rows.Close()
	out := []UserRow{}
	for rows.Next() {
		var u UserRow
		if err := rows.Scan(&u.Id, &u.Name, &u.Email, &u.Team); err != nil {
			return nil, fmt.Errorf("db layer: query %s: %v", table, err)
		}
		out = append(out, u)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("db layer: query %s: %v", table, err)
	}
	if len(out) > MaxRows {
		return nil, fmt.Errorf("db layer: query %s where %q matches more than %d rows; the layer declares at most %d", table, where, MaxRows, MaxRows)
	}
	return out, nil
}

// DbQuery is db_query(table: str, where: str) -> list[UserRow].
func DbQuery(table string, where string) ([]UserRow, error) {
	path := os.Getenv("CLAUZ3_DB_PATH")
	if path == "" {
		return nil, errors.New("db layer: CLAUZ3_DB_PATH (the database file) is not set")
	}
	return Query(path, table, where)
}
