package main

import (
	"context"
	"fmt"
	"io"
	"net"

	"github.com/grundylab/grundy/pkg/report/pdf"
	"github.com/grundylab/grundy/pkg/report/preview"
	"github.com/grundylab/grundy/pkg/report/site"
	"github.com/grundylab/grundy/pkg/report/terminal"
)

// startPrinter starts the browser that prints the site's pages to PDF;
// stop ends it. A signal ends the prints under way through ctx, but the
// browser only with stop, which closes it as a browser is closed rather
// than kill it, so that it leaves none of its files behind.
func startPrinter(ctx context.Context, s *site.Site) (stop func(), err error) {
	exe, err := pdf.FindBrowser()
	if err != nil {
		return nil, fmt.Errorf("-pdf: %w", err)
	}
	p, err := pdf.Start(context.WithoutCancel(ctx), exe)
	if err != nil {
		return nil, fmt.Errorf("-pdf: %w", err)
	}
	s.PDF = p
	return func() { p.Close() }, nil
}

// serveSite builds the site, serves it at addr and builds again the
// notebooks saved, until ctx ends (a signal): then it returns 0, the
// kernels and the browser ended with ctx. Errors of a build are reported
// and shown on the pages, and serving goes on.
func serveSite(ctx context.Context, addr string, hosts []string, s *site.Site, paths []string, stderr io.Writer) int {
	if _, err := site.Notebooks(paths); err != nil {
		fmt.Fprintf(stderr, "render: %s\n", terminal.Safe(err.Error()))
		return 1
	}
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		fmt.Fprintf(stderr, "render: -serve %s: want HOST:PORT, such as localhost:8080\n", terminal.Safe(addr))
		return 2
	}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		fmt.Fprintf(stderr, "render: -serve: %s\n", terminal.Safe(err.Error()))
		return 1
	}
	srv := &preview.Server{
		Dir:       s.Dir,
		Notebooks: func() ([]string, error) { return site.Notebooks(paths) },
		Build: func(ctx context.Context, changed []string) error {
			// Packages edited since the last build count, as they would
			// for a new render.
			if f, ok := s.Executor.(interface{ Forget() }); ok {
				f.Forget()
			}
			err := s.Rebuild(ctx, paths, changed)
			if err != nil && ctx.Err() == nil {
				report(stderr, err)
				fmt.Fprintln(stderr, "render: the pages of the last good render are served, with the error")
			}
			return err
		},
		Log:   func(msg string) { fmt.Fprintf(stderr, "render: %s\n", terminal.Safe(msg)) },
		Hosts: hosts,
	}
	port := ln.Addr().(*net.TCPAddr).Port
	shown := host
	if ip := net.ParseIP(host); host == "" || ip != nil && ip.IsUnspecified() {
		shown = "localhost"
	} else if ip == nil {
		srv.Hosts = append(srv.Hosts, host) // the name given
	}
	if !ln.Addr().(*net.TCPAddr).IP.IsLoopback() {
		fmt.Fprintf(stderr, "render: -serve %s: other machines can reach the site; localhost:%d keeps it to this one\n", terminal.Safe(addr), port)
	}
	fmt.Fprintf(stderr, "render: serving %s at %s (Ctrl-C stops)\n", terminal.Safe(s.Dir),
		"http://"+net.JoinHostPort(terminal.Safe(shown), fmt.Sprint(port))+"/")
	if err := srv.Run(ctx, ln); err != nil {
		fmt.Fprintf(stderr, "render: -serve: %s\n", terminal.Safe(err.Error()))
		return 1
	}
	fmt.Fprintln(stderr, "render: stopped serving")
	return 0
}
