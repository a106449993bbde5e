package compiler

import "testing"

func TestNearest(t *testing.T) {
	for _, tc := range []struct {
		s          string
		candidates []string
		want       string
	}{
		{"onyl", []string{"only", "none", "at_most"}, "only"},
		{"unique_recipient", []string{"only", "unique_recipients"}, "unique_recipients"},
		{"at_mots", []string{"at_most", "only"}, "at_most"},
		{"x", []string{"only"}, ""},                   // too far for a typo
		{"only", []string{"only"}, ""},                // the same name is no suggestion
		{"send", []string{"spend", "send_"}, "send_"}, // nearest, ties by name order
		{"budget", []string{"only", "none"}, ""},
	} {
		if got := nearest(tc.s, tc.candidates); got != tc.want {
			t.Errorf("nearest(%q, %q) = %q, want %q", tc.s, tc.candidates, got, tc.want)
		}
	}
}
