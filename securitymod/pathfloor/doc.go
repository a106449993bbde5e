// Package pathfloor is the security module's path floor: the last check a
// trusted effect runs before it touches the filesystem. It decides whether
// one path may be read or written, whatever the layer's own policy said.
//
// API: New(home, extraDenied...) builds a Floor; (*Floor).Check(path,
// roots, write) returns the resolved target or a *Refusal{Path, Kind,
// Location, Reason}; callers tell refusals apart by Kind, not by Reason.
// Callers must use the returned resolved path, not the one they passed in.
//
// What Check refuses (every refusal is a *Refusal, never a log line):
//
//   - a relative, empty or NUL-containing path: there is no base
//     directory argument, so the caller makes the path absolute itself
//     (from the layer's configured working folder) and owns that decision;
//   - a path that cannot be resolved: a missing target for a read, a
//     broken symlink (read or write), a symlink loop, a permission or
//     "not a directory" error on the way, a missing parent directory for
//     a write to a new file;
//   - device nodes, sockets and named pipes anywhere;
//   - a resolved target outside every root. Roots are resolved too and
//     must be absolute, existing directories; an empty root list, a
//     relative root or a root that does not resolve refuses the call
//     (a misconfigured root never grants anything, and is never skipped);
//   - credential and system locations, even inside a root: under the home
//     directory .ssh, .aws, .gnupg, .config/clauz3, .local/share/clauz3
//     (the secrets fallback), .kube, .docker/config.json, .netrc,
//     .git-credentials, .npmrc, .pypirc, .config/gcloud, .azure,
//     .config/gh, .password-store, .local/share/keyrings, .pgpass,
//     .cargo/credentials(.toml), .terraform.d/credentials.tfrc.json, the
//     shell start-up files (.bashrc, .bash_profile, .bash_login,
//     .bash_logout, .profile, .zshrc, .zprofile, .zshenv, .zlogin,
//     .config/fish) and user services (.config/autostart, .config/systemd,
//     .local/share/systemd), which run later without the human; and
//     /etc/shadow(-), /etc/gshadow(-), /etc/sudoers(.d), /etc/master.passwd,
//     /etc/ssh, /proc, /sys, /dev, /run/secrets, /var/run/secrets,
//     /etc/clauz3, /var/lib/clauz3 (the approval service's own); plus
//     the extra entries given to New ("~/..." or absolute);
//   - agent-harness and clauz3 configuration wherever it sits, in a
//     project folder or the home directory: any path with a component
//     named .claude, .claude.json, .clauz3, .mcp.json, .cursor, .codex,
//     .gemini, .continue, .windsurf or .vscode (a plan that rewrites
//     .claude/settings.json widens what the agent may do next without
//     the human; attack D3), and what runs by itself in a project: .git/hooks,
//     .git/config (core.hooksPath, fsmonitor) and .envrc; for reads and
//     writes alike;
//   - for writes only, the instruction files harnesses load into the
//     agent's next session, wherever they sit: CLAUDE.md, CLAUDE.local.md,
//     AGENTS.md, GEMINI.md, .cursorrules, .windsurfrules, .clinerules,
//     .github/copilot-instructions.md, .aider.conf.yml.
//
// Denied locations and names are matched against the cleaned input path (lexical
// form) and against the resolved target, and each denied location is
// itself matched in its lexical form and in its resolved form (so a
// ~/.ssh that is a symlink to /data/keys denies /data/keys too). A new
// file is checked through its resolved parent, so a symlinked parent that
// leads into a denied place is refused. Denied matching folds case
// (Unicode simple folding, per path component) on every OS, because a
// case-insensitive filesystem (macOS by default, vfat, casefold ext4
// directories) opens ~/.SSH as ~/.ssh; on a case-sensitive filesystem this
// over-refuses a real ~/.SSH, which is the safe direction. Root
// containment is exact after resolution: a case-variant spelling of a
// root is refused, not guessed.
//
// A New with an empty or relative home, or a malformed extra entry,
// returns a Floor whose every Check refuses with the configuration
// reason. On Windows every Check refuses: drive aliases, 8.3 names,
// alternate data streams and device names are not handled.
//
// Not covered: the check is a snapshot; a concurrent rename or symlink
// swap between Check and open is the caller's to prevent (open the
// returned path with O_NOFOLLOW / openat-style confinement). Hard links
// and bind mounts to a denied file are not detected, and Unicode
// normalisation (NFC/NFD) variants are not folded. A .claude folder that is
// itself a symlink to a folder of another name is denied through its
// name only: the target reached by its own path is not.
//
// Callers: the filesystem trusted layers (read_file, write_file, ...) at
// call time, after the receipt check and the runtime precondition.
package pathfloor
