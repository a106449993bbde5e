package clientkey

import (
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
		want                               string // "" : accepted
	}{
		{"good", good, Redeem, "req_1", "chal", now, ""},
		{"a little later", good, Redeem, "req_1", "chal", now.Add(MaxSkew), ""},
		{"missing", "", Redeem, "req_1", "chal", now, "no proof"},
		{"another key", other.Proof(Redeem, "req_1", "chal", now), Redeem, "req_1", "chal", now, "not the submitting client's"},
		{"another purpose", good, Run, "req_1", "chal", now, "not the submitting client's"},
		{"another request", good, Redeem, "req_2", "chal", now, "not the submitting client's"},
		{"another binding", good, Redeem, "req_1", "other", now, "not the submitting client's"},
		{"too old", good, Redeem, "req_1", "chal", now.Add(MaxSkew + time.Second), "from the service's clock"},
		{"from the future", good, Redeem, "req_1", "chal", now.Add(-MaxSkew - time.Second), "from the service's clock"},
		{"no dot", "12345", Redeem, "req_1", "chal", now, "not <unix time>.<signature>"},
		{"time not decimal", "+1800000000." + strings.SplitN(good, ".", 2)[1], Redeem, "req_1", "chal", now, "not a decimal unix time"},
		{"signature short", "1800000000.AAAA", Redeem, "req_1", "chal", now, "not 64 bytes"},
		{"NUL in binding", good, Redeem, "req_1", "ch\x00al", now, "NUL"},
	} {
		t.Run(c.name, func(t *testing.T) {
			err := Verify(pub, c.header, c.purpose, c.id, c.binding, c.at)
			switch {
			case c.want == "" && err != nil:
				t.Fatalf("Verify: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Fatalf("Verify = %v, want a refusal mentioning %q", err, c.want)
			}
		})
	}
}

func TestParsePublic(t *testing.T) {
	for _, s := range []string{"", "not base64!", "AAAA", strings.Repeat("A", 42) + "=="} {
		if _, err := ParsePublic(s); err == nil {
			t.Errorf("ParsePublic(%q) accepted", s)
		}
	}
}
