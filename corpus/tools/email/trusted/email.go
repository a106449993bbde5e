// Package email is the Go implementation of the corpus email layer
// (tools.email.trusted, effects.py).
//
// TEST FIXTURE: it sends nothing. Each effect call appends one JSON line
// to the file named by the environment variable CLAUZ3_TEST_OUTBOX, and
// fails when that variable is unset: it never pretends to have sent an
// email. The real email layer (SMTP) is a later stage.
package email

import (
	"encoding/json"
	"errors"
	"os"
)

// SendEmail is send_email(addr: str, msg: str) -> None.
func SendEmail(addr string, msg string) error {
	line, err := json.Marshal(struct {
		Effect string `json:"effect"`
		Addr   string `json:"addr"`
		Msg    string `json:"msg"`
	}{"send_email", addr, msg})
	if err != nil {
		return err
	}
	return appendLine("CLAUZ3_TEST_OUTBOX", line)
}

func appendLine(env string, line []byte) error {
	path := os.Getenv(env)
	if path == "" {
		return errors.New(env + " is not set: this test layer records effects in that file and sends nothing")
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
