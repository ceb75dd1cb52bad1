package textnotebook

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/grundylab/grundy/pkg/report/internal/safeyaml"
	"github.com/grundylab/grundy/pkg/report/notebook"
)

// yamlMapping parses YAML text that should hold a mapping (or nothing)
// into a JSON-ready value: a mapping with string keys, YAML's dates kept
// as the text they were written as. What its aliases expand to is
// charged to b: every YAML document of one file, its header and each
// cell's options, shares one budget, so that a file cannot expand into
// metadata more than a few times its size.
func yamlMapping(b *safeyaml.Budget, text string) (map[string]any, error) {
	var v any
	if err := b.Unmarshal([]byte(text), safeyaml.FrontMatterLimit, &v); err != nil {
		return nil, err
	}
	if v == nil {
		return map[string]any{}, nil
	}
	m, ok := jsonReady(v).(map[string]any)
	if !ok {
		return nil, fmt.Errorf("a %s, not a mapping of keys to values", kindOf(v))
	}
	return m, nil
}

// jsonReady returns v with every mapping keyed by strings and every date
// a string, so that encoding/json can write it.
func jsonReady(v any) any {
	switch v := v.(type) {
	case map[string]any:
		for k, e := range v {
			v[k] = jsonReady(e)
		}
		return v
	case map[any]any:
		m := make(map[string]any, len(v))
		for k, e := range v {
			m[fmt.Sprint(k)] = jsonReady(e)
		}
		return m
	case []any:
		for i, e := range v {
			v[i] = jsonReady(e)
		}
		return v
	case time.Time:
		if v.Equal(v.Truncate(24*time.Hour)) && v.Location() == time.UTC {
			return v.Format(time.DateOnly)
		}
		return v.Format(time.RFC3339Nano)
	}
	return v
}

// kindOf names the kind of a YAML value for a message.
func kindOf(v any) string {
	switch v.(type) {
	case []any:
		return "list"
	case string:
		return "string"
	case bool:
		return "boolean"
	case int, int64, uint64, float64:
		return "number"
	}
	return fmt.Sprintf("%T", v)
}

// metadataOf returns a mapping as notebook metadata.
func metadataOf(m map[string]any) (notebook.Metadata, error) {
	md := notebook.Metadata{}
	for k, v := range m {
		raw, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("key %q: %w", k, err)
		}
		md[k] = raw
	}
	return md, nil
}

// object returns the value under key of m if it is a mapping.
func object(m map[string]any, key string) (map[string]any, bool) {
	o, ok := m[key].(map[string]any)
	return o, ok
}
