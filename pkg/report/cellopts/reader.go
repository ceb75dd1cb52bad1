package cellopts

import (
	"fmt"
	"strings"
)

// reader reads values of known kinds from a mapping of options (Quarto's
// YAML, MyST-NB's JSON), noting each of the wrong kind.
type reader struct {
	m map[string]any
	// what names the mapping in an error, with a space: "option ".
	what string
	errs []error
}

// wrong notes that the value of key is not of the kind wanted.
func (r *reader) wrong(key string, v any, want string) {
	r.errs = append(r.errs, fmt.Errorf("%s%s: %s is not %s, so it is ignored", r.what, key, describe(v), want))
}

// flag sets dst to the value of key if it is true or false.
func (r *reader) flag(key string, dst *bool) {
	v, ok := r.m[key]
	if !ok {
		return
	}
	if b, isBool := v.(bool); isBool {
		*dst = b
		return
	}
	r.wrong(key, v, "true or false")
}

// count sets dst to the value of key if it is a whole number from 1.
func (r *reader) count(key string, dst *int) {
	v, ok := r.m[key]
	if !ok {
		return
	}
	if n, isInt := v.(int); isInt && n >= 1 {
		*dst = n
		return
	}
	r.wrong(key, v, "a whole number from 1")
}

// subcaptions reads fig-subcap or tbl-subcap: true (on) or false, or a
// list of captions, which sets on when it has any.
func (r *reader) subcaptions(key string, on *bool, dst *[]string) {
	if v, ok := r.m[key]; ok && (v == true || v == false) {
		*on = v == true
	} else if ok {
		r.texts(key, dst)
		*on = len(*dst) > 0
	}
}

// text sets dst to the value of key if it is a scalar.
func (r *reader) text(key string, dst *string) {
	v, ok := r.m[key]
	if !ok {
		return
	}
	if s, isScalar := scalarText(v); isScalar {
		*dst = s
		return
	}
	r.wrong(key, v, "text")
}

// texts sets dst to the value of key if it is a scalar (a list of one)
// or a list of scalars.
func (r *reader) texts(key string, dst *[]string) {
	v, ok := r.m[key]
	if !ok {
		return
	}
	if s, isScalar := scalarText(v); isScalar {
		*dst = []string{s}
		return
	}
	list, isList := v.([]any)
	var got []string
	for _, item := range list {
		s, isScalar := scalarText(item)
		if !isScalar {
			isList = false
			break
		}
		got = append(got, s)
	}
	if !isList {
		r.wrong(key, v, "text or a list of texts")
		return
	}
	*dst = got
}

// words sets dst to the value of key split at spaces if it is text, or
// to its items if it is a list of texts, as docutils reads a class
// option.
func (r *reader) words(key string, dst *[]string) {
	var list []string
	r.texts(key, &list)
	var got []string
	for _, s := range list {
		got = append(got, strings.Fields(s)...)
	}
	if got != nil {
		*dst = got
	}
}

// mapping returns the value of key as a mapping, or nil, noting a value
// of another kind.
func (r *reader) mapping(key string) map[string]any {
	v, ok := r.m[key]
	if !ok || v == nil {
		return nil
	}
	if m, isMap := v.(map[string]any); isMap {
		return m
	}
	r.wrong(key, v, "a mapping")
	return nil
}
