package redeem

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
)

// recorder builds canned HTTP answers for a RoundTripper.
type recorder struct{ body bytes.Buffer }

func newRecorder() *recorder { return &recorder{} }

func (r *recorder) json(v any) { json.NewEncoder(&r.body).Encode(v) }

func (r *recorder) response(req *http.Request) *http.Response {
	return &http.Response{StatusCode: 200, Status: "200 OK", Header: http.Header{"Content-Type": {"application/json"}},
		Body: io.NopCloser(bytes.NewReader(r.body.Bytes())), Request: req}
}
