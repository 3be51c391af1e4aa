package main

import (
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"
)

// progressAfter is how long work runs before a progress bar appears.
const progressAfter = 2 * time.Second

// progress returns a callback for engine.Options.Progress that draws a bar
// on stderr once the work has run for progressAfter, and a func that
// clears it. When stderr is not a terminal it draws nothing.
func progress(what string) (report func(done, total uint64), finish func()) {
	if !term.IsTerminal(int(os.Stderr.Fd())) {
		return func(uint64, uint64) {}, func() {}
	}
	start := time.Now()
	var mu sync.Mutex
	var bar *progressbar.ProgressBar
	report = func(done, total uint64) {
		mu.Lock()
		defer mu.Unlock()
		if bar == nil {
			if time.Since(start) < progressAfter {
				return
			}
			max := int64(total)
			if total == 0 {
				max = -1 // unknown: a spinner with a count
			}
			bar = progressbar.NewOptions64(max,
				progressbar.OptionSetWriter(os.Stderr),
				progressbar.OptionSetDescription(what),
				progressbar.OptionShowCount(),
				progressbar.OptionSetPredictTime(true),
				progressbar.OptionThrottle(200*time.Millisecond),
				progressbar.OptionClearOnFinish(),
			)
		}
		bar.Set64(int64(done))
	}
	finish = func() {
		mu.Lock()
		defer mu.Unlock()
		if bar != nil {
			bar.Finish()
			bar.Clear()
			fmt.Fprint(os.Stderr, "\r\033[K")
		}
	}
	return report, finish
}
