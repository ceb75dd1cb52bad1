package games

// NimSum returns the Grundy value of a sum of games with the given values:
// their bitwise XOR (the Sprague–Grundy theorem, proved in the package
// documentation).
func NimSum(values ...int) int {
	s := 0
	for _, v := range values {
		s ^= v
	}
	return s
}
