package search

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/kljensen/snowball/english"
)

// TestQueryTokensAside: words in parentheses, nested or unclosed, are marked
// aside, weighed less than the main words of the intent.
func TestQueryTokensAside(t *testing.T) {
	tests := []struct {
		in    string
		raw   []string
		aside []bool
	}{
		{"Set a timeout (defaults to 10s)", []string{"set", "a", "timeout", "defaults", "to", "10s"},
			[]bool{false, false, false, true, true, true}},
		{"a (b (c) d) e", []string{"a", "b", "c", "d", "e"}, []bool{false, true, true, true, false}},
		{"stray ) paren", []string{"stray", "paren"}, []bool{false, false}},
		{"unclosed (rest", []string{"unclosed", "rest"}, []bool{false, true}},
		{"(all aside)", []string{"all", "aside"}, []bool{true, true}},
		{"[a]ction(x)y", []string{"action", "x", "y"}, []bool{false, true, false}},
		// Fullwidth parentheses are parentheses in NFKC, as the words
		// inside them are words.
		{"restore （ｆｒｏｍ ｌａｓｔ ｗｅｅｋ） now", []string{"restore", "from", "last", "week", "now"},
			[]bool{false, true, true, true, false}},
		{"（ａｌｌ） ﹙aside﹚", []string{"all", "aside"}, []bool{true, true}},
	}
	var s scratch
	for _, tt := range tests {
		s.queryTokens(tt.in, nil)
		if !slices.Equal(s.raw, tt.raw) || !slices.Equal(s.aside, tt.aside) {
			t.Errorf("queryTokens(%q) = %q %v, want %q %v", tt.in, s.raw, s.aside, tt.raw, tt.aside)
		}
	}
}

// TestQueryTokensIdentifiers: the words of an identifier the cards do
// not hold are asides (see identRun), and read as they are without it:
// queryTokens reads such a run apart from the text around it.
func TestQueryTokensIdentifiers(t *testing.T) {
	held := func(id string) bool { return id == "pkg_add" }
	var s scratch
	for _, tt := range []struct {
		in    string
		raw   []string
		aside []bool
	}{
		{"pull churn_labels@7 now", []string{"pull", "churn", "labels", "7", "now"}, []bool{false, true, true, false, false}},
		{"get DATABASE_URL", []string{"get", "database", "url"}, []bool{false, true, true}},
		{"use Pkg_Add -l", []string{"use", "pkg", "add", "l"}, []bool{false, false, false, false}},
		{"(a_b) c", []string{"a", "b", "c"}, []bool{true, true, false}},
		{"[a]ction_x", []string{"action", "x"}, []bool{false, false}},
		{"(pkg_add) c", []string{"pkg", "add", "c"}, []bool{true, true, false}}, // held, but in parentheses
		{"a_b and c_d", []string{"a", "b", "and", "c", "d"}, []bool{true, true, false, true, true}},
		{"x_y[z]w", []string{"x", "yzw"}, []bool{false, false}}, // the bracket joins "[z]w" to it
		// A fullwidth low line joins an identifier as "_" does, in NFKC.
		{"pull churn＿labels now", []string{"pull", "churn", "labels", "now"}, []bool{false, true, true, false}},
		{"ｇｅｔ ＤＡＴＡＢＡＳＥ＿ＵＲＬ", []string{"get", "database", "url"}, []bool{false, true, true}},
	} {
		s.queryTokens(tt.in, held)
		if !slices.Equal(s.raw, tt.raw) || !slices.Equal(s.aside, tt.aside) {
			t.Errorf("queryTokens(%q) = %q %v, want %q %v", tt.in, s.raw, s.aside, tt.raw, tt.aside)
		}
	}
	alphabet := []string{"a", "B", "_", "_", " ", "[", "]", "'", "\u2019", "é", "\u0301", "(", ")", "1", "Y", "-", "备", "ß", ".", "İ",
		"\u201c", "\u00a0", "\u2026", "\u00b2", "\uff3f", "\u2122", "\xff", "<", "\u0338", "\u3002"}
	r := rand.New(rand.NewPCG(1, 2))
	var plain scratch
	for range 20000 {
		var b strings.Builder
		for range r.IntN(14) + 1 {
			b.WriteString(alphabet[r.IntN(len(alphabet))])
		}
		in := b.String()
		plain.queryTokens(in, nil)
		s.queryTokens(in, func(string) bool { return false })
		if !slices.Equal(plain.raw, s.raw) || !slices.Equal(plain.parts, s.parts) || !slices.Equal(plain.partEnd, s.partEnd) {
			t.Fatalf("queryTokens(%q) = %q %q with its identifiers read apart, %q %q without", in, s.raw, s.parts, plain.raw, plain.parts)
		}
	}
}

// TestRawTokens: raw tokenization lowercases, splits at punctuation, and
// joins the letters of flag brackets ("[a]ction") into the word.
func TestRawTokens(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"empty", "", nil},
		{"only punctuation", " -- ./ `` ", nil},
		{"lowercase and split", "Play a Sound-file.", []string{"play", "a", "sound", "file"}},
		{"flag letter brackets", "Start an [a]ction", []string{"start", "an", "action"}},
		{"bracket mid word", "alway[s] [r]estart", []string{"always", "restart"}},
		{"bracket whole word", "[options] here", []string{"options", "here"}},
		{"bracket with space splits", "[a b]c", []string{"a", "b", "c"}},
		{"unclosed bracket", "[abc", []string{"abc"}},
		{"empty brackets", "a[]b", []string{"a", "b"}},
		{"bracket after flag dashes", "--[r]ecursive", []string{"recursive"}},
		{"backticks", "Run `bugreportz` now", []string{"run", "bugreportz", "now"}},
		{"path placeholder", "<path/to/file>", []string{"path", "to", "file"}},
		{"id separators", "pm-list_packages.v2", []string{"pm", "list", "packages", "v2"}},
		{"apostrophe inside word", "Android's don't", []string{"androids", "dont"}},
		{"trailing apostrophe", "users' files", []string{"users", "files"}},
		{"curly apostrophe", "it\u2019s", []string{"its"}},
		{"french elision", "L'application qu\u2019il j'ai d'habitude", []string{"application", "il", "ai", "habitude"}},
		{"italian elision", "dell'archivio un'altra", []string{"archivio", "altra"}},
		{"english possessive of an elision word", "Dell's all's l'll don't", []string{"dells", "alls", "lll", "dont"}},
		{"elision word before a consonant", "aujourd'hui l'x", []string{"aujourdhui", "lx"}},
		{"digits kept", "en0 or 10s", []string{"en0", "or", "10s"}},
		{"unicode letters", "Ünïcode ÉTÉ", []string{"ünïcode", "été"}},
		{"devanagari vowel signs and virama", "हिन्दी भाषा", []string{"हिन्दी", "भाषा"}},
		{"hebrew points", "שָׁלוֹם", []string{"שָׁלוֹם"}},
		{"marks with no precomposed letter", "x\u0323\u0301yz", []string{"x\u0323\u0301yz"}},
		{"mark starting a word", "\u0301ab \u0301", []string{"ab"}},
		{"mark inside flag brackets", "[क\u093f]ल", []string{"क\u093fल"}},
		{"mark first in brackets", "a[\u093f]b", []string{"a", "b"}},
		{"han as overlapping pairs", "备份数据库。", []string{"备份", "份数", "数据", "据库"}},
		{"one han letter", "库", []string{"库"}},
		{"kana and the long vowel mark", "エラーログ", []string{"エラ", "ラー", "ーロ", "ログ"}},
		{"han beside latin", "部署to staging", []string{"部署", "to", "staging"}},
		{"latin beside kana", "Dockerコンテナ", []string{"docker", "コン", "ンテ", "テナ"}},
		{"hangul", "데이터베이스를", []string{"데이", "이터", "터베", "베이", "이스", "스를"}},
		{"hangul typed in jamo (NFD)", "\u1103\u1166\u110b\u1175\u1110\u1165", []string{"데이", "이터"}},
		{"half-width katakana", "ﾊﾞｯｸｱｯﾌﾟ", []string{"バッ", "ック", "クア", "アッ", "ップ"}},
		{"thai as pairs, marks with their letter", "ยกเลิก คำสั่ง", []string{"ยก", "กเ", "เลิ", "ลิก", "คํา", "าสั่", "สั่ง"}},
		{"lao as pairs", "ຍົກເລີກ", []string{"ຍົກ", "ກເ", "ເລີ", "ລີກ"}},
		{"khmer as pairs", "បោះបង់", []string{"បោះប", "បង់"}},
		{"myanmar as pairs", "ပယ်ဖျက်", []string{"ပယ်", "ယ်ဖျ", "ဖျက်"}},
		{"thai beside latin", "restoreฐานข้อมูล", []string{"restore", "ฐา", "าน", "นข้", "ข้อ", "อมู", "มูล"}},
		{"zero-width space ends a thai word", "ยก\u200bเลิก", []string{"ยก", "เลิ", "ลิก"}},
		{"soft hyphen inside a word", "deploy\u00adment", []string{"deployment"}},
		{"word joiner and BOM inside words", "re\u2060start de\ufeffploy", []string{"restart", "deploy"}},
		{"zero-width joiner in a devanagari conjunct", "क्\u200dष", []string{"क्ष"}},
		{"zero-width non-joiner between latin letters", "Auf\u200clage", []string{"auflage"}},
		{"zero-width non-joiner between persian letters", "به\u200cروزرسانی کلید\u200cها", []string{"به", "روزرسانی", "کلید", "ها"}},
		{"a mark after a soft hyphen composes", "caf\u00ade\u00ad\u0301", []string{"café"}},
		{"invisible characters outside words", "\u00ad\u200dlog\u200c \u2060", []string{"log"}},
		{"tatweel", "تقريـــر المبيعـات", []string{"تقرير", "المبيعات"}},
		{"hebrew gershayim", "דו\"ח דו״ח \"דוח\"", []string{"דוח", "דוח", "דוח"}},
		{"hebrew geresh", "צ׳אט צ'אט באץ׳", []string{"צאט", "צאט", "באץ"}},
		{"quotes beside hebrew words", "אמר \"שלום\" ו\"a\"", []string{"אמר", "שלום", "ו", "a"}},
		{"digits of other scripts", "۳۰ ٤٧١١ ३० ๓๐ SKU-۴۴۱۱", []string{"30", "4711", "30", "30", "sku", "4411"}},
		{"nines, and digits of scripts past the BMP", "٩٩ ९ 𞥑𞥙 𑄿", []string{"99", "9", "19", "9"}}, // Arabic, Devanagari, Adlam, Chakma
		{"an invisible character first in the text", "\u00adab\u00adc", []string{"abc"}},
		{"a persian non-joiner after a vowel mark", "کلیدِ\u200cها هٰ\u200cها", []string{"کلیدِ", "ها", "هٰ", "ها"}},
		{"a non-joiner before an arabic-script digit or beside latin", "کلید\u200c۳ ab\u200cبب بب\u200cab", []string{"کلید3", "abبب", "ببab"}},
		{"a quote after a latin word, before hebrew", "API\"של", []string{"api", "של"}},
		{"geresh and gershayim beside latin letters", "ג׳a ו״ab", []string{"גa", "ו", "ab"}},
		{"gershayim after a pointed letter", "דוּ\"ח מנכּ״ל", []string{"דוּח", "מנכּל"}},
		{"georgian and tibetan are written with spaces or a tsheg", "სერვერის ༀ་ཎི", []string{"სერვერის", "ༀ", "ཎི"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := rawTokens(nil, tt.in); !slices.Equal(got, tt.want) {
				t.Errorf("rawTokens(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestAnalyze: analysis drops stop words and single letters, keeps the
// particles that change a command's meaning, and stems what is left.
func TestAnalyze(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"stop words dropped", "Play a sound file to the speaker", []string{"play", "sound", "file", "speaker"}},
		{"stemming", "Listing installed packages", []string{"list", "instal", "packag"}},
		{"brackets then stem", "[d]eleting [f]iles", []string{"delet", "file"}},
		{"kept particles", "Turn off all not up", []string{"turn", "off", "all", "not", "up"}},
		{"single letters dropped", "-r x 5", []string{"5"}},
		// A lone letter with an accent is a word as short: French "à",
		// Spanish "é", Polish "ż", Swedish "ö", Russian "в".
		{"single accented letters dropped", "restaurer à hier, ó ż ö в", []string{"restaur", "hier"}},
		// Greek capitals lower-case to "σ", never to the final "ς": both
		// are read "σ", so "ΠΑΣ" is "πας".
		{"final sigma read as sigma", "ΟΔΟΣ οδος Πας πασ", []string{"οδοσ", "οδοσ", "πασ", "πασ"}},
		{"single CJK letter kept", "库 ٣", []string{"库", "3"}}, // a lone digit of any script is kept, read as ASCII
		{"single thai letter kept", "ณ เวลา", []string{"ณ", "เว", "วล", "ลา"}},
		{"lone letter of a spaced script dropped", "ༀ་མ ა სერვერი", []string{"სერვერი"}},
		// Whatever its length in UTF-8: Vietnamese "ở" ("at") is three
		// bytes, an Adlam or Deseret letter four; a CJK letter of four
		// bytes is a word as one of three is.
		{"single letters of 3 and 4 bytes dropped", "sao lưu ở đĩa 𞤢 𐐨", []string{"sao", "lưu", "đĩa"}},
		{"single CJK letter of 4 bytes kept", "𠀀", []string{"𠀀"}},
		// Two letters are a word, as "db" is, though as short in bytes as
		// one accented letter: German "öl", French "ça", Russian "вы".
		{"two accented letters kept", "öl ça вы", []string{"öl", "ça", "вы"}},
		{"only stop words", "the of and to", nil},
		{"empty", "", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Analyze(tt.in); !slices.Equal(got, tt.want) && (len(got) != 0 || len(tt.want) != 0) {
				t.Errorf("Analyze(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestEditDistanceOne: one deletion, insertion, substitution or adjacent
// transposition (rune-wise) is one edit; equal words or two edits are not.
func TestEditDistanceOne(t *testing.T) {
	tests := []struct {
		a, b string
		want bool
	}{
		{"packag", "packag", false},
		{"packag", "pakag", true},   // deletion
		{"packag", "packagx", true}, // insertion
		{"packag", "paxkag", true},  // substitution
		{"packag", "apckag", true},  // transposition
		{"packag", "pcakga", false}, // two edits
		{"packag", "pack", false},
		{"été", "eté", true},
	}
	for _, tt := range tests {
		if got := editDistanceOne(tt.a, tt.b); got != tt.want {
			t.Errorf("editDistanceOne(%q, %q) = %v, want %v", tt.a, tt.b, got, tt.want)
		}
		if got := editDistanceOne(tt.b, tt.a); got != tt.want {
			t.Errorf("editDistanceOne(%q, %q) = %v, want %v", tt.b, tt.a, got, tt.want)
		}
	}
}

// FuzzAnalyze checks that analysis never panics and yields only non-empty,
// valid, lowercase-stable terms; that raw tokens are words (a letter or
// digit, then letters, digits and marks); and that a query is tokenized
// as Analyze tokenizes, its camel-case parts spelling its words.
func FuzzAnalyze(f *testing.F) {
	for _, s := range []string{"", "[a]ction", "[[x]]", "a'", "'", "[", "]", "`x`", "\xff\xfe", "Ü[ß]", "x[y",
		"İSTANBUL ẞTRASSE", "\ufdfa", "हिन्दी (x\u0301)", "dbRollback [a\u0301]ction", "ＨＴＴＰServer", "VMs listPRs ÉTÉs",
		"备份数据库", "エラーログを探す ｶﾀｶﾅ", "데이터\u302e를", "〇⺀x日\u3099本", "Dockerコンテナ[日]本",
		"pull churn_labels@7 (a_b) x_y[z]w", "__init__ a__b _x y_ 1_000_000", "“DATABASE_URL” it's_x a_b\u0301",
		"«a_b»\u00a0c_d… e_f\u00b2 g_h\uff3fi j_k\u2122 l_m\xff n_o<\u0338 p_q\u2019s",
		"x\u00ada_b a_b\u200dx צ׳a_b ש\"a_b", "ب\u200cب\u064e\u200cب\u200c\u00adب e\u00ad\u0301 \ufe71x",
		"tag v2.4.0-rc.1 (1.2.3) ^2.4.0 a_b@1.2.3-x_y 10.40.3.17 19.90 2.4.0.\u00b2 v1.2\u2019s",
		"-m 'Release 2.4.0' 'v2.4.0' x'v2.4.0 2.4.0'x \u20192.4.0\u2019 l'2.4.0 (2.4.0') '(v2.4.0' 2.4.0''",
		"release \u06f2.\u06f4.\u06f0 v\u0662.\u0664 x \u0662.\u0664.\u0660.\u0628 \u0968.\u096a.\u0966-rc\u0967 1\u0662.3.4",
		"2026-12-07T03:14:22.481Z ERROR [2026-12-07 03:14:22,481] a_b@09:00+02:00 nginx:12:30 [03:12]x 2.4.0 at 3:05\u2019s",
		"at 3:05pm 3:05 PM 3:05 pmx 3:05pm's app-2026-12-07.log 25:99 2026-13-45 12:30.Then 24:00am\u2019"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if n := nfkc(s); nfkc(n) != n {
			t.Fatalf("nfkc(%q) = %q, read again %q", s, n, nfkc(n))
		}
		raw := rawTokens(nil, s)
		for _, w := range raw {
			if r, _ := utf8.DecodeRuneInString(w); w == "" || !isWordRune(r) || strings.IndexFunc(w, func(r rune) bool { return !isWordRune(r) && !isMark(r) }) >= 0 {
				t.Fatalf("token %q from %q is not a word", w, s)
			}
		}
		for _, term := range Analyze(s) {
			if term == "" || !utf8.ValidString(term) || strings.ToLower(term) != term {
				t.Fatalf("bad term %q from %q", term, s)
			}
		}
		// Build's analyser reuses one tokenizer for every text, and
		// reads an ASCII one as NFKC already.
		var tk tokenizer
		tk.tokens("Don't [r]ecurse into x\u0301 GPUs", false)
		if got := tk.tokens(s, isASCII(s)); !slices.Equal(got, raw) {
			t.Fatalf("a reused tokenizer reads %q as %q, a new one as %q", s, got, raw)
		}
		var sc scratch
		sc.queryTokens(s, nil)
		if !slices.Equal(sc.raw, raw) {
			t.Fatalf("query tokens of %q: %q, Analyze reads %q", s, sc.raw, raw)
		}
		if len(sc.breaks) != len(sc.raw) {
			t.Fatalf("query tokens of %q: %d, and %d clause breaks", s, len(sc.raw), len(sc.breaks))
		}
		for i, w := range sc.raw {
			if parts := sc.camelParts(i); len(parts) > 0 && strings.Join(parts, "") != w {
				t.Fatalf("camel parts of %q: %q", w, parts)
			}
		}
		// Identifiers (identRun) and versions (versionRun) change which
		// words are asides, not the words: read apart from the text
		// around them, they are the same.
		aside, parts, partEnd := slices.Clone(sc.aside), slices.Clone(sc.parts), slices.Clone(sc.partEnd)
		for _, held := range []bool{true, false} {
			sc.queryTokens(s, func(string) bool { return held })
			if !slices.Equal(sc.raw, raw) || !slices.Equal(sc.parts, parts) || !slices.Equal(sc.partEnd, partEnd) {
				t.Fatalf("query tokens of %q with its identifiers read apart: %q %q, Analyze reads %q, camel parts %q", s, sc.raw, sc.parts, raw, parts)
			}
			for i, a := range sc.aside {
				// Only words become asides: those of a version
				// whatever the cards hold, and then those of an
				// identifier they do not hold.
				if !a && aside[i] {
					t.Fatalf("query tokens of %q, identifiers held %v: asides %v, %v without identifiers", s, held, sc.aside, aside)
				}
			}
			aside = slices.Clone(sc.aside)
		}
	})
}

// TestAnalyzeFoldsUnicodeForms: a query typed with a combining accent, in
// fullwidth letters or with a ligature finds the card written precomposed
// in plain letters; before, "cafe\u0301" split into "cafe" and nothing.
func TestAnalyzeFoldsUnicodeForms(t *testing.T) {
	for _, tt := range []struct{ a, b string }{
		{"caf\u00e9", "cafe\u0301"},
		{"diskutil", "ｄｉｓｋｕｔｉｌ"},
		{"file", "\ufb01le"},
	} {
		if a, b := Analyze(tt.a), Analyze(tt.b); !slices.Equal(a, b) || len(a) == 0 {
			t.Errorf("Analyze(%q) = %q, Analyze(%q) = %q, want equal", tt.a, a, tt.b, b)
		}
	}
	ix := Build([]Card{{ID: "café", Summary: "Coffee maker.", Risk: "reversible"}, {ID: "diskutil", Summary: "Disk utility.", Risk: "reversible"}})
	for intent, want := range map[string]string{"cafe\u0301": "café", "ＤＩＳＫＵＴＩＬ": "diskutil"} {
		checkFirst(t, ix, intent, want)
	}
}

// TestQueryTokensCamelParts: a query records the parts of a word in camel
// case, which it searches when the cards do not hold the whole word.
func TestQueryTokensCamelParts(t *testing.T) {
	tests := []struct {
		in    string
		raw   []string
		parts [][]string // per raw token
	}{
		{"dbRollback now", []string{"dbrollback", "now"}, [][]string{{"db", "rollback"}, nil}},
		{"HTTPServer", []string{"httpserver"}, [][]string{{"http", "server"}}},
		{"OOMKilled pod", []string{"oomkilled", "pod"}, [][]string{{"oom", "killed"}, nil}},
		{"CrashLoopBackOff", []string{"crashloopbackoff"}, [][]string{{"crash", "loop", "back", "off"}}},
		{"PortForward (to Redis)", []string{"portforward", "to", "redis"}, [][]string{{"port", "forward"}, nil, nil}},
		{"ÉtéHiver", []string{"étéhiver"}, [][]string{{"été", "hiver"}}},
		{"lower UPPER Title v2Beta", []string{"lower", "upper", "title", "v2beta"}, [][]string{nil, nil, nil, nil}},
		{"e[X]tract", []string{"extract"}, [][]string{nil}},
		{"x\u0323Rollback", []string{"x\u0323rollback"}, [][]string{{"x\u0323", "rollback"}}},
		// An acronym's plural is the acronym, not a part "s" after its
		// last capital ("v" "ms", "gp" "us" before); in lower case, or
		// with one capital, the "s" stays.
		{"VMs GPUs listPRs", []string{"vm", "gpu", "listpr"}, [][]string{{"vm"}, {"gpu"}, {"list", "pr"}}},
		{"HTTPServers URLsToo IDs", []string{"httpservers", "urlstoo", "id"}, [][]string{{"http", "servers"}, {"ur", "ls", "too"}, {"id"}}},
		{"ÉTÉs gpus K8s", []string{"été", "gpus", "k8s"}, [][]string{{"été"}, nil, nil}},
	}
	var s scratch
	for _, tt := range tests {
		s.queryTokens(tt.in, nil)
		if !slices.Equal(s.raw, tt.raw) {
			t.Errorf("queryTokens(%q) raw = %q, want %q", tt.in, s.raw, tt.raw)
			continue
		}
		for i, want := range tt.parts {
			if got := s.camelParts(i); !slices.Equal(got, want) {
				t.Errorf("queryTokens(%q): parts of %q = %q, want %q", tt.in, s.raw[i], got, want)
			}
		}
	}
}

// TestSearchKeepsMarkedWordsWhole: a word written with marks (Devanagari
// vowel signs and virama) finds the card that holds it and not one that
// shares only its first letter; split at its marks, "हिन्दी" was "ह" "न"
// "द", and "हाथी" (elephant) matched on "ह".
func TestSearchKeepsMarkedWordsWhole(t *testing.T) {
	ix := Build([]Card{
		{ID: "elephant", Summary: "हाथी", Risk: "reversible"},
		{ID: "hindi", Summary: "हिन्दी भाषा", Risk: "reversible"},
	})
	if got := ids(ix.Search(Query{Intent: "हिन्दी"})); !slices.Equal(got, []string{"hindi"}) {
		t.Errorf("Search(हिन्दी) = %v, want [hindi]", got)
	}
}

// TestSearchFindsWordsInsideCJKText: Chinese and Japanese are written
// without spaces, so a run of their letters was one word: a card saying
// "备份数据库" (back up the database) was not found for "数据库"
// (database), nor for "如何备份数据库" (how to back up the database), and
// "エラーログを探したい" found no card saying "エラーログを探す".
func TestSearchFindsWordsInsideCJKText(t *testing.T) {
	ix := Build([]Card{
		{ID: "backup-zh", Summary: "备份生产数据库到对象存储。", IntentPhrases: []string{"备份数据库", "创建数据库快照"}, Risk: "reversible"},
		{ID: "logs-ja", Summary: "本番サーバーのログを検索します。", IntentPhrases: []string{"ログを検索する", "エラーログを探す"}, Risk: "reversible"},
		{ID: "restart-ru", Summary: "Перезапускает веб-сервер.", IntentPhrases: []string{"перезапустить сервер"}, Risk: "reversible"},
		{ID: "deploy", Summary: "Deploy the service to staging.", IntentPhrases: []string{"deploy to staging"}, Risk: "reversible"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"数据库", "backup-zh"},
		{"如何备份数据库", "backup-zh"},
		{"请帮我备份数据库", "backup-zh"},
		{"备份数据库", "backup-zh"},
		{"エラーログを探したい", "logs-ja"},
		{"ログ", "logs-ja"},
		{"サーバーのログを検索", "logs-ja"},
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchFindsWordsInsideThaiText: Thai, like Chinese, is written
// without spaces between words, and a run of its letters was one word:
// "ยกเลิกออเดอร์ให้หน่อย" (cancel the order, please) found no card
// saying "ยกเลิกออเดอร์", nor "เช็คเลขพัสดุ" (check a parcel number) one
// saying "ติดตามพัสดุ".
func TestSearchFindsWordsInsideThaiText(t *testing.T) {
	ix := Build([]Card{
		{ID: "cancel", Summary: "ยกเลิกคำสั่งซื้อที่ยังไม่ได้จัดส่ง", IntentPhrases: []string{"ยกเลิกออเดอร์", "cancel an order"}, Risk: "destructive"},
		{ID: "track", Summary: "ติดตามสถานะพัสดุกับบริษัทขนส่ง", IntentPhrases: []string{"ติดตามพัสดุ", "track a parcel"}, Risk: "read-only"},
		{ID: "sms", Summary: "ส่งข้อความ SMS แจ้งเตือนลูกค้า", IntentPhrases: []string{"ส่ง SMS แจ้งลูกค้า"}, Risk: "reversible"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"ยกเลิกออเดอร์ให้หน่อย", "cancel"},
		{"เช็คเลขพัสดุ", "track"},
		{"พัสดุถึงไหนแล้ว", "track"},
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchSkipsInvisibleCharacters: a soft hyphen, a joiner or a
// tatweel inside a word split it, so "pass\u00ADword", copied from a page
// that marks where words may break, was "pass" "word", which put a card
// holding those two first, and the stretched "تقريـــر" (report) was no
// word of a card that says "تقرير".
func TestSearchSkipsInvisibleCharacters(t *testing.T) {
	ix := Build([]Card{
		{ID: "report", Summary: "يصدر تقرير المبيعات الشهري.", IntentPhrases: []string{"تقرير المبيعات"}, Risk: "read-only"},
		{ID: "stock", Summary: "يعدل كمية المخزون في المستودع.", IntentPhrases: []string{"تعديل المخزون"}, Risk: "reversible"},
		{ID: "password", Summary: "Resets a user's password.", IntentPhrases: []string{"reset a password"}, Risk: "reversible"},
		{ID: "spell", Summary: "Pass a word list to the spell checker.", IntentPhrases: []string{"check a word"}, Risk: "read-only"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"تقريـــر", "report"},
		{"pass\u00adword", "password"},
		{"pass\u2060word", "password"},
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
}

// TestSearchReadsHebrewAbbreviations: Hebrew writes an abbreviation
// with gershayim before its last letter ("דו"ח", report; "מנכ"ל", CEO),
// typed as '"' or "״", and often without them ("דוח"); split there, the
// abbreviation was a word and a lone letter (dropped), no word of a card
// that writes it whole, and "דו" matched any card that holds that word.
func TestSearchReadsHebrewAbbreviations(t *testing.T) {
	ix := Build([]Card{
		{ID: "report", Summary: "מפיק דוח מכירות חודשי.", IntentPhrases: []string{"דוח מכירות"}, Risk: "read-only"},
		{ID: "dual", Summary: "מריץ בדיקה דו שלבית.", IntentPhrases: []string{"אימות דו שלבי"}, Risk: "reversible"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	for _, intent := range []string{"דו\"ח", "דו״ח", "דוח", "דוּ\"ח"} {
		checkFirst(t, ix, intent, "report")
	}
}

// TestSearchReadsPersianWordsThreeWays: Persian writes the parts of one
// word apart with a zero-width non-joiner ("به‌روزرسانی", update), and
// people type a space or nothing in its place; the non-joiner is read as
// a space is, so all three find the card that writes any of them.
func TestSearchReadsPersianWordsThreeWays(t *testing.T) {
	ix := Build([]Card{
		{ID: "fx", Summary: "نرخ ارز را به\u200cروزرسانی می\u200cکند.", IntentPhrases: []string{"به\u200cروزرسانی نرخ ارز"}, Risk: "reversible"},
		{ID: "day", Summary: "گزارش روز فروش را می\u200cسازد.", IntentPhrases: []string{"گزارش روزانه"}, Risk: "read-only"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	for _, intent := range []string{"به\u200cروزرسانی", "به روزرسانی", "بهروزرسانی"} {
		checkFirst(t, ix, intent, "fx")
	}
}

// TestSearchFindsWordsAfterElision: French and Italian write an article
// or pronoun that drops its vowel into the next word ("l'environnement"),
// which was read as one word, "lenvironnement": a card that said
// "supprimer l'environnement" was not found for "environnement", and a
// request to destroy one put the card that creates one first.
func TestSearchFindsWordsAfterElision(t *testing.T) {
	ix := Build([]Card{
		{ID: "env-delete", Summary: "Supprime l'environnement de recette.", IntentPhrases: []string{"supprimer l'environnement de test", "détruire l'environnement"}, Risk: "destructive"},
		{ID: "env-create", Summary: "Crée un environnement de recette.", IntentPhrases: []string{"créer un environnement de test"}, Risk: "reversible"},
		{ID: "archive", Summary: "Archivia i log dell'applicazione.", IntentPhrases: []string{"fare il backup dell'archivio"}, Risk: "reversible"},
		{ID: "certs", Summary: "Rotate the certificates.", IntentPhrases: []string{"rotate certs"}, Risk: "reversible"},
	})
	for _, tt := range []struct{ intent, want string }{
		{"détruire environnement", "env-delete"},
		{"supprimer un environnement", "env-delete"},
		{"applicazione", "archive"},
	} {
		checkFirst(t, ix, tt.intent, tt.want)
	}
	if got := ids(ix.Search(Query{Intent: "environnement"})); !slices.Contains(got, "env-delete") {
		t.Errorf("Search(environnement) = %v, want env-delete among them", got)
	}
}

// TestAnalyzeAcronymPlurals: an acronym's plural is analysed as the
// acronym, in a card as in a query, so "GPUs" meets "GPU": the stemmer
// keeps the "s" of "gpus" and "vms"; a lowercase word keeps it ("k8s").
// An acronym's possessive ("VM's") is the acronym too.
func TestAnalyzeAcronymPlurals(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"GPUs", "gpu"}, {"VMs", "vm"}, {"PRs", "pr"}, {"listPRs", "listpr"},
		{"K8s", "k8s"}, {"gpus", "gpus"}, {"Ps", "ps"}, {"HTTPServers", "httpserver"},
		{"VM's", "vm"}, {"GPU\u2019s", "gpu"}, {"listPR's", "listpr"}, {"K8's", "k8s"},
	} {
		if got := Analyze(tt.in); !slices.Equal(got, []string{tt.want}) {
			t.Errorf("Analyze(%q) = %q, want [%q]", tt.in, got, tt.want)
		}
	}
}

// TestAnalyzeNumberPlurals: three digits or more and an "s" are analysed
// as the number, in a card as in a query, so "429s" meets "429" (the
// stemmer keeps the "s" after a digit); one or two digits and an "s", a
// duration, stay whole, as does a word with a letter among its digits.
func TestAnalyzeNumberPlurals(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"429s", "429"}, {"502S", "502"}, {"1990s", "1990"}, {"５０３s", "503"},
		{"10s", "10s"}, {"5s", "5s"}, {"5xxs", "5xxs"}, {"k8s", "k8s"}, {"s", ""},
	} {
		want := []string{tt.want}
		if tt.want == "" {
			want = nil
		}
		if got := Analyze(tt.in); !slices.Equal(got, want) {
			t.Errorf("Analyze(%q) = %q, want %q", tt.in, got, want)
		}
	}
	ix := Build([]Card{
		{ID: "ratelimit", Summary: "Per-path rate limits.", Effects: "Requests over the limit get 429.", Risk: "reversible"},
		{ID: "edge-stats", Summary: "Status codes clients get from the edge.", Risk: "reversible"},
	})
	checkFirst(t, ix, "seeing 429s", "ratelimit")
	if got := ids(ix.Search(Query{Intent: "clients see 429s"})); !slices.Contains(got, "ratelimit") {
		t.Errorf("Search(clients see 429s) = %v, want ratelimit among them", got)
	}
}

// TestSearchNamePlurals: a name ending in a digit and an "s" that the
// cards do not hold ("P1s", "H100s") is searched as the name they hold
// ("P1", "H100"), the plural of a priority or a GPU; the tokenizer keeps
// the "s", as "k8s" is a name of its own. "P1s" found nothing.
func TestSearchNamePlurals(t *testing.T) {
	ix := Build([]Card{
		{ID: "escalate", Summary: "Escalate a ticket; page the on-call for a P1.", Risk: "reversible"},
		{ID: "gpu-quota", Summary: "Show the H100 quota of a project.", Risk: "reversible"},
		{ID: "timeout", Summary: "Set a request timeout of 10 seconds.", Risk: "reversible"},
		{ID: "deploy", Summary: "Deploy a service to k8s.", Risk: "reversible"},
		{ID: "ldap", Summary: "Look up the DN of a user in LDAP.", Risk: "reversible"},
	})
	checkOnly(t, ix, "P1s", "escalate")
	checkOnly(t, ix, "how many H100s do we have", "gpu-quota")
	checkOnly(t, ix, "k8s", "deploy")
	// The name is held as the whole word, however short: "P1s" is all
	// of the request the card holds.
	if got := ix.Search(Query{Intent: "P1s"}); len(got) == 0 || got[0].Coverage != 1 {
		t.Errorf("Search(%q) = %+v, want Coverage 1", "P1s", got)
	}
	// The name weighs as the word typed: "H100s" reaches "H100" as "H100"
	// itself does.
	h100, ok := ix.indexedTerm(stem("h100"))
	if !ok {
		t.Fatal("the cards hold no h100")
	}
	for _, q := range []string{"H100", "H100s"} {
		s := ix.pool.Get().(*scratch)
		s.reset()
		ix.analyseQuery(q, s)
		var w float32
		for _, qt := range s.terms {
			if qt.term == h100 {
				w = qt.w
			}
		}
		ix.pool.Put(s)
		if w != 1 {
			t.Errorf("%q: the term h100 weighs %v, want 1, the word's weight", q, w)
		}
	}
	// Only a digit and an "s" end such a plural: "dns" is no plural of an
	// LDAP "DN", nor "p1x" a form of "P1".
	for _, w := range []string{"p1s", "h100s", "10s", "k8s", "p7s", "s", "dns", "p1x"} {
		s := ix.pool.Get().(*scratch)
		s.reset()
		got := ix.addNamePlural(s, w, 1)
		ix.pool.Put(s)
		if want := w == "p1s" || w == "h100s"; got != want {
			t.Errorf("addNamePlural(%q) = %v, want %v", w, got, want)
		}
	}
}

// TestReadsAsProse: an intent reads as a sentence, not a command line, only
// when it holds a sentence word outside shell syntax and quoted operands.
func TestReadsAsProse(t *testing.T) {
	for text, want := range map[string]bool{
		"make a backup of the database":                                          true,
		"kill the process on port 3000":                                          true,
		"git push rejected as non-fast-forward, how do I fix it without --force": true,
		"kubectl apply -f k8s/":                                                  false,
		"docker compose up":                                                      false,
		"git pull --rebase":                                                      false,
		`git commit -m "fix the bug"`:                                            false,
		"git commit -m 'fix the bug' && git push":                                false,
		"ls -a": false,
		"":      false,
		// Operands that are short stop words, and shell keywords: "for"
		// is one, so a sentence needs another word to read as one.
		"npm i lodash":                       false,
		"cp a b":                             false,
		"mv ./a ./b":                         false,
		"git checkout -b a":                  false,
		"git log --author me":                false,
		"echo it works":                      false,
		"for f in *.log; do rm $f; done":     false,
		"terraform plan for staging network": false,
		"git push --force # the release":     false,
		"kubectl get pods -o name | while read p; do kubectl delete pod $p; done": false,
		// An apostrophe inside a word opens no quote.
		"docker compose up won't start, I'm confused about this": true,
		"don't delete the logs":                                  true, // the first word's too
		// Nor does a "#" inside a word start a comment.
		"C# build of the solution": true,
		// A sentence's "(" is off a word's start, as its ")" is off the
		// end (cr86 mutant: the "(" left on survived).
		"nginx restarts (why)": true,
	} {
		if got := ReadsAsProse(text); got != want {
			t.Errorf("ReadsAsProse(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestRawTokensEdges pins how words are read at the edges that the
// tokenizer tests left open (found by mutation testing): a mark after a
// Han letter stays with it, the first Hangul jamo (U+1100, also what the
// compatibility letter "ㄱ" is in NFKC) is a CJK letter apart from the
// Latin word beside it, and U+0300, the first combining mark, continues a
// word when it has no precomposed letter to join.
func TestRawTokensEdges(t *testing.T) {
	tests := []struct {
		name, in string
		want     []string
	}{
		{"mark after a han letter", "日\u3099本", []string{"日\u3099本"}},
		{"mark after the last han letter", "日本\u3099 x", []string{"日本\u3099", "x"}},
		{"first hangul jamo beside latin", "\u1100db", []string{"\u1100", "db"}},
		{"compatibility jamo", "\u3131db", []string{"\u1100", "db"}},
		{"run of first hangul jamo", "\u1100\u1100\u1100", []string{"\u1100\u1100", "\u1100\u1100"}},
		{"U+0300 inside a word", "x\u0300yz", []string{"x\u0300yz"}},
		// Case folded as the did-you-means fold (casefold.Rune): a
		// historic Cyrillic variant is its letter, as Unicode folds it
		// ("ᲂ" is "о": "ДᲂМ" is "дом"), where lower case kept it apart.
		{"historic Cyrillic variants folded", "ДᲂМ дом ᲃᲄᲈ", []string{"дом", "дом", "стꙋ"}},
		// The iota subscript, a mark, is left to accent folding (a
		// composed "ᾳ" is kept whole here), not read as the letter "ι"
		// casefold makes of it.
		{"iota subscript kept a mark", "x\u0345yz ᾳβ", []string{"x\u0345yz", "ᾳβ"}},
	}
	for _, tt := range tests {
		if got := rawTokens(nil, tt.in); !slices.Equal(got, tt.want) {
			t.Errorf("%s: rawTokens(%q) = %q, want %q", tt.name, tt.in, got, tt.want)
		}
	}
}

// TestReadsAsProseDecidingWordPlace: the sentence word that decides may be the line's
// first or last word, or its only one, and a stop word with an "a" in it
// ("has", "what") counts like any other.
func TestReadsAsProseDecidingWordPlace(t *testing.T) {
	for text, want := range map[string]bool{
		"how come nginx restarts":    true, // first word
		"nginx keeps crashing, why":  true, // last word
		"Why?":                       true, // only word
		"nginx has crashed":          true, // a stop word with an "a"
		"nginx crashed, what now":    true,
		"nginx restarts":             false,
		`echo "unterminated quote`:   false,
		"git commit -m 'fix the bug": false, // the quote never closes
	} {
		if got := ReadsAsProse(text); got != want {
			t.Errorf("ReadsAsProse(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestStemKeepsAgreesWithTheStemmer: every word stemKeeps says the stemmer
// leaves as it is, it does leave, among the words of the development
// cards and queries and random words of letters and digits of each
// length; and each ending it does not accept is the end of some word the
// stemmer changes, so that the rule is no wider than the stemmer.
func TestStemKeepsAgreesWithTheStemmer(t *testing.T) {
	cards, queries := loadDevSet(t)
	var words []string
	for _, c := range cards {
		for _, text := range append([]string{c.ID, c.Summary, c.Command, c.Effects, c.Example}, append(c.IntentPhrases, c.Replaces...)...) {
			words = rawTokens(words, text)
		}
	}
	for _, q := range queries {
		words = rawTokens(words, q.Intent)
	}
	rng := rand.New(rand.NewPCG(9, 10))
	const alnum = "abcdefghijklmnopqrstuvwxyz0123456789"
	for range 300000 {
		b := make([]byte, 1+rng.IntN(14))
		for i := range b {
			b[i] = alnum[rng.IntN(26+10*rng.IntN(2))]
		}
		words = append(words, string(b))
	}
	words = append(words, "", "Ab", "aB", "x'", "'ab", "ab'x", "a-b", "é", "ski", "skis", "howe", "sky", "news", "y")
	kept := 0
	changed := map[byte]bool{}
	for _, w := range words {
		s := english.Stem(w, true)
		if stemKeeps(w) {
			kept++
			if s != w {
				t.Errorf("stemKeeps(%q), but the stemmer makes %q", w, s)
			}
		}
		if s != w && w != "" {
			changed[w[len(w)-1]] = true
		}
	}
	for c := range 256 {
		if !stemKeepsLast[c] && (c >= 'a' && c <= 'z') && !changed[byte(c)] {
			t.Errorf("stemKeeps refuses words ending in %q, which the stemmer never changed", byte(c))
		}
	}
	if kept < len(words)/3 {
		t.Errorf("stemKeeps took %d of %d words", kept, len(words))
	}
}

// TestSearchDropsLoneAccentedLetters: a lone letter with an accent is
// no word of a request, as a lone ASCII letter is none: kept, French "à"
// put a card that says "à" twice before the one a request to deploy
// named, and "à" alone found a card where "a" finds none.
func TestSearchDropsLoneAccentedLetters(t *testing.T) {
	ix := Build([]Card{
		{ID: "restaurer", Summary: "Restaure la base à une date donnée.", IntentPhrases: []string{"revenir à hier"}, Risk: "destructive"},
		{ID: "deployer", Summary: "Déploie le service.", IntentPhrases: []string{"mettre en production"}, Risk: "reversible"},
	})
	checkFirst(t, ix, "déployer à la demande", "deployer")
	checkFirst(t, ix, "à", "")
	checkFirst(t, ix, "a", "")
}

// TestHoldsIdentReadsNFKC: a card's identifier written in fullwidth
// letters and low line is the identifier a request names in ASCII, as
// its words are the same words: the cards hold it, and its words are no
// aside.
func TestHoldsIdentReadsNFKC(t *testing.T) {
	ix := Build([]Card{
		{ID: "env", Summary: "Set ＤＡＴＡＢＡＳＥ＿ＵＲＬ for the app.", IntentPhrases: []string{"point the app at a database"}, Risk: "reversible"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	if !ix.holdsIdent("database_url") {
		t.Errorf("holdsIdent(database_url) = false for a card that says ＤＡＴＡＢＡＳＥ＿ＵＲＬ")
	}
	var s scratch
	s.queryTokens("set DATABASE_URL", ix.holdsIdent)
	if want := []bool{false, false, false}; !slices.Equal(s.aside, want) {
		t.Errorf("queryTokens(set DATABASE_URL) aside = %v, want %v", s.aside, want)
	}
}

// TestSearchReadsFinalSigma: a Greek word typed in capitals ends in "Σ",
// which lower-cases to "σ", and the card's word in "ς": "ΦΩΣ" found no
// card that says "φως", a word too short to be a typo of it.
func TestSearchReadsFinalSigma(t *testing.T) {
	ix := Build([]Card{
		{ID: "lights", Summary: "Ανάβει το φως του γραφείου.", IntentPhrases: []string{"άναψε το φως"}, Risk: "reversible"},
		{ID: "heating", Summary: "Ρυθμίζει τη θέρμανση του γραφείου.", IntentPhrases: []string{"άναψε τη θέρμανση"}, Risk: "reversible"},
		{ID: "other", Summary: "Deploy the service.", IntentPhrases: []string{"ship it"}, Risk: "reversible"},
	})
	checkFirst(t, ix, "ΦΩΣ", "lights")
	checkFirst(t, ix, "φωσ", "lights") // "σ" typed at the end, as "ΦΩΣ" lower-cases
}
