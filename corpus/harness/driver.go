package harness

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

// CPythonDriver runs many cases under CPython from one python3 process
// (corpus/pystub/clauz3_driver.py) instead of one process per case:
// starting python3 and importing the stubs costs more than most plans take
// to run. The driver forks one child per case, so every case starts from
// the same state (the stubs imported, nothing of any plan) and runs
// exactly what RunCPython's clauz3_run.py runs, with the same environment,
// sys.path, int64 rewriting and exit statuses. Run is safe for concurrent
// use; the cases run concurrently in their children.
//
// Failures are never outcomes: a driver that died, a child that could not
// be set up, a case past its time and a child killed by a signal are
// errors of Run, and once the driver has died every later Run fails too.
type CPythonDriver struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	dir   string // the driver's scratch folder: one subfolder per case
	// stderr holds what the driver itself wrote (a crash), for errors.
	stderr *lockedBuffer

	mu      sync.Mutex
	nextID  int
	waiting map[int]chan driverAnswer
	dead    error // set once the driver's stdout ended
}

type driverRequest struct {
	ID         int      `json:"id"`
	Plan       string   `json:"plan"`
	Target     string   `json:"target"`
	Args       string   `json:"args"`
	Dir        string   `json:"dir"`
	Path       []string `json:"path"`
	Effects    string   `json:"effects"`
	Trace      string   `json:"trace"`
	Stdout     string   `json:"stdout"`
	Stderr     string   `json:"stderr"`
	SetupError string   `json:"setup_error"`
	Timeout    int      `json:"timeout"`
}

type driverAnswer struct {
	ID    int    `json:"id"`
	Exit  *int   `json:"exit"`
	Error string `json:"error"`
}

// driverTimeout is a case's time limit when its context has no deadline.
const driverTimeout = 5 * time.Minute

// StartCPython starts the driver. Close it when done; ctx bounds only the
// start.
func StartCPython(ctx context.Context) (*CPythonDriver, error) {
	stub, err := filepath.Abs(PystubDir())
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "clauz3-cpython-driver-")
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(Python, filepath.Join(stub, "clauz3_driver.py"))
	cmd.Dir = dir
	cmd.Env = stubEnv(stub)
	d := &CPythonDriver{cmd: cmd, dir: dir, stderr: &lockedBuffer{}, waiting: map[int]chan driverAnswer{}}
	cmd.Stderr = d.stderr
	if d.stdin, err = cmd.StdinPipe(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		os.RemoveAll(dir)
		return nil, fmt.Errorf("cpython driver: %v", err)
	}
	go d.read(stdout)
	return d, nil
}

// read delivers the driver's answers until its stdout ends; then every
// waiting and later Run fails.
func (d *CPythonDriver) read(stdout io.Reader) {
	sc := bufio.NewScanner(stdout)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for sc.Scan() {
		var a driverAnswer
		if err := json.Unmarshal(sc.Bytes(), &a); err != nil {
			d.fail(fmt.Errorf("cpython driver: malformed answer %q: %v", sc.Text(), err))
			return
		}
		d.mu.Lock()
		ch := d.waiting[a.ID]
		delete(d.waiting, a.ID)
		d.mu.Unlock()
		if ch != nil {
			ch <- a
		}
	}
	err := sc.Err()
	if err == nil {
		err = errors.New("it exited")
	}
	d.fail(fmt.Errorf("cpython driver: %v; its stderr: %s", err, tail([]byte(d.stderr.String()), 2000)))
}

func (d *CPythonDriver) fail(err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.dead == nil {
		d.dead = err
	}
	for id, ch := range d.waiting {
		close(ch)
		delete(d.waiting, id)
	}
}

// Close ends the driver (after the children still running) and removes
// its scratch folder.
func (d *CPythonDriver) Close() error {
	d.stdin.Close()
	err := d.cmd.Wait()
	os.RemoveAll(d.dir)
	return err
}

// Run runs the case under CPython, as RunCPython does, in a child of the
// driver. The child's time limit is the context's deadline (rounded up to
// a second; driverTimeout without one).
func (d *CPythonDriver) Run(ctx context.Context, c Case) (Outcome, error) {
	timeout := driverTimeout
	if dl, ok := ctx.Deadline(); ok {
		timeout = time.Until(dl)
	}
	return d.runWithTimeout(ctx, c, int(timeout/time.Second)+1)
}

// runWithTimeout runs the case with a time limit of seconds for its child.
func (d *CPythonDriver) runWithTimeout(ctx context.Context, c Case, seconds int) (Outcome, error) {
	args, err := argsObject(c)
	if err != nil {
		return Outcome{}, err
	}
	_, plan, pypath, err := pythonPaths(c)
	if err != nil {
		return Outcome{}, err
	}
	dir, err := os.MkdirTemp(d.dir, "case-")
	if err != nil {
		return Outcome{}, err
	}
	defer os.RemoveAll(dir)
	effPath, err := writeEffects(dir, c)
	if err != nil {
		return Outcome{}, err
	}
	req := driverRequest{
		Plan: plan, Target: c.target(), Args: string(args), Dir: dir, Path: pypath,
		Effects: effPath, Trace: filepath.Join(dir, "trace.jsonl"),
		Stdout: filepath.Join(dir, "stdout"), Stderr: filepath.Join(dir, "stderr"),
		SetupError: filepath.Join(dir, "setup-error"),
		Timeout:    seconds,
	}
	ch := make(chan driverAnswer, 1)
	d.mu.Lock()
	if d.dead != nil {
		d.mu.Unlock()
		return Outcome{}, d.dead
	}
	d.nextID++
	req.ID = d.nextID
	d.waiting[req.ID] = ch
	line, err := json.Marshal(req)
	if err == nil {
		_, err = d.stdin.Write(append(line, '\n'))
	}
	if err != nil {
		delete(d.waiting, req.ID)
		d.mu.Unlock()
		return Outcome{}, fmt.Errorf("cpython: %s: sending the case to the driver: %v", c.Name, err)
	}
	d.mu.Unlock()

	var a driverAnswer
	select {
	case <-ctx.Done():
		d.mu.Lock()
		delete(d.waiting, req.ID)
		d.mu.Unlock()
		return Outcome{}, fmt.Errorf("cpython: %s: %w", c.Name, ctx.Err())
	case got, ok := <-ch:
		if !ok {
			d.mu.Lock()
			err := d.dead
			d.mu.Unlock()
			return Outcome{}, fmt.Errorf("cpython: %s: %v", c.Name, err)
		}
		a = got
	}
	switch {
	case a.Error != "":
		return Outcome{}, fmt.Errorf("cpython: %s: the driver could not run it: %s", c.Name, a.Error)
	case a.Exit == nil:
		return Outcome{}, fmt.Errorf("cpython: %s: the driver answered without an exit status", c.Name)
	}
	if b, err := os.ReadFile(req.SetupError); err == nil {
		return Outcome{}, fmt.Errorf("cpython: %s: setting up the case failed (exit status %d):\n%s", c.Name, *a.Exit, tail(b, 2000))
	} else if !errors.Is(err, os.ErrNotExist) {
		return Outcome{}, err
	}
	stdout, err := os.ReadFile(req.Stdout)
	if err != nil {
		return Outcome{}, fmt.Errorf("cpython: %s: %v", c.Name, err)
	}
	stderr, err := os.ReadFile(req.Stderr)
	if err != nil {
		return Outcome{}, fmt.Errorf("cpython: %s: %v", c.Name, err)
	}
	out := Outcome{Stdout: string(stdout), Exit: *a.Exit}
	if out.Exit < 0 {
		// A signal: the alarm of a case past its time, or a crash. Either
		// way the case did not run to an outcome.
		return out, &Error{Kind: Killed, Case: c.Name, Msg: fmt.Sprintf("cpython: %s: killed by signal %d (its time limit was %d s); stderr: %s", c.Name, -out.Exit, req.Timeout, tail(stderr, 2000))}
	}
	if out.Exit != 0 {
		out.Error = NormaliseError(lastLine(string(stderr)))
	}
	if b, err := os.ReadFile(req.Trace); err == nil {
		out.Trace = splitTrace(b)
	} else if !errors.Is(err, os.ErrNotExist) {
		return out, err
	}
	return out, nil
}

// lockedBuffer is a strings.Builder safe for the exec package's copying
// goroutine and a reader.
type lockedBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.b.Len() > 1<<20 {
		return len(p), nil // keep the first MiB: enough to say why it died
	}
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}
