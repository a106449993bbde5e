//go:build !linux

package client

import (
	"errors"
	"net"
)

// peerUID is Linux-only (SO_PEERCRED); elsewhere a real installation's
// socket cannot be checked, so it is refused.
func peerUID(*net.UnixConn) (int, error) {
	return -1, errors.New("checking a socket's peer uid is supported on Linux only")
}
