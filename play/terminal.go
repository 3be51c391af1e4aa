package play

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/grundy/grundy"

	"github.com/grundy/grundy/engine"
)

// A Terminal plays a Game in a line-oriented dialogue: it writes prompts
// and replies to Out and reads the player's lines from In.
type Terminal struct {
	Game *Game
	In   io.Reader
	Out  io.Writer
	// ComputerFirst makes the computer move first.
	ComputerFirst bool
}

// Help lists the commands of the dialogue.
const Help = `Commands:
  a move    ` + Syntax + `
  hint      the values of every move from here
  undo      take back your last move (and the computer's answer)
  help      this text
  quit      stop`

// Run plays until the game ends, the player quits, In ends, or ctx is
// cancelled. It returns nil in the first three cases.
func (t *Terminal) Run(ctx context.Context) error {
	g := t.Game
	w := t.Out
	play := "normal play: whoever cannot move loses"
	if g.Misere {
		play = "misère play: whoever cannot move wins"
	}
	fmt.Fprintf(w, "%s, %s.\nRule: %s.\nType a move, hint, undo, help or quit.\n", g.Ruleset.Name(), play, Rule(g.Ruleset))
	stop := make(chan struct{})
	defer close(stop)
	lines, readErr := readLines(t.In, stop)
	computerTurn := t.ComputerFirst
	for {
		if err := ctx.Err(); err != nil {
			return err
		}
		if g.Over() {
			t.announceEnd(computerTurn)
			return nil
		}
		if computerTurn {
			if err := t.computerMove(ctx); err != nil {
				return err
			}
			computerTurn = false
			continue
		}
		fmt.Fprintf(w, "\nPosition %s. Your move> ", g.Pos)
		var line string
		select {
		case <-ctx.Done():
			// Ctrl-C while waiting for a line: the reader goroutine stays
			// blocked on In, which the process is about to leave.
			fmt.Fprintln(w)
			return ctx.Err()
		case l, ok := <-lines:
			if !ok {
				fmt.Fprintln(w)
				return <-readErr
			}
			line = strings.TrimSpace(l)
		}
		switch strings.ToLower(line) {
		case "quit", "q", "exit":
			fmt.Fprintln(w, "Bye.")
			return nil
		case "help", "?":
			fmt.Fprintln(w, Help)
			continue
		case "hint", "h":
			if err := t.hint(ctx); err != nil {
				return err
			}
			continue
		case "undo", "u":
			t.undo()
			continue
		}
		q, err := g.Parse(line)
		if err != nil {
			fmt.Fprintf(w, "Illegal: %v. Try again.\n", err)
			continue
		}
		if err := g.Play(q); err != nil {
			fmt.Fprintf(w, "Illegal: %v. Try again.\n", err)
			continue
		}
		fmt.Fprintf(w, "You move to %s.\n", g.Pos)
		computerTurn = true
	}
}

// undo takes back the player's last move and the computer's reply, so
// the player is to move again.
func (t *Terminal) undo() {
	g := t.Game
	// At the player's turn the last two moves are the computer's reply
	// and the player's move.
	const back = 2
	if len(g.History) < back {
		fmt.Fprintln(t.Out, "Nothing to undo.")
		return
	}
	for range back {
		g.Undo()
	}
	fmt.Fprintf(t.Out, "Undone; back at %s.\n", g.Pos)
}

func (t *Terminal) computerMove(ctx context.Context) error {
	g := t.Game
	m, err := g.Best(ctx)
	if err != nil {
		return err
	}
	to, err := grundy.ParsePosition(m.To)
	if err != nil {
		return err
	}
	small, _ := to.Small()
	if err := g.Play(small); err != nil {
		return err
	}
	r := Remoteness(m, g.Misere)
	switch {
	case r == 0:
		fmt.Fprintf(t.Out, "I move to %s.\n", m.To)
	case m.Winning:
		fmt.Fprintf(t.Out, "I move to %s. I win in at most %s.\n", m.To, plural(r, "more move"))
	default:
		fmt.Fprintf(t.Out, "I move to %s. You can win in %s if you play well.\n", m.To, plural(r, "more move"))
	}
	return nil
}

func (t *Terminal) hint(ctx context.Context) error {
	ms, err := t.Game.Moves(ctx)
	if err != nil {
		return err
	}
	tw := tabwriter.NewWriter(t.Out, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "MOVE TO\tG\tG⁻\tR\tR⁻\tFOR YOU\n")
	for _, m := range ms.Moves {
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%s\n", m.To, m.G, m.Gm, m.R, m.Rm, verdict(m, t.Game.Misere))
	}
	return tw.Flush()
}

// verdict says what a move means for the player who makes it.
func verdict(m engine.Move, misere bool) string {
	r := Remoteness(m, misere)
	s := "lose"
	if m.Winning {
		s = "win"
	}
	s = fmt.Sprintf("%s in %s", s, plural(r, "more move"))
	if m.Optimal != nil && *m.Optimal {
		s += " (optimal)"
	}
	return s
}

func (t *Terminal) announceEnd(computerToMove bool) {
	g := t.Game
	moverWins := g.MoverWinsAtEnd()
	youWin := moverWins != computerToMove
	who := "You win"
	if !youWin {
		who = "I win"
	}
	fmt.Fprintf(t.Out, "\nNo move from %s. %s.\n", g.Pos, who)
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// readLines delivers In's lines on a channel, so that waiting for one can
// be interrupted; the error channel yields the read error (or nil) once
// the lines end. It stops sending when stop is closed.
func readLines(in io.Reader, stop <-chan struct{}) (<-chan string, <-chan error) {
	lines := make(chan string)
	errc := make(chan error, 1)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-stop:
				return
			}
		}
		errc <- sc.Err()
	}()
	return lines, errc
}
