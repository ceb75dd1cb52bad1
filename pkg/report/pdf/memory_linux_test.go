package pdf

import "github.com/chromedp/chromedp"

// browserPid returns the process id of p's browser.
func browserPid(p *Printer) int {
	return chromedp.FromContext(p.browser).Browser.Process().Pid
}
