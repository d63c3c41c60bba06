package validate

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestRuleIDsWrittenAreRules pins that every rule id the module's code
// writes as a literal where a diagnostic's rule is set or read (Rule:
// "x", d.Rule == "x", case "x" of a switch on d.Rule) is one of Rules.
// The front ends and the store key on some rules by their id (check's
// count of misplaced declarations, the overlay's unreadable capreg.json):
// a renamed rule would leave those comparisons silently false.
func TestRuleIDsWrittenAreRules(t *testing.T) {
	fset := token.NewFileSet()
	var files []*ast.File
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "testdata" || strings.HasPrefix(d.Name(), ".")) && p != ".." {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		f, err := parser.ParseFile(fset, p, nil, parser.SkipObjectResolution)
		files = append(files, f)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	takesRule := ruleParams(files)
	seen := 0
	for _, f := range files {
		for _, lit := range ruleLiterals(f, takesRule) {
			seen++
			id, _ := strconv.Unquote(lit.Value)
			if _, ok := RuleByID(id); !ok {
				t.Errorf("%s: rule %q is not in validate.Rules", fset.Position(lit.Pos()), id)
			}
		}
	}
	t.Logf("%d rule literals checked", seen)
	if seen < 100 {
		t.Errorf("found %d rule literals in the module, want over 100: is the walk reading it?", seen)
	}
}

// ruleParams maps the name of each function or method of files with a
// parameter named rule to that parameter's place: most findings are made
// by helpers taking the rule as an argument (sink.at, scanner.diag).
func ruleParams(files []*ast.File) map[string]int {
	out := map[string]int{}
	for _, f := range files {
		for _, d := range f.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok {
				continue
			}
			i := 0
			for _, field := range fd.Type.Params.List {
				for _, name := range field.Names {
					if name.Name == "rule" {
						out[fd.Name.Name] = i
					}
					i++
				}
				if len(field.Names) == 0 {
					i++
				}
			}
		}
	}
	return out
}

// ruleLiterals returns the string literals f sets a Rule field to,
// compares a .Rule with, switches a .Rule on, or passes as the rule
// parameter of a function of takesRule.
func ruleLiterals(f *ast.File, takesRule map[string]int) []*ast.BasicLit {
	var out []*ast.BasicLit
	str := func(e ast.Expr) {
		if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			out = append(out, lit)
		}
	}
	isRule := func(e ast.Expr) bool {
		sel, ok := e.(*ast.SelectorExpr)
		return ok && sel.Sel.Name == "Rule"
	}
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			name := ""
			switch fn := n.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			}
			if i, ok := takesRule[name]; ok && i < len(n.Args) {
				str(n.Args[i])
			}
		case *ast.KeyValueExpr:
			if k, ok := n.Key.(*ast.Ident); ok && k.Name == "Rule" {
				str(n.Value)
			}
		case *ast.BinaryExpr:
			if n.Op == token.EQL || n.Op == token.NEQ {
				if isRule(n.X) {
					str(n.Y)
				}
				if isRule(n.Y) {
					str(n.X)
				}
			}
		case *ast.SwitchStmt:
			if n.Tag != nil && isRule(n.Tag) {
				for _, c := range n.Body.List {
					for _, e := range c.(*ast.CaseClause).List {
						str(e)
					}
				}
			}
		}
		return true
	})
	return out
}
