package pyformat

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// formatCases were checked against CPython 3.11 running MyST-NB's
// format_plain_text (literal_eval, conversion by type, format).
var formatCases = []struct {
	text, spec, want string
	err              bool
}{
	{"1160", "", "1160", false},
	{"1160", "d", "1160", false},
	{"1160", ",", "1,160", false},
	{"1234567", ",", "1,234,567", false},
	{"1234567", "_", "1_234_567", false},
	{"-1234567", ",d", "-1,234,567", false},
	{"1234567", "010,", "01,234,567", false},
	{"1234", "09,", "0,001,234", false},
	{"1234", "08,", "0,001,234", false},
	{"1234", "010_", "00_001_234", false},
	{"-42", "+d", "-42", false},
	{"42", "+d", "+42", false},
	{"42", " d", " 42", false},
	{"42", "08d", "00000042", false},
	{"-42", "08d", "-0000042", false},
	{"42", "<8d", "42      ", false},
	{"42", "^8d", "   42   ", false},
	{"42", "^9", "   42    ", false},
	{"42", "*>8", "******42", false},
	{"42", "*=+8", "+*****42", false},
	{"42", "x", "2a", false},
	{"255", "#x", "0xff", false},
	{"255", "#X", "0XFF", false},
	{"255", "08b", "11111111", false},
	{"255", "#010b", "0b11111111", false},
	{"65535", "_x", "ffff", false},
	{"65535", "#_x", "0xffff", false},
	{"8", "#o", "0o10", false},
	{"65", "c", "A", false},
	{"3.14159", ".2f", "3.14", false},
	{"3.14159", "", "3.14159", false},
	{"3.14159", "10.3f", "     3.142", false},
	{"-3.14159", "+.1f", "-3.1", false},
	{"0.5", "%", "50.000000%", false},
	{"0.1234", ".1%", "12.3%", false},
	{"1234.5678", ",.2f", "1,234.57", false},
	{"1234.5678", "e", "1.234568e+03", false},
	{"1234.5678", ".3E", "1.235E+03", false},
	{"1234.5678", "g", "1234.57", false},
	{"1234.5678", ".3g", "1.23e+03", false},
	{"0.00001234", "g", "1.234e-05", false},
	{"100000.0", "g", "100000", false},
	{"1e16", "", "1e+16", false},
	{"1e+16", "", "1e+16", false},
	{"1e16", ".3", "1e+16", false},
	{"1.0", ".3", "1.0", false},
	{"123.0", ".5", "123.0", false},
	{"1.5", ".1", "2e+00", false},
	{"2.5", ".0f", "2", false},
	{"3.5", ".0f", "4", false},
	{"1e21", "", "1e+21", false},
	{"1e-5", "", "1e-05", false},
	{"0.0001", "", "0.0001", false},
	{"-0.0", "", "-0.0", false},
	{"-0.0", "z", "0.0", false},
	{"-0.0001", ".2f", "-0.00", false},
	{"-0.0001", "z.2f", "0.00", false},
	{"3.7", "d", "3", false},
	{"-3.7", "d", "-3", false},
	{"1160", "f", "1160.000000", false},
	{"1160", ".2e", "1.16e+03", false},
	{"1160", "%", "116000.000000%", false},
	{"'abc'", "", "abc", false},
	{"'abc'", "s", "abc", false},
	{"'abc'", ">6", "   abc", false},
	{"'abc'", "^7", "  abc  ", false},
	{"'abc'", ".2", "ab", false},
	{"abc", "", "abc", false},
	{"abc", "s", "abc", false},
	{"'a\\'b'", "", "a'b", false},
	{"\"x\\ny\"", "s", "x\ny", false},
	{"True", "", "True", false},
	{"True", "d", "1", false},
	{"True", ">5", "    1", false},
	{"False", "s", "False", false},
	{"0x1F", "", "31", false},
	{"0x1F", "d", "31", false},
	{"1_000", "", "1000", false},
	{"1_000", ",", "1,000", false},
	{"007", "", "007", false},
	{"007", "d", "7", false},
	{"007", "f", "7.000000", false},
	{"inf", "", "inf", false},
	{"inf", "f", "inf", false},
	{"-inf", "F", "-INF", false},
	{"nan", "f", "nan", false},
	{"1e400", "", "inf", false},
	{"1e400", "f", "inf", false},
	{"123456789012345678901234567890", ",", "123,456,789,012,345,678,901,234,567,890", false},
	{"123456789012345678901234567890", ".3e", "1.235e+29", false},
	{"1.5", "#.0f", "2.", false},
	{"1234.0", "#.0e", "1.e+03", false},
	{"1234.0", "#.1g", "1.e+03", false},
	{"1.0", "#g", "1.00000", false},
	{"1.0", "#", "1.0", false},
	{"1e16", "#", "1.e+16", false},
	{"0.5", "#.0%", "50.%", false},
	{"12", "05", "00012", false},
	{"'ab'", "05", "ab000", false},
	{"12", "<05", "12000", false},
	{"12", "x<05", "12xxx", false},
	{"1.5", "010.2f", "0000001.50", false},
	{"-1.5", "010.2f", "-000001.50", false},
	{"1.5", "010,.2f", "000,001.50", false},
	{"12345.678", "015,.2f", "0,000,012,345.68", false},
	{"2", "n", "2", false},
	{"2.5", "n", "2.5", false},
	{" 42 ", "", "42", false},
	{"-5", "", "-5", false},
	{"+5", "", "5", false},
	{"- 5", "", "-5", false},
	{"1.", "f", "1.000000", false},
	{".5", "", "0.5", false},
	{"1e5", "", "100000.0", false},
	{"1E5", "", "100000.0", false},
	{"'\\x41\\u00e9'", "", "Aé", false},
	{"None", "", "None", false},
	{"None", "s", "None", false},
	{"[1, 2]", "", "[1, 2]", false},
	{"12", "s", "12", false},
	{"12.0", "s", "12.0", false},
	{"42", "=8", "      42", false},
	{"-42", "0=8", "-0000042", false},
	{"3.0", "g", "3", false},
	{"1e100", "g", "1e+100", false},
	{"1e-100", "g", "1e-100", false},
	{"123456789.0", "g", "1.23457e+08", false},
	{"123456789.0", ".12g", "123456789", false},
	{"0.1", "f", "0.100000", false},
	{"0.1", ".20f", "0.10000000000000000555", false},
	{"5e-324", "", "5e-324", false},
	{"5e-324", "e", "4.940656e-324", false},
	{"1.7976931348623157e308", "", "1.7976931348623157e+308", false},
	{"1.7976931348623157e308", ",.0f", "179,769,313,486,231,570,814,527,423,731,704,356,798,070,567,525,844,996,598,917,476,803,157,260,780,028,538,760,589,558,632,766,878,171,540,458,953,514,382,464,234,321,326,889,464,182,768,467,546,703,537,516,986,049,910,576,551,282,076,245,490,090,389,328,944,075,868,508,455,133,942,304,583,236,903,222,948,165,808,559,332,123,348,274,797,826,204,144,723,168,738,177,180,919,299,881,250,404,026,184,124,858,368", false},
	{"abc", "d", "", true},
	{"abc", "f", "", true},
	{"42", ".2d", "", true},
	{"42", "+s", "", true},
	{"'a'", "+", "", true},
	{"42", ",x", "", true},
	{"42", "q", "", true},
	{"42", ".f", "", true},
	{"'ab'", "=5", "", true},
	{"1.5", ",n", "", true},
	{"42", ",_", "", true},
	{"inf", "d", "", true},
	{"42", "z", "", true},
	{"'a'", "#", "", true},
	{"-1", "c", "", true},
	{"42", "zd", "", true},
	{"42", "ss", "", true},
	{"42", "<<5", "42<<<", false},
	{"42", "é^9", "ééé42éééé", false},
	{"12.5", "%.1f", "", true},
	{"1.5", ".0", "2e+00", false},
	{"15.0", ".0", "2e+01", false},
	{"0.5", ".0g", "0.5", false},
	{"1234.5", ".0", "1e+03", false},
	{"0.5", ".0", "0.5", false},
	{"0.001", ".0", "0.001", false},
	{"9.99", ".2", "1e+01", false},
	{"0.0", ".0", "0e+00", false},
	{"0.0", ".1", "0e+00", false},
	{"0.0", "", "0.0", false},
	{"99.99", ".3", "1e+02", false},
	{"42", "07c", "000000*", false},
	{"65", "5c", "    A", false},
	{"nan", "08,.6%", "0000nan%", false},
	{"inf", "014,E", "00000000000INF", false},
	{"nan", "+011,F", "+0000000NAN", false},
	{"0.00001", ".3", "1e-05", false},
}

func TestFormat(t *testing.T) {
	for _, c := range formatCases {
		got, err := Format(c.text, c.spec)
		switch {
		case c.err && err == nil:
			t.Errorf("Format(%q, %q) = %q, want an error", c.text, c.spec, got)
		case c.err && !errors.Is(err, ErrSpec) && !errors.Is(err, ErrValue):
			t.Errorf("Format(%q, %q) error %v wraps neither ErrSpec nor ErrValue", c.text, c.spec, err)
		case !c.err && err != nil:
			t.Errorf("Format(%q, %q): %v, want %q", c.text, c.spec, err, c.want)
		case !c.err && got != c.want:
			t.Errorf("Format(%q, %q) = %q, want %q", c.text, c.spec, got, c.want)
		}
	}
}

// FuzzFormat checks that any text and spec give a result or an error
// that says which, never a panic, and that a result is valid UTF-8, at
// least as wide as asked and no larger than the text and the bounds
// allow.
func FuzzFormat(f *testing.F) {
	for _, c := range formatCases {
		f.Add(c.text, c.spec)
	}
	f.Fuzz(func(t *testing.T, text, spec string) {
		got, err := Format(text, spec)
		if err != nil {
			if !errors.Is(err, ErrSpec) && !errors.Is(err, ErrValue) {
				t.Fatalf("Format(%q, %q) error %v wraps neither ErrSpec nor ErrValue", text, spec, err)
			}
			return
		}
		if spec != "" && !utf8.ValidString(got) && utf8.ValidString(text) {
			t.Fatalf("Format(%q, %q) = %q, not UTF-8", text, spec, got)
		}
		sp, perr := ParseSpec(spec)
		if spec != "" && perr != nil {
			t.Fatalf("Format(%q, %q) formats a spec ParseSpec refuses: %v", text, spec, perr)
		}
		if n := utf8.RuneCountInString(got); spec != "" && n < sp.Width {
			t.Fatalf("Format(%q, %q) = %q, narrower than %d", text, spec, got, sp.Width)
		}
		// A float in fixed notation has up to 309 integer digits.
		if limit := 4*len(text) + 2*MaxWidth + 700; len(got) > limit {
			t.Fatalf("Format(%q, %q) is %d bytes, above %d", text, spec, len(got), limit)
		}
	})
}

func FuzzParseSpec(f *testing.F) {
	for _, c := range formatCases {
		f.Add(c.spec)
	}
	f.Fuzz(func(t *testing.T, spec string) {
		sp, err := ParseSpec(spec)
		if err != nil {
			if !errors.Is(err, ErrSpec) {
				t.Fatalf("ParseSpec(%q) error %v does not wrap ErrSpec", spec, err)
			}
			return
		}
		if sp.Width > MaxWidth || sp.Precision > MaxWidth || sp.Precision < -1 {
			t.Fatalf("ParseSpec(%q) = %+v, out of bounds", spec, sp)
		}
		if sp.Type != 0 && !strings.ContainsRune("bcdeEfFgGnosxX%", rune(sp.Type)) {
			t.Fatalf("ParseSpec(%q) type %q", spec, sp.Type)
		}
	})
}
