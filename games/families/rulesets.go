// Package families holds every ruleset family of the papers written in
// the rule language of package lang, one file NAME.rules each, with its
// paper's citation. games reads them for `grundy games --rules NAME` and
// recognizes a user's rule file equal to one of them; the differential
// test in games proves each equal to its hand-written ruleset on boxes.
package families

import (
	"embed"
	"io/fs"
	"strings"
)

//go:embed *.rules
var files embed.FS

// Text returns the rule text of the family name, and whether there is one.
func Text(name string) (string, bool) {
	b, err := files.ReadFile(name + ".rules")
	if err != nil {
		return "", false
	}
	return string(b), true
}

// Names lists the families with a rule file, sorted.
func Names() []string {
	ents, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range ents {
		out = append(out, strings.TrimSuffix(e.Name(), ".rules"))
	}
	return out
}
