package heap

import (
	"errors"
	"math/bits"
	"reflect"
	"testing"
)

// sparseByEveryMask returns the statistics of g's sparse space by trying
// every mask below the power of two above its largest value, the smallest
// first among equals, and listing the rare heaps one by one.
func sparseByEveryMask(g Sequence) Sparse {
	size := 1
	for size <= g.Max() {
		size *= 2
	}
	rare := func(x, m int) bool { return bits.OnesCount(uint(x&m))%2 == 0 }
	s := Sparse{Largest: g.Max(), Rare: int64(len(g) - 1)}
	for m := 1; m < size; m++ {
		var count int64
		for _, x := range g[1:] {
			if rare(x, m) {
				count++
			}
		}
		if count < s.Rare {
			s.Rare, s.Mask = count, m
		}
	}
	if s.Mask == 0 {
		return s
	}
	seen := map[int]bool{}
	for n := 1; n < len(g); n++ {
		if rare(g[n], s.Mask) {
			s.LastRare = n
			seen[g[n]] = true
		}
	}
	for x := 0; x <= g.Max(); x++ {
		if seen[x] {
			s.RareValues = append(s.RareValues, x)
		}
	}
	return s
}

func TestSequenceSparse(t *testing.T) {
	grundy, err := Octal(GrundysGame, 20_000)
	if err != nil {
		t.Fatal(err)
	}
	nim := make(Sequence, 100)
	for i := range nim {
		nim[i] = i
	}
	tests := []struct {
		name string
		s    Sequence
		want Sparse // compared when err is nil
		err  error
	}{
		{"heap 0 alone", Sequence{0}, Sparse{}, nil},
		{"three masks tie, the smallest is taken", Sequence{0, 1, 2, 3}, Sparse{Largest: 3, Mask: 1, Rare: 1, LastRare: 2, RareValues: []int{2}}, nil},
		// Grundy's game: the mask 0111... of Flammenkamp's and T. Czajka's tables.
		{"Grundy's game to 20000", grundy, sparseByEveryMask(grundy), nil},
		{"nim to 99", nim, sparseByEveryMask(nim), nil},
		{"empty", Sequence{}, Sparse{}, ErrNotHeapValues},
		{"g(0) not 0", Sequence{1, 0}, Sparse{}, ErrNotHeapValues},
		{"a negative value", Sequence{0, 2, -1}, Sparse{}, ErrNotHeapValues},
		{"a value past the length and 2^16", Sequence{0, 1 << 16}, Sparse{}, ErrTooLong},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := tt.s.Sparse()
			if tt.err != nil {
				if !errors.Is(err, tt.err) {
					t.Fatalf("error %v, want one wrapping %v", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Fatalf("%+v, want %+v", got, tt.want)
			}
		})
	}
	if s, _ := grundy.Sparse(); s.Mask != 1<<8-2 {
		t.Errorf("Grundy's game to 20000: mask %#x, want 0xfe, every bit of its values but the lowest", s.Mask)
	}
}

// TestSequenceSparseAsValues checks that a Sequence of an octal game has
// the statistics that OctalValues gives for it.
func TestSequenceSparseAsValues(t *testing.T) {
	for _, code := range []string{"0.16", "0.6", DawsonsKayles, ".354"} {
		v, err := OctalValues(code, 20_000, nil)
		if err != nil {
			t.Fatal(err)
		}
		got, err := valuesSeq(t, v).Sparse()
		if err != nil {
			t.Fatal(err)
		}
		if want := v.Sparse(); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, want %+v", code, got, want)
		}
	}
}
