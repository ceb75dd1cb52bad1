package pdf

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// BrowserEnv names the environment variable that gives the browser's
// program, as a path or a name on PATH.
const BrowserEnv = "CHROME_PATH"

// ErrNoBrowser is wrapped by FindBrowser's error when no browser is found.
var ErrNoBrowser = errors.New("no Chromium or Chrome to print with")

// browsers are the programs FindBrowser looks for on PATH, in order.
var browsers = []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable", "chrome", "headless-shell", "headless_shell"}

// macBrowsers are where macOS keeps the browsers' programs.
var macBrowsers = []string{
	"/Applications/Chromium.app/Contents/MacOS/Chromium",
	"/Applications/Google Chrome.app/Contents/MacOS/Google Chrome",
}

// FindBrowser returns the program of the browser to print with: the one
// BrowserEnv names, else the first of Chromium's and Chrome's usual names
// on PATH (or, on macOS, in /Applications). The error says how to get
// one, and wraps ErrNoBrowser when there is none.
func FindBrowser() (string, error) {
	if p := os.Getenv(BrowserEnv); p != "" {
		path, err := exec.LookPath(p)
		if err != nil {
			return "", fmt.Errorf("%s=%s: %w", BrowserEnv, p, err)
		}
		return path, nil
	}
	for _, name := range browsers {
		if path, err := exec.LookPath(name); err == nil {
			return path, nil
		}
	}
	if runtime.GOOS == "darwin" {
		for _, path := range macBrowsers {
			if _, err := os.Stat(path); err == nil {
				return path, nil
			}
		}
	}
	return "", fmt.Errorf("%w: install Chromium (on Debian or Ubuntu: apt-get install chromium) or Chrome, or set %s to the browser's program", ErrNoBrowser, BrowserEnv)
}

// Limits of one print, unless a Printer says otherwise. A page larger
// than MaxPageSize is not printed; a print that takes longer than
// PrintTimeout (opening the page, loading its fonts, laying it out,
// making the PDF) or while the browser's processes take more than
// MaxMemory is stopped. Each gives an error that wraps ErrLimit: a 0.9 MB
// page holding a table of 40,000 rows drove Chromium to 6.7 GB and past
// two minutes.
const (
	MaxPageSize  = 64 << 20
	PrintTimeout = 2 * time.Minute
	MaxMemory    = 2 << 30
)

// ErrLimit is wrapped by the error of a print stopped by a limit.
var ErrLimit = errors.New("over a limit of printing")

// errMemory is the cause of a print stopped for the browser's memory.
var errMemory = fmt.Errorf("%w", ErrLimit)

// A LeftOutError says that a page was printed without some of what it
// refers to: files outside the page's folder, or what is not a file of
// the web. Print returns it with the PDF.
type LeftOutError struct {
	Page string
	URLs []string
}

// Error names the page and the first few URLs left out.
func (e *LeftOutError) Error() string {
	shown := e.URLs[:min(len(e.URLs), 3)]
	more := ""
	if len(e.URLs) > len(shown) {
		more = fmt.Sprintf(" and %d more", len(e.URLs)-len(shown))
	}
	return fmt.Sprintf("pdf: %s: printed without %s%s, which lie outside its folder", e.Page, strings.Join(shown, ", "), more)
}

// A Printer prints pages in one headless browser. Its methods are not
// safe for concurrent use.
type Printer struct {
	// Paper is the size of a sheet in inches; the zero value means A4.
	Paper chromedp.PaperSize
	// Timeout and Memory bound one print; zero means PrintTimeout and
	// MaxMemory. Memory is the resident memory of all the browser's
	// processes, measured where the system tells it (Linux).
	Timeout time.Duration
	Memory  int64

	// ctx and exe start the browser, again after a print that took too
	// much memory, which the browser does not give back.
	ctx                   context.Context
	exe                   string
	browser               context.Context
	cancelBrowser, cancel context.CancelFunc
	// tmp holds the browser's profile, removed once it has exited.
	tmp string
}

// Start starts the browser exe (see FindBrowser) and returns a Printer
// that prints with it. The browser ends with Close, which lets it remove
// its temporary files, or is killed when ctx ends.
func Start(ctx context.Context, exe string) (*Printer, error) {
	p := &Printer{ctx: ctx, exe: exe}
	if err := p.launch(); err != nil {
		return nil, err
	}
	return p, nil
}

// launch starts the Printer's browser.
func (p *Printer) launch() error {
	ctx, exe := p.ctx, p.exe
	tmp, err := os.MkdirTemp("", "render-pdf-")
	if err != nil {
		return fmt.Errorf("pdf: %w", err)
	}
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(exe), chromedp.DisableGPU,
		chromedp.Flag("disable-component-update", true), chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(tmp))
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	alloc, cancel := chromedp.NewExecAllocator(ctx, opts...)
	browser, cancelBrowser := chromedp.NewContext(alloc)
	// Start it now, so that a browser that cannot run fails before any
	// page is made.
	p.browser, p.cancelBrowser, p.cancel, p.tmp = browser, cancelBrowser, cancel, tmp
	if err := chromedp.Do(browser); err != nil {
		p.Close()
		return fmt.Errorf("pdf: starting %s: %w", exe, err)
	}
	return nil
}

// Close ends the browser, waits for it to exit and removes its files.
func (p *Printer) Close() error {
	err := chromedp.Cancel(p.browser)
	p.cancelBrowser()
	p.cancel() // waits for the browser to exit
	removeSingleton(p.tmp)
	if rmErr := os.RemoveAll(p.tmp); rmErr != nil && err == nil {
		err = rmErr
	}
	if errors.Is(err, context.Canceled) || errors.Is(err, chromedp.ErrInvalidContext) {
		return nil // the browser went with Start's context, or never started
	}
	return err
}

// headerTemplate and footerTemplate are the browser's header and footer
// of each sheet: the browser fills the elements of class title,
// pageNumber and totalPages with text, escaped. The font size must be
// given: the browser's is 0 there.
const (
	headerTemplate = `<div style="font: 8px system-ui, sans-serif; color: #555; width: 100%; margin: 0 0.6in; overflow: hidden; white-space: nowrap; text-overflow: ellipsis;"><span class="title"></span></div>`
	footerTemplate = `<div style="font: 8px system-ui, sans-serif; color: #555; width: 100%; text-align: center;"><span class="pageNumber"></span> / <span class="totalPages"></span></div>`
)

// Print returns the PDF of the page in the file page, an absolute path.
func (p *Printer) Print(ctx context.Context, page string) ([]byte, error) {
	if !filepath.IsAbs(page) {
		return nil, fmt.Errorf("pdf: %s is not an absolute path", page)
	}
	tab, closeTab := chromedp.NewContext(p.browser)
	defer closeTab()
	defer context.AfterFunc(ctx, closeTab)()
	if info, err := os.Stat(page); err != nil {
		return nil, fmt.Errorf("pdf: %w", err)
	} else if info.Size() > MaxPageSize {
		return nil, fmt.Errorf("pdf: %s: %w: the page has %d bytes, more than the %d MB a page may have to be printed", page, ErrLimit, info.Size(), MaxPageSize>>20)
	}
	timeout := cmp.Or(p.Timeout, PrintTimeout)
	tab, cancel := context.WithTimeoutCause(tab, timeout, fmt.Errorf("%w: printing took more than %v", ErrLimit, timeout))
	defer cancel()
	tab, stopWatch := watchMemory(tab, p.browser, cmp.Or(p.Memory, MaxMemory))
	defer stopWatch()
	guard, err := confine(tab, filepath.Dir(page))
	if err != nil {
		return nil, p.fail(ctx, tab, page, err)
	}
	u := (&url.URL{Scheme: "file", Path: filepath.ToSlash(page)}).String()
	if err := chromedp.Do(tab, chromedp.Navigate(u)); err != nil {
		return nil, p.fail(ctx, tab, page, err)
	}
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](`document.fonts.ready.then(() => true)`, chromedp.EvalAwaitPromise)); err != nil {
		return nil, p.fail(ctx, tab, page, err)
	}
	// Paper cannot be clicked: every folded part is printed open.
	if _, err := chromedp.Run(tab, chromedp.Evaluate[bool](openFolds)); err != nil {
		return nil, p.fail(ctx, tab, page, err)
	}
	paper := p.Paper
	if paper == (chromedp.PaperSize{}) {
		paper = chromedp.PaperA4
	}
	data, err := chromedp.Run(tab, chromedp.PrintToPDF(
		chromedp.PDFPaper(paper),
		chromedp.PDFMargins(0.7, 0.6, 0.75, 0.6),
		chromedp.PDFPrintBackground(),
		chromedp.PDFHeaderTemplate(headerTemplate),
		chromedp.PDFFooterTemplate(footerTemplate),
		chromedp.PDFOutlineAndTagged(),
		chromedp.PDFStream(),
	))
	if err != nil {
		return nil, p.fail(ctx, tab, page, err)
	}
	if left := guard.leftOut(); len(left) > 0 {
		return data, &LeftOutError{Page: page, URLs: left}
	}
	return data, nil
}

// openFolds opens the page's <details> elements (folded code and
// outputs, the rest of long outputs, the contents), then lets a table, a
// listing or an HTML output taller than a sheet break across sheets: the
// print stylesheet asks them to stay whole, which a short one can, and a
// long one costs the browser gigabytes trying (a table of 40,000 rows
// took 6.7 GB).
const openFolds = `document.querySelectorAll("details").forEach(d => d.open = true);
document.querySelectorAll("table, pre, blockquote, .output.html").forEach(e => {
	if (e.getBoundingClientRect().height > 1000) e.style.breakInside = "auto";
});
true`

// fail names the page in err, or says that ctx ended the print, or the
// limit that tab's end says. A browser stopped over its memory is
// started afresh for the next page.
func (p *Printer) fail(ctx, tab context.Context, page string, err error) error {
	switch cause := context.Cause(tab); {
	case ctx.Err() != nil:
		return fmt.Errorf("pdf: %s: %w", page, context.Cause(ctx))
	case errors.Is(cause, errMemory):
		p.Close()
		if err := p.launch(); err != nil {
			return fmt.Errorf("pdf: %s: %w; %w", page, cause, err)
		}
		return fmt.Errorf("pdf: %s: %w", page, cause)
	case errors.Is(cause, ErrLimit):
		return fmt.Errorf("pdf: %s: %w", page, cause)
	}
	return fmt.Errorf("pdf: %s: %w", page, err)
}

// removeSingleton removes the folder that Chromium makes in the
// temporary folder for the socket that keeps a profile to one browser,
// and leaves behind when it exits: the profile's SingletonSocket links to
// the socket in it.
func removeSingleton(profile string) {
	target, err := os.Readlink(filepath.Join(profile, "SingletonSocket"))
	if err != nil {
		return
	}
	dir := filepath.Dir(target)
	if base := filepath.Base(dir); strings.HasPrefix(base, "org.chromium.") || strings.HasPrefix(base, "com.google.Chrome.") {
		os.RemoveAll(dir)
	}
}
