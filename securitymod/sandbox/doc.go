// Package sandbox confines a sealed binary with the kernel, so that a bug
// in a layer's Go code, in the runtime or in a vetted module can touch
// only what the plan's layers are configured to touch.
//
// # What it owns
//
// Policy is what one run may touch: read-only paths, read-write paths
// (the filesystem layer's roots, the bank and db layers' database
// folders), the deny list that is never granted even inside those (the
// path floor's: ~/.ssh, ~/.aws, ... for Home, plus Deny), the network
// (NetNone, or NetPorts: TCP connect to ConnectPorts, UDP only for DNS),
// resource limits and AllowUnconfined. gen derives it at build time and
// embeds it in the generated main; Admission (the receipt, the trace
// file, the approval service's port) is filled by the runtime from the
// command line.
//
// Apply, called by the sealed binary once its command line is read and
// before it reads its receipt, in this order:
//
//   - setrlimit: CPU seconds (SIGXCPU at the limit, SIGKILL 2 s later),
//     address space, open files, file size, processes;
//   - PR_SET_NO_NEW_PRIVS and a seccomp filter of its own (BPF built
//     with golang.org/x/sys/unix, amd64 and arm64) loaded on every
//     thread with SECCOMP_FILTER_FLAG_TSYNC and checked in
//     /proc/self/task: EPERM for execve/execveat, ptrace, process_vm_*,
//     pidfd_getfd and process_madvise, mount and the new mount API,
//     chroot/pivot_root, bpf,
//     perf_event_open, userfaultfd, unshare/setns, keyctl/add_key/
//     request_key, setrlimit and prlimit64 with a new limit, module
//     loading, kexec, reboot, swap, io_uring, open_by_handle_at,
//     socketpair, listen/accept, chmod/chown/utimes/xattr calls by path
//     (Landlock does not cover them; the fd forms stay), fork/vfork and
//     clone without CLONE_THREAD or with a
//     namespace flag (clone3 answers ENOSYS, so callers fall back to
//     clone); socket(2) only for AF_INET/AF_INET6 stream sockets (and
//     datagram sockets with DNS); any other architecture in the
//     seccomp_data kills the process;
//   - Landlock, through go-landlock's syscall package: every filesystem
//     right of the kernel's ABI handled; read (files, listing) for
//     ReadOnly, read/write/create/remove (no execute, no special files,
//     no symlinks, no cross-folder reparenting) for ReadWrite, the exact
//     receipt and trace files; TCP bind denied and connect only to the
//     configured ports plus, until Seal, the service's (ABI >= 4);
//     abstract UNIX sockets and signals scoped to the sandbox (ABI >= 6).
//     Landlock only allows, so a granted folder that contains a denied
//     subtree is not granted itself: its entries are, except those on
//     the way to the denied subtree (carved the same way, never
//     following a symlink), and the folder keeps only the right to be
//     listed. Landlock applies per thread: the ruleset is enforced on
//     all threads with the kernel's TSYNC (ABI >= 8) or the Go runtime's
//     all-threads syscall through libcap/psx.
//
// Seal, called once the receipt is redeemed and before the plan's first
// statement, stacks what only the admission needed away: a NetNone run
// loses socket(2) altogether, a NetPorts run the service's port.
//
// Runtime adapts a Policy to the runtime's (planrt.Sandbox) hooks; it
// turns SIGXCPU and SIGXFSZ into a refusal. Its Confine first makes the
// process the supervisor of a confined copy of itself (/proc/self/exe,
// same arguments, CLAUZ3_SANDBOX_CHILD=1, the write end of a status pipe
// as descriptor 3). The copy takes the pipe (Confine refuses a process
// marked as the copy without one) and makes it close-on-exec; its Exit,
// the run's only way out, writes there the exit status it ends with. The
// supervisor, which runs none of the plan's or the layers' code, passes
// the copy's standard error on without reading it and judges the end by
// structure alone: a report of exactly the status the copy exited with
// passes that status on; exit status 2 without a report is a run the Go
// runtime ended (allocation failing at the address-space limit, which it
// cannot recover from, or an unrecovered panic or another fatal error),
// refused naming the limit and the status; any other unreported, garbled
// or mismatched report is refused too, never passed; the kernel's SIGKILL
// at the CPU hard limit (by signal and CPU time) is refused as the CPU
// limit; any other signal is passed on as 128+signal. Classify finds
// whether an effect's error is the sandbox's doing by the errno in its
// chain (EACCES, EPERM, EXDEV or fs.ErrPermission: NotPermitted; EFBIG:
// FileSizeLimit; EMFILE: OpenFilesLimit), never by its text; Denial is
// the refusal line the run prints. The trusted layers wrap their causes
// with %w so the errno reaches it, and a cause flattened into a message
// is no denial. Probe reports what
// the kernel provides, for `clauz3 doctor`.
//
// # What it refuses
//
// A policy that does not validate, a ReadWrite path that does not exist,
// and (unless AllowUnconfined) a kernel without Landlock, without
// seccomp filters, or without Landlock's TCP rules (ABI 4) for a NetPorts
// policy: *Error, and the run must not start. With AllowUnconfined the
// Report lists every missing protection and the runtime prints it.
//
// # What it does not stop
//
// Reads and writes through a hard link that already existed inside a
// root before the run (Landlock checks the path used; making such a link
// from inside the sandbox is refused); what the allowed files and ports
// themselves permit (a root is entirely writable; a SQLite database's
// folder is, for its journal files); stat(2) and the like on any path
// (names, sizes and times outside the roots can be probed, not read);
// signals to other processes of the account before Landlock ABI 6; UDP datagrams to any address when
// DNS is allowed (Landlock filters UDP only from ABI 10); connections to
// any host on an allowed port (the egress floor checks addresses);
// RLIMIT_NPROC for root (seccomp refuses new processes either way); the
// path floor's names denied wherever they sit (.git/hooks, .claude,
// CLAUDE.md, ...: Landlock cannot keep a name from being created in a
// writable folder, so only the floor's absolute locations are left out);
// and
// nothing at all on a platform other than Linux. The address-space limit
// counts the Go runtime's own reservations (about 1.3 GB on amd64 before
// the first allocation), so it must be set well above that.
//
// Imports: the standard library, golang.org/x/sys/unix,
// github.com/landlock-lsm/go-landlock/landlock/syscall (which brings
// kernel.org/.../libcap/psx) and securitymod/pathfloor for the deny list.
//
// Callers: sealed binaries' generated main (through planrt.Sandbox),
// gen (the Policy type) and cmd/clauz3 doctor (Probe).
package sandbox
