package search

import (
	"hash/maphash"
)

// termTable maps stems to term ids by open addressing: a slot holds a term
// id plus one, 0 being empty, and the stems are the vocabulary's own
// strings. A Go map of the 400,000 stems of one card of distinct words
// took 31 bytes a stem on top of the vocabulary; this takes 8 to 16, and
// looks a stem up about as fast.
type termTable struct {
	seed  maphash.Seed
	slots []int32 // len is a power of two, at least twice the terms
	n     int
}

func newTermTable() termTable {
	return termTable{seed: maphash.MakeSeed(), slots: make([]int32, 16)}
}

// get returns the id of stem s in vocab.
func (tt *termTable) get(vocab []string, s string) (int32, bool) {
	if len(tt.slots) == 0 {
		return -1, false
	}
	mask := len(tt.slots) - 1
	for i := int(maphash.String(tt.seed, s)) & mask; ; i = (i + 1) & mask {
		id := tt.slots[i] - 1
		if id < 0 {
			return -1, false
		}
		if vocab[id] == s {
			return id, true
		}
	}
}

// getBytes is get of a stem held in a byte slice.
func (tt *termTable) getBytes(vocab []string, b []byte) (int32, bool) {
	if len(tt.slots) == 0 {
		return -1, false
	}
	mask := len(tt.slots) - 1
	for i := int(maphash.Bytes(tt.seed, b)) & mask; ; i = (i + 1) & mask {
		id := tt.slots[i] - 1
		if id < 0 {
			return -1, false
		}
		if vocab[id] == string(b) {
			return id, true
		}
	}
}

// add records term id, whose stem vocab[id] is not in the table yet.
func (tt *termTable) add(vocab []string, id int32) {
	if 2*(tt.n+1) > len(tt.slots) {
		old := tt.slots
		tt.slots = make([]int32, 2*len(old))
		for _, v := range old {
			if v > 0 {
				tt.put(vocab, v)
			}
		}
	}
	tt.put(vocab, id+1)
	tt.n++
}

// put stores slot value v (a term id plus one) in the first free slot
// from its stem's hash.
func (tt *termTable) put(vocab []string, v int32) {
	mask := len(tt.slots) - 1
	i := int(maphash.String(tt.seed, vocab[v-1])) & mask
	for tt.slots[i] != 0 {
		i = (i + 1) & mask
	}
	tt.slots[i] = v
}
