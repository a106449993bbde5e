package env

import (
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	vars := map[string]string{
		"HOME":         "/home/ann",
		"PWD":          "/home/ann/work",
		"LANG":         "en_US.UTF-8",
		"EMPTY":        "",
		"KEYBOARD":     "us",
		"DATABASE_URL": "postgres://app:hunter2secret@db.internal/app",
		"NOTES":        "deploy with ghp_abcdefghijklmnopqrstuvwxyzABCDEF0123",
		"SITE_URL":     "https://example.com/docs?page=2",
		"GREETING":     "token = get_token()",
	}
	lookup := func(n string) (string, bool) { v, ok := vars[n]; return v, ok }
	for _, tc := range []struct {
		name, want, wantErr string
	}{
		{"HOME", "/home/ann", ""},
		{"PWD", "/home/ann/work", ""},
		{"LANG", "en_US.UTF-8", ""},
		{"EMPTY", "", ""},
		{"UNSET_VAR", "", ""},
		{"KEYBOARD", "us", ""},
		{"SITE_URL", "https://example.com/docs?page=2", ""},
		{"GREETING", "token = get_token()", ""},
		{"GITHUB_TOKEN", "", "starts with GITHUB_"},
		{"OPENAI_API_KEY", "", "starts with OPENAI_"},
		{"MY_SECRET", "", "contains SECRET"},
		{"db.password", "", "contains PASSWORD"},
		{"SSH_AUTH_SOCK", "", "contains AUTH"},
		{"SENTRY_DSN", "", "contains DSN"},
		{"DATABASE_URL", "", "looks like a credential"},
		{"NOTES", "", "looks like a credential"},
		{"A=B", "", "not a variable name"},
		{"", "", "not a variable name"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Lookup(tc.name, lookup)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				if v := vars[tc.name]; v != "" && strings.Contains(err.Error(), v) {
					t.Fatalf("the refusal leaks the value: %v", err)
				}
				return
			}
			if err != nil || got != tc.want {
				t.Fatalf("got %q, %v; want %q", got, err, tc.want)
			}
		})
	}
}

func TestGetEnv(t *testing.T) {
	t.Setenv("CLAUZ3_ENV_TEST", "plain value")
	t.Setenv("CLAUZ3_SMTP_PASSWORD", "x")
	if got, err := GetEnv("CLAUZ3_ENV_TEST"); err != nil || got != "plain value" {
		t.Fatalf("got %q, %v", got, err)
	}
	if _, err := GetEnv("CLAUZ3_SMTP_PASSWORD"); err == nil {
		t.Fatal("a password variable was readable")
	}
}
