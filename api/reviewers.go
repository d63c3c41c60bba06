package api

import (
	"cmp"
	"net/http"
	"slices"
)

// reviewerLane is one row of GET /reviewers: a reviewer body, the lane an
// orchestrator selects by slug or flag (ref §7.7, ADR-2782).
type reviewerLane struct {
	Slug           string   `json:"slug"`
	Flags          []string `json:"flags"`
	Transport      string   `json:"transport"`
	ReviewsSection *string  `json:"reviewsSection"`
	EvidenceClass  string   `json:"evidenceClass,omitempty"`
	// CapID and Role are the capability declaring the lane: a reviewer,
	// or a runtime that also reviews.
	CapID string `json:"capId"`
	Role  string `json:"role"`
}

// reviewers is GET /reviewers: the lane roster, every reviewer body of
// the registry sorted by slug (lanes are unique by slug, flag and section:
// reviewer-lane-conflict), so that a lane is chosen by what a user types,
// --ollama, without reading every capability.
func (s *server) reviewers(w http.ResponseWriter, r *http.Request, v *views) {
	v.serve(w, r, v.get("reviewers", func() *body {
		lanes := []reviewerLane{}
		for _, c := range v.snap.Registry.Capabilities {
			body := c.Manifest.Get("reviewer")
			if body == nil {
				continue
			}
			lane := reviewerLane{Slug: body.Get("slug").StringOr(""), Flags: nonNil(body.Get("flags").Strings()),
				Transport: body.Get("transport").StringOr(""), EvidenceClass: body.Get("evidenceClass").StringOr(""),
				CapID: c.ID, Role: c.Role}
			if sec := body.Get("reviewsSection"); sec.IsString() {
				lane.ReviewsSection = &sec.Str
			}
			lanes = append(lanes, lane)
		}
		slices.SortFunc(lanes, func(a, b reviewerLane) int { return cmp.Or(cmp.Compare(a.Slug, b.Slug), cmp.Compare(a.CapID, b.CapID)) })
		return jsonBody(map[string]any{"reviewers": lanes, "count": len(lanes)})
	}))
}
