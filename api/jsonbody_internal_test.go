package api

import (
	"errors"
	"io"
	"strings"
	"testing"
)

// failingReader gives data, then err on the read after it.
type failingReader struct {
	data io.Reader
	err  error
}

func (r *failingReader) Read(p []byte) (int, error) {
	n, err := r.data.Read(p)
	if err == io.EOF {
		return n, r.err
	}
	return n, err
}

// panickingReader gives data, then panics.
type panickingReader struct{ data io.Reader }

func (r *panickingReader) Read(p []byte) (int, error) {
	n, err := r.data.Read(p)
	if err == io.EOF {
		panic("read panics")
	}
	return n, err
}

// TestReadHeldGivesBack: readHeld counts the array a body is read into
// against maxBodiesHeld, shared by every body, and gives all of it back
// however the read ends (the body whole, refused busy, a read error such
// as a client gone or a timeout, a panic): a count left behind, at each
// refusal or at each growth of the array, turned every later body away
// busy once enough were read. Past the limit, by as little as a byte, a
// body is refused; up to it, read. A body of 512 bytes or fewer is read
// all along, also when a read after its last bytes tells its end (a
// chunked body's last chunk apart): that read found the array full and
// counted a larger one, and 512 bytes were refused busy.
func TestReadHeldGivesBack(t *testing.T) {
	const first = 896 // the array a 512-byte one grows into first
	broken := errors.New("connection reset")
	for _, tt := range []struct {
		name    string
		others  int64 // held by the bodies being read besides this one
		body    func() io.Reader
		wantErr error
		panics  bool
	}{
		{"small, all the others' held", maxBodiesHeld, func() io.Reader { return strings.NewReader("{}") }, nil, false},
		// A chunked body's end may come in a read of its own.
		{"512 bytes, its end read apart, all the others' held", maxBodiesHeld, func() io.Reader { return strings.NewReader(strings.Repeat("x", 512)) }, nil, false},
		{"100 KB, alone", 0, func() io.Reader { return strings.NewReader(strings.Repeat("x", 100_000)) }, nil, false},
		{"up to the limit", maxBodiesHeld - first, func() io.Reader { return strings.NewReader(strings.Repeat("x", 600)) }, nil, false},
		{"a byte past it", maxBodiesHeld - first + 1, func() io.Reader { return strings.NewReader(strings.Repeat("x", 600)) }, errBodiesHeld, false},
		{"refused after growing", maxBodiesHeld - 100_000, func() io.Reader { return strings.NewReader(strings.Repeat("x", 200_000)) }, errBodiesHeld, false},
		{"a read fails", 1 << 20, func() io.Reader {
			return &failingReader{strings.NewReader(strings.Repeat("x", 100_000)), broken}
		}, broken, false},
		{"a read panics", 1 << 20, func() io.Reader { return &panickingReader{strings.NewReader(strings.Repeat("x", 100_000))} }, nil, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s := &server{}
			s.bodiesHeld.Store(tt.others)
			func() {
				defer func() {
					if v := recover(); (v != nil) != tt.panics {
						t.Errorf("panic %v, want one: %v", v, tt.panics)
					}
				}()
				if _, err := s.readHeld(tt.body()); !errors.Is(err, tt.wantErr) {
					t.Errorf("error %v, want %v", err, tt.wantErr)
				}
			}()
			if got := s.bodiesHeld.Load(); got != tt.others {
				t.Errorf("held %d after the read, want the others' %d given back to", got, tt.others)
			}
		})
	}
}
