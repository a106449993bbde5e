package clientkey

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// TestVerify: only a proof by the submission's key, for this purpose,
// request and binding, made about now, is accepted; every other one is
// refused with its reason.
func TestVerify(t *testing.T) {
	k, err := New()
	if err != nil {
		t.Fatal(err)
	}
	other, err := New()
	if err != nil {
		t.Fatal(err)
	}
	pub, err := ParsePublic(k.Public())
	if err != nil {
		t.Fatal(err)
	}
	now := time.Unix(1_800_000_000, 0)
	good := k.Proof(Redeem, "req_1", "chal", now)
	for _, c := range []struct {
		name, header, purpose, id, binding string
		at                                 time.Time
		want                               Kind // 0: accepted
	}{
		{"good", good, Redeem, "req_1", "chal", now, 0},
		{"a little later", good, Redeem, "req_1", "chal", now.Add(MaxSkew), 0},
		{"missing", "", Redeem, "req_1", "chal", now, NoProof},
		{"another key", other.Proof(Redeem, "req_1", "chal", now), Redeem, "req_1", "chal", now, WrongKey},
		{"another purpose", good, Run, "req_1", "chal", now, WrongKey},
		{"another request", good, Redeem, "req_2", "chal", now, WrongKey},
		{"another binding", good, Redeem, "req_1", "other", now, WrongKey},
		{"too old", good, Redeem, "req_1", "chal", now.Add(MaxSkew + time.Second), Skewed},
		{"from the future", good, Redeem, "req_1", "chal", now.Add(-MaxSkew - time.Second), Skewed},
		{"no dot", "12345", Redeem, "req_1", "chal", now, Malformed},
		{"time not decimal", "+1800000000." + strings.SplitN(good, ".", 2)[1], Redeem, "req_1", "chal", now, Malformed},
		{"signature short", "1800000000.AAAA", Redeem, "req_1", "chal", now, Malformed},
		{"NUL in binding", good, Redeem, "req_1", "ch\x00al", now, NULByte},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := Verify(pub, c.header, c.purpose, c.id, c.binding, c.at)
			var e *Error
			switch {
			case c.want == 0 && err != nil:
				t.Fatalf("Verify: %v", err)
			case c.want != 0 && (!errors.As(err, &e) || e.Kind != c.want):
				t.Fatalf("Verify = %v, want a %v refusal", err, c.want)
			}
		})
	}
}

func TestParsePublic(t *testing.T) {
	for _, s := range []string{"", "not base64!", "AAAA", strings.Repeat("A", 42) + "=="} {
		var e *Error
		if _, err := ParsePublic(s); !errors.As(err, &e) || e.Kind != BadPublicKey {
			t.Errorf("ParsePublic(%q) accepted", s)
		}
	}
}
