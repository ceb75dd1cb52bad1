package nimber

// A Multiplier multiplies by a fixed nimber b. Multiplication by b is linear
// over GF(2), so a Multiplier holds it as eight byte tables (16 KiB) and
// multiplies with eight lookups, where Mul makes up to 28, for the case
// where one factor repeats, as along a row of a product game's value grid.
// The zero value multiplies by 0.
type Multiplier struct {
	b uint64
	t linearMap
}

// NewMultiplier returns a Multiplier by b. It allocates the Multiplier, once.
func NewMultiplier(b uint64) *Multiplier {
	m := &Multiplier{b: b}
	var image [64]uint64
	for i := range image {
		image[i] = Mul(1<<i, b)
	}
	m.t.build(&image)
	return m
}

// Mul returns a⊗b.
func (m *Multiplier) Mul(a uint64) uint64 { return m.t.apply(a) }

// Factor returns b, the nimber m multiplies by.
func (m *Multiplier) Factor() uint64 { return m.b }
