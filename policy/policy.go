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

// Error is every refusal of Load and Parse: the file, what kind of
// refusal, and for an Invalid policy each problem found. Callers and tests
// tell refusals apart by Kind and Problems, never by the words.
type Error struct {
	File     string
	Kind     Kind
	Problems []Problem // when Kind is Invalid, in the order found
	Detail   string    // the words after the file name, when Kind is not Invalid
	Err      error     // the cause (an I/O or JSON error), if any
}

func (e *Error) Error() string {
	if e.Kind == Invalid {
		texts := make([]string, len(e.Problems))
		for i, p := range e.Problems {
			texts[i] = p.Text
		}
		return fmt.Sprintf("policy %s: %s", e.File, strings.Join(texts, "; "))
	}
	return fmt.Sprintf("policy %s: %s", e.File, e.Detail)
}

func (e *Error) Unwrap() error { return e.Err }

// Kind is what kind of refusal an Error is.
type Kind int

const (
	Unreadable   Kind = iota + 1 // the file cannot be opened or read
	TooLarge                     // the file is larger than MaxSize
	Malformed                    // not one JSON policy object of known fields
	TrailingData                 // data after the policy object
	Invalid                      // the policy parses but breaks rules of its own (Problems)
)

func (k Kind) String() string {
	switch k {
	case Unreadable:
		return "unreadable"
	case TooLarge:
		return "too large"
	case Malformed:
		return "malformed"
	case TrailingData:
		return "trailing data"
	case Invalid:
		return "invalid"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Problem is one thing wrong with a parsed policy.
type Problem struct {
	Kind ProblemKind
	Rule int // the rule's 1-based index, 0 when the problem is not a rule's
	Text string
}

// ProblemKind is what is wrong in a Problem.
type ProblemKind int

const (
	BadVersion          ProblemKind = iota + 1 // version is not 1
	BadAlias                                   // an import alias is not a Python identifier
	BadModule                                  // an import is not a dotted module name
	NoRules                                    // the policy has no rules
	EmptyName                                  // a rule's name is empty
	DuplicateName                              // a rule's name is used by an earlier rule
	EmptyReason                                // a rule's reason is empty
	MissingWhenProven                          // an auto_approved rule has no when_proven clause
	UnlessOnApprove                            // an auto_approved rule has unless_proven clauses
	MissingUnlessProven                        // an auto_rejected rule has no unless_proven clause
	WhenOnReject                               // an auto_rejected rule has when_proven clauses
	UnknownDecision                            // a rule's decision is neither auto_approved nor auto_rejected
	EmptyClause                                // a rule has an empty clause
)

// Load reads and parses the policy file at path.
func Load(path string) (*Policy, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, &Error{File: path, Kind: Unreadable, Detail: err.Error(), Err: err}
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxSize+1))
	if err != nil {
		return nil, &Error{File: path, Kind: Unreadable, Detail: err.Error(), Err: err}
	}
	return Parse(path, data)
}

var aliasRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)
var moduleRE = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$`)

// Parse parses and validates a policy; file names it in errors.
func Parse(file string, data []byte) (*Policy, error) {
	if len(data) > MaxSize {
		return nil, &Error{File: file, Kind: TooLarge, Detail: fmt.Sprintf("larger than %d bytes", MaxSize)}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var p Policy
	if err := dec.Decode(&p); err != nil {
		return nil, &Error{File: file, Kind: Malformed, Detail: err.Error(), Err: err}
	}
	if dec.More() {
		return nil, &Error{File: file, Kind: TrailingData, Detail: "trailing data after the policy object"}
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, &Error{File: file, Kind: TrailingData, Detail: "trailing data after the policy object"}
	}
	p.File = file
	if err := p.validate(); err != nil {
		return nil, err
	}
	return &p, nil
}

func (p *Policy) validate() error {
	var errs []Problem
	rule := 0 // the rule being checked, 1-based; 0 before the rules
	bad := func(kind ProblemKind, format string, args ...any) {
		errs = append(errs, Problem{Kind: kind, Rule: rule, Text: fmt.Sprintf(format, args...)})
	}
	if p.Version != 1 {
		bad(BadVersion, "version must be 1, got %d", p.Version)
	}
	aliases := make([]string, 0, len(p.Imports))
	for alias := range p.Imports {
		aliases = append(aliases, alias)
	}
	sort.Strings(aliases)
	for _, alias := range aliases {
		mod := p.Imports[alias]
		if !aliasRE.MatchString(alias) {
			bad(BadAlias, "import alias %q is not a Python identifier", alias)
		}
		if !moduleRE.MatchString(mod) {
			bad(BadModule, "import %s: %q is not a dotted module name", alias, mod)
		}
	}
	if len(p.Rules) == 0 {
		bad(NoRules, "no rules")
	}
	seen := map[string]bool{}
	for i, r := range p.Rules {
		rule = i + 1
		where := fmt.Sprintf("rule %d", i+1)
		if r.Name != "" {
			where += fmt.Sprintf(" (%s)", r.Name)
		}
		switch {
		case strings.TrimSpace(r.Name) == "":
			bad(EmptyName, "%s: name is empty", where)
		case seen[r.Name]:
			bad(DuplicateName, "%s: name is used by an earlier rule", where)
		}
		seen[r.Name] = true
		if strings.TrimSpace(r.Reason) == "" {
			bad(EmptyReason, "%s: reason is empty", where)
		}
		switch r.Decision {
		case AutoApproved:
			if len(r.WhenProven) == 0 {
				bad(MissingWhenProven, "%s: an auto_approved rule needs at least one when_proven clause", where)
			}
			if len(r.UnlessProven) > 0 {
				bad(UnlessOnApprove, "%s: an auto_approved rule takes when_proven clauses, not unless_proven", where)
			}
		case AutoRejected:
			if len(r.UnlessProven) == 0 {
				bad(MissingUnlessProven, "%s: an auto_rejected rule needs at least one unless_proven clause", where)
			}
			if len(r.WhenProven) > 0 {
				bad(WhenOnReject, "%s: an auto_rejected rule takes unless_proven clauses, not when_proven", where)
			}
		default:
			bad(UnknownDecision, "%s: decision %q is not auto_approved or auto_rejected", where, r.Decision)
		}
		for _, c := range append(append([]string(nil), r.WhenProven...), r.UnlessProven...) {
			if strings.TrimSpace(c) == "" {
				bad(EmptyClause, "%s: empty clause", where)
			}
		}
	}
	if len(errs) > 0 {
		return &Error{File: p.File, Kind: Invalid, Problems: errs}
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
