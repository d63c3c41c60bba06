// Command synth writes a synthetic repository for benchmarks and load tests:
//
//	go run ./store/storetest/synth -n 10000 -out /tmp/repo10k
//
// -wide-cards N adds N tool cards of -wide-words distinct random words each
// (storetest.WriteWideCards), whose vocabulary grows with their number:
// 3,900 cards of 800 words (about 30 MiB, under --max-input-bytes) take
// tool search's vocabulary far past its bound, as the memory measurements
// of search's doc did.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/capreg/capreg/store/storetest"
)

func main() {
	n := flag.Int("n", 10000, "number of capabilities")
	out := flag.String("out", "", "directory to write (created)")
	wide := flag.Int("wide-cards", 0, "number of tool cards of distinct random words to add")
	words := flag.Int("wide-words", 800, "distinct random words in each of the -wide-cards cards")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "synth: -out DIR is required")
		os.Exit(2)
	}
	if err := storetest.WriteRepo(*out, *n); err != nil {
		fmt.Fprintln(os.Stderr, "synth:", err)
		os.Exit(1)
	}
	if *wide > 0 {
		if err := storetest.WriteWideCards(*out, *wide, *words, 1); err != nil {
			fmt.Fprintln(os.Stderr, "synth:", err)
			os.Exit(1)
		}
	}
}
