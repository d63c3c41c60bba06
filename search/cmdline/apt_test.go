package cmdline

import "testing"

// TestMatchCommandAptGetOptions: apt-get and apt read their options on
// either side of the action, bundled, and by their long names (apt-get(8):
// -y, --yes, --assume-yes; -q, repeated for quieter), so the lines of the
// Dockerfiles agents write, "apt-get install -qqy curl", "apt-get -y
// install curl", "apt-get install --yes curl", install without asking,
// as "apt-get install -y *" says; each matched nothing (review).
func TestMatchCommandAptGetOptions(t *testing.T) {
	mt := Compile([]Card{{ID: "yes", Replaces: []string{"apt-get install -y *"}}, {ID: "apt", Replaces: []string{"apt install -y *"}}})
	checkMatchCommand(t, mt, []struct {
		cmd  string
		want []string
	}{
		{"apt-get install -y curl", []string{"yes"}},
		{"apt-get install -qqy curl", []string{"yes"}},
		{"apt-get install --yes curl", []string{"yes"}},
		{"apt-get install --assume-yes curl", []string{"yes"}},
		{"apt-get -y install curl", []string{"yes"}},
		{"apt-get -qq -y install --no-install-recommends curl", []string{"yes"}},
		{"apt-get -o Dpkg::Options::=--force-confold -y install curl", []string{"yes"}},
		{"apt install -y curl", []string{"apt"}},
		{"apt -y install curl", []string{"apt"}},
		{"apt-get install curl", nil},
		{"apt-get -o -y install curl", nil}, // -y is -o's argument
		{"apt-get remove -y curl", nil},
	})
}
