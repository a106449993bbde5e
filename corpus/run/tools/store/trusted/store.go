// Package store is the Go side of the runnable corpus's store layer
// (effects.py beside it). The corpus only runs it simulated, where
// gen.Build type-checks these functions but links none of them, so they
// refuse to run for real.
package store

import "errors"

var errSimulatedOnly = errors.New("store layer: simulated runs only")

// Balance is balance(account: str) -> int.
func Balance(account string) (int64, error) { return 0, errSimulatedOnly }

// Price is price(item: str) -> float.
func Price(item string) (float64, error) { return 0, errSimulatedOnly }

// Lookup is lookup(key: str) -> str.
func Lookup(key string) (string, error) { return "", errSimulatedOnly }

// ListUsers is list_users(team: str) -> list[str].
func ListUsers(team string) ([]string, error) { return nil, errSimulatedOnly }

// Pay is pay(amount: float, memo: str = "").
func Pay(amount float64, memo string) error { return errSimulatedOnly }

// WriteNote is write_note(path: str, text: str = "", append: bool = False).
func WriteNote(path string, text string, append bool) error { return errSimulatedOnly }

// Invite is invite(addr: str, cc: str | None = None) -> None.
func Invite(addr string, cc *string) error { return errSimulatedOnly }

// Owner is owner() -> str | None.
func Owner() (*string, error) { return nil, errSimulatedOnly }
