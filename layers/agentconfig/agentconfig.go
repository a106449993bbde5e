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

// Allowed are the permission rules an agent gets: read-only tools and
// clauz3 itself. Writing files, running other commands and fetching URLs
// stay outside the allow list, so the agent must ask for them.
func Allowed() []string {
	return []string{"Read", "Glob", "Grep", "LS", "Bash(clauz3:*)"}
}

// Result says what Merge did.
type Result struct {
	Path    string
	Added   []string // rules added to permissions.allow
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
		return nil, err
	default:
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.UseNumber()
		if err := dec.Decode(&settings); err != nil || settings == nil {
			return nil, fmt.Errorf("%s is not a JSON object (%v); not touching it", path, err)
		}
		if dec.More() {
			return nil, fmt.Errorf("%s has data after its JSON object; not touching it", path)
		}
	}
	perms := map[string]any{}
	if p, ok := settings["permissions"]; ok {
		m, ok := p.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("%s: permissions is not an object; not touching it", path)
		}
		perms = m
	}
	var allow []any
	if a, ok := perms["allow"]; ok {
		list, ok := a.([]any)
		if !ok {
			return nil, fmt.Errorf("%s: permissions.allow is not a list; not touching it", path)
		}
		allow = list
	}
	have := map[string]bool{}
	for _, v := range allow {
		if s, ok := v.(string); ok {
			have[s] = true
		}
	}
	for _, rule := range Allowed() {
		if !have[rule] {
			allow = append(allow, rule)
			res.Added = append(res.Added, rule)
		}
	}
	if len(res.Added) == 0 && !res.Created {
		return res, nil
	}
	perms["allow"] = allow
	settings["permissions"] = perms
	out, err := json.MarshalIndent(settings, "", "  ")
	if err != nil {
		return nil, err
	}
	out = append(out, '\n')
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".settings-*.json")
	if err != nil {
		return nil, err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(out); err != nil {
		tmp.Close()
		return nil, err
	}
	if err := tmp.Close(); err != nil {
		return nil, err
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return nil, err
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return nil, err
	}
	res.Changed = true
	return res, nil
}
