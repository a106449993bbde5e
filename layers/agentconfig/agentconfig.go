package agentconfig

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// AgentVerbs are the clauz3 commands an agent may run without asking:
// the ones that prove, simulate, describe, or submit to the approval
// service. The administrative verbs (service, layers install, policy,
// audit) are not among them, and refuse to run without the service's
// credentials anyway.
var AgentVerbs = []string{"prove", "run", "simulate", "tools", "guide", "mcp", "ir"}

// Allowed are the permission rules an agent gets: read-only tools and
// the agent's clauz3 verbs. Writing files, running other commands and
// fetching URLs stay outside the allow list, so the agent must ask.
func Allowed() []string {
	out := []string{"Read", "Glob", "Grep", "LS"}
	for _, v := range AgentVerbs {
		out = append(out, "Bash(clauz3 "+v+":*)")
	}
	return out
}

// Revoked are rules earlier versions added that allowed too much (every
// clauz3 verb, the administrative ones included); Merge removes them.
func Revoked() []string { return []string{"Bash(clauz3:*)", "Bash(clauz3 *)"} }

// Result says what Merge did.
type Result struct {
	Path    string
	Added   []string // rules added to permissions.allow
	Removed []string // revoked rules taken out of permissions.allow
	Created bool     // the file did not exist
	Changed bool     // the file was written
}

// Merge writes or updates dir/.claude/settings.json.
func Merge(dir string) (*Result, error) {
	path := filepath.Join(dir, ".claude", "settings.json")
	res := &Result{Path: path}
	settings := map[string]any{}
	data, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		res.Created = true
	case err != nil:
		return nil, &Error{Kind: Unreadable, Path: path, Err: err}
	default:
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&settings); err != nil {
			return nil, &Error{Kind: Malformed, Path: path, Err: fmt.Errorf("%s is not a JSON object (%w); not touching it", path, err)}
		} else if settings == nil {
			return nil, &Error{Kind: Malformed, Path: path, Err: fmt.Errorf("%s is not a JSON object (it is null); not touching it", path)}
		}
		if dec.More() {
			return nil, &Error{Kind: Malformed, Path: path, Err: fmt.Errorf("%s has data after its JSON object; not touching it", path)}
		}
	}
	perms := map[string]any{}
	if p, ok := settings["permissions"]; ok {
		m, ok := p.(map[string]any)
		if !ok {
			return nil, &Error{Kind: Malformed, Path: path, Err: fmt.Errorf("%s: permissions is not an object; not touching it", path)}
		}
		perms = m
	}
	var allow []any
	if a, ok := perms["allow"]; ok {
		list, ok := a.([]any)
		if !ok {
			return nil, &Error{Kind: Malformed, Path: path, Err: fmt.Errorf("%s: permissions.allow is not a list; not touching it", path)}
		}
		allow = list
	}
	revoked := map[string]bool{}
	for _, r := range Revoked() {
		revoked[r] = true
	}
	have := map[string]bool{}
	kept := allow[:0:0]
	for _, v := range allow {
		if s, ok := v.(string); ok {
			if revoked[s] {
				res.Removed = append(res.Removed, s)
				continue
			}
			have[s] = true
		}
		kept = append(kept, v)
	}
	allow = kept
	for _, rule := range Allowed() {
		if !have[rule] {
			allow = append(allow, rule)
			res.Added = append(res.Added, rule)
		}
	}
	if len(res.Added) == 0 && len(res.Removed) == 0 && !res.Created {
		return res, nil
	}
	perms["allow"] = allow
	settings["permissions"] = perms
	out, err := json.MarshalIndent(settings, "", "  ")
	if err != nil {
		return nil, &Error{Kind: Write, Path: path, Err: err}
	}
	out = append(out, '\n')
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, &Error{Kind: Write, Path: path, Err: err}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".settings-*.json")
	if err != nil {
		return nil, &Error{Kind: Write, Path: path, Err: err}
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(out); err != nil {
		tmp.Close()
		return nil, &Error{Kind: Write, Path: path, Err: err}
	}
	if err := tmp.Close(); err != nil {
		return nil, &Error{Kind: Write, Path: path, Err: err}
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return nil, &Error{Kind: Write, Path: path, Err: err}
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return nil, &Error{Kind: Write, Path: path, Err: err}
	}
	res.Changed = true
	return res, nil
}
