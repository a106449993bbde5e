// Package env is the Go implementation of the bundled env layer
// (effects.py): get_env reads one environment variable of the sealed
// binary's process.
//
// The floor: a variable whose name looks like a credential, or whose value
// does (securitymod/redact finds a token, key, password or a URL with a
// password in it), is refused whatever the plan's contract says.
// The name check splits the name at '_', '-' and '.' and refuses any word
// in credentialWords, and any name with a credentialPrefixes prefix.
//
// Every error is an *Error whose Kind says which refusal it is (KindOf
// reads it through wrapping); the message's words are for people.
package env

import (
	"fmt"
	"os"
	"strings"

	"github.com/clauz3/clauz3/securitymod/redact"
)

// credentialWords are name words that mark a credential.
var credentialWords = map[string]bool{
	"TOKEN": true, "TOKENS": true, "SECRET": true, "SECRETS": true, "PASSWORD": true,
	"PASSWD": true, "PASS": true, "PASSPHRASE": true, "PWD_HASH": true, "KEY": true,
	"KEYS": true, "APIKEY": true, "CREDENTIAL": true, "CREDENTIALS": true, "CREDS": true,
	"AUTH": true, "COOKIE": true, "SESSION": true, "PRIVATE": true, "SIGNING": true,
	"BEARER": true, "DSN": true, "PAT": true, "OTP": true, "CERT": true, "PEM": true,
}

// credentialPrefixes are variable families that hold credentials as a rule.
var credentialPrefixes = []string{"AWS_", "AZURE_", "GOOGLE_APPLICATION_", "GCP_", "GH_", "GITHUB_", "GITLAB_", "NPM_", "OPENAI_", "ANTHROPIC_", "STRIPE_", "SLACK_", "VAULT_", "CLAUZ3_SMTP_PASSWORD"}

// CredentialName says why name looks like a credential ("" when it does not).
func CredentialName(name string) string {
	switch match, prefix := credentialMatch(name); {
	case match == "":
		return ""
	case prefix:
		return "its name starts with " + match
	default:
		return "its name contains " + match
	}
}

// credentialMatch is the credential prefix (prefix true) or word of name
// that marks it a credential's ("" when none does).
func credentialMatch(name string) (match string, prefix bool) {
	upper := strings.ToUpper(name)
	for _, p := range credentialPrefixes {
		if strings.HasPrefix(upper, p) {
			return p, true
		}
	}
	words := strings.FieldsFunc(upper, func(r rune) bool { return r == '_' || r == '-' || r == '.' })
	for _, w := range words {
		if credentialWords[w] {
			return w, false
		}
	}
	return "", false
}

// credentialValue says why value looks like a credential ("" when not).
func credentialValue(value string) string {
	if redact.String(value) != value {
		return "its value looks like a credential"
	}
	return ""
}

// Lookup reads name through lookup (os.LookupEnv in GetEnv), applying the
// floor; an unset variable reads as "".
func Lookup(name string, lookup func(string) (string, bool)) (string, error) {
	if name == "" || strings.ContainsAny(name, "=\x00") {
		return "", &Error{Kind: NotAName, Name: name, Err: fmt.Errorf("env layer: get_env(%q) refused: not a variable name", name)}
	}
	if why := CredentialName(name); why != "" {
		match, _ := credentialMatch(name)
		return "", &Error{Kind: NameLikeCredential, Name: name, Match: match, Err: fmt.Errorf("env layer: get_env(%q) refused: %s; credentials are not readable through the env layer", name, why)}
	}
	v, ok := lookup(name)
	if !ok {
		return "", nil
	}
	if why := credentialValue(v); why != "" {
		return "", &Error{Kind: ValueLikeCredential, Name: name, Err: fmt.Errorf("env layer: get_env(%q) refused: %s; credentials are not readable through the env layer", name, why)}
	}
	return v, nil
}

// GetEnv is get_env(name: str) -> str.
func GetEnv(name string) (string, error) {
	return Lookup(name, os.LookupEnv)
}
