package validate

import (
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/capreg/capreg/validate/ojson"
)

// Formats are the output formats of WriteDiagnostics; read-only.
var Formats = []string{"text", "json", "sarif", "github"}

// WriteDiagnostics writes findings in one of Formats: text (one line each),
// json (an array), sarif (SARIF 2.1.0, for code-scanning uploads) or github
// (workflow commands that annotate a pull request), every path relative to
// the repository.
func WriteDiagnostics(w io.Writer, format string, ds Diagnostics) error {
	return WriteDiagnosticsIn(w, format, ds, Checkout{})
}

// Checkout is the checkout a repository lies in, whose root GitHub reads the
// paths of the sarif and github formats from (GITHUB_WORKSPACE, the top of
// the git work tree): a finding in packages/gsd/bin/x.json given as
// bin/x.json annotates a file that does not exist.
type Checkout struct {
	// Prefix is the repository's folder in the checkout, slash-separated;
	// "" when the repository is the checkout.
	Prefix string
	// URI is the checkout's file URI, ending in "/", which a SARIF log
	// gives as %SRCROOT%; "" leaves it unsaid.
	URI string
}

// path is a repository-relative file as the checkout names it.
func (c Checkout) path(file string) string {
	if c.Prefix == "" {
		return file
	}
	return c.Prefix + "/" + file
}

// WriteDiagnosticsIn is WriteDiagnostics with the paths of the sarif and
// github formats relative to the root of c. Text and json keep them
// repository-relative, as CONTRACT.md §3 has them.
func WriteDiagnosticsIn(w io.Writer, format string, ds Diagnostics, c Checkout) error {
	switch format {
	case "", "text":
		for _, d := range ds {
			if _, err := fmt.Fprintln(w, d.String()); err != nil {
				return err
			}
		}
		return nil
	case "json":
		if ds == nil {
			ds = Diagnostics{}
		}
		return encodeJSON(w, ds)
	case "sarif":
		return encodeJSON(w, sarif(ds, c))
	case "github":
		for _, d := range ds {
			switch {
			case d.File != "":
				d.File = c.path(d.File)
			case c.Prefix != "":
				// A finding of the whole repository has no file to
				// annotate; its package is named, as one job a package
				// puts the annotations of all on one pull request.
				d.Message = c.Prefix + ": " + d.Message
			}
			if _, err := fmt.Fprintln(w, githubLine(d)); err != nil {
				return err
			}
		}
		return nil
	}
	return fmt.Errorf("unknown format %q (want one of %s)", format, strings.Join(Formats, ", "))
}

func encodeJSON(w io.Writer, v any) error {
	b, err := ojson.Marshal(v)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

// githubLine renders a GitHub Actions workflow command such as
// ::error file=a.json,line=3,col=5,title=schema::/x: message
func githubLine(d Diagnostic) string {
	var props []string
	if d.File != "" {
		// Escaped as text output is: a runner's log is a terminal too, and
		// a file named with an escape sequence drove it.
		// A line break is escaped as GitHub decodes it, %0A, first, so
		// that the annotation names the file (as \n it named none).
		props = append(props, "file="+EscapeControl(ghProp(d.File)))
	}
	if d.Line > 0 {
		props = append(props, fmt.Sprintf("line=%d", d.Line))
		if d.Column > 0 {
			props = append(props, fmt.Sprintf("col=%d", d.Column))
		}
	}
	props = append(props, "title="+ghProp(d.Rule))
	msg := d.Message
	if d.Pointer != "" {
		msg = d.Pointer + ": " + msg
	}
	return fmt.Sprintf("::%s %s::%s", d.Severity, strings.Join(props, ","), ghData(EscapeControl(msg)))
}

func ghData(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A").Replace(s)
}

func ghProp(s string) string {
	return strings.NewReplacer("%", "%25", "\r", "%0D", "\n", "%0A", ":", "%3A", ",", "%2C").Replace(s)
}

// The SARIF 2.1.0 subset capreg emits.
type (
	sarifLog struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool       sarifTool            `json:"tool"`
		ColumnKind string               `json:"columnKind"`
		BaseIDs    map[string]sarifBase `json:"originalUriBaseIds,omitempty"`
		Results    []sarifResult        `json:"results"`
	}
	sarifBase struct {
		URI string `json:"uri"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string      `json:"name"`
		InformationURI string      `json:"informationUri"`
		Rules          []sarifRule `json:"rules"`
	}
	sarifRule struct {
		ID               string       `json:"id"`
		ShortDescription sarifMessage `json:"shortDescription"`
		Default          sarifDefault `json:"defaultConfiguration"`
	}
	sarifDefault struct {
		Level string `json:"level"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifResult struct {
		RuleID    string          `json:"ruleId"`
		RuleIndex int             `json:"ruleIndex"`
		Level     string          `json:"level"`
		Message   sarifMessage    `json:"message"`
		Locations []sarifLocation `json:"locations"`
	}
	sarifLocation struct {
		Physical sarifPhysical `json:"physicalLocation"`
	}
	sarifPhysical struct {
		Artifact sarifArtifact `json:"artifactLocation"`
		Region   *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId"`
	}
	sarifRegion struct {
		StartLine int `json:"startLine"`
		// Left out when unknown: SARIF's columns start at 1, and a log
		// with a 0 is refused whole.
		StartColumn int `json:"startColumn,omitempty"`
	}
)

func sarifLevel(s Severity) string {
	if s == Warning {
		return "warning"
	}
	return "error"
}

func sarif(ds Diagnostics, c Checkout) sarifLog {
	driver := sarifDriver{Name: "capreg", InformationURI: "https://github.com/capreg/capreg"}
	index := map[string]int{}
	for i, r := range Rules {
		index[r.ID] = i
		driver.Rules = append(driver.Rules, sarifRule{ID: r.ID, ShortDescription: sarifMessage{r.Summary}, Default: sarifDefault{sarifLevel(r.Severity)}})
	}
	results := []sarifResult{}
	for _, d := range ds {
		msg := d.Message
		if d.Pointer != "" {
			msg = d.Pointer + ": " + msg
		}
		r := sarifResult{RuleID: d.Rule, RuleIndex: index[d.Rule], Level: sarifLevel(d.Severity), Message: sarifMessage{msg}}
		// A finding about the repository as a whole (a step no workflow
		// declares) is placed at its root: GitHub code scanning refuses a
		// result without a location, and with it the whole upload; in a
		// checkout, the repository's folder.
		root := "."
		if c.Prefix != "" {
			root = sarifURI(c.Prefix) + "/"
		}
		loc := sarifLocation{Physical: sarifPhysical{Artifact: sarifArtifact{URI: root, URIBaseID: "%SRCROOT%"}}}
		if d.File != "" {
			loc.Physical.Artifact.URI = sarifURI(c.path(d.File))
			if d.Line > 0 {
				loc.Physical.Region = &sarifRegion{StartLine: d.Line, StartColumn: d.Column}
			}
		}
		r.Locations = []sarifLocation{loc}
		results = append(results, r)
	}
	run := sarifRun{Tool: sarifTool{Driver: driver}, ColumnKind: "unicodeCodePoints", Results: results}
	if c.URI != "" {
		run.BaseIDs = map[string]sarifBase{"%SRCROOT%": {URI: c.URI}}
	}
	return sarifLog{
		Schema:  "https://json.schemastore.org/sarif-2.1.0.json",
		Version: "2.1.0",
		Runs:    []sarifRun{run},
	}
}

// sarifURI is a repository-relative path as the relative URI reference SARIF
// wants: each segment percent-encoded (a space, "%" or "#" in a file name
// would otherwise name another file or no valid URI), and ":" too, so that a
// first segment cannot read as a scheme.
func sarifURI(file string) string {
	segs := strings.Split(file, "/")
	for i, s := range segs {
		segs[i] = strings.ReplaceAll(url.PathEscape(s), ":", "%3A")
	}
	return strings.Join(segs, "/")
}
