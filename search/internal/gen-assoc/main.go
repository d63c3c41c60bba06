// Command gen-assoc learns the word vectors of software descriptions that
// package search embeds (assoc.bin.gz, see assoc.go). It is run by hand,
// never at test or run time.
//
// The corpus is the English descriptions of the packages of Debian's
// archive (the Translation-en index, decompressed: after
// `apt-get update -o Acquire::Languages=en`, `lz4cat
// /var/lib/apt/lists/*_debian_dists_bookworm_main_i18n_Translation-en.lz4`)
// and, optionally, the man pages of a machine. Every text is analysed by
// search.Analyze, as cards and queries are. Each term's context vector is
// its positive PMI with the terms within -window terms of it in one
// paragraph (pairs seen at least twice; context counts smoothed by
// ^0.75); the terms' PPMI rows are reduced by truncated SVD (randomised,
// Halko et al. 2011) to -svd dimensions, singular values weighted by ^0.5
// (Levy, Goldberg and Dagan 2015), each vector normalised and stored as
// int8.
//
//	go run ./search/internal/gen-assoc -debian Translation-en -man /usr/share/man -o search/assoc.bin.gz
//
// The table format: "ASV1", uvarint term count, uvarint dimensions, each
// term as uvarint length and bytes, then each term's vector, one int8 a
// dimension (127 is 1).
package main

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"flag"
	"fmt"
	"io"
	"log"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/capreg/capreg/search"
)

var (
	debian   = flag.String("debian", "", "Debian Translation-en file (decompressed)")
	manDir   = flag.String("man", "", "man page root (its man1..man8 are read)")
	out      = flag.String("o", "assoc.bin.gz", "output table")
	dump     = flag.String("dump", "", "also write each term's nearest neighbours here, as text")
	window   = flag.Int("window", 5, "co-occurrence window, in analysed terms, each side")
	minCount = flag.Int("min", 10, "fewest occurrences of a term kept")
	maxVocab = flag.Int("vocab", 40000, "most terms kept")
	svdDim   = flag.Int("svd", 64, "dimensions of the vectors")
	svdPow   = flag.Float64("svdpow", 0.5, "singular values' exponent in the vectors")
	seed     = flag.Uint64("seed", 1, "seed of the SVD's random projection")
)

func main() {
	flag.Parse()
	docs := readCorpus()
	vocab := vocabulary(docs, *minCount, *maxVocab)
	log.Printf("vocabulary: %d terms", len(vocab))
	m := ppmi(cooccurrences(docs, vocab, *window))
	k := *svdDim
	q := quantise(randomizedSVD(m, len(vocab), k, *svdPow, *seed), k)
	log.Printf("svd done")
	if err := writeTable(*out, vocab, q, k); err != nil {
		log.Fatal(err)
	}
	if *dump != "" {
		dumpNeighbours(*dump, vocab, q, k)
	}
}

// readCorpus returns the analysed terms of each distinct paragraph of the
// sources the flags name, of two terms or more.
func readCorpus() [][]string {
	var docs [][]string
	seen := map[string]bool{}
	add := func(text string) {
		text = strings.TrimSpace(text)
		if text == "" || seen[text] {
			return
		}
		seen[text] = true
		if ts := search.Analyze(text); len(ts) >= 2 {
			docs = append(docs, ts)
		}
	}
	if *debian != "" {
		readDebian(*debian, add)
		log.Printf("debian: %d paragraphs", len(docs))
	}
	if *manDir != "" {
		n := len(docs)
		readMan(*manDir, add)
		log.Printf("man: %d paragraphs", len(docs)-n)
	}
	return docs
}

// vocabulary returns the at most maxTerms most frequent terms of docs
// seen minCount times or more that goodTerm keeps, ties in lexical order.
func vocabulary(docs [][]string, minCount, maxTerms int) []string {
	freq := map[string]int{}
	for _, d := range docs {
		for _, t := range d {
			freq[t]++
		}
	}
	var vocab []string
	for t, n := range freq {
		if n >= minCount && goodTerm(t) {
			vocab = append(vocab, t)
		}
	}
	sort.Slice(vocab, func(i, j int) bool {
		if freq[vocab[i]] != freq[vocab[j]] {
			return freq[vocab[i]] > freq[vocab[j]]
		}
		return vocab[i] < vocab[j]
	})
	return vocab[:min(len(vocab), maxTerms)]
}

// cooccurrences counts, for each term of vocab, how often each other term
// of vocab is within window terms of it in one doc.
func cooccurrences(docs [][]string, vocab []string, window int) []map[int32]float32 {
	id := make(map[string]int32, len(vocab))
	for i, t := range vocab {
		id[t] = int32(i)
	}
	rows := make([]map[int32]float32, len(vocab))
	for i := range rows {
		rows[i] = map[int32]float32{}
	}
	var buf []int32
	for _, d := range docs {
		buf = buf[:0]
		for _, t := range d {
			if i, ok := id[t]; ok {
				buf = append(buf, i)
			} else {
				buf = append(buf, -1)
			}
		}
		for i, a := range buf {
			if a < 0 {
				continue
			}
			for j := max(0, i-window); j <= min(len(buf)-1, i+window); j++ {
				if b := buf[j]; j != i && b >= 0 && b != a {
					rows[a][b]++
				}
			}
		}
	}
	return rows
}

// ppmi returns the positive PMI of the co-occurrence counts rows (pairs
// seen at least twice), each row in column order, with context counts
// smoothed by ^0.75. It empties rows as it goes.
func ppmi(rows []map[int32]float32) []sparseRow {
	// A term's count as a context is its column's sum.
	ctx := make([]float64, len(rows))
	for _, r := range rows {
		for c, n := range r {
			ctx[c] += float64(n)
		}
	}
	var ctxTotal float64
	for i := range ctx {
		ctx[i] = math.Pow(ctx[i], 0.75)
		ctxTotal += ctx[i]
	}
	m := make([]sparseRow, len(rows))
	for i, r := range rows {
		cols := make([]int32, 0, len(r))
		for c := range r {
			cols = append(cols, c)
		}
		slices.Sort(cols) // sums in a fixed order: the table is reproducible
		var rowSum float64
		for _, c := range cols {
			rowSum += float64(r[c])
		}
		for _, c := range cols {
			n := r[c]
			if n < 2 {
				continue
			}
			if pmi := math.Log(float64(n) * ctxTotal / (rowSum * ctx[c])); pmi > 0 {
				m[i].col = append(m[i].col, c)
				m[i].val = append(m[i].val, float32(pmi))
			}
		}
		rows[i] = nil
	}
	return m
}

// quantise returns each k-dimensional row of emb normalised and as int8,
// 127 for 1.
func quantise(emb []float64, k int) []int8 {
	q := make([]int8, len(emb))
	for i := 0; i < len(emb); i += k {
		r := emb[i : i+k]
		var n float64
		for _, v := range r {
			n += v * v
		}
		n = math.Sqrt(n)
		for j, v := range r {
			if n > 0 {
				v /= n
			}
			q[i+j] = int8(math.Round(max(-1, min(1, v)) * 127))
		}
	}
	return q
}

// writeTable writes the vectors q (k to a term) of the terms vocab to
// path in the format of the package comment, gzipped.
func writeTable(path string, vocab []string, q []int8, k int) error {
	var raw bytes.Buffer
	raw.WriteString("ASV1")
	var tmp [binary.MaxVarintLen64]byte
	uv := func(v uint64) { raw.Write(tmp[:binary.PutUvarint(tmp[:], v)]) }
	uv(uint64(len(vocab)))
	uv(uint64(k))
	for _, t := range vocab {
		uv(uint64(len(t)))
		raw.WriteString(t)
	}
	for _, v := range q {
		raw.WriteByte(byte(v))
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	zw, err := gzip.NewWriterLevel(f, gzip.BestCompression)
	if err != nil {
		f.Close()
		return err
	}
	if _, err := zw.Write(raw.Bytes()); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err := f.Close(); err != nil {
		return err
	}
	log.Printf("%d terms, %d dimensions, %d bytes before gzip", len(vocab), k, raw.Len())
	return nil
}

// dumpNeighbours writes each term's 12 nearest terms by cosine, to check
// the table by eye.
func dumpNeighbours(path string, vocab []string, q []int8, k int) {
	type nb struct {
		t   int
		sim float64
	}
	lists := make([][]nb, len(vocab))
	parallel(len(vocab), func(i int) {
		var cand []nb
		for j := range vocab {
			if j == i {
				continue
			}
			var d int32
			for a := 0; a < k; a++ {
				d += int32(q[i*k+a]) * int32(q[j*k+a])
			}
			cand = append(cand, nb{j, float64(d) / (127 * 127)})
		}
		sort.Slice(cand, func(a, b int) bool { return cand[a].sim > cand[b].sim })
		lists[i] = cand[:min(12, len(cand))]
	})
	f, err := os.Create(path)
	if err != nil {
		log.Fatal(err)
	}
	w := bufio.NewWriter(f)
	for i, l := range lists {
		fmt.Fprintf(w, "%s:", vocab[i])
		for _, x := range l {
			fmt.Fprintf(w, " %s/%.2f", vocab[x.t], x.sim)
		}
		fmt.Fprintln(w)
	}
	if err := w.Flush(); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

// goodTerm keeps terms of letters (and digits after one), 2 to 24 bytes.
func goodTerm(t string) bool {
	if len(t) < 2 || len(t) > 24 {
		return false
	}
	if t[0] < 'a' || t[0] > 'z' {
		return false
	}
	for i := 0; i < len(t); i++ {
		c := t[i]
		if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// readDebian passes each short description, and each paragraph of each
// long description, of a Translation-en file to add.
func readDebian(path string, add func(string)) {
	f, err := os.Open(path)
	if err != nil {
		log.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<24)
	var para strings.Builder
	flush := func() {
		add(para.String())
		para.Reset()
	}
	in := false
	for sc.Scan() {
		line := sc.Text()
		switch {
		case strings.HasPrefix(line, "Description-en: "):
			flush()
			add(strings.TrimPrefix(line, "Description-en: "))
			in = true
		case in && strings.HasPrefix(line, " "):
			l := strings.TrimSpace(line)
			if l == "." {
				flush()
			} else {
				para.WriteString(l)
				para.WriteByte(' ')
			}
		default:
			flush()
			in = false
		}
	}
	flush()
	if err := sc.Err(); err != nil {
		log.Fatal(err)
	}
}

var (
	roffFont   = regexp.MustCompile(`\\f(\[[^\]]*\]|\(..|.)`)
	roffEscape = regexp.MustCompile(`\\(\(..|\*\(..|\*.|\[[^\]]*\]|s[-+]?\d|.)`)
)

// readMan passes each paragraph of the English man pages in sections 1 to
// 8 under root to add, but for gcloud's thousands of generated pages,
// which it skips: their boilerplate would outweigh the rest. A page it
// cannot read whole (a dangling link, a truncated .gz) is logged and
// left out rather than read in part.
func readMan(root string, add func(string)) {
	files, err := filepath.Glob(filepath.Join(root, "man[1-8]", "*"))
	if err != nil {
		log.Fatal(err)
	}
	sort.Strings(files)
	for _, path := range files {
		if strings.HasPrefix(filepath.Base(path), "gcloud") {
			continue
		}
		src, err := readManFile(path)
		if err != nil {
			log.Printf("skipping %s: %v", path, err)
			continue
		}
		manPage(src, add)
	}
}

// readManFile returns the roff source of the man page at path, gunzipped
// if its name ends in .gz.
func readManFile(path string) (string, error) {
	f, err := os.Open(path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	var r io.Reader = f
	if strings.HasSuffix(path, ".gz") {
		zr, err := gzip.NewReader(f)
		if err != nil {
			return "", fmt.Errorf("gunzip: %w", err)
		}
		r = zr
	}
	data, err := io.ReadAll(r)
	if err != nil {
		return "", fmt.Errorf("read: %w", err)
	}
	return string(data), nil
}

// manPage passes each paragraph of the roff source src, but for its
// SYNOPSIS, to add, as text without font changes and escapes.
func manPage(src string, add func(string)) {
	var para strings.Builder
	section := ""
	flush := func() {
		add(para.String())
		para.Reset()
	}
	for _, line := range strings.Split(src, "\n") {
		if strings.HasPrefix(line, ".") || strings.HasPrefix(line, "'") {
			fields := strings.Fields(line)
			if len(fields) == 0 {
				continue
			}
			macro := strings.TrimLeft(fields[0], ".'")
			arg := strings.TrimSpace(strings.TrimPrefix(line, fields[0]))
			switch macro {
			case "SH", "SS":
				flush()
				section = strings.ToUpper(strings.Trim(arg, `"`))
				continue
			case "PP", "LP", "P", "TP", "IP", "HP", "sp", "br":
				flush()
				continue
			case "B", "I", "BR", "IR", "BI", "RB", "RI", "IB", "SM", "SB":
				line = strings.ReplaceAll(arg, `"`, "")
			default:
				continue
			}
		}
		if section == "SYNOPSIS" {
			continue
		}
		line = roffFont.ReplaceAllString(line, "")
		line = roffEscape.ReplaceAllString(line, " ")
		para.WriteString(line)
		para.WriteByte(' ')
	}
	flush()
}

// parallel runs f(0..n-1) on all cores.
func parallel(n int, f func(i int)) {
	var wg sync.WaitGroup
	workers := runtime.NumCPU()
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < n; i += workers {
				f(i)
			}
		}()
	}
	wg.Wait()
}
