// Package client finds the user's approval service for `clauz3 run` and
// `clauz3 mcp`: found, never chosen (issue 11, attacks A1 and A2).
//
// Find reads only SystemPath (/etc/clauz3/client.json: root-owned, not
// group- or world-writable, in a folder only root or the service account
// may change; a real installation) or, when that file does not exist,
// ~/.config/clauz3/client.json under the home folder the account database
// gives (os/user, never $HOME; owned by the caller; a dev installation).
// Both pin the service's receipt key. No flag, environment variable or
// project file is read; Leftovers turns the ones that used to choose a
// service (CLAUZ3_APPROVAL_SERVICE, .clauz3/approval-service.json) into
// refusals.
//
// HTTPClient reaches the found service only: a real installation's API
// over its Unix socket, every connection checked with SO_PEERCRED to be
// served by the service account's uid (DialService); a dev installation
// over loopback HTTP to the pinned address. Proxies from the environment
// and redirects are never followed.
//
// Human (human.go) is the human's terminal client of the found service
// (`clauz3 requests`, `approve`, `deny`): it logs in with the human's
// password as the browser does (POST /login, the session cookie, the
// CSRF token from GET /api/session), decides with the JSON decision body
// and refuses an answer for another request or decision; WriteList and
// WriteCard print what the page shows, every text from the service made
// Printable first. Its bodies are package wire's.
//
// Find, Config.Check, DialService and Leftovers refuse with an *Error whose
// Kind (and Path) says what is wrong; nothing decides on the words.
//
// Callers: cmd/clauz3 (run, mcp, requests, approve, deny; service init
// writes the file this reads).
package client
