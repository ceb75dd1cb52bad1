package show

import (
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/dom"
	"github.com/janpfeifer/gonb/gonbui/widgets"

	"github.com/grundylab/grundy/pkg/games/play"
)

// DefaultIdle is how long Play and Slider wait for a click before they
// return, when their options do not say.
const DefaultIdle = 10 * time.Minute

// frontEndWait is how long Play and Slider wait for the front end to answer
// their first widget: a kernel run without one (jupyter nbconvert
// --execute, papermill) never answers, and the cell must not wait Idle.
const frontEndWait = 30 * time.Second

// MaxButtons is the most moves Play offers as buttons; a position with more
// options is drawn, and Play returns an error rather than list them all.
const MaxButtons = 200

// runnerMark is set in the environment of every kernel that render's runner
// (package jupyter/kernel) starts: nobody is there to click.
const runnerMark = "GRUNDY_KERNEL_RUN"

// interactive reports whether a reader can click: in a GoNB notebook that
// render's runner did not start.
func interactive() bool {
	return gonbui.IsNotebook && os.Getenv(runnerMark) == ""
}

// PlayOptions say how Play plays.
type PlayOptions struct {
	// Name names the game in captions, e.g. "Kayles".
	Name string
	// Hint shows each option's value and marks the winning moves.
	Hint bool
	// PerfectFirst lets the perfect player make the first move.
	PerfectFirst bool
	// Idle is how long to wait for a click; 0 means DefaultIdle.
	Idle time.Duration
}

// Play plays g from start against the perfect player in a GoNB notebook:
// the position is drawn, the reader moves by clicking one of the buttons,
// one per move, and the perfect player replies, until the game ends, the
// reader presses Stop, or Idle passes without a click. Outside a notebook,
// or under render's runner, it draws the start and returns. The drawing of
// the last position stays in the notebook; the buttons go with the
// session.
func Play[P comparable](g *play.Game[P], start P, o PlayOptions) error {
	name := o.Name
	if name == "" {
		name = "the game"
	}
	board := "grundy_play_" + gonbui.UniqueID()
	p, perfectToMove := start, o.PerfectFirst
	var last string
	for {
		opts, err := g.Options(p)
		if err != nil {
			return fmt.Errorf("show: play %s: %w", name, err)
		}
		d, err := boardDisplay(name, g, p, opts, perfectToMove, last, o.Hint, interactive())
		if err != nil {
			return err
		}
		d.send(board)
		if len(opts) == 0 || !interactive() {
			return nil
		}
		if perfectToMove {
			next, _, err := g.Reply(p)
			if err != nil {
				return fmt.Errorf("show: play %s: %w", name, err)
			}
			// Said after the reader's move, so that both moves of the
			// exchange stay on the board.
			last = strings.TrimSpace(last + " The perfect player moved from " + label(p) + " to " + label(next) + ".")
			p, perfectToMove = next, false
			continue
		}
		if len(opts) > MaxButtons {
			return fmt.Errorf("show: play %s: %d moves from %s, more than %d buttons: %w", name, len(opts), label(p), MaxButtons, ErrData)
		}
		labels := make([]string, len(opts)+1)
		for i, opt := range opts {
			labels[i] = "→ " + moveLabel(p, opt.To)
			if o.Hint {
				labels[i] += fmt.Sprintf(" (value %d)", opt.Value)
			}
		}
		labels[len(opts)] = "Stop"
		choice, ok := waitClick(labels, idle(o.Idle))
		if !ok || choice == len(opts) {
			return nil
		}
		last = "You moved from " + label(p) + " to " + label(opts[choice].To) + "."
		p, perfectToMove = opts[choice].To, true
	}
}

func idle(d time.Duration) time.Duration {
	if d <= 0 {
		return DefaultIdle
	}
	return d
}

// waitClick shows one button per label below the cell's drawing and returns
// the index of the first one clicked; ok is false after idle without a
// click, or when the front end does not answer within frontEndWait. The
// buttons are made in a goroutine: GoNB's Done waits for the front end,
// which may never answer (nbconvert runs no script).
func waitClick(labels []string, idle time.Duration) (choice int, ok bool) {
	clicked := make(chan int, len(labels))
	ready := make(chan struct{})
	area := dom.CreateTransientDiv()
	go func() {
		for i, l := range labels {
			// GoNB writes a button's label into HTML as it is.
			b := widgets.Button(esc(l)).AppendTo(area).Done()
			if i == 0 {
				close(ready)
			}
			clicks := b.Listen()
			go func() {
				if _, open := <-clicks.C; open {
					clicked <- i
				}
			}()
		}
	}()
	defer dom.SetInnerHtml(area, "")
	select {
	case <-ready:
	case <-time.After(frontEndWait):
		return 0, false
	}
	select {
	case choice = <-clicked:
		return choice, true
	case <-time.After(idle):
		return 0, false
	}
}

// boardDisplay draws a position of a game being played.
func boardDisplay[P comparable](name string, g *play.Game[P], p P, opts []play.Option[P], perfectToMove bool, last string, hint, clickable bool) (Display, error) {
	var status string
	switch {
	case len(opts) == 0 && (g.Convention() == play.Normal) == perfectToMove:
		status = "No move is left: you win."
	case len(opts) == 0:
		status = "No move is left: the perfect player wins."
	case !clickable:
		status = "The game starts here; run the cell in Jupyter to play it against the perfect player."
	case perfectToMove:
		status = "The perfect player is to move."
	default:
		status = "Your move: click a button below."
	}
	if last != "" {
		status = last + " " + status
	}
	if hint && len(opts) > 0 {
		d, err := Options(name, g, p)
		if err != nil {
			return Display{}, err
		}
		d.HTML = `<p>` + esc(status) + `</p>` + d.HTML
		d.Text = status + "\n" + d.Text
		return d, nil
	}
	posHTML, posText := Position(p)
	caption := fmt.Sprintf("%s (%s play), position %s.", name, g.Convention(), label(p))
	return Display{
		HTML: figure(`<p>`+esc(status)+`</p>`+posHTML, esc(caption)),
		Text: caption + "\n" + status + "\n" + posText,
	}, nil
}

// Slider shows a slider from lo to hi starting at value, with label, and
// below it draw(n) for the value n the reader picks, redrawn at each move
// of the slider until the reader presses Stop or idle passes (0 means
// DefaultIdle). Outside a notebook, or under render's runner, it draws
// draw(value) and returns.
func Slider(label string, lo, hi, value int, idleFor time.Duration, draw func(n int) (Display, error)) error {
	if lo > hi || value < lo || value > hi {
		return fmt.Errorf("show: slider %q: %d in [%d, %d]: %w", label, value, lo, hi, ErrData)
	}
	out := "grundy_slider_" + gonbui.UniqueID()
	d, err := draw(value)
	if err != nil {
		return fmt.Errorf("show: slider %q at %d: %w", label, value, err)
	}
	if !interactive() {
		d.send(out)
		return nil
	}
	area := dom.CreateTransientDiv()
	d.send(out)
	values := make(chan int, 1)
	stop := make(chan struct{}, 1)
	ready := make(chan struct{})
	go func() {
		dom.Append(area, "<span>"+esc(label)+"</span> ")
		s := widgets.Slider(lo, hi, value).AppendTo(area).Done()
		// Listen sees only the moves after it is called: it is called
		// before the Stop button waits for the front end, and a move made
		// before it is read from the slider's value.
		moves := s.Listen().LatestOnly()
		close(ready)
		if v := s.Value(); v != value {
			values <- v
		}
		b := widgets.Button("Stop").AppendTo(area).Done()
		go func() {
			if _, open := <-b.Listen().C; open {
				stop <- struct{}{}
			}
		}()
		for v := range moves.C {
			values <- v
		}
	}()
	select {
	case <-ready:
	case <-time.After(frontEndWait):
		dom.SetInnerHtml(area, "")
		return nil
	}
	timer := time.NewTimer(idle(idleFor))
	defer timer.Stop()
	for {
		select {
		case v := <-values:
			d, err := draw(v)
			if err != nil {
				d = Display{HTML: "<p>" + esc(err.Error()) + "</p>", Text: err.Error()}
			}
			d.send(out)
			timer.Reset(idle(idleFor))
		case <-stop:
			dom.SetInnerHtml(area, "")
			return nil
		case <-timer.C:
			dom.SetInnerHtml(area, "")
			return nil
		}
	}
}
