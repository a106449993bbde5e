package redact

import (
	"regexp"
	"strings"
)

// String returns s with every credential it recognises replaced by
// "[REDACTED:<kind>]".
func String(s string) string {
	// Each pass can only turn unredacted text into markers, and a span
	// that is nothing but markers is never rewritten, so the passes reach
	// a fixed point; the bound is a belt on top of that argument.
	for range 16 {
		changed := false
		lower := lowerASCII(s)
		for _, r := range rules {
			if next := apply(s, lower, r); next != s {
				s, lower, changed = next, lowerASCII(next), true
			}
		}
		if !changed {
			return s
		}
	}
	return s
}

// Bytes is String for byte slices; it returns a new slice.
func Bytes(b []byte) []byte {
	return []byte(String(string(b)))
}

func marker(kind string) string { return "[REDACTED:" + kind + "]" }

var onlyMarkers = regexp.MustCompile(`^\s*(?:\[REDACTED:[a-z0-9_]+\]\s*)+$`)

// span is one credential to replace: s[start:end] becomes marker(kind).
type span struct {
	start, end int
	kind       string
}

// rule finds the credentials of one kind. lower is s with ASCII letters
// lower-cased (same offsets).
type rule func(s, lower string) []span

func apply(s, lower string, r rule) string {
	spans := r(s, lower)
	if len(spans) == 0 {
		return s
	}
	var b strings.Builder
	last := 0
	for _, sp := range spans {
		if sp.start < last || sp.start >= sp.end || onlyMarkers.MatchString(s[sp.start:sp.end]) {
			continue
		}
		b.WriteString(s[last:sp.start])
		b.WriteString(marker(sp.kind))
		last = sp.end
	}
	if last == 0 {
		return s
	}
	b.WriteString(s[last:])
	return b.String()
}

func lowerASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// pick chooses the secret inside one regexp match (m are submatch byte
// offsets into s) and says whether to redact it.
type pick func(s string, m []int) (start, end int, kind string, ok bool)

// regexRule runs re over the whole text. Its expression should start with
// a literal (Go's regexp then skips to candidates with a string search).
func regexRule(re string, p pick) rule {
	rx := regexp.MustCompile(re)
	return func(s, _ string) []span { return spansOf(rx, p, s, 0) }
}

// lineRule runs re only on the lines whose lower-cased text contains one
// of the keywords; for rules whose expression has no literal prefix.
func lineRule(keywords []string, re string, p pick) rule {
	rx := regexp.MustCompile(re)
	return func(s, lower string) []span {
		var out []span
		for off := 0; off < len(s); {
			end := strings.IndexByte(s[off:], '\n')
			if end < 0 {
				end = len(s)
			} else {
				end += off
			}
			for _, k := range keywords {
				if strings.Contains(lower[off:end], k) {
					out = append(out, spansOf(rx, p, s[off:end], off)...)
					break
				}
			}
			off = end + 1
		}
		return out
	}
}

func spansOf(rx *regexp.Regexp, p pick, s string, off int) []span {
	var out []span
	for _, m := range rx.FindAllStringSubmatchIndex(s, -1) {
		if start, end, kind, ok := p(s, m); ok {
			out = append(out, span{off + start, off + end, kind})
		}
	}
	return out
}

// group redacts submatch g of every match as kind.
func group(kind string, g int) pick {
	return func(_ string, m []int) (int, int, string, bool) {
		return m[2*g], m[2*g+1], kind, m[2*g] >= 0
	}
}

// bounded redacts submatch 1 as kind when the byte before it is not one
// of the given characters: a token inside a longer word is not a token.
func bounded(kind, notBefore string) pick {
	return func(s string, m []int) (int, int, string, bool) {
		if m[2] > 0 && (isAlnum(s[m[2]-1]) || strings.IndexByte(notBefore, s[m[2]-1]) >= 0) {
			return 0, 0, "", false
		}
		return m[2], m[3], kind, true
	}
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

func shape(kind, re string) rule { return regexRule(re, group(kind, 1)) }

// Boundaries: most shapes have a distinctive prefix and no leading
// boundary, so a token glued to a preceding letter is still caught. The
// generic sk- and the JWT keep one, so hyphenated words (task-list) and
// longer base64 runs are not mistaken for them.
var rules = []rule{
	shape("private_key", `(-----BEGIN[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----(?s:.*?)(?:-----END[A-Z0-9 ]*PRIVATE KEY(?: BLOCK)?-----|\z))`),
	regexRule(`(eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}(?:\.[A-Za-z0-9_-]*){1,3})`, bounded("jwt", "_-")),
	shape("anthropic_key", `(sk-ant-[a-z]{2,10}[0-9]{2}-[A-Za-z0-9_-]{20,})`),
	regexRule(`(sk-[A-Za-z0-9_-]{20,})`, skKey),
	shape("github_token", `(gh[pousr]_[A-Za-z0-9]{36,})`),
	shape("github_token", `(github_pat_[A-Za-z0-9_]{22,})`),
	shape("aws_access_key_id", `((?:AKIA|ASIA)[0-9A-Z]{16})`),
	shape("slack_token", `(xox[abposre]-[0-9]+-[A-Za-z0-9-]{8,})`),
	shape("slack_webhook", `hooks\.slack\.com/(services/[A-Za-z0-9/_-]{8,})`),
	shape("stripe_key", `(sk_(?:live|test)_[A-Za-z0-9]{10,})`),
	shape("stripe_key", `(rk_(?:live|test)_[A-Za-z0-9]{10,})`),
	shape("stripe_webhook_secret", `(whsec_[A-Za-z0-9+/=]{20,})`),
	shape("google_api_key", `(AIza[0-9A-Za-z_-]{35})`),
	shape("npm_token", `(npm_[A-Za-z0-9]{36,})`),
	shape("gitlab_token", `(glpat-[A-Za-z0-9_-]{20,})`),
	lineRule([]string{"authorization"}, `(?i)(["']?)\b(?:proxy-)?authorization["']?[ \t]*[:=][ \t]*["']?(?:(?:bearer|basic|token|digest|negotiate|ntlm|apikey|aws4-hmac-sha256|hoba|mutual|vapid|dpop)[ \t]+([^\r\n]+)|([^\s"']+))`, authorization),
	lineRule([]string{"bearer"}, `(?i)\bbearer[ \t]+([A-Za-z0-9._~+/-]{16,}=*)`, bearer),
	lineRule([]string{"cookie"}, `(?i)\b(?:set-cookie|cookie)["']?[ \t]*:[ \t]*["']?([^\r\n"']+)`, cookie),
	lineRule([]string{"://"}, `[A-Za-z][A-Za-z0-9+.-]*://[^\s:/?#@\[\]"'<>]*:([^\s/?#@"'<>]+)@`, group("url_password", 1)),
	labelledRule,
}

// skKey accepts a generic sk- token at a word boundary when one of its -/_
// separated segments is at least 16 characters long and mixes letters and
// digits, which keys do and hyphenated identifiers
// (sk-learn-model-selection) do not.
func skKey(s string, m []int) (int, int, string, bool) {
	if _, _, _, ok := bounded("", "_-")(s, m); !ok {
		return 0, 0, "", false
	}
	tok := s[m[2]:m[3]]
	for _, seg := range strings.FieldsFunc(tok[3:], func(r rune) bool { return r == '-' || r == '_' }) {
		if len(seg) >= 16 && strings.ContainsAny(seg, "0123456789") && strings.IndexFunc(seg, isLetter) >= 0 {
			return m[2], m[3], "openai_key", true
		}
	}
	return 0, 0, "", false
}

func isLetter(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' }

// authorization redacts what follows the scheme word to the end of the
// line (Digest and AWS4 values have spaces and quotes), or to the closing
// quote when the header sits inside a quoted string (curl -H "...", JSON);
// without a scheme word, one token of at least 8 characters.
func authorization(s string, m []int) (int, int, string, bool) {
	if m[4] >= 0 {
		end := m[5]
		if q := s[m[2]:m[3]]; q != "" {
			if i := strings.Index(s[m[4]:end], q); i >= 0 {
				end = m[4] + i
			}
		}
		for end > m[4] && (s[end-1] == ' ' || s[end-1] == '\t') {
			end--
		}
		return m[4], end, "authorization", end > m[4]
	}
	return m[6], m[7], "authorization", m[7]-m[6] >= 8
}

func bearer(s string, m []int) (int, int, string, bool) {
	return m[2], m[3], "bearer", strings.ContainsAny(s[m[2]:m[3]], "0123456789")
}

func cookie(s string, m []int) (int, int, string, bool) {
	end := m[3]
	for end > m[2] && (s[end-1] == ' ' || s[end-1] == '\t') {
		end--
	}
	return m[2], end, "cookie", strings.Contains(s[m[2]:end], "=")
}

// labelRE is a credential label: an identifier ending in a label word
// (DB_PASSWORD, x-api-key, aws_secret_access_key, client.secret), or a
// camelCase or PascalCase identifier ending in one (accessToken,
// clientSecret, apiKey, SecretAccessKey).
const labelRE = `(?:[A-Za-z0-9]+[_.-])*(?i:password|passwd|passphrase|secret|token|api[_-]?key|apikey|access[_-]?key|secret[_-]?key|private[_-]?key|credentials?)` +
	`|[A-Za-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*(?:Password|Passwd|Passphrase|Secret|Token|ApiKey|AccessKey|SecretKey|PrivateKey|Credentials?)`

var (
	number      = regexp.MustCompile(`^[0-9]+(?:\.[0-9]+)?$`)
	dottedName  = regexp.MustCompile(`^[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)+$`)
	envRef      = regexp.MustCompile(`^\$[A-Za-z_][A-Za-z0-9_]*$`)
	placeholder = regexp.MustCompile(`^<[^<>]*>$|\$\{|\{\{|%\([A-Za-z_]+\)s|REDACTED`)
	keywords    = map[string]bool{
		"none": true, "null": true, "nil": true, "undefined": true, "true": true, "false": true,
		"string": true, "optional": true, "secretstr": true, "required": true,
	}
)

// labelledRule finds "label <sep> value" pairs. It is a scanner rather
// than one regular expression (which would run Go's NFA over every byte):
// it stops at each ':' or '=', reads the identifier before it and, when
// that is a credential label, the value after it.
func labelledRule(s, lower string) []span {
	var out []span
	// noClose[q] = e: a scan for the quote q from any v < e reaches a line
	// end at e first, so it need not be repeated (keeps a long line with
	// many labels linear).
	noClose := map[byte]int{}
	for i := 0; i < len(s); {
		j := strings.IndexAny(s[i:], ":=")
		if j < 0 {
			break
		}
		sep := i + j
		i = sep + 1
		sepEnd := sep + sepLen(s[sep:])

		// Backwards: [ \t]*, an optional closing quote, the identifier.
		k := sep
		for k > 0 && (s[k-1] == ' ' || s[k-1] == '\t') {
			k--
		}
		if k > 0 && (s[k-1] == '"' || s[k-1] == '\'') {
			k--
		}
		identEnd := k
		for k > 0 && isIdent(s[k-1]) && identEnd-k < maxLabel {
			k--
		}
		if k == identEnd || !mayBeLabel(lower[k:identEnd]) {
			continue
		}
		labelStart := -1
		for c := k; c < identEnd; c++ {
			if (c == k || !isIdent(s[c-1]) || s[c-1] == '.' || s[c-1] == '-') && labelExact.MatchString(s[c:identEnd]) {
				labelStart = c
				break
			}
		}
		if labelStart < 0 {
			continue
		}

		// Forwards: [ \t]*, then a quoted or an unquoted value.
		v := sepEnd
		for v < len(s) && (s[v] == ' ' || s[v] == '\t') {
			v++
		}
		if v >= len(s) {
			continue
		}
		var start, end int
		quoted := s[v] == '"' || s[v] == '\''
		if quoted {
			q := s[v]
			if v < noClose[q] {
				continue
			}
			close := strings.IndexAny(s[v+1:], string(q)+"\r\n")
			if close < 0 || s[v+1+close] != q {
				noClose[q] = len(s)
				if close >= 0 {
					noClose[q] = v + 1 + close
				}
				continue
			}
			start, end = v+1, v+1+close
			i = end + 1
		} else {
			end = v
			for end < len(s) && !strings.ContainsRune(unquotedStop, rune(s[end])) {
				end++
			}
			if end == v {
				continue
			}
			start = v
			i = end
			if labelStart > 0 && (s[labelStart-1] == '?' || s[labelStart-1] == '&') {
				// A URL query: & ends the value.
				if a := strings.IndexByte(s[start:end], '&'); a >= 0 {
					end = start + a
				}
			}
		}
		if keepValue(s, start, end, quoted) {
			continue
		}
		out = append(out, span{start, end, labelKind(lower[labelStart:identEnd])})
	}
	return out
}

// sepLen is the length of the separator at the start of s: := => === == : =.
func sepLen(s string) int {
	for _, p := range []string{"===", ":=", "=>", "=="} {
		if strings.HasPrefix(s, p) {
			return len(p)
		}
	}
	return 1
}

// maxLabel bounds how far back a label is looked for: a label is a short
// identifier, and an unbounded look-back would be quadratic.
const maxLabel = 128

const unquotedStop = " \t\r\n\f\v\"'`,;()[]{}<>"

func isIdent(c byte) bool { return isAlnum(c) || c == '_' || c == '.' || c == '-' }

// mayBeLabel is a cheap filter before labelExact.
func mayBeLabel(lowerIdent string) bool {
	for _, w := range []string{"pass", "secret", "token", "key", "credential"} {
		if strings.Contains(lowerIdent, w) {
			return true
		}
	}
	return false
}

var labelExact = regexp.MustCompile(`^(?:` + labelRE + `)$`)

// keepValue says whether a labelled value reads as something other than a
// credential.
func keepValue(s string, start, end int, quoted bool) bool {
	v := s[start:end]
	if !looksSecret(v) {
		return true
	}
	if !quoted {
		if end < len(s) && (s[end] == '(' || s[end] == '[') { // get_token(), os.environ["X"]
			return true
		}
		if dottedName.MatchString(v) || envRef.MatchString(v) {
			return true
		}
	}
	return false
}

func looksSecret(v string) bool {
	if len(v) < 8 || number.MatchString(v) || placeholder.MatchString(v) || keywords[strings.ToLower(v)] {
		return false
	}
	// One character repeated: ********, xxxxxxxx, ........
	if strings.Count(v, v[:1]) == len(v) {
		return false
	}
	return true
}

func labelKind(label string) string {
	l := strings.NewReplacer("_", "", "-", "", ".", "").Replace(label)
	switch {
	case strings.Contains(l, "secretaccesskey"):
		return "aws_secret_access_key"
	case strings.Contains(l, "pass"):
		return "password"
	case strings.Contains(l, "privatekey"):
		return "private_key"
	case strings.Contains(l, "secret"):
		return "secret"
	case strings.Contains(l, "token"):
		return "token"
	case strings.Contains(l, "credential"):
		return "credential"
	default:
		return "api_key"
	}
}
