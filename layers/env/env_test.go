package env

import (
	"errors"
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
		name, want string
		wantErr    Kind   // 0: the variable is read
		match      string // the name's prefix or word that marks a credential
	}{
		{"HOME", "/home/ann", 0, ""},
		{"PWD", "/home/ann/work", 0, ""},
		{"LANG", "en_US.UTF-8", 0, ""},
		{"EMPTY", "", 0, ""},
		{"UNSET_VAR", "", 0, ""},
		{"KEYBOARD", "us", 0, ""},
		{"SITE_URL", "https://example.com/docs?page=2", 0, ""},
		{"GREETING", "token = get_token()", 0, ""},
		{"GITHUB_TOKEN", "", NameLikeCredential, "GITHUB_"},
		{"OPENAI_API_KEY", "", NameLikeCredential, "OPENAI_"},
		{"MY_SECRET", "", NameLikeCredential, "SECRET"},
		{"db.password", "", NameLikeCredential, "PASSWORD"},
		{"SSH_AUTH_SOCK", "", NameLikeCredential, "AUTH"},
		{"SENTRY_DSN", "", NameLikeCredential, "DSN"},
		{"DATABASE_URL", "", ValueLikeCredential, ""},
		{"NOTES", "", ValueLikeCredential, ""},
		{"A=B", "", NotAName, ""},
		{"", "", NotAName, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Lookup(tc.name, lookup)
			if tc.wantErr != 0 {
				var e *Error
				if !errors.As(err, &e) || e.Kind != tc.wantErr || e.Name != tc.name || e.Match != tc.match {
					t.Fatalf("err = %v (%+v), want a %v refusal of %q matching %q", err, e, tc.wantErr, tc.name, tc.match)
				}
				// The words are under test here, not the kind: the
				// refusal must not carry the value it refused.
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
	if _, err := GetEnv("CLAUZ3_SMTP_PASSWORD"); KindOf(err) != NameLikeCredential {
		t.Fatalf("a password variable: err = %v, want a %v refusal", err, NameLikeCredential)
	}
}
