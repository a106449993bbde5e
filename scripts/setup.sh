#!/usr/bin/env bash
# Prepares a fresh Debian machine to build and test ClauZ3.
# Idempotent and quiet: prints one line per thing it installs, nothing else
# when everything is already there.
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."

# run_root CMD...: run CMD as root (through sudo when we are not root).
run_root() {
	if [ "$(id -u)" -eq 0 ]; then
		"$@"
	elif command -v sudo >/dev/null 2>&1; then
		sudo "$@"
	else
		echo "setup: need root to run '$*' (not root, and sudo is not installed)" >&2
		exit 1
	fi
}

# Debian packages the build needs: the Z3 C API (headers + library) for the
# cgo binding in prover/z3, a C compiler for cgo itself, Chromium for the
# approval UI's browser test (runner, through chromedp), and mypy, against
# which compiler TestMypyAgreement checks the typing of plans.
missing=()
[ -f /usr/include/z3.h ] || missing+=(libz3-dev)
command -v gcc >/dev/null 2>&1 || missing+=(gcc)
command -v chromium >/dev/null 2>&1 || missing+=(chromium)
command -v mypy >/dev/null 2>&1 || missing+=(mypy)
if [ "${#missing[@]}" -gt 0 ]; then
	if ! command -v apt-get >/dev/null 2>&1; then
		echo "setup: missing ${missing[*]} and apt-get is not available; install them by hand" >&2
		exit 1
	fi
	for pkg in "${missing[@]}"; do
		echo "setup: installing $pkg"
	done
	run_root apt-get update -qq >/dev/null
	run_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

# Go toolchain.
if ! command -v go >/dev/null 2>&1; then
	if [ -x /usr/local/go/bin/go ]; then
		export PATH="/usr/local/go/bin:$PATH"
	else
		echo "setup: go is not on PATH and /usr/local/go/bin/go does not exist; install Go (see go.mod for the version)" >&2
		exit 1
	fi
fi

# Module dependencies (silent when the module cache already has them).
go mod download
