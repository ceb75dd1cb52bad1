package main

import (
	"fmt"
	"os"
	"path/filepath"

	"github.com/grundylab/grundy/pkg/report/site"
	"github.com/grundylab/grundy/pkg/report/siteconf"
)

// siteFlags are the command line's site settings, each overriding the
// settings file's.
type siteFlags struct {
	siteURL, order, css, description string
	authors                          []string
}

// settingsFolder is the folder whose settings file a build reads: the
// first PATH if it is a folder, else the first notebook's folder; "" if
// the first PATH is not there (the build then says so).
func settingsFolder(paths []string) string {
	info, err := os.Stat(paths[0])
	switch {
	case err != nil:
		return ""
	case info.IsDir():
		return paths[0]
	}
	return filepath.Dir(paths[0])
}

// applySettings gives s the settings of the notebooks' folder (see
// package siteconf), with the flags over them, and passes on the
// settings file's warnings.
func applySettings(s *site.Site, title string, f siteFlags, paths []string, warn func(string)) error {
	conf := &siteconf.Settings{}
	if dir := settingsFolder(paths); dir != "" {
		var warnings []string
		var err error
		if conf, warnings, err = siteconf.Load(dir); err != nil {
			return err
		}
		for _, w := range warnings {
			warn(w)
		}
	}
	var err error
	if f.siteURL != "" {
		if conf.URL, err = siteconf.ParseURL(f.siteURL); err != nil {
			return fmt.Errorf("-site-url: %w", err)
		}
	}
	if f.order != "" {
		if conf.Order, err = siteconf.ParseOrder(f.order); err != nil {
			return fmt.Errorf("-order: %w", err)
		}
	}
	if f.description != "" {
		conf.Description = f.description
	}
	if len(f.authors) > 0 {
		conf.Authors = f.authors
	}
	css, err := conf.ReadStylesheets()
	if f.css != "" {
		flagged := siteconf.Settings{Dir: filepath.Dir(f.css), Stylesheets: []string{filepath.Base(f.css)}}
		css, err = flagged.ReadStylesheets()
	}
	if err != nil {
		return err
	}
	s.Title = title
	if s.Title == "" {
		s.Title = conf.Title
	}
	s.URL, s.Description, s.Authors, s.Order, s.Stylesheet = conf.URL, conf.Description, conf.Authors, conf.Order, css
	for _, p := range conf.Pages {
		s.Pages = append(s.Pages, filepath.Join(conf.Dir, filepath.FromSlash(p)))
	}
	return nil
}
