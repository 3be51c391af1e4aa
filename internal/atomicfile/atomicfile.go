// Package atomicfile writes files so that readers see either the old file
// or the complete new one, never a part: the data goes to a temporary file
// beside the target, is synced, and is renamed over it.
package atomicfile

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Write calls fill with a writer for path and publishes the file only if
// fill returns nil; on error or panic the temporary file is removed.
//
// The temporary file is named .NAME.tmp-PID-RANDOM; temporaries of
// path left by a process that no longer runs (killed before it could
// clean up) are removed first.
func Write(path string, fill func(io.Writer) error) (err error) {
	RemoveStale(path)
	tmp, err := os.CreateTemp(filepath.Dir(path), tmpPrefix(path)+strconv.Itoa(os.Getpid())+"-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	defer func() {
		if err != nil {
			tmp.Close()
			os.Remove(tmp.Name())
		}
	}()
	if err = fill(tmp); err != nil {
		return err
	}
	if err = tmp.Sync(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = tmp.Close(); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	if err = os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	return nil
}

func tmpPrefix(path string) string { return "." + filepath.Base(path) + ".tmp-" }

// RemoveStale removes the temporary files of Write for path whose writer
// is no longer running, and returns their names.
func RemoveStale(path string) []string {
	dir := filepath.Dir(path)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	prefix := tmpPrefix(path)
	var removed []string
	for _, e := range entries {
		rest, ok := strings.CutPrefix(e.Name(), prefix)
		if !ok || e.IsDir() {
			continue
		}
		pidText, _, ok := strings.Cut(rest, "-")
		pid, err := strconv.Atoi(pidText)
		if !ok || err != nil || running(pid) {
			continue
		}
		name := filepath.Join(dir, e.Name())
		if os.Remove(name) == nil {
			removed = append(removed, name)
		}
	}
	return removed
}
