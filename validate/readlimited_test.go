package validate

import (
	"bytes"
	"errors"
	"io"
	"testing"
	"testing/iotest"
)

// TestReadLimitedSize: whatever size the reader was expected to hold, what
// it holds is read whole, as ReadLimited reads it.
func TestReadLimitedSize(t *testing.T) {
	text := bytes.Repeat([]byte("capability "), 100)
	errBroken := errors.New("broken")
	for _, tc := range []struct {
		name string
		r    func() io.Reader
		size int64
	}{
		{"as stat'ed", func() io.Reader { return bytes.NewReader(text) }, int64(len(text))},
		{"grew since", func() io.Reader { return bytes.NewReader(text) }, 10},
		{"shrank since", func() io.Reader { return bytes.NewReader(text) }, 5000},
		{"empty", func() io.Reader { return bytes.NewReader(nil) }, 0},
		{"size unknown", func() io.Reader { return bytes.NewReader(text) }, -1},
		{"a byte at a time", func() io.Reader { return iotest.OneByteReader(bytes.NewReader(text)) }, int64(len(text))},
		{"data with EOF", func() io.Reader { return iotest.DataErrReader(bytes.NewReader(text)) }, int64(len(text))},
		{"fails", func() io.Reader { return io.MultiReader(bytes.NewReader(text), iotest.ErrReader(errBroken)) }, int64(len(text))},
		{"too large", func() io.Reader { return bytes.NewReader(make([]byte, MaxFileSize+1)) }, 100},
		{"too large as stat'ed", func() io.Reader { return bytes.NewReader(make([]byte, MaxFileSize+1)) }, MaxFileSize + 1},
		{"at the limit", func() io.Reader { return bytes.NewReader(make([]byte, MaxFileSize)) }, MaxFileSize},
	} {
		got, err := ReadLimitedSize(tc.r(), tc.size)
		want, wantErr := ReadLimited(tc.r())
		if !bytes.Equal(got, want) || (got == nil) != (want == nil) || !errors.Is(err, wantErr) {
			t.Errorf("%s: read %d bytes (nil %v), %v; ReadLimited reads %d (nil %v), %v",
				tc.name, len(got), got == nil, err, len(want), want == nil, wantErr)
		}
	}
}

// TestReadLimitedSizeAllocatesOnce: a file of the size stat'ed is read into
// one buffer.
func TestReadLimitedSizeAllocatesOnce(t *testing.T) {
	text := bytes.Repeat([]byte("capability "), 300)
	r := bytes.NewReader(text)
	if n := testing.AllocsPerRun(50, func() {
		r.Reset(text)
		if _, err := ReadLimitedSize(r, int64(len(text))); err != nil {
			t.Fatal(err)
		}
	}); n > 2 {
		t.Errorf("%v allocations to read %d bytes", n, len(text))
	}
}
