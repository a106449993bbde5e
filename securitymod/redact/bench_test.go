package redact

import (
	"strings"
	"testing"
)

func BenchmarkStringShort(b *testing.B) {
	s := "password=hunter2hunter2 and some ordinary text with https://example.com/x"
	for b.Loop() {
		String(s)
	}
}

func BenchmarkString64KiB(b *testing.B) {
	s := strings.Repeat("Ordinary log line with token = get_token() and bob@example.com\n", 1024)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		String(s)
	}
}

func BenchmarkStringLabelHeavy64KiB(b *testing.B) {
	s := strings.Repeat("ts=14:59:50 level=info token = get_token() url=https://example.com:8443/x Authorization: none\n", 700)
	b.SetBytes(int64(len(s)))
	for b.Loop() {
		String(s)
	}
}

// Adversarial inputs for the scanner: each must stay linear.
func BenchmarkStringAdversarial(b *testing.B) {
	for name, s := range map[string]string{
		"long dotted identifier":   strings.Repeat("a.", 1<<18) + "token: abcdefgh12345",
		"many labels, open quotes": strings.Repeat(`token="x token='y `, 1<<15),
		"many separators":          strings.Repeat("password=:", 1<<17),
		"eyJ runs":                 strings.Repeat("eyJ", 1<<18),
		"long token run":           "sk-" + strings.Repeat("a1", 1<<18),
		"authorization lines":      strings.Repeat("Authorization: Bearer x\n", 1<<14),
	} {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				String(s)
			}
		})
	}
}
