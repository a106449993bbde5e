package state

import (
	"os"
	"syscall"
)

// AdminCredentials refuses an administrative verb (layers install and
// configure, audit verify) to anyone but the account that owns the
// service's state folder, or root: whatever an agent harness allows, the
// agent runs as another user and gets a clear refusal rather than a
// half-working command. In dev mode the owner of the dev state is the
// only such account; the OS does not separate the agent from it there,
// which the dev banner says. It returns the owner's uid, for the checks
// and the files that follow.
func AdminCredentials(verb string, l Layout) (int, error) {
	return adminCredentials(verb, l, os.Geteuid())
}

// adminCredentials is AdminCredentials for a process of effective uid
// euid, so a test can be any account without switching to it.
func adminCredentials(verb string, l Layout, euid int) (int, error) {
	fi, err := os.Lstat(l.State)
	if err != nil {
		return -1, fail(Unreadable, l.State, "%s needs the approval service's credentials: its state folder %s: %w", verb, l.State, err)
	}
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return -1, fail(NoOwner, l.State, "%s: cannot read the owner of %s", verb, l.State)
	}
	owner := int(st.Uid)
	if euid != owner && euid != 0 {
		return -1, fail(NotServiceAccount, l.State, "%s needs the approval service's credentials: run it as the service's account (uid %d) or root; this process is uid %d", verb, owner, euid)
	}
	if err := CheckDir(l.State, owner); err != nil {
		return -1, err
	}
	return owner, nil
}
