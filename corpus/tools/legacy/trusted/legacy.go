// Package legacy is the Go implementation of the corpus legacy layer
// (tools.legacy.trusted: effects.py, schemas.py), a layer written for the
// original Python ClauZ3. Its where: dict[str, object] | None = None is a
// map[string]any here (nil for None; values string, int64, float64, bool
// or nil).
//
// TEST FIXTURE: there is no ticket store. query_tickets fails (it never
// invents rows); comment and close_ticket append one JSON line to the
// file named by CLAUZ3_TEST_OUTBOX, failing when it is unset. Corpus runs
// use simulated effect results.
package legacy

import (
	"encoding/json"
	"errors"
	"os"
)

// TicketRow is the row type TicketRow of schemas.py.
type TicketRow struct {
	Id    int64
	Owner string
	Title string
}

// QueryTickets is query_tickets(table: str, where: dict[str, object] | None = None) -> list[TicketRow].
func QueryTickets(table string, where map[string]any) ([]TicketRow, error) {
	return nil, errors.New("the corpus legacy layer is a test fixture with no ticket store: run plans with simulated effect results")
}

// Comment is comment(owner: str, text: str) -> None.
func Comment(owner string, text string) error {
	return record(map[string]any{"effect": "comment", "owner": owner, "text": text})
}

// CloseTicket is close_ticket(id: int) -> None.
func CloseTicket(id int64) error {
	return record(map[string]any{"effect": "close_ticket", "id": id})
}

func record(e map[string]any) error {
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
