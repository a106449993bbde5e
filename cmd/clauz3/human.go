package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/clauz3/clauz3/approval/client"
)

// The human's verbs: the terminal alternative to the approval page.
// `clauz3 requests [ID]` lists the requests (pending first) or shows one
// card; `clauz3 approve ID` and `clauz3 deny ID` decide, logged in with
// the human's password exactly as the browser logs in (client.Human).
// They find the service as `clauz3 run` does (the client configuration),
// and `clauz3 config` never allows them to an agent: the password is what
// makes them the human's.

const humanUsage = `usage:
  clauz3 requests [ID]                                list requests (pending first), or show one request's card
  clauz3 approve ID [--reason R] [--password-file FILE|-]
  clauz3 deny ID    [--reason R] [--password-file FILE|-]

approve and deny log in with the human's password (asked on the terminal, or read from an
owner-only file, or - for standard input), as the approval page does.
`

// findHuman is the human's client of the service found from the client
// configuration.
func findHuman(e env) (*client.Human, error) {
	svc, hc, err := findService(e, ".")
	if err != nil {
		return nil, err
	}
	return client.NewHuman(svc.URL, svc.Dev, hc), nil
}

func runRequests(e env, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 requests", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, humanUsage) }
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "clauz3 requests: "+format+"\n", a...)
		return code
	}
	if fs.NArg() > 1 {
		return fail(exitUsage, "want at most one request ID")
	}
	h, err := findHuman(e)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if h.Dev {
		fmt.Fprintln(stdout, "DEV MODE: the approval service runs as the same OS user as the agent; it does not protect you from a hostile agent")
	}
	if fs.NArg() == 1 {
		r, err := h.Request(ctx, fs.Arg(0))
		if err != nil {
			return fail(exitRefused, "%v", err)
		}
		client.WriteCard(stdout, r)
		return exitOK
	}
	list, err := h.Requests(ctx)
	if err != nil {
		return fail(exitRefused, "%v", err)
	}
	client.WriteList(stdout, list)
	return exitOK
}

// runDecide is approve (approved_once) and deny (rejected).
func runDecide(e env, verb, decision string, args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("clauz3 "+verb, flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() { fmt.Fprint(stderr, humanUsage) }
	reason := fs.String("reason", "", "why, recorded with the decision")
	passwordFile := fs.String("password-file", "", "read the human's password from this owner-only file, or - for standard input (default: ask on the terminal)")
	if err := parseFlags(fs, args); err != nil {
		return exitUsage
	}
	fail := func(code int, format string, a ...any) int {
		fmt.Fprintf(stderr, "clauz3 %s: "+format+"\n", append([]any{verb}, a...)...)
		return code
	}
	if fs.NArg() != 1 {
		return fail(exitUsage, "want one request ID")
	}
	id := fs.Arg(0)
	h, err := findHuman(e)
	if err != nil {
		return fail(exitUsage, "%v", err)
	}
	password, err := readPassword1(*passwordFile, stdin, stderr)
	if err != nil {
		return fail(exitRefused, "the password: %v (nothing decided)", err)
	}
	if password == "" {
		return fail(exitRefused, "the password is empty (nothing decided)")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := h.Login(ctx, password); err != nil {
		return fail(exitRefused, "logging in: %v (nothing decided)", err)
	}
	csrf, err := h.CSRF(ctx)
	if err != nil {
		return fail(exitRefused, "%v (nothing decided)", err)
	}
	st, err := h.Decide(ctx, id, decision, *reason, csrf, password)
	if err != nil {
		return fail(exitRefused, "%v", err)
	}
	fmt.Fprintf(stdout, "%s: %s by %s%s\n", id, st.Status, st.DecidedBy, map[bool]string{true: ": " + client.Printable(st.Reason), false: ""}[st.Reason != ""])
	return exitOK
}

// readPassword1 reads the password once: from an owner-only file, from
// standard input ("-"), or on the terminal without echo.
func readPassword1(from string, stdin io.Reader, stderr io.Writer) (string, error) {
	if from != "" {
		return readPassword(from, stdin, stderr)
	}
	return readPasswordOnce(stderr)
}
