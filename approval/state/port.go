package state

import (
	"net"
	"os"
	"strconv"
	"strings"
)

// UnprivilegedPortStartFile is where Linux says from which port on any
// process may bind (net.ipv4.ip_unprivileged_port_start).
const UnprivilegedPortStartFile = "/proc/sys/net/ipv4/ip_unprivileged_port_start"

// UnprivilegedPortStart reads the kernel's first unprivileged port.
func UnprivilegedPortStart() (int, error) {
	data, err := os.ReadFile(UnprivilegedPortStartFile)
	if err != nil {
		return 0, fail(PortUnknown, UnprivilegedPortStartFile, "cannot tell which ports only a privileged process may bind: %w", err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		return 0, fail(PortUnknown, UnprivilegedPortStartFile, "%s: %q is not a port number", UnprivilegedPortStartFile, data)
	}
	return n, nil
}

// CheckPrivilegedAddr refuses a real service's UI address whose port an
// unprivileged process may bind (below unprivStart only root or a process
// with CAP_NET_BIND_SERVICE may). The human types the password into the
// page at that address: if the agent could bind the port before the
// service starts (a fixed loopback port is easy to squat), its own page
// would take the password. A privileged port cannot be squatted by the
// agent's account; the systemd unit gives the service account
// CAP_NET_BIND_SERVICE alone to bind it.
func CheckPrivilegedAddr(addr string, unprivStart int) error {
	_, p, err := net.SplitHostPort(addr)
	if err != nil {
		return fail(BadAddress, addr, "address %q: %w", addr, err)
	}
	port, err := strconv.Atoi(p)
	if err != nil || port <= 0 || port > 65535 {
		return fail(BadAddress, addr, "address %q: %q is not a port", addr, p)
	}
	if port >= unprivStart {
		return fail(UnprivilegedPort, addr, "address %q: port %d may be bound by any process (this kernel lets unprivileged processes bind from port %d, %s), so the agent could squat it before the service starts and take the human's password on its own login page; a real service listens on a privileged port (below %d, e.g. 127.0.0.1:876)", addr, port, unprivStart, UnprivilegedPortStartFile, unprivStart)
	}
	return nil
}
