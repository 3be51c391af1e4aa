package main

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// buildVersion, when the linker sets it (go build -ldflags
// "-X main.buildVersion=v1.4.0"), is the version --version prints; a
// release build sets it where the module's version is not recorded.
var buildVersion string

// version is what --version prints after "grundy version ".
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return versionOf(buildVersion, bi)
}

// versionOf says which grundy bi (nil when the binary has no build
// information) is: its version — set, else the module's, else "devel" for
// a build from a checkout ("(devel)" in the build information) — then
// the commit, its time and whether the tree was modified, when the build
// recorded them, and the Go version and platform. A build that recorded
// no commit (go build -buildvcs=false, a tree outside version control)
// says so, rather than leave a bare "(devel)" that names nothing.
func versionOf(set string, bi *debug.BuildInfo) string {
	v := set
	if v == "" && bi != nil {
		v = bi.Main.Version
	}
	if v == "" || v == "(devel)" {
		v = "devel"
	}
	var rev, at string
	modified := false
	goVersion := runtime.Version()
	if bi != nil {
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				rev = s.Value
			case "vcs.time":
				at = s.Value
			case "vcs.modified":
				modified = s.Value == "true"
			}
		}
		if bi.GoVersion != "" {
			goVersion = bi.GoVersion
		}
	}
	var parts []string
	switch {
	case rev != "":
		if len(rev) > 12 {
			rev = rev[:12]
		}
		c := "commit " + rev
		if at != "" {
			c += " of " + at
		}
		if modified {
			c += ", modified"
		}
		parts = append(parts, c)
	case set == "":
		parts = append(parts, "no commit recorded: built with -buildvcs=false or outside version control")
	}
	parts = append(parts, goVersion+" "+runtime.GOOS+"/"+runtime.GOARCH)
	return v + " (" + strings.Join(parts, "; ") + ")"
}
