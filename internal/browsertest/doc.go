// Package browsertest is the human's side of the end-to-end tests: a
// headless Chromium (Debian's, installed by scripts/setup.sh) that logs in
// to an approval service's UI with the password, opens a request's card
// and presses Approve, as the human would. Every test that says "approved
// in the browser" (cmd/clauz3's TestBrowserCard and the scripts'
// approve-in-browser verb, runner's TestBrowserApproval) goes through
// these same page steps, so a change to the pages is met in one place.
//
// Each step's error says what failed and what the page read then.
// It is for tests only: nothing in the product imports it.
package browsertest
