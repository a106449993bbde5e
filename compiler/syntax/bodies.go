package syntax

import (
	"bytes"
	"regexp"
)

// ParseLayer parses a module of a trusted layer. The bodies of its
// top-level functions other than contracts (trusted effects and helpers)
// are never compiled or run (docs/design.md section 3.2: "whatever it
// holds"): a layer written for the original ClauZ3 may use any Python
// there, := and match and async def included, which the subset's parser
// does not read. So when the module does not parse, it is parsed again
// with those bodies blanked (each byte but line ends made a space, the
// docstring kept for the effect's card), which keeps every offset, line
// and column of what is compiled; an error then is in compiled code and
// is the one returned. File.Source stays the original text.
func ParseLayer(filename string, src []byte) (*File, error) {
	f, err := Parse(filename, src)
	if err == nil {
		return f, nil
	}
	blanked, changed := blankBodies(src)
	if !changed {
		return nil, err
	}
	g, err2 := Parse(filename, blanked)
	if err2 != nil {
		return nil, err2
	}
	g.Source = src
	return g, nil
}

// logicalLine is one logical line of a module: from its first
// non-blank byte to the end of its last physical line.
type logicalLine struct {
	start, end int  // byte offsets: first token, and the '\n' (or EOF) ending it
	indent     int  // columns before start (a tab counts 1: only 0 matters)
	colon      int  // offset of the first ':' at bracket depth 0, or -1
	docstring  bool // a lone string literal
}

// contractDecorator matches a decorator line naming contract (@contract,
// @spec.contract, @clauz3.spec.contract): a contract's body is compiled.
var contractDecorator = regexp.MustCompile(`^@\s*([A-Za-z_][A-Za-z_0-9]*\s*\.\s*)*contract\b`)

// blankBodies blanks the multi-line bodies of the top-level defs that are
// not contracts, and turns a top-level "async def" into "def" (padded, so
// the name keeps its offset). changed is false when nothing was blanked.
func blankBodies(src []byte) ([]byte, bool) {
	lines := logicalLines(src)
	out := bytes.Clone(src)
	changed := false
	blank := func(from, to int) {
		for i := from; i < to && i < len(out); i++ {
			if out[i] != '\n' && out[i] != '\r' {
				out[i] = ' '
			}
		}
		changed = true
	}
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if l.indent != 0 {
			continue
		}
		head := src[l.start:l.end]
		isAsync := false
		if bytes.HasPrefix(head, []byte("async")) {
			rest := bytes.TrimLeft(head[5:], " \t")
			if len(rest) == len(head)-5 || !bytes.HasPrefix(rest, []byte("def")) {
				continue
			}
			isAsync = true
		} else if !bytes.HasPrefix(head, []byte("def")) || len(head) < 4 || (head[3] != ' ' && head[3] != '\t') {
			continue
		}
		contract := false
		for j := i - 1; j >= 0 && lines[j].indent == 0 && src[lines[j].start] == '@'; j-- {
			if contractDecorator.Match(src[lines[j].start:lines[j].end]) {
				contract = true
			}
		}
		if contract || l.colon < 0 {
			continue
		}
		if isAsync {
			// "async def f" -> "def       f": the name keeps its offset.
			d := l.start + bytes.Index(head, []byte("def"))
			copy(out[l.start:], "def")
			blank(l.start+3, d+3)
		}
		// The body: the following logical lines indented past the def.
		first, last := i+1, i
		for last+1 < len(lines) && lines[last+1].indent > 0 {
			last++
		}
		if last < first || bytes.TrimSpace(src[l.colon+1:l.end]) != nil && !isComment(src[l.colon+1:l.end]) {
			i = last
			continue // a one-line body (def f(): ...) is left as it is
		}
		from := lines[first].start
		if lines[first].docstring {
			if last == first {
				i = last
				continue
			}
			from = lines[first+1].start
		} else {
			out[from] = '0' // a body must hold a statement
			from++
		}
		blank(from, lines[last].end)
		i = last
	}
	return out, changed
}

func isComment(b []byte) bool {
	b = bytes.TrimSpace(b)
	return len(b) > 0 && b[0] == '#'
}

// logicalLines splits src into logical lines, skipping blank and
// comment-only lines, with string literals, comments, brackets and
// backslash continuations taken into account.
func logicalLines(src []byte) []logicalLine {
	var out []logicalLine
	n := len(src)
	i := 0
	for i < n {
		// Indentation of a new line.
		col := 0
		for i < n && (src[i] == ' ' || src[i] == '\t' || src[i] == '\f') {
			i++
			col++
		}
		if i >= n {
			break
		}
		if src[i] == '\n' || src[i] == '\r' {
			i++
			continue
		}
		if src[i] == '#' {
			for i < n && src[i] != '\n' {
				i++
			}
			continue
		}
		l := logicalLine{start: i, indent: col, colon: -1}
		depth, tokens := 0, 0
		firstString := false
	line:
		for i < n {
			c := src[i]
			switch {
			case c == '\n':
				if depth == 0 {
					break line
				}
				i++
			case c == '\\' && i+1 < n && (src[i+1] == '\n' || src[i+1] == '\r'):
				i += 2
				if i < n && src[i-1] == '\r' && src[i] == '\n' {
					i++
				}
			case c == '#':
				for i < n && src[i] != '\n' {
					i++
				}
			case c == ' ' || c == '\t' || c == '\r' || c == '\f':
				i++
			case c == '\'' || c == '"':
				tokens++
				if tokens == 1 {
					firstString = true
				}
				i = skipString(src, i)
			case isPrefixStart(src, i):
				tokens++
				if tokens == 1 {
					firstString = true
				}
				for src[i] != '\'' && src[i] != '"' {
					i++
				}
				i = skipString(src, i)
			case c == '(' || c == '[' || c == '{':
				tokens++
				depth++
				i++
			case c == ')' || c == ']' || c == '}':
				tokens++
				if depth > 0 {
					depth--
				}
				i++
			case c == ':' && depth == 0:
				tokens++
				if l.colon < 0 {
					l.colon = i
				}
				i++
			default:
				tokens++
				// A name or number: to its end, so a prefix-like name
				// (rb, f) inside it is not read as a string prefix.
				if isWord(c) {
					for i < n && isWord(src[i]) {
						i++
					}
				} else {
					i++
				}
			}
		}
		l.end = i
		l.docstring = firstString && tokens == 1
		out = append(out, l)
	}
	return out
}

func isWord(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c >= 0x80
}

// isPrefixStart reports whether a string prefix (r, b, u, f and their
// two-letter forms, any case) followed by a quote starts at i.
func isPrefixStart(src []byte, i int) bool {
	if i > 0 && isWord(src[i-1]) {
		return false
	}
	j := i
	for j < len(src) && j-i < 2 && bytes.IndexByte([]byte("rRbBuUfF"), src[j]) >= 0 {
		j++
	}
	return j > i && j < len(src) && (src[j] == '\'' || src[j] == '"')
}

// skipString returns the offset just past the string literal whose
// opening quote is at i (an unterminated one runs to the end of its line,
// or of the text for a triple quote).
func skipString(src []byte, i int) int {
	q := src[i]
	n := len(src)
	if i+2 < n && src[i+1] == q && src[i+2] == q {
		for j := i + 3; j < n; j++ {
			if src[j] == '\\' {
				j++
				continue
			}
			if src[j] == q && j+2 < n && src[j+1] == q && src[j+2] == q {
				return j + 3
			}
		}
		return n
	}
	for j := i + 1; j < n; j++ {
		switch src[j] {
		case '\\':
			j++
		case q:
			return j + 1
		case '\n':
			return j
		}
	}
	return n
}
