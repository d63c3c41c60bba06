package cmdline_test

import (
	"context"
	"fmt"

	"github.com/capreg/capreg/search/cmdline"
)

// Compile the cards' replaces patterns once, then match raw command lines
// within a work budget (0: DefaultBudget) and a context.
func ExampleMatcher_Match() {
	cards := []cmdline.Card{
		{ID: "land", Replaces: []string{"git push origin HEAD:main", "git merge .*"}},
		{ID: "deck-sudo", Replaces: []string{"sudo .*"}},
	}
	m := cmdline.Compile(cards)
	for _, line := range []string{"git merge feature && sudo systemctl restart nginx", "ls -la"} {
		got, err := m.Match(context.Background(), line, 0)
		if err != nil { // over the limits (errors.Is(err, cmdline.ErrOverLimit)) or ctx's error
			fmt.Println(err)
			continue
		}
		for i, c := range got.Cards {
			fmt.Printf("%s: %s (%s)\n", line, cards[c].ID, cards[c].Replaces[got.Patterns[i]])
		}
		fmt.Println(line, "truncated:", got.Truncated())
	}
	// Output:
	// git merge feature && sudo systemctl restart nginx: land (git merge .*)
	// git merge feature && sudo systemctl restart nginx: deck-sudo (sudo .*)
	// git merge feature && sudo systemctl restart nginx truncated: false
	// ls -la truncated: false
}
