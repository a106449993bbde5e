package redact

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// Tokens are assembled at run time so that secret scanners do not flag
// this file; none of them is a real credential.
var (
	alnum36      = "aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1eF3hJ5"
	openaiLegacy = "s" + "k-" + "Ab3dEf5hIj7lMn9pT3BlbkFJqR1tUv3xYz5bCd7fGh9jKl1mNo"
	openaiProj   = "s" + "k-proj-" + "Xy_9aB3dE5gH7jK9mN1pQ3sT5vW7-yZ9bC1eF3hJ5kL7nP9rS1"
	deepseek     = "s" + "k-" + "1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d"
	anthropic    = "s" + "k-ant-api03-" + "Ab3dEf5hIj7lMn9pQr1tUv3xYz5bCd7fGh9jKl1mNo3pQr5-AbCdEf_012AA"
	ghp          = "gh" + "p_" + alnum36
	ghs          = "gh" + "s_" + alnum36
	ghu          = "gh" + "u_" + alnum36
	gho          = "gh" + "o_" + alnum36
	ghr          = "gh" + "r_" + alnum36
	ghPAT        = "github" + "_pat_" + "11ABCDEFG0123456789abc_" + alnum36 + "xyz0123456789"
	akia         = "AK" + "IAIOSFODNN7EXAMPLE"
	asia         = "AS" + "IAY34FZKBOKMUTVV7A"
	slackBot     = "xo" + "xb-" + "123456789012-1234567890123-" + "aB3dE5gH7jK9mN1pQ3sT5vW7"
	slackUser    = "xo" + "xp-" + "123456789012-123456789012-123456789012-" + "aB3dE5gH7jK9mN1pQ3sT5vW7"
	stripeLive   = "sk" + "_live_" + "51Hx" + alnum36
	stripeTest   = "sk" + "_test_" + "51Hx" + alnum36
	stripeRK     = "rk" + "_live_" + "51Hx" + alnum36
	stripePK     = "pk" + "_live_" + "51Hx" + alnum36
	googleKey    = "AI" + "za" + "SyD-aB3dE5gH7jK9mN1pQ3sT5vW7yZ9_bC1"
	npmTok       = "np" + "m_" + alnum36
	glpat        = "gl" + "pat-" + "aB3dE5gH7jK9mN1pQ3sT"
	jwt          = "ey" + "JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9" + ".eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0" + ".SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
	jwtNone      = "ey" + "JhbGciOiJub25lIn0" + ".eyJzdWIiOiIxMjM0NTY3ODkwIn0" + "."
	pemRSA       = "-----BEGIN RSA " + "PRIVATE KEY-----\nMIIEowIBAAKCAQEAabc\ndef+/ghi==\n-----END RSA " + "PRIVATE KEY-----"
	pemOpenSSH   = "-----BEGIN OPENSSH " + "PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH " + "PRIVATE KEY-----"
	pemPGP       = "-----BEGIN PGP " + "PRIVATE KEY BLOCK-----\n\nlQOYBF\n-----END PGP " + "PRIVATE KEY BLOCK-----"
	pemPKCS8     = "-----BEGIN " + "PRIVATE KEY-----\nMIIEvQIBADANBg\n-----END " + "PRIVATE KEY-----"
	pemEnc       = "-----BEGIN ENCRYPTED " + "PRIVATE KEY-----\nMIIFHzBJBgkq\n-----END ENCRYPTED " + "PRIVATE KEY-----"
	awsSecret    = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
)

func R(kind string) string { return "[REDACTED:" + kind + "]" }

type tc struct{ name, in, want string }

func run(t *testing.T, cases []tc) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := String(c.in)
			if got != c.want {
				t.Fatalf("String(%q)\n got  %q\n want %q", c.in, got, c.want)
			}
			if again := String(got); again != got {
				t.Fatalf("not idempotent: %q -> %q", got, again)
			}
			if b := Bytes([]byte(c.in)); string(b) != c.want {
				t.Fatalf("Bytes differs from String: %q", b)
			}
		})
	}
}

func TestProviderTokens(t *testing.T) {
	run(t, []tc{
		{"openai legacy", "key " + openaiLegacy + " end", "key " + R("openai_key") + " end"},
		{"openai project", "OPENAI_API_KEY=" + openaiProj, "OPENAI_API_KEY=" + R("openai_key")},
		{"sk- hex key", "key: " + deepseek, "key: " + R("openai_key")},
		{"anthropic", "x-api-key: " + anthropic, "x-api-key: " + R("anthropic_key")},
		{"anthropic glued to a word", "ANTHROPIC" + anthropic, "ANTHROPIC" + R("anthropic_key")},
		{"sk- near miss: task-list", "see the task-list and risk-assessment-report", "see the task-list and risk-assessment-report"},
		{"sk- near miss: inside a word", "task-abcdef0123456789abcdef0123456789", "task-abcdef0123456789abcdef0123456789"},
		{"sk- near miss: hyphenated identifier", "pip install sk-learn-model-selection-tools-v2", "pip install sk-learn-model-selection-tools-v2"},
		{"sk- near miss: short", "the sk-1234 prefix", "the sk-1234 prefix"},
		{"sk- near miss: letters only", "sk-abcdefghijklmnopqrstuvwxyz", "sk-abcdefghijklmnopqrstuvwxyz"},

		{"ghp", "token " + ghp, "token " + R("github_token")},
		{"gho ghu ghs ghr", gho + " " + ghu + " " + ghs + " " + ghr, R("github_token") + " " + R("github_token") + " " + R("github_token") + " " + R("github_token")},
		{"github glued to a letter", "x" + ghp, "x" + R("github_token")},
		{"github fine-grained", "GH=" + ghPAT, "GH=" + R("github_token")},
		{"github near miss: short", "ghp_short and gho_ and github_pat_x", "ghp_short and gho_ and github_pat_x"},
		{"github near miss: ghx", "ghx_" + alnum36, "ghx_" + alnum36},

		{"AKIA", "aws_access_key_id = " + akia, "aws_access_key_id = " + R("aws_access_key_id")},
		{"ASIA in JSON", `{"AccessKeyId": "` + asia + `"}`, `{"AccessKeyId": "` + R("aws_access_key_id") + `"}`},
		{"AKIA near miss: 20 uppercase chars", "ABCDEFGHIJKLMNOPQRST is not a key", "ABCDEFGHIJKLMNOPQRST is not a key"},
		{"AKIA near miss: one short", "AK" + "IAIOSFODNN7EXAMPL!", "AK" + "IAIOSFODNN7EXAMPL!"},
		{"AKIA near miss: lower case", "akiaiosfodnn7example", "akiaiosfodnn7example"},
		{"aws secret", "aws_secret_access_key = " + awsSecret, "aws_secret_access_key = " + R("aws_secret_access_key")},
		{"aws secret env", "AWS_SECRET_ACCESS_KEY=" + awsSecret, "AWS_SECRET_ACCESS_KEY=" + R("aws_secret_access_key")},
		{"aws secret JSON", `"SecretAccessKey": "` + awsSecret + `"`, `"SecretAccessKey": "` + R("aws_secret_access_key") + `"`},

		{"slack bot", "SLACK=" + slackBot, "SLACK=" + R("slack_token")},
		{"slack user", slackUser, R("slack_token")},
		{"slack webhook", "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX", "https://hooks.slack.com/" + R("slack_webhook")},
		{"slack near miss: xoxo", "xoxo-hugs-and-kisses-from-grandma", "xoxo-hugs-and-kisses-from-grandma"},
		{"slack near miss: no digits", "xoxb-not-a-real-token-at-all", "xoxb-not-a-real-token-at-all"},

		{"stripe live", "STRIPE=" + stripeLive, "STRIPE=" + R("stripe_key")},
		{"stripe test", stripeTest, R("stripe_key")},
		{"stripe restricted", stripeRK, R("stripe_key")},
		{"stripe webhook", "whsec_" + alnum36, R("stripe_webhook_secret")},
		{"stripe near miss: publishable key kept", "publishable " + stripePK, "publishable " + stripePK},
		{"stripe near miss: words", "sk_live_ mode and rk_test_x", "sk_live_ mode and rk_test_x"},

		{"google", "key=" + googleKey + "&q=1", "key=" + R("google_api_key") + "&q=1"},
		{"google near miss: short", "AIzaSyShort", "AIzaSyShort"},

		{"npm", "//registry.npmjs.org/:_authToken=" + npmTok, "//registry.npmjs.org/:_authToken=" + R("npm_token")},
		{"npm near miss: config var", "npm_config_registry=https://registry.npmjs.org/", "npm_config_registry=https://registry.npmjs.org/"},

		{"gitlab", "PRIVATE-TOKEN: " + glpat, "PRIVATE-TOKEN: " + R("gitlab_token")},
		{"gitlab near miss: short", "glpat-short", "glpat-short"},
	})
}

func TestJWTAndPEM(t *testing.T) {
	run(t, []tc{
		{"jwt", "id_token=" + jwt, "id_token=" + R("jwt")},
		{"jwt alg none", "t " + jwtNone + " x", "t " + R("jwt") + " x"},
		{"jwt in JSON", `{"jwt":"` + jwt + `"}`, `{"jwt":"` + R("jwt") + `"}`},
		{"jwt near miss: base64 without dots", "eyJmb28iOiJiYXIifQ== is base64 JSON", "eyJmb28iOiJiYXIifQ== is base64 JSON"},
		{"jwt near miss: short segments", "eyJx.eyJy.z", "eyJx.eyJy.z"},
		{"jwt near miss: inside a longer base64url run", "QUJDeyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0x.abc", "QUJDeyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0x.abc"},
		{"jwt near miss: file name", "eyJhbGciOiJIUzI1NiJ9.json", "eyJhbGciOiJIUzI1NiJ9.json"},

		{"pem rsa", "key:\n" + pemRSA + "\ndone", "key:\n" + R("private_key") + "\ndone"},
		{"pem openssh", pemOpenSSH, R("private_key")},
		{"pem pgp", pemPGP, R("private_key")},
		{"pem pkcs8", pemPKCS8, R("private_key")},
		{"pem encrypted", pemEnc, R("private_key")},
		{"pem two blocks", pemRSA + "\nmiddle\n" + pemPKCS8, R("private_key") + "\nmiddle\n" + R("private_key")},
		{"pem unterminated", "head\n-----BEGIN " + "PRIVATE KEY-----\nMIIEvQIBADANBg\nAAAA", "head\n" + R("private_key")},
		{"pem near miss: public key", "-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----", "-----BEGIN PUBLIC KEY-----\nMIIBIjAN\n-----END PUBLIC KEY-----"},
		{"pem near miss: certificate", "-----BEGIN CERTIFICATE-----\nMIIDdzCC\n-----END CERTIFICATE-----", "-----BEGIN CERTIFICATE-----\nMIIDdzCC\n-----END CERTIFICATE-----"},
	})
}

func TestHeaders(t *testing.T) {
	run(t, []tc{
		{"bearer header", "Authorization: Bearer abc.def-ghi_jkl", "Authorization: Bearer " + R("authorization")},
		{"basic header", "authorization: Basic dXNlcjpwYXNzd29yZA==", "authorization: Basic " + R("authorization")},
		{"digest header", `Authorization: Digest username="bob", response="6629fae49393a05397450978507c4ef1"`, `Authorization: Digest ` + R("authorization")},
		{"header in curl", `curl -H "Authorization: Bearer abcdef123456" https://api.example.com/`, `curl -H "Authorization: Bearer ` + R("authorization") + `" https://api.example.com/`},
		{"header in JSON", `{"Authorization": "Bearer abcdef123456", "Accept": "*/*"}`, `{"Authorization": "Bearer ` + R("authorization") + `", "Accept": "*/*"}`},
		{"proxy authorization", "Proxy-Authorization: Basic dXNlcjpwYXNz", "Proxy-Authorization: Basic " + R("authorization")},
		{"authorization without scheme", "Authorization: 0123456789abcdef", "Authorization: " + R("authorization")},
		{"header with github token keeps its kind", "Authorization: token " + ghp, "Authorization: token " + R("github_token")},
		{"authorization near miss: prose", "authorization: none\nAuthorization is required.", "authorization: none\nAuthorization is required."},
		{"bare bearer", "use bearer abcdefghij0123456789 now", "use bearer " + R("bearer") + " now"},
		{"bearer near miss: prose", "Bearer of bad news; bearer responsibilities", "Bearer of bad news; bearer responsibilities"},

		{"cookie", "Cookie: session=abc123; theme=dark", "Cookie: " + R("cookie")},
		{"set-cookie", "Set-Cookie: id=a3fWa; Expires=Thu, 21 Oct 2021 07:28:00 GMT; Secure", "Set-Cookie: " + R("cookie")},
		{"cookie in curl", "curl -H 'Cookie: sid=abcdef' https://x.example/", "curl -H 'Cookie: " + R("cookie") + "' https://x.example/"},
		{"cookie in JSON", `{"cookie": "sid=abcdef", "a": 1}`, `{"cookie": "` + R("cookie") + `", "a": 1}`},
		{"cookie near miss: prose", "Have a cookie: it's tasty", "Have a cookie: it's tasty"},
	})
}

func TestURLs(t *testing.T) {
	run(t, []tc{
		{"url password", "https://user:s3cr3tpass@db.example.com:5432/x", "https://user:" + R("url_password") + "@db.example.com:5432/x"},
		{"url password in text", "clone git+https://bob:hunter2@git.example.com/r.git now", "clone git+https://bob:" + R("url_password") + "@git.example.com/r.git now"},
		{"url token as password", "https://x-access-token:tok123@github.com/o/r", "https://x-access-token:" + R("url_password") + "@github.com/o/r"},
		{"url near miss: port", "https://example.com:8443/path?q=1#f", "https://example.com:8443/path?q=1#f"},
		{"url near miss: user only", "ssh://git@github.com/org/repo.git", "ssh://git@github.com/org/repo.git"},
		{"email kept", "write to bob@example.com or alice.smith+tag@mail.example.org", "write to bob@example.com or alice.smith+tag@mail.example.org"},
		{"url query token", "https://api.example.com/v1?access_token=abcdef123456&page=2", "https://api.example.com/v1?access_token=" + R("token") + "&page=2"},
		{"url query second param", "https://x.example/cb?state=ab&client_secret=abcdef123456&code=1", "https://x.example/cb?state=ab&client_secret=" + R("secret") + "&code=1"},
		{"ordinary url", "see https://go.dev/doc/effective_go#names", "see https://go.dev/doc/effective_go#names"},
	})
}

func TestLabelled(t *testing.T) {
	run(t, []tc{
		{"password=", "password=hunter2hunter2", "password=" + R("password")},
		{"passwd", "passwd: Tr0ub4dor&3x", "passwd: " + R("password")},
		{"token=", "token=abcdef123456", "token=" + R("token")},
		{"api_key", "api_key = 'f00dbabe-1234-5678'", "api_key = '" + R("api_key") + "'"},
		{"apikey", "apikey:abcdEFGH1234", "apikey:" + R("api_key")},
		{"api-key header", "X-Api-Key: 0123abcd4567efgh", "X-Api-Key: " + R("api_key")},
		{"secret", "secret=Zm9vYmFyYmF6", "secret=" + R("secret")},
		{"client_secret", "client_secret: 'GOCSPX-abcdefgh1234'", "client_secret: '" + R("secret") + "'"},
		{"JSON password", `{"user": "bob", "password": "correct horse battery staple"}`, `{"user": "bob", "password": "` + R("password") + `"}`},
		{"JSON single quoted", `{'token': 'abcdefgh12345'}`, `{'token': '` + R("token") + `'}`},
		{"env var", "export DB_PASSWORD=SuperSecretPw", "export DB_PASSWORD=" + R("password")},
		{"go :=", `apiKey := "abcd1234efgh5678"`, `apiKey := "` + R("api_key") + `"`},
		{"ruby =>", `:password => "p4ssw0rd!!"`, `:password => "` + R("password") + `"`},
		{"camelCase", `accessToken: "abcdefgh12345678", clientSecret: "s3cr3t-v4lue"`, `accessToken: "` + R("token") + `", clientSecret: "` + R("secret") + `"`},
		{"yaml", "db:\n  password: hunter2hunter2\n  host: db.local", "db:\n  password: " + R("password") + "\n  host: db.local"},
		{"cli flag", "mysql --password=hunter2hunter2 -h db", "mysql --password=" + R("password") + " -h db"},
		{"comparison", `if token == "abcdefgh12345":`, `if token == "` + R("token") + `":`},
		{"value with a credential under any name", `{"note": "` + ghp + `"}`, `{"note": "` + R("github_token") + `"}`},

		{"code: function call", "token = get_token()", "token = get_token()"},
		{"code: input()", "password = input()", "password = input()"},
		{"code: getenv", `token = os.getenv("GITHUB_TOKEN")`, `token = os.getenv("GITHUB_TOKEN")`},
		{"code: environ index", `password = os.environ["DB_PASSWORD"]`, `password = os.environ["DB_PASSWORD"]`},
		{"code: attribute", "token = self.token", "token = self.token"},
		{"code: settings", "api_key = settings.OPENAI_API_KEY", "api_key = settings.OPENAI_API_KEY"},
		{"code: type annotation", "accessToken: string; password: Optional[str]", "accessToken: string; password: Optional[str]"},
		{"code: None", "password = None", "password = None"},
		{"code: null JSON", `{"token": null, "secret": undefined}`, `{"token": null, "secret": undefined}`},
		{"number", "token: 1234567890", "token: 1234567890"},
		{"placeholder <>", "token=<token> password: <your password here>", "token=<token> password: <your password here>"},
		{"placeholder ${}", "TOKEN=${TOKEN} password=${DB_PASSWORD:-x}", "TOKEN=${TOKEN} password=${DB_PASSWORD:-x}"},
		{"placeholder $VAR", "password=$DB_PASSWORD", "password=$DB_PASSWORD"},
		{"placeholder {{}}", `password: "{{ db_password }}"`, `password: "{{ db_password }}"`},
		{"placeholder stars", "password: ********", "password: ********"},
		{"placeholder xxx", "api_key=xxxxxxxxxxxx", "api_key=xxxxxxxxxxxx"},
		{"short value", "password: hunter2", "password: hunter2"},
		{"near miss: max_tokens", "max_tokens=4096000 tokens: many", "max_tokens=4096000 tokens: many"},
		{"near miss: token_type", "token_type: bearer_something", "token_type: bearer_something"},
		{"near miss: secretary", "secretary: Jane Doe-Smithers", "secretary: Jane Doe-Smithers"},
		{"near miss: password prose", "Password: (enter your password)", "Password: (enter your password)"},
		{"near miss: tokenizer", "tokenizer = SentencePieceTokenizer", "tokenizer = SentencePieceTokenizer"},
	})
}

func TestOrdinaryTextUnchanged(t *testing.T) {
	for _, s := range []string{
		"",
		"Hello, world. The quick brown fox jumps over the lazy dog.",
		"SELECT id, name FROM users WHERE created_at > '2024-01-01' ORDER BY id;",
		"func main() { fmt.Println(\"hi\") }",
		"commit 3f2a1b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a",
		"sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
		"UUID 123e4567-e89b-12d3-a456-426614174000",
		"path /home/bob/.ssh/config and C:\\Users\\bob",
		"phone +1 555 0100, card 4111 1111 1111 1111, ip 10.0.0.1",
		"email bob@example.com, url https://example.com/a?b=c",
		"日本語のテキスト and émojis 🎉",
		"invalid utf8 \xff\xfe here",
	} {
		if got := String(s); got != s {
			t.Errorf("String(%q) = %q, want it unchanged", s, got)
		}
	}
}

// plants are one credential of every shape; FuzzString plants one of them
// in arbitrary text and checks it never comes out.
var plants = []string{
	openaiLegacy, openaiProj, deepseek, anthropic, ghp, ghs, ghPAT, akia, asia, slackBot, slackUser,
	stripeLive, stripeRK, googleKey, npmTok, glpat, jwt, jwtNone, pemRSA, pemOpenSSH, pemPGP,
	"whsec_" + alnum36, "Authorization: Bearer Zx81abcdef", "Cookie: sid=Zx81abcdef",
	"password=Zx81abcdef99", `"token": "Zx81abcdef99"`, "https://u:Zx81abcdef99@h.example/",
}

// secretOf is the part of a plant that must not survive.
func secretOf(p string) string {
	for _, pre := range []string{"Authorization: Bearer ", "Cookie: ", "password=", `"token": "`, "https://u:"} {
		if rest, ok := strings.CutPrefix(p, pre); ok {
			rest, _, _ = strings.Cut(rest, `"`)
			rest, _, _ = strings.Cut(rest, "@")
			return rest
		}
	}
	return p
}

func TestPlantsAreRedacted(t *testing.T) {
	for _, p := range plants {
		if got := String("x " + p + " y"); strings.Contains(got, secretOf(p)) {
			t.Errorf("plant %q survived: %q", p, got)
		}
	}
}

func FuzzString(f *testing.F) {
	for _, s := range []string{
		"", "plain text", "password=hunter2hunter2", "token = get_token()", "Authorization: Bearer abc",
		"https://u:p@h/", "eyJ.eyJ.", "-----BEGIN PRIVATE KEY-----", "Cookie: a=b", "task-list",
		"AKIAAAAAAAAAAAAAAAAAsk-abcdef0123456789abcdef", "[REDACTED:x]", "password: [REDACTED:password]x",
	} {
		f.Add(s, uint8(0), uint16(0))
	}
	f.Add("\"password\": \"", uint8(3), uint16(14))
	f.Fuzz(func(t *testing.T, s string, which uint8, at uint16) {
		once := String(s)
		if twice := String(once); twice != once {
			t.Fatalf("not idempotent:\n in    %q\n once  %q\n twice %q", s, once, twice)
		}
		if utf8.ValidString(s) && !utf8.ValidString(once) {
			t.Fatalf("valid UTF-8 became invalid: %q -> %q", s, once)
		}
		p := plants[int(which)%len(plants)]
		i := int(at) % (len(s) + 1)
		planted := s[:i] + " " + p + " " + s[i:]
		out := String(planted)
		if sec := secretOf(p); strings.Contains(out, sec) {
			t.Fatalf("planted secret survived:\n in  %q\n out %q\n secret %q", planted, out, sec)
		}
		if again := String(out); again != out {
			t.Fatalf("not idempotent with a plant:\n once  %q\n twice %q", out, again)
		}
	})
}
