// Command synth writes a synthetic repository for benchmarks and load tests:
//
//	go run ./store/storetest/synth -n 10000 -out /tmp/repo10k
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
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "synth: -out DIR is required")
		os.Exit(2)
	}
	if err := storetest.WriteRepo(*out, *n); err != nil {
		fmt.Fprintln(os.Stderr, "synth:", err)
		os.Exit(1)
	}
}
