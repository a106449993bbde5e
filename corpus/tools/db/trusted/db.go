// Package db is the Go implementation of the corpus db layer
// (tools.db.trusted, effects.py and schemas.py).
//
// TEST FIXTURE: there is no database. The queries fail (they never invent
// rows), and notify and refund append one JSON line to the file named by
// CLAUZ3_TEST_OUTBOX, failing when it is unset. Corpus runs use simulated
// effect results; a real db layer is a later stage.
package db

import (
	"encoding/json"
	"errors"
	"os"
)

// UserRow is the row type UserRow of schemas.py.
type UserRow struct {
	Id      int64
	Email   string
	Name    string
	Active  bool
	Balance int64
}

// OrderRow is the row type OrderRow of schemas.py.
type OrderRow struct {
	Customer string
	Amount   int64
	Paid     bool
}

var errNoDatabase = errors.New("the corpus db layer is a test fixture with no database: run plans with simulated effect results")

// DbQuery is db_query(table: str) -> list[UserRow].
func DbQuery(table string) ([]UserRow, error) { return nil, errNoDatabase }

// ListOrders is list_orders(customer: str) -> list[OrderRow].
func ListOrders(customer string) ([]OrderRow, error) { return nil, errNoDatabase }

// ListBatch is list_batch(batch: str) -> list[OrderRow].
func ListBatch(batch string) ([]OrderRow, error) { return nil, errNoDatabase }

// AllUsers is all_users() -> list[UserRow].
func AllUsers() ([]UserRow, error) { return nil, errNoDatabase }

// GetUser is get_user(id: int) -> UserRow.
func GetUser(id int64) (UserRow, error) { return UserRow{}, errNoDatabase }

// CountUsers is count_users() -> int.
func CountUsers() (int64, error) { return 0, errNoDatabase }

// IsAdmin is is_admin(email: str) -> bool.
func IsAdmin(email string) (bool, error) { return false, errNoDatabase }

// OwnerEmail is owner_email() -> str.
func OwnerEmail() (string, error) { return "", errNoDatabase }

// AdminEmails is admin_emails() -> list[str].
func AdminEmails() ([]string, error) { return nil, errNoDatabase }

type entry struct {
	Effect string         `json:"effect"`
	Args   map[string]any `json:"args"`
}

// Notify is notify(addr: str, subject: str) -> None.
func Notify(addr string, subject string) error {
	return record(entry{"notify", map[string]any{"addr": addr, "subject": subject}})
}

// Refund is refund(customer: str, amount: int) -> None.
func Refund(customer string, amount int64) error {
	return record(entry{"refund", map[string]any{"customer": customer, "amount": amount}})
}

// Ticket is ticket(customer: str, subject: str) -> None.
func Ticket(customer string, subject string) error {
	return record(entry{"ticket", map[string]any{"customer": customer, "subject": subject}})
}

func record(e entry) error {
	path := os.Getenv("CLAUZ3_TEST_OUTBOX")
	if path == "" {
		return errors.New("CLAUZ3_TEST_OUTBOX is not set: this test layer records effects in that file and sends nothing")
	}
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(append(line, '\n')); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
