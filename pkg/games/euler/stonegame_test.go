package euler

import (
	"fmt"
	"testing"
)

// stoneGameSeed is the direct cubic method: visit the sorted positions in
// lexicographic order and keep a flag per line of each of the seven move
// directions, an independent check on the bitset scan of package piles.
func stoneGameSeed(n int) int64 {
	s1 := make([][]bool, n+1) // a single pile moves: the other two piles
	s2 := make([][]bool, n+1) // two piles move: the third and their difference
	s3 := make([][]bool, n+1) // all three move: the two differences
	for i := range s1 {
		s1[i], s2[i], s3[i] = make([]bool, n+1), make([]bool, n+1), make([]bool, n+1)
	}
	var sum int64
	for x := 0; x <= n; x++ {
		for y := x; y <= n; y++ {
			for z := y; z <= n; z++ {
				if s1[y][z] || s1[x][z] || s1[x][y] || s2[x][z-y] || s2[y][z-x] || s2[z][y-x] || s3[y-x][z-y] {
					continue
				}
				s1[y][z], s1[x][z], s1[x][y] = true, true, true
				s2[x][z-y], s2[y][z-x], s2[z][y-x] = true, true, true
				s3[y-x][z-y] = true
				sum += int64(x + y + z)
			}
		}
	}
	return sum
}

func TestStoneGame(t *testing.T) {
	sizes := []int{0, 1, 2, 5, 13, 64, 65, 100, 129, 200}
	if !testing.Short() {
		sizes = append(sizes, 1000) // the problem's size; a second for the cubic method
	}
	for _, n := range sizes {
		got, err := StoneGame(n)
		if err != nil {
			t.Fatal(err)
		}
		if want := stoneGameSeed(n); got != want {
			t.Errorf("StoneGame(%d) = %d, the cubic method gives %d", n, got, want)
		}
	}
}

func ExampleStoneGame() {
	s, err := StoneGame(100)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s)
	// Output: 173895
}

func BenchmarkStoneGame(b *testing.B) {
	for _, n := range []int{1000, 10000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			if n > 1000 && testing.Short() {
				b.Skip("n = 10000 takes seconds")
			}
			for b.Loop() {
				if _, err := StoneGame(n); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
