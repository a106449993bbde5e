package runner

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// renderTrace renders each line of a sealed binary's trace,
// {"effect":"send_email","args":{"addr":"bob@example.com",...}}, as a call
// with its arguments in parameter order: send_email("bob@example.com", ...).
func renderTrace(data string) ([]string, error) {
	var calls []string
	for i, line := range strings.Split(strings.TrimRight(data, "\n"), "\n") {
		if line == "" {
			continue
		}
		c, err := renderCall([]byte(line))
		if err != nil {
			return calls, fmt.Errorf("trace line %d: %v", i+1, err)
		}
		calls = append(calls, c)
	}
	return calls, nil
}

func renderCall(line []byte) (string, error) {
	var rec struct {
		Effect string          `json:"effect"`
		Args   json.RawMessage `json:"args"`
	}
	if err := json.Unmarshal(line, &rec); err != nil {
		return "", err
	}
	if rec.Effect == "" {
		return "", fmt.Errorf("no effect name")
	}
	dec := json.NewDecoder(bytes.NewReader(rec.Args))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return "", fmt.Errorf("args is not an object")
	}
	var args []string
	for dec.More() {
		if _, err := dec.Token(); err != nil { // the parameter name
			return "", err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return "", err
		}
		args = append(args, string(v))
	}
	return rec.Effect + "(" + strings.Join(args, ", ") + ")", nil
}
