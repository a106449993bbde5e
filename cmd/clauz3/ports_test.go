package main

import (
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"strconv"
	"strings"
	"sync"
	"testing"
)

// portPicker hands out loopback ports for services whose address is
// fixed at init (clients pin it), so the port is chosen, closed, and
// bound again by the service seconds later. A port from the kernel's
// ephemeral range could be taken in that window by any other process
// binding port 0 (the other test packages run beside this one), so
// ports come from just below that range, where the kernel never
// assigns one on its own, and no port is handed out twice.
type portPicker struct {
	mu     sync.Mutex
	given  map[int]bool
	lo, hi int // [lo, hi)
}

// newPortPicker reads the ephemeral range from the kernel; without it,
// it assumes Linux's default (32768-60999).
func newPortPicker() *portPicker {
	start := 32768
	if data, err := os.ReadFile("/proc/sys/net/ipv4/ip_local_port_range"); err == nil {
		if f := strings.Fields(string(data)); len(f) == 2 {
			if n, err := strconv.Atoi(f[0]); err == nil && n > 2048 {
				start = n
			}
		}
	}
	lo := max(1024, start-8192)
	return &portPicker{given: map[int]bool{}, lo: lo, hi: start}
}

// addr is a free loopback address no earlier call returned.
func (p *portPicker) addr() (string, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for range 200 {
		port := p.lo + rand.IntN(p.hi-p.lo)
		if p.given[port] {
			continue
		}
		a := net.JoinHostPort("127.0.0.1", strconv.Itoa(port))
		ln, err := net.Listen("tcp", a)
		if err != nil {
			continue // in use
		}
		ln.Close()
		p.given[port] = true
		return a, nil
	}
	return "", fmt.Errorf("no free loopback port in [%d, %d) after 200 tries", p.lo, p.hi)
}

func TestPortPicker(t *testing.T) {
	p := newPortPicker()
	seen := map[string]bool{}
	for range 50 {
		a, err := p.addr()
		if err != nil {
			t.Fatal(err)
		}
		if seen[a] {
			t.Fatalf("%s handed out twice", a)
		}
		seen[a] = true
		_, port, _ := net.SplitHostPort(a)
		if n, _ := strconv.Atoi(port); n < p.lo || n >= p.hi {
			t.Fatalf("%s outside [%d, %d)", a, p.lo, p.hi)
		}
	}
	// A port in use is never handed out.
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	busy := ln.Addr().(*net.TCPAddr).Port
	q := &portPicker{given: map[int]bool{}, lo: busy, hi: busy + 1}
	if a, err := q.addr(); err == nil {
		t.Fatalf("busy port %d handed out as %s", busy, a)
	}
}

// TestFreeLoopbackPortsAreDistinct: the ports of the test process's
// services come from one picker, so two services of one test (the
// agent's and the human's instance) or of two parallel tests never get
// the same one. With a picker per call, a port closed after its pick was
// handed out again: TestForeignInstanceCookie's second instance found its
// port held by the first. 300 picks out of 8192 ports repeat one with
// probability above 99 % when each call has a picker of its own.
func TestFreeLoopbackPortsAreDistinct(t *testing.T) {
	seen := map[string]bool{}
	for range 300 {
		a := freeLoopbackPort(t)
		if seen[a] {
			t.Fatalf("%s handed out twice", a)
		}
		seen[a] = true
	}
}
