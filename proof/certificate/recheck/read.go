package recheck

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
)

// ReadSet reads the manifest of the certificate in dir and its set (or
// value relation) automaton as Recheck reads them, for drawing it; it
// checks nothing of the proof.
func ReadSet(dir string) (Manifest, *Automaton, error) {
	var m Manifest
	raw, err := os.ReadFile(filepath.Join(dir, "certificate.json"))
	if err != nil {
		return m, nil, err
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		return m, nil, fmt.Errorf("certificate.json: %w", err)
	}
	sys, err := parseSystem(m.System)
	if err != nil {
		return m, nil, err
	}
	f, err := os.Open(filepath.Join(dir, filepath.FromSlash(m.Set)))
	if err != nil {
		return m, nil, err
	}
	defer f.Close()
	a, err := ReadWalnut(f, func(name string) (int, error) {
		if name != m.System {
			return 0, fmt.Errorf("a track in %s, the certificate's system is %s", name, m.System)
		}
		return sys.digits(), nil
	})
	if err != nil {
		return m, nil, fmt.Errorf("%s: %w", m.Set, err)
	}
	return m, a, nil
}
