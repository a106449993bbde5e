package card

import (
	"strings"
	"testing"
)

func TestTextFlags(t *testing.T) {
	tests := []struct {
		in   string
		want []string // substrings, each in some flag; nil: no flag at all
	}{
		{"bob@example.com", nil},
		{"plain text, with punctuation: 1+1=2!", nil},
		{"bob@ex\u0430mple.com", []string{"mixes Latin and Cyrillic letters", `non-ASCII character 'а' U+0430 (Cyrillic) at byte 6`}},
		{"\u0440\u0430ypal.com", []string{"mixes Cyrillic and Latin letters"}},
		{"caf\u00e9", []string{"U+00E9 (Latin)"}},
		{"bob\u200b@example.com", []string{"invisible character U+200B"}},
		{"evil\u202etxt.exe", []string{"invisible character U+202E"}},
		{"a\tb", []string{"control character U+0009"}},
		{"a\u00a0b", []string{"non-ASCII space U+00A0"}},
		{"\xff", []string{"not valid UTF-8"}},
		{"\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436\u0436", []string{"10 non-ASCII characters in all"}},
	}
	for _, tt := range tests {
		got := TextFlags(tt.in)
		if tt.want == nil {
			if got != nil {
				t.Errorf("TextFlags(%q) = %q, want none", tt.in, got)
			}
			continue
		}
		all := strings.Join(got, "\n")
		for _, w := range tt.want {
			if !strings.Contains(all, w) {
				t.Errorf("TextFlags(%q) = %q, want one containing %q", tt.in, got, w)
			}
		}
	}
}

// The expected ASCII forms were computed with CPython as an independent
// reference: "exаmple.com".encode("idna") and "münchen.de".encode("idna")
// (IDNA 2003), which agree with UTS #46 on these names.
func TestASCIIForm(t *testing.T) {
	tests := []struct {
		in, want string
		ok       bool
		note     string
	}{
		{"bob@ex\u0430mple.com", "bob@xn--exmple-4nf.com", true, ""},
		{"https://ex\u0430mple.com/pay?to=bob", "https://xn--exmple-4nf.com/pay?to=bob", true, ""},
		{"m\u00fcnchen.de", "xn--mnchen-3ya.de", true, ""},
		{"M\u00dcNCHEN.de", "xn--mnchen-3ya.de", true, ""}, // mapped to lower case, as a resolver does
		{"bob@example.com", "", false, ""},
		{"caf\u00e9 au lait", "", false, ""},     // text, not a domain
		{"j\u00f6rg@example.com", "", false, ""}, // the domain is ASCII; TextFlags flags the local part
	}
	for _, tt := range tests {
		got, ok, note := ASCIIForm(tt.in)
		if got != tt.want || ok != tt.ok || !strings.Contains(note, tt.note) {
			t.Errorf("ASCIIForm(%q) = %q, %v, %q; want %q, %v, %q", tt.in, got, ok, note, tt.want, tt.ok, tt.note)
		}
	}
}

// TestPlainEnglish: a guarantee's sentence loses the effect function names
// in parentheses and reads field names as their labels; nothing else of
// the sentence changes: a parenthesised text that is not a list of effect
// names stays, and quoted text is left as it is.
func TestPlainEnglish(t *testing.T) {
	labels := map[string]string{"addr": "recipient", "msg": "message"}
	effects := map[string]bool{"send_email": true, "send_email_with_subject": true}
	for _, c := range []struct{ in, want string }{
		{"For every email (send_email, send_email_with_subject), addr is in ['bob@example.com'].", "For every email, the recipient is in ['bob@example.com']."},
		{"For every email (send_email), the length of msg is at most 5.", "For every email, the length of the message is at most 5."},
		{"For every email (send_email), addr is 'addr (send_email)'.", "For every email, the recipient is 'addr (send_email)'."},
		{"For every email (send_email), the addr is 'the the msg'.", "For every email, the recipient is 'the the msg'."},
		{"There are at most (limit) emails (send_email, not_an_effect).", "There are at most (limit) emails (send_email, not_an_effect)."},
	} {
		if got := plainEnglish(c.in, labels, effects); got != c.want {
			t.Errorf("plainEnglish(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
