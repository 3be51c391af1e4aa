package main

import (
	"runtime"
	"runtime/debug"
	"testing"
)

func TestVersionOf(t *testing.T) {
	platform := runtime.GOOS + "/" + runtime.GOARCH
	vcs := func(kv ...string) []debug.BuildSetting {
		var s []debug.BuildSetting
		for i := 0; i < len(kv); i += 2 {
			s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
		}
		return s
	}
	for _, tc := range []struct {
		set  string
		bi   *debug.BuildInfo
		want string
	}{
		{"", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"devel (no commit recorded: built with -buildvcs=false or outside version control; go1.26.8 " + platform + ")"},
		{"", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"},
			Settings: vcs("vcs.revision", "0e3b8a6f2c1d9e8f7a6b5c4d3e2f1a0b9c8d7e6f", "vcs.time", "2026-11-28T08:36:00Z", "vcs.modified", "true")},
			"devel (commit 0e3b8a6f2c1d of 2026-11-28T08:36:00Z, modified; go1.26.8 " + platform + ")"},
		{"", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.3.0"},
			Settings: vcs("vcs.revision", "abc", "vcs.modified", "false")},
			"v1.3.0 (commit abc; go1.26.8 " + platform + ")"},
		{"v1.4.0", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"v1.4.0 (go1.26.8 " + platform + ")"},
		{"", nil, "devel (no commit recorded: built with -buildvcs=false or outside version control; " + runtime.Version() + " " + platform + ")"},
	} {
		if got := versionOf(tc.set, tc.bi); got != tc.want {
			t.Errorf("versionOf(%q, %+v) = %q, want %q", tc.set, tc.bi, got, tc.want)
		}
	}
}
