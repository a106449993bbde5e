// Package crm is the Go side of the runnable corpus's crm layer
// (schemas.py and effects.py beside it). The corpus only runs it
// simulated, where gen.Build type-checks these declarations but links
// none of them, so they refuse to run for real.
package crm

import "errors"

// UserRow is the row type tools.crm.trusted.schemas.UserRow.
type UserRow struct {
	Email  string
	Name   string
	Credit int64
}

// FindUsers is find_users(team: str) -> list[UserRow].
func FindUsers(team string) ([]UserRow, error) {
	return nil, errors.New("crm layer: simulated runs only")
}
