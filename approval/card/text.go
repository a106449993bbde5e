package card

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/idna"
)

// TextFlags lists what makes s possibly not what it looks like to a human
// reading it: invalid UTF-8, control and invisible format characters
// (zero-width, bidirectional overrides), non-ASCII characters (each named
// with its code point and script) and letters from more than one script
// (bob@exаmple.com with a Cyrillic а). Nil when s is plain printable ASCII.
func TextFlags(s string) []string {
	var flags []string
	if !utf8.ValidString(s) {
		return []string{"not valid UTF-8"}
	}
	scripts := map[string]bool{}
	var order []string
	nonASCII := 0
	for i, r := range s {
		if r < utf8.RuneSelf {
			if r < 0x20 || r == 0x7f {
				flags = append(flags, fmt.Sprintf("control character U+%04X at byte %d", r, i))
			}
		} else {
			nonASCII++
			switch {
			case unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Cc, r):
				flags = append(flags, fmt.Sprintf("invisible character U+%04X at byte %d", r, i))
			case unicode.IsSpace(r):
				flags = append(flags, fmt.Sprintf("non-ASCII space U+%04X at byte %d", r, i))
			default:
				if nonASCII <= 8 { // name the first few; the count says the rest
					flags = append(flags, fmt.Sprintf("non-ASCII character %q U+%04X (%s) at byte %d", r, r, scriptOf(r), i))
				}
			}
		}
		if unicode.IsLetter(r) {
			sc := scriptOf(r)
			if sc != "Common" && sc != "Inherited" && !scripts[sc] {
				scripts[sc] = true
				order = append(order, sc)
			}
		}
	}
	if nonASCII > 8 {
		flags = append(flags, fmt.Sprintf("%d non-ASCII characters in all", nonASCII))
	}
	if len(order) > 1 {
		flags = append([]string{"mixes " + strings.Join(order, " and ") + " letters: a look-alike of another text?"}, flags...)
	}
	return flags
}

// scriptOf names the Unicode script of r ("Latin", "Cyrillic", ...), or
// "Unknown".
func scriptOf(r rune) string {
	for _, name := range scriptNames {
		if unicode.Is(unicode.Scripts[name], r) {
			return name
		}
	}
	for name, table := range unicode.Scripts {
		if unicode.Is(table, r) {
			return name
		}
	}
	return "Unknown"
}

// scriptNames are tried first, so the common answers do not depend on map
// order (a rune belongs to one script; the order only saves time).
var scriptNames = []string{"Latin", "Common", "Inherited", "Cyrillic", "Greek", "Armenian", "Hebrew", "Arabic", "Han", "Hiragana", "Katakana", "Hangul"}

// ASCIIForm returns how s reads once every domain name in it is written in
// its ASCII (punycode, "xn--") form: an e-mail address's domain, a URL's
// host, or s itself when it is a bare domain name. ok is false when s holds
// no non-ASCII domain (nothing to show); note says why a domain could not
// be converted (an invalid internationalised name is itself a warning).
func ASCIIForm(s string) (form string, ok bool, note string) {
	if isASCII(s) || strings.ContainsAny(s, " \t\r\n") {
		return "", false, ""
	}
	if local, domain, found := strings.Cut(s, "@"); found && !strings.Contains(domain, "@") && !strings.Contains(s, "://") {
		d, note := domainASCII(domain)
		if d == domain {
			return "", false, note
		}
		return local + "@" + d, true, note
	}
	if strings.Contains(s, "://") {
		u, err := url.Parse(s)
		if err != nil || u.Host == "" {
			return "", false, ""
		}
		host := u.Hostname()
		d, note := domainASCII(host)
		if d == host {
			return "", false, note
		}
		return strings.Replace(s, host, d, 1), true, note
	}
	if strings.Contains(s, ".") && !strings.ContainsAny(s, "/") {
		d, note := domainASCII(s)
		if d == s {
			return "", false, note
		}
		return d, true, note
	}
	return "", false, ""
}

// domainASCII converts one domain to ASCII with the IDNA lookup profile
// (UTS #46 mapping, as a resolver would); a name that profile refuses is
// still shown label by label in plain punycode, with the refusal as note.
func domainASCII(d string) (string, string) {
	if isASCII(d) {
		return d, ""
	}
	a, err := idna.Lookup.ToASCII(d)
	if err == nil {
		return a, ""
	}
	p, perr := idna.Punycode.ToASCII(d)
	if perr != nil {
		return d, "not a valid internationalised domain name: " + err.Error()
	}
	return p, "not a valid internationalised domain name: " + err.Error()
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// Visible is s as it may be shown inside a sentence of the card: every
// control, format (zero-width, bidirectional override) and non-ASCII
// space character is written as ⟨U+XXXX⟩, so no text can hide itself or
// reorder the sentence around it; a line break is ⟨U+000A⟩ too, so one
// sentence stays one line. Invalid UTF-8 is shown as U+FFFD.
func Visible(s string) string {
	var b strings.Builder
	for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
		switch {
		case r < 0x20 || r == 0x7f,
			r >= utf8.RuneSelf && (unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) || unicode.IsSpace(r) || unicode.In(r, unicode.Zl, unicode.Zp)):
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
