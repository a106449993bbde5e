// Package approvaltest is an in-test approval service: it speaks the REST
// API of docs/approval-api.md (submit, wait, redeem, key) on an httptest
// server, signs receipts and redemptions with a key of its own, and can be
// told to misbehave in each way a client must refuse (500s, malformed
// JSON, unknown decisions, answers for another request, forged receipts).
//
// Its bodies are package approval/wire's, the real service's own types,
// and it decodes submissions and redemptions as strictly as the real
// service, so a client that drifts from the API fails here too.
//
// It is for tests only: it decides requests by a function the test gives
// it, not by a human, and keeps its state in memory. The real service is
// approval. Callers: runner's and securitymod/redeem's tests.
package approvaltest
