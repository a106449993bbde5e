// Package bank is the Go implementation of the corpus bank layer
// (tools.bank.trusted, effects.py).
//
// TEST FIXTURE: it moves no money. Each effect call appends one JSON line
// to the file named by the environment variable CLAUZ3_TEST_LEDGER, and
// fails when that variable is unset: it never pretends to have moved
// money. A real bank layer is a later stage.
package bank

import (
	"encoding/json"
	"errors"
	"os"
)

type entry struct {
	Effect  string `json:"effect"`
	Account string `json:"account"`
	Amount  int64  `json:"amount"`
}

// Withdraw is withdraw(account: str, amount: int) -> None.
func Withdraw(account string, amount int64) error {
	return record(entry{"withdraw", account, amount})
}

// Deposit is deposit(account: str, amount: int) -> None.
func Deposit(account string, amount int64) error {
	return record(entry{"deposit", account, amount})
}

func record(e entry) error {
	path := os.Getenv("CLAUZ3_TEST_LEDGER")
	if path == "" {
		return errors.New("CLAUZ3_TEST_LEDGER is not set: this test layer records effects in that file and moves no money")
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
