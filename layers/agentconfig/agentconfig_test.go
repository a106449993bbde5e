package agentconfig

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func write(t *testing.T, dir, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Join(dir, ".claude"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, ".claude", "settings.json"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

func read(t *testing.T, dir string) map[string]any {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, ".claude", "settings.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(data, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestMerge(t *testing.T) {
	for _, tc := range []struct {
		name     string
		existing string // "" : no file
		allow    []any
		extra    map[string]any // keys that must survive
	}{
		{"new", "", []any{"Read", "Glob", "Grep", "LS", "Bash(clauz3 prove:*)", "Bash(clauz3 run:*)", "Bash(clauz3 simulate:*)", "Bash(clauz3 tools:*)", "Bash(clauz3 guide:*)", "Bash(clauz3 mcp:*)", "Bash(clauz3 ir:*)"}, nil},
		{"keeps entries", `{"model": "opus", "permissions": {"allow": ["Bash(make test)", "Read"], "deny": ["Bash(rm:*)"]}, "env": {"A": "1"}}`,
			[]any{"Bash(make test)", "Read", "Glob", "Grep", "LS", "Bash(clauz3 prove:*)", "Bash(clauz3 run:*)", "Bash(clauz3 simulate:*)", "Bash(clauz3 tools:*)", "Bash(clauz3 guide:*)", "Bash(clauz3 mcp:*)", "Bash(clauz3 ir:*)"},
			map[string]any{"model": "opus", "env": map[string]any{"A": "1"}}},
		{"revokes the blanket rule", `{"permissions": {"allow": ["Bash(clauz3:*)", "Read"]}}`,
			[]any{"Read", "Glob", "Grep", "LS", "Bash(clauz3 prove:*)", "Bash(clauz3 run:*)", "Bash(clauz3 simulate:*)", "Bash(clauz3 tools:*)", "Bash(clauz3 guide:*)", "Bash(clauz3 mcp:*)", "Bash(clauz3 ir:*)"}, nil},
		{"no permissions yet", `{"model": "opus"}`, []any{"Read", "Glob", "Grep", "LS", "Bash(clauz3 prove:*)", "Bash(clauz3 run:*)", "Bash(clauz3 simulate:*)", "Bash(clauz3 tools:*)", "Bash(clauz3 guide:*)", "Bash(clauz3 mcp:*)", "Bash(clauz3 ir:*)"}, map[string]any{"model": "opus"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			if tc.existing != "" {
				write(t, dir, tc.existing)
			}
			res, err := Merge(dir)
			if err != nil || !res.Changed || res.Created != (tc.existing == "") {
				t.Fatalf("first merge: %+v, %v", res, err)
			}
			m := read(t, dir)
			perms := m["permissions"].(map[string]any)
			if !reflect.DeepEqual(perms["allow"], tc.allow) {
				t.Errorf("allow = %v, want %v", perms["allow"], tc.allow)
			}
			if tc.existing != "" && strings.Contains(tc.existing, "deny") && !reflect.DeepEqual(perms["deny"], []any{"Bash(rm:*)"}) {
				t.Errorf("deny lost: %v", perms["deny"])
			}
			for k, v := range tc.extra {
				if !reflect.DeepEqual(m[k], v) {
					t.Errorf("%s = %v, want %v", k, m[k], v)
				}
			}
			before, _ := os.ReadFile(res.Path)
			again, err := Merge(dir)
			if err != nil || again.Changed || len(again.Added) != 0 {
				t.Fatalf("second merge: %+v, %v", again, err)
			}
			after, _ := os.ReadFile(res.Path)
			if string(before) != string(after) {
				t.Error("the second merge changed the file")
			}
		})
	}
}

func TestMergeRefuses(t *testing.T) {
	for _, bad := range []string{`not json`, `[1, 2]`, `{"permissions": []}`, `{"permissions": {"allow": "Read"}}`, `{} {}`, `null`} {
		dir := t.TempDir()
		write(t, dir, bad)
		var e *Error
		if _, err := Merge(dir); !errors.As(err, &e) || e.Kind != Malformed || e.Path != filepath.Join(dir, ".claude", "settings.json") {
			t.Errorf("%s: err = %v, want a %v refusal naming the settings file", bad, err, Malformed)
		}
		// The words are under test here: a nil cause must not print
		// as a formatting error.
		if _, err := Merge(dir); err != nil && strings.Contains(err.Error(), "%!") {
			t.Errorf("%s: garbled message %q", bad, err)
		}
		data, _ := os.ReadFile(filepath.Join(dir, ".claude", "settings.json"))
		if string(data) != bad {
			t.Errorf("%s: the file was changed to %s", bad, data)
		}
	}
}
