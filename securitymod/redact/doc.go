// Package redact removes credentials from text before it is printed,
// logged or stored in an audit row, and keeps everything else.
//
// API: String(s) and Bytes(b) return the text with every credential
// replaced by "[REDACTED:<kind>]". The function is idempotent (redacting
// twice equals redacting once) and total: it has no error and no input it
// refuses; what it cannot recognise it leaves alone. Redact before you
// truncate, so a credential that straddles the cut is still seen whole.
//
// What it removes (the value follows the credential's shape, not only the
// name it travels under):
//   - provider tokens: sk- keys (OpenAI and others; sk-ant-... Anthropic),
//     GitHub gh[pousr]_ and github_pat_, AWS AKIA/ASIA access key ids,
//     Slack xox?- tokens and hooks.slack.com webhook paths, Stripe sk_/rk_
//     live and test keys and whsec_ secrets, Google AIza keys, npm npm_
//     tokens, GitLab glpat- tokens;
//   - JWTs (three to five base64url segments, the first starting eyJ);
//   - PEM private key blocks, the whole block (an unterminated block to the
//     end of the text);
//   - the values of Authorization / Proxy-Authorization (the scheme word
//     is kept), Cookie and Set-Cookie headers, and "Bearer <token>";
//   - the password of a URL's userinfo (https://user:[REDACTED]@host);
//   - labelled values: password, passwd, passphrase, secret, client_secret,
//     token (access_token, GITHUB_TOKEN, ...), api_key / apikey / api-key,
//     access_key, secret_key, private_key, credential(s), and their
//     camelCase forms (accessToken, clientSecret, apiKey), with = : := =>
//     and the quoted JSON/YAML forms, when the value looks like a secret:
//     at least 8 characters and not a number, a placeholder (<token>,
//     ${TOKEN}, $TOKEN, {{token}}, ***, xxxxxxxx, an earlier redaction),
//     a keyword (None, null, true, undefined, ...), a function call or
//     index (get_token(), input(), os.environ["X"]) or an unquoted dotted
//     name (self.token, settings.API_KEY).
//
// What it keeps: ordinary prose, e-mail addresses, URLs without a
// password, hyphenated words that contain sk- (task-list,
// risk-assessment-report), uppercase words that are not AKIA/ASIA ids,
// base64 that is not a JWT, public keys and certificates, Stripe pk_
// publishable keys, short or placeholder values.
//
// Not covered: credentials with no recognisable shape and no label (a bare
// 40-character AWS secret, a password in prose), unquoted values with
// spaces, and values shorter than 8 characters. The rules are regular
// expressions (RE2: linear time, no backtracking blow-up).
//
// Callers: the runtime (effect outputs and traces), the approval service
// (what it shows and logs) and securitymod/audit (every detail before it
// is stored).
package redact
