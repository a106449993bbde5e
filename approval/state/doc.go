// Package state is what one approval service instance owns on disk, and
// the checks that keep it its own (issue 11, attacks A3/A5).
//
// A Layout has a config folder (service.json settings, the human's
// password hash, the approval policy, layer configuration) and a state
// folder (the SQLite database, keys.json with the signing key and session
// secret, the lock file, the layer store, caches). Both must be real
// folders owned by the service's uid with mode 0700 or 0750 (CheckDir);
// files in them owner-only (CheckFile). Lock takes an exclusive flock on
// the state's lock file, so a second instance on the same state is
// refused. Keys are per state folder (MakeKeys at init, LoadKeys at run),
// never in a keyring shared by every instance of the same user.
//
// Settings (service.json) also hold the sandbox section every run's
// kernel sandbox takes its grants, limits and allow_unconfined from
// (SandboxSettings), and the UI address: a real installation's port must
// be one only a privileged process may bind (CheckPrivilegedAddr against
// the kernel's ip_unprivileged_port_start), so the agent cannot squat the
// login page before the service starts. A layer's secrets are files
// <config>/secrets/<domain>/<name>.
//
// AdminCredentials lets the administrative verbs (layers install and
// configure, audit verify) run only as the account that owns the state
// folder, or root, and only on a folder CheckDir accepts.
//
// Real installations default to /etc/clauz3/service and /var/lib/clauz3
// owned by the clauz3 account; dev mode to folders under the account
// database's home of the user.
//
// Refusals are an *Error whose Kind (and Path) says what is wrong, with the
// cause wrapped for errors.Is; nothing decides on the words.
//
// Callers: approval/serve (service init, service run, layers install),
// approval/layersetup (layers configure), cmd/clauz3 (the verbs' flags,
// AdminCredentials before each administrative verb, audit).
package state
