package approval

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// crashStoreEnv names the store a child process of
// TestProverCrashApprovesNothing serves.
const crashStoreEnv = "CLAUZ3_CRASH_TEST_STORE"

// crashMarker in a plan makes the child's prover kill the process.
const crashMarker = "# CRASH THE PROVER"

// TestProverCrashApprovesNothing: the service proves a submission in its
// own process (approval/serve links the prover, and so Z3), and a crash
// there (Z3 4.8.12 died with SIGSEGV inside a check: prover/z3's doc.go)
// takes the whole process down at once, running nothing more. The
// submission being proved is then never recorded, let alone approved,
// even under a policy that approves everything; the client's submit gets
// no answer (which `clauz3 run` refuses as not approved); and what was
// recorded before stays as it was, the audit chain intact. The child
// serves a real store with fakeReprove, except that a plan holding
// crashMarker kills it with SIGKILL in the middle of its proof.
func TestProverCrashApprovesNothing(t *testing.T) {
	if path := os.Getenv(crashStoreEnv); path != "" {
		serveUntilCrash(t, path)
		return
	}
	db := filepath.Join(t.TempDir(), "approval.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestProverCrashApprovesNothing$")
	cmd.Env = append(os.Environ(), crashStoreEnv+"="+db)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	base := ""
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		if u, ok := strings.CutPrefix(sc.Text(), "serving "); ok {
			base = u
			break
		}
	}
	if base == "" {
		t.Fatalf("the child service did not start:\n%s", stderr.String())
	}
	go func() {
		for sc.Scan() {
		}
	}()
	client := &http.Client{Timeout: 20 * time.Second}
	post := func(src string) (*http.Response, error) {
		body, err := json.Marshal(submission(src))
		if err != nil {
			t.Fatal(err)
		}
		return client.Post(base+"/api/requests", "application/json", bytes.NewReader(body))
	}

	// The policy approves whatever proves: a plan that proves is approved.
	resp, err := post(planSrc)
	if err != nil {
		t.Fatal(err)
	}
	var first Submitted
	if err := json.NewDecoder(resp.Body).Decode(&first); err != nil || resp.StatusCode != http.StatusCreated || first.Status != StatusAutoApproved {
		t.Fatalf("first submit = %d %+v %v, want 201 auto_approved", resp.StatusCode, first, err)
	}
	resp.Body.Close()

	crashSrc := planSrc + "\n" + crashMarker + "\n"
	resp, err = post(crashSrc)
	if err == nil {
		resp.Body.Close()
		t.Fatalf("the service answered %d to a submission whose proof crashed it", resp.StatusCode)
	}
	err = cmd.Wait()
	if ws, ok := cmd.ProcessState.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("the child ended with %v, want killed in the proof:\n%s", err, stderr.String())
	}

	st, err := OpenStore(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	st.SetAuditKey(testKey("service"))
	list, err := st.List(context.Background(), 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 1 || list[0].ID != first.ID || list[0].Status != StatusAutoApproved {
		t.Fatalf("requests after the crash = %+v, want only the first, auto approved", list)
	}
	for _, r := range list {
		if r.PlanHash == planHash(crashSrc) {
			t.Fatalf("the crashed submission was recorded: %+v", r)
		}
	}
	if _, err := st.VerifyAudit(context.Background()); err != nil {
		t.Fatalf("audit chain after the crash: %v", err)
	}
}

// serveUntilCrash is the child's part: serve the store at path with an
// approving policy until a plan's proof kills the process.
func serveUntilCrash(t *testing.T, path string) {
	st, err := OpenStore(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	reprove := func(ctx context.Context, name string, src []byte, target string) (Proof, error) {
		if bytes.Contains(src, []byte(crashMarker)) {
			// what a SIGSEGV in Z3 does: the process ends here,
			// running nothing more
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			select {}
		}
		return fakeReprove(ctx, name, src, target)
	}
	approveAll := func(context.Context, Proof) (string, string, string, error) {
		return StatusAutoApproved, "everything", "approves whatever proves", nil
	}
	svc, err := New(Config{
		Addr: ln.Addr().String(), Store: st, Key: testKey("service"),
		SessionSecret: bytes.Repeat([]byte{7}, 32), Reprove: reprove, Decide: approveAll,
		Now: time.Now, Version: "test", PasswordHash: testPasswordHash(),
	})
	if err != nil {
		t.Fatal(err)
	}
	fmt.Printf("serving http://%s\n", ln.Addr())
	t.Fatal(http.Serve(ln, svc.Handler()))
}
