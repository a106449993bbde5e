package policy

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
	"sort"
	"strings"
)

// Outcome is what a policy decides about a request.
type Outcome string

const (
	AutoApproved Outcome = "auto_approved"
	AutoRejected Outcome = "auto_rejected"
	// Ask: no rule fired (or a deny rule was inconclusive); a human decides.
	Ask Outcome = "ask"
)

// ParseOutcome accepts the three outcome names.
func ParseOutcome(s string) (Outcome, error) {
	switch o := Outcome(s); o {
	case AutoApproved, AutoRejected, Ask:
		return o, nil
	}
	return "", fmt.Errorf("unknown decision %q (want auto_approved, auto_rejected or ask)", s)
}

// Policy is a parsed, validated approval policy.
type Policy struct {
	File    string            `json:"-"`
	Version int               `json:"version"`
	Imports map[string]string `json:"imports"` // alias -> dotted trusted contract module
	Rules   []Rule            `json:"rules"`
}

// Rule is one rule of a policy.
type Rule struct {
	Name         string   `json:"name"`
	Decision     Outcome  `json:"decision"`
	Reason       string   `json:"reason"`
	WhenProven   []string `json:"when_proven,omitempty"`
	UnlessProven []string `json:"unless_proven,omitempty"`
}

// MaxSize bounds a policy file: a policy is a short list of rules.
const MaxSize = 1 << 20

// Load reads and parses the policy file at path.
func Load(path string) (*Policy, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("policy %s: %w", path, err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("policy %s: %w", path, err)
	}
	return Parse(path, data)
}

var aliasRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
var moduleRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)

// Parse parses and validates a policy; file names it in errors.
func Parse(file string, data []byte) (*Policy, error) {
	if len(data) > MaxSize {
		return nil, fmt.Errorf("policy %s: larger than %d bytes", file, MaxSize)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p Policy
	if err := dec.Decode(&p); err != nil {
		return nil, fmt.Errorf("policy %s: %v", file, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("policy %s: trailing data after the policy object", file)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("policy %s: trailing data after the policy object", file)
	}
	p.File = file
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &p, nil
}

func (p *Policy) validate() error {
	var errs []string
	bad := func(format string, args ...any) { errs = append(errs, fmt.Sprintf(format, args...)) }
	if p.Version != 1 {
		bad("version must be 1, got %d", p.Version)
	}
	aliases := make([]string, 0, len(p.Imports))
	for alias := range p.Imports {
		aliases = append(aliases, alias)
	}
	sort.Strings(aliases)
	for _, alias := range aliases {
		mod := p.Imports[alias]
		if !aliasRE.MatchString(alias) {
			bad("import alias %q is not a Python identifier", alias)
		}
		if !moduleRE.MatchString(mod) {
			bad("import %s: %q is not a dotted module name", alias, mod)
		}
	}
	if len(p.Rules) == 0 {
		bad("no rules")
	}
	seen := map[string]bool{}
	for i, r := range p.Rules {
		where := fmt.Sprintf("rule %d", i+1)
		if r.Name != "" {
			where += fmt.Sprintf(" (%s)", r.Name)
		}
		switch {
		case strings.TrimSpace(r.Name) == "":
			bad("%s: name is empty", where)
		case seen[r.Name]:
			bad("%s: name is used by an earlier rule", where)
		}
		seen[r.Name] = true
		if strings.TrimSpace(r.Reason) == "" {
			bad("%s: reason is empty", where)
		}
		switch r.Decision {
		case AutoApproved:
			if len(r.WhenProven) == 0 {
				bad("%s: an auto_approved rule needs at least one when_proven clause", where)
			}
			if len(r.UnlessProven) > 0 {
				bad("%s: an auto_approved rule takes when_proven clauses, not unless_proven", where)
			}
		case AutoRejected:
			if len(r.UnlessProven) == 0 {
				bad("%s: an auto_rejected rule needs at least one unless_proven clause", where)
			}
			if len(r.WhenProven) > 0 {
				bad("%s: an auto_rejected rule takes unless_proven clauses, not when_proven", where)
			}
		default:
			bad("%s: decision %q is not auto_approved or auto_rejected", where, r.Decision)
		}
		for _, c := range append(append([]string(nil), r.WhenProven...), r.UnlessProven...) {
			if strings.TrimSpace(c) == "" {
				bad("%s: empty clause", where)
			}
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("policy %s: %s", p.File, strings.Join(errs, "; "))
	}
	return nil
}

// Clauses returns the rule's clauses (when_proven or unless_proven).
func (r *Rule) Clauses() []string {
	if r.Decision == AutoApproved {
		return r.WhenProven
	}
	return r.UnlessProven
}
