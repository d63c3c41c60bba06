// Package tight keeps long-lived byte slices without the spare room their
// making left: a snapshot's artifacts and the API's cached answers are
// held for as long as the snapshot is served.
package tight

// Bytes is b in an array of its own length when b has spare capacity worth
// the copy (more than a 64th of its length), else b itself: encoded by
// appending to a growing buffer, or into one sized by an estimate, a slice
// may hold up to as much room again as it takes.
func Bytes(b []byte) []byte {
	if cap(b)-len(b) <= len(b)/64 {
		return b
	}
	return append(make([]byte, 0, len(b)), b...)
}
