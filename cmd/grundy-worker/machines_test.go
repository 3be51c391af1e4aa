package main

import (
	"errors"
	"strings"
	"testing"

	"github.com/grundy/grundy/cluster"
)

// TestMachinesOf: pollers' identities grouped by host, each host's cores
// counted once, the fewest batch threads of any worker.
func TestMachinesOf(t *testing.T) {
	for _, tc := range []struct {
		name string
		ids  []string
		want cluster.Machines
	}{
		{"none", nil, cluster.Machines{}},
		{"two workers, one machine", []string{
			"101@box@grundy cores=2 activities=2 tiers-threads=2",
			"102@box@grundy cores=2 activities=2 tiers-threads=2",
		}, cluster.Machines{Count: 1, Cores: 2, Slots: 4, BatchCores: 2}},
		{"three machines, one with fewer batch threads", []string{
			"1@a@grundy cores=16 activities=16 tiers-threads=16",
			"2@b@grundy cores=16 activities=8 tiers-threads=4",
			"3@c@grundy cores=8 tiers-threads=32",
		}, cluster.Machines{Count: 3, Cores: 40, Slots: 25, BatchCores: 4}},
		{"an older worker without cores", []string{
			"7@old@grundy",
			"8@new@grundy cores=4 activities=4 tiers-threads=4",
		}, cluster.Machines{Count: 2, Cores: 5, Slots: 5, BatchCores: 1}},
		{"not an SDK identity", []string{"tctl", "cores=64"}, cluster.Machines{}},
	} {
		if got := machinesOf(tc.ids); got != tc.want {
			t.Errorf("%s: machinesOf(%q) = %+v, want %+v", tc.name, tc.ids, got, tc.want)
		}
	}
	// A worker's own identity reads back as one machine.
	id := workerIdentity("grundy", 3, 0)
	if got := machinesOf([]string{id}); got.Count != 1 || got.Cores < 1 || got.BatchCores != got.Cores || got.Slots != 3 || !strings.Contains(id, "@grundy cores=") {
		t.Errorf("machinesOf(%q) = %+v, want one machine of 3 slots whose batch threads are its cores", id, got)
	}
}

// TestParseBatch: --batch-positions is a number or auto; anything else is
// bad input (exit status 2), refused before anything is dialled.
func TestParseBatch(t *testing.T) {
	for _, tc := range []struct {
		flag  string
		n     uint64
		given bool
		bad   bool
	}{
		{"auto", 0, false, false},
		{"0", 0, true, false},
		{"4194304", 4194304, true, false},
		{"nonsense", 0, false, true},
		{"-3", 0, false, true},
		{"", 0, false, true},
	} {
		n, given, err := parseBatch(tc.flag)
		var bad badInput
		if errors.As(err, &bad) != tc.bad || n != tc.n || given != tc.given {
			t.Errorf("parseBatch(%q) = %d, %v, %v; want %d, %v, bad input %v", tc.flag, n, given, err, tc.n, tc.given, tc.bad)
		}
	}
}
