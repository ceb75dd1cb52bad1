package nimber_test

import (
	"errors"
	"fmt"

	"github.com/grundylab/grundy/pkg/games/nimber"
)

func ExampleMul() {
	fmt.Println(nimber.Mul(5, 8))
	fmt.Println(nimber.Mul(3141, 5926))
	fmt.Println(nimber.Mul(1<<32, 1<<32) == 3<<31)
	// Output:
	// 3
	// 14994
	// true
}

func ExampleDiv() {
	q, err := nimber.Div(14994, 5926)
	fmt.Println(q, err)
	_, err = nimber.Div(1, 0)
	fmt.Println(errors.Is(err, nimber.ErrDivisionByZero))
	// Output:
	// 3141 <nil>
	// true
}

func ExampleInv() {
	r, _ := nimber.Inv(2)
	fmt.Println(r, nimber.Mul(2, r))
	// Output: 3 1
}

func ExampleSqrt() {
	// 2⊗2 = 3 in the field of four nimbers {0, 1, 2, 3}.
	fmt.Println(nimber.Square(2), nimber.Sqrt(3))
	// Output: 3 2
}

func ExamplePow() {
	// Every non-zero nimber below 2^64 is a root of x^(2^64-1) = 1.
	fmt.Println(nimber.Pow(2, 3), nimber.Pow(12345, 1<<64-1))
	// Output: 1 1
}

func ExampleOrder() {
	// 258 generates the multiplicative group of the nimbers below 2^16.
	fmt.Println(nimber.Order(2), nimber.Order(16), nimber.Order(258))
	// Output: 3 85 65535
}

func ExampleMultiplier() {
	// Values of a row of a product game's grid: a fixed factor times many.
	m := nimber.NewMultiplier(6)
	for a := uint64(1); a <= 5; a++ {
		fmt.Print(m.Mul(a), " ")
	}
	fmt.Println()
	// Output: 6 11 13 14 8
}
