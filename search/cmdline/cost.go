package cmdline

import (
	"context"
	"errors"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"
)

// DefaultBudget is the work one Match may do unless its caller says
// otherwise, in the units of its budget: for every regular expression run,
// its program's instructions times the bytes it reads (plus one), and four
// for every try of a pattern on a command (more for a pattern of many
// words, or a command whose words it passes over). Go's regexp takes time
// proportional to instructions times bytes and cannot be stopped half way,
// so the cost of a run is charged before it starts. At the worst a valid
// card can ask (card-replaces-cost: patterns of 490 instructions that keep
// their threads alive to the end of a 32-command line), a unit took about
// 5.5 ns (BenchmarkMatchCommandCardsAtLimit: 0.83 s and 150 million units a
// card), so this budget holds a request to about a quarter of a second of
// one core, however many such cards there are; it is three times what one
// card at the limits costs on a 4 KiB line of one command. Six lines an
// agent types against 1,000 cards of the usual shapes cost 64,004 in all,
// nearly all of it tries (BenchmarkMatchCommandTypical): a pattern whose
// regexp starts with words the command does not start with ("git push .*
// --force" against "ls -la") is not run, and costs its try only.
const DefaultBudget int64 = 32 << 20

// ErrBudget says that command matching stopped before it tried
// every card because the work budget of the request was spent. Match does
// not return it: a spent budget is an answer, the cards tried so far with
// Matches.Truncated true, and nil error; it is the reason matching records
// internally, which only ctx's error outranks.
var ErrBudget = errors.New("the work budget of command matching is spent")

// budget is the work a command match has left, and why it stopped.
type budget struct {
	ctx  context.Context
	left int64
	// err is why matching stopped: ErrBudget or the context's
	// error; nil while it goes on.
	err error
}

// spend takes n units from the budget before a regexp runs, and reports
// false, with b.err set, when the budget cannot pay for it or the request
// has ended: the regexp is then not run at all. The context is read here,
// before each run, rather than only between cards, because one card may
// hold several runs of milliseconds each.
func (b *budget) spend(n int64) bool {
	if b.err != nil {
		return false
	}
	if err := b.ctx.Err(); err != nil {
		b.err = err
		return false
	}
	return b.pay(n)
}

// pay is spend without reading the context, for work too short to stop
// for (a pattern's try, see attemptCost): reading it at every try would
// cost as much as the try.
func (b *budget) pay(n int64) bool {
	if b.err != nil {
		return false
	}
	if n > b.left {
		b.err = ErrBudget
		return false
	}
	b.left -= n
	return true
}

// costedRegexp is a compiled regexp with what a run of it costs.
type costedRegexp struct {
	re *regexp.Regexp
	// insts are the instructions of its program, as card-replaces-cost
	// counts them.
	insts int64
	// prefix is the text every match starts with; a text that does not
	// start with it is not run. The regexps here are anchored at the
	// start, and Go's regexp does not look for the prefix of an anchored
	// one (Regexp.LiteralPrefix is empty), so without this a pattern such
	// as "git push .* --force" would be run, and charged, on every
	// command of every line.
	prefix string
}

// compileCosted compiles expr, which must start with ^, and measures it.
func compileCosted(expr string) (*costedRegexp, bool) {
	re, _, ok := compileCostedParse(expr)
	return re, ok
}

// compileCostedParse is compileCosted, and expr parsed (not simplified).
func compileCostedParse(expr string) (*costedRegexp, *syntax.Regexp, bool) {
	re, err := regexp.Compile(expr)
	if err != nil {
		return nil, nil, false
	}
	parsed, err := syntax.Parse(expr, syntax.Perl) // as regexp.Compile does
	if err != nil {
		return nil, nil, false
	}
	prog, err := syntax.Compile(parsed.Simplify())
	if err != nil {
		return nil, nil, false
	}
	return &costedRegexp{re: re, insts: int64(len(prog.Inst)), prefix: anchoredPrefix(prog)}, parsed, true
}

// match reports whether s matches, paying for the run from b; false also
// when b cannot pay (b.err says so).
func (r *costedRegexp) match(s string, b *budget) bool {
	if !strings.HasPrefix(s, r.prefix) {
		return false
	}
	if !b.spend(r.insts * int64(len(s)+1)) {
		return false
	}
	return r.re.MatchString(s)
}

// anchoredPrefix is the literal text every match of prog starts with, read
// from its start past the empty-width assertions a match at the start of
// the text satisfies (^, \A) as syntax.Prog.Prefix reads it past none: the
// runes of the instructions every path goes through one after another,
// matched without folding case. An invalid UTF-8 byte of the text reads
// as utf8.RuneError, so the prefix stops before one.
func anchoredPrefix(prog *syntax.Prog) string {
	var b strings.Builder
	pc := uint32(prog.Start)
	for {
		inst := &prog.Inst[pc]
		switch {
		case inst.Op == syntax.InstNop || inst.Op == syntax.InstCapture:
		case inst.Op == syntax.InstEmptyWidth && syntax.EmptyOp(inst.Arg)&^(syntax.EmptyBeginText|syntax.EmptyBeginLine) == 0 && b.Len() == 0:
		case (inst.Op == syntax.InstRune1 || inst.Op == syntax.InstRune) && len(inst.Rune) == 1 &&
			syntax.Flags(inst.Arg)&syntax.FoldCase == 0 && inst.Rune[0] != utf8.RuneError:
			b.WriteRune(inst.Rune[0])
		default:
			return b.String()
		}
		pc = inst.Out
	}
}

// attemptCost is what trying one pattern on one command of a line costs
// besides its regexp run: finding where the command ends, comparing the
// pattern's words, about 17 ns, three units; a pattern of more words than
// attemptCost pays a unit for each past them (matchLiteral), and a word
// of the command passed over costs one too (matchWords). The words of a pattern not
// read as a regexp are not limited by card-replaces-cost, so a card may
// hold a million such patterns: free, ten such cards took 1.1 s of a
// 32-command line whatever the budget.
const attemptCost = 4
