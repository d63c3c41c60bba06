package api

import (
	"testing"
	"time"
)

// TestLatencyBucketsReachSlowAnswers: the request latency histogram has
// finite buckets above the slow answers the server gives by design (POST
// /validate turned away busy after validationWait, a body read until the
// daemon's 30 s read timeout), so that they are told apart rather than all
// lumped into +Inf.
func TestLatencyBucketsReachSlowAnswers(t *testing.T) {
	m := NewMetrics()
	m.observeRequest("/validate", "POST", "", 503, validationWait+time.Millisecond)
	families, err := m.reg.Gather()
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range families {
		if f.GetName() != "capreg_http_request_duration_seconds" {
			continue
		}
		buckets := f.GetMetric()[0].GetHistogram().GetBucket()
		top := buckets[len(buckets)-1].GetUpperBound()
		if top < 30 {
			t.Errorf("the largest finite bucket is %gs; a 30 s body read falls in +Inf", top)
		}
		for _, b := range buckets {
			if b.GetCumulativeCount() > 0 {
				if b.GetUpperBound() > 2*validationWait.Seconds() {
					t.Errorf("a %v busy answer first counts in the %gs bucket", validationWait, b.GetUpperBound())
				}
				break
			}
		}
		return
	}
	t.Fatal("no capreg_http_request_duration_seconds")
}
