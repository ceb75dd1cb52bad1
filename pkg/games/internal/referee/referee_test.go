package referee

import (
	"slices"
	"testing"
)

func TestTake(t *testing.T) {
	tests := []struct {
		amounts []int
		h       int
		want    []int
	}{
		{[]int{1, 3, 4}, 0, nil},
		{[]int{1, 3, 4}, 3, []int{2, 0}},
		{[]int{1, 3, 4}, 10, []int{9, 7, 6}},
		{[]int{4, 1}, 4, []int{0, 3}},
		{nil, 5, nil},
	}
	for _, tt := range tests {
		if got := Take(tt.amounts...)(tt.h); !slices.Equal(got, tt.want) {
			t.Errorf("Take(%v)(%d) = %v, want %v", tt.amounts, tt.h, got, tt.want)
		}
	}
}
