// Package serve is the approval service's application: what `clauz3
// service run` serves once its flags are parsed. Run checks the state it
// is given (owner and modes, the kind of installation, the instance lock,
// keys, password hash, policy, the layer store against the digests pinned
// at install), opens the store, and wires package approval to the rest of
// the system:
//
//   - Reprove (prover.go): the service's own compile, verify, proof,
//     coverage and English against its layer store only (never a
//     project's tools/), the card (approval/card) with the layer
//     configuration the run will get and its sandbox lines, and the build
//     identity (approval/execute) the receipt binds. Proofs run at most
//     one per core, each with a Z3 context of its own.
//   - Decide: the administrator's approval policy (package policy), read
//     only from the config folder.
//   - Execute (exec.go): the approved plan compiled again against the
//     layer store, refused when its plan hash or build identity differ
//     from the approval's, then built and run by approval/execute, one
//     run at a time.
//   - The layer configuration (exec.go, readLayerConfig's rules): CLAUZ3_*
//     settings from <config>/layers/<domain>.json, the secrets each layer
//     names from its own folder only, never the service's key material
//     (attack D1), dev-only settings on a dev service only. It is read at
//     start (a bad one stops the service) and again for each submission
//     (the card shows it, the build identity binds it) and each run (a
//     change since the approval refuses the run), so `clauz3 layers
//     configure` takes effect without a restart.
//   - The layer store (layerstore.go): InstallLayer (`clauz3 layers
//     install`) copies a bundled layer in and pins the digest of its
//     files; Run refuses a store whose files no longer have the pinned
//     digests.
//
// Init (init.go) is `clauz3 service init`: in a real installation (run by
// root) the service account (useradd), its 0700 folders, the module cache
// seeded with the vetted modules (gen.SeedModCache), the systemd unit and
// the root-owned /etc/clauz3/client.json; in a dev one, same-user folders
// and ~/.config/clauz3/client.json. It never replaces a service's keys.
// A refusal of what it was told is a UsageError.
//
// It listens on the loopback address of its settings and, in a real
// installation, on the API's Unix socket in a folder only the service
// owns. Every refusal is an error that says why; cmd/clauz3 prints it and
// exits 1. The executor's and the layer configuration's refusals are an
// *Error whose Kind (PlanChanged, IdentityChanged, NoSecret, ...) says
// which; nothing decides on the words.
//
// Callers: cmd/clauz3 (service init, service run, layers install).
package serve
