package main

import (
	"strings"
	"testing"

	"github.com/clauz3/clauz3/internal/approvaltest"
)

// scriptApprovalService is the in-test approval service the run scripts
// talk to ($TEST_APPROVAL_SERVICE). It stands in for the human: it
// approves every plan except one whose source contains the line
// "# test-decision: <status> <reason>", which it decides so.
func scriptApprovalService(t *testing.T) *approvaltest.Service {
	s := approvaltest.New(t)
	s.Decide = func(sub approvaltest.Submission) approvaltest.Decision {
		for _, line := range strings.Split(sub.PlanSource, "\n") {
			if rest, ok := strings.CutPrefix(line, "# test-decision: "); ok {
				status, reason, _ := strings.Cut(rest, " ")
				return approvaltest.Decision{Status: status, Reason: reason}
			}
		}
		return approvaltest.Decision{Status: "approved_once"}
	}
	return s
}
