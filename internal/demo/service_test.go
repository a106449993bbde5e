package demo

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"
)

// fakeServiceEnv makes the test binary, started as the demo's clauz3,
// a stand-in for `clauz3 service run`: an HTTP server on the address the
// variable names.
const fakeServiceEnv = "CLAUZ3_DEMO_FAKE_SERVICE"

func TestMain(m *testing.M) {
	if addr := os.Getenv(fakeServiceEnv); addr != "" {
		os.Exit(fakeService(addr))
	}
	os.Exit(m.Run())
}

// fakeService answers every request with 200 until SIGTERM. Its log
// lines are worded unlike the real service's: the demo must not need
// them to know it is up.
func fakeService(addr string) int {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Println("fake service:", err)
		return 1
	}
	fmt.Println("fake service: up, and saying so in words of its own")
	srv := &http.Server{Handler: http.HandlerFunc(func(http.ResponseWriter, *http.Request) {})}
	go srv.Serve(ln)
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM)
	<-stop
	return 0
}

// TestStartServiceWaitsForHTTP: the demo knows the service is up when its
// login page answers over HTTP at the address the demo configured, not by
// reading a line of the service's log.
func TestStartServiceWaitsForHTTP(t *testing.T) {
	addr, err := freeLoopbackAddr()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(fakeServiceEnv, addr)
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	d := &demo{o: Options{Clauz3: exe, Out: io.Discard}, addr: addr}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	svc, err := d.startService(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer svc.stop()
	if want := "http://" + addr + "/login"; svc.loginURL != want {
		t.Errorf("login URL %q, want %q", svc.loginURL, want)
	}
}
