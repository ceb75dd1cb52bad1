package execute

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/grundylab/grundy/pkg/report/codelang"
	"github.com/grundylab/grundy/pkg/report/jupyter/kernelspec"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// GoNBKernel is the name of GoNB's kernel spec, which Go notebooks name in
// their metadata; render runs them in GoNB as package gonb provisions it.
const GoNBKernel = "gonb"

// DefaultKernel is the kernel of a notebook whose metadata names neither a
// kernel nor a language: Jupyter's default kernel, IPython's.
const DefaultKernel = "python3"

// A kernelChoice is the kernel that runs a notebook and the language of
// its code.
type kernelChoice struct {
	name     string // name is the kernel spec's name; GoNBKernel for Go.
	language string // language is "go", "python", or another, lower case.
}

func (c kernelChoice) isGo() bool { return c.name == GoNBKernel }

// chooseKernel returns the kernel for a notebook as Jupyter chooses it,
// from its metadata (kernelspec.name; for the language language_info.name,
// else kernelspec.language), unless override names one: a Go notebook, or
// one naming GoNB's kernel, runs in GoNB; one that names no kernel runs in
// DefaultKernel when its language is Python. A notebook whose metadata
// names neither has the language its code reads as (codelang.Of, which
// the pages' highlighting uses too): Go for GoNB's "%%" lines and Go's
// ":=" or "func", else Python.
func chooseKernel(nb *notebook.Notebook, override string) (kernelChoice, error) {
	var spec struct {
		Name     string `json:"name"`
		Language string `json:"language"`
	}
	var info struct {
		Name string `json:"name"`
	}
	if raw, ok := nb.Metadata["kernelspec"]; ok {
		json.Unmarshal(raw, &spec) // a kernelspec that is not an object names nothing
	}
	if raw, ok := nb.Metadata["language_info"]; ok {
		json.Unmarshal(raw, &info)
	}
	name := strings.ToLower(strings.TrimSpace(nonBlank(override, spec.Name)))
	language := strings.ToLower(strings.TrimSpace(nonBlank(info.Name, spec.Language)))
	if name == "" && language == "" {
		language = codelang.Of(nb)
	}
	switch {
	case name == GoNBKernel || name == "" && language == "go":
		return kernelChoice{GoNBKernel, "go"}, nil
	case name == "" && language == "python":
		return kernelChoice{DefaultKernel, "python"}, nil
	case name == "":
		return kernelChoice{}, fmt.Errorf("the notebook's metadata names no kernel (kernelspec.name) for its language %q; name one with -kernel", language)
	case language == "" && strings.HasPrefix(name, "python"):
		language = "python"
	}
	return kernelChoice{name, language}, nil
}

// nonBlank returns a, or b when a is blank.
func nonBlank(a, b string) string {
	if strings.TrimSpace(a) != "" {
		return a
	}
	return b
}

// findKernelSpec is the default Executor.KernelSpec: the kernel spec as
// Jupyter finds it. An error for a kernel that is not installed names the
// kernels installed for the language, if any.
func findKernelSpec(language string) func(ctx context.Context, name string) (Kernel, error) {
	return func(ctx context.Context, name string) (Kernel, error) {
		s, err := kernelspec.Find(name)
		if err == nil {
			return s, nil
		}
		if errors.Is(err, kernelspec.ErrNotFound) && language != "" {
			specs, _ := kernelspec.List()
			var names []string
			for _, s := range specs {
				if strings.EqualFold(s.Language, language) {
					names = append(names, s.Name)
				}
			}
			slices.Sort(names)
			if len(names) > 0 {
				err = fmt.Errorf("%w Installed for %s: %s (render -kernel NAME runs the notebook in one).", err, language, strings.Join(names, ", "))
			}
		}
		return nil, err
	}
}
