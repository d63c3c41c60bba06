package api

import (
	"bytes"
	"strings"
	"testing"
)

// TestCachedBodyKeepsNoSpareRoom: a body cached for the life of its
// snapshot keeps its bytes, and the gzip copy made of them, in arrays of
// their own length (a 64th more at most), but an artifact's bytes, which
// the snapshot holds, as they are (a copy would hold the registry twice).
// Encoded by appending, cached answers held up to as much room again as
// their bytes take.
func TestCachedBodyKeepsNoSpareRoom(t *testing.T) {
	text := []byte(strings.Repeat(`{"id": "a capability", "tier": "core"} `, 200))
	roomy := append(make([]byte, 0, 2*len(text)), text...)
	for _, tc := range []struct {
		name     string
		make     func() *body
		artifact bool
	}{
		{"appended", func() *body { return &body{data: roomy} }, false},
		{"json", func() *body { return jsonBody(map[string]string{"text": string(text)}) }, false},
		{"artifact", func() *body { return &body{data: roomy, artifact: true} }, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var ce cacheEntry
			b := ce.body(tc.make)
			want := tc.make().data
			if !bytes.Equal(b.data, want) {
				t.Fatalf("cached bytes differ from the body's")
			}
			if tc.artifact {
				if &b.data[:cap(b.data)][cap(b.data)-1] != &roomy[:cap(roomy)][cap(roomy)-1] {
					t.Errorf("an artifact's bytes were copied")
				}
				return
			}
			if spare := cap(b.data) - len(b.data); spare > len(b.data)/64 {
				t.Errorf("bytes: %d and room for %d more", len(b.data), spare)
			}
			gz, _ := b.gzipped()
			if spare := cap(gz) - len(gz); spare > len(gz)/64 {
				t.Errorf("gzip: %d bytes and room for %d more", len(gz), spare)
			}
		})
	}
}
