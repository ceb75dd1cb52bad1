// Package boundedfile reads a file of at most a given number of bytes and
// holds it once. A regular file larger than the limit is refused by its
// size before anything is read; one within it is read into a single
// buffer of its size, where io.ReadAll over an io.LimitReader grows its
// buffer by doubling and so may hold up to twice the limit. A file that
// grows as it is read, or one whose size Stat does not give (a pipe), is
// read no further than the limit and a byte.
//
// It serves every reader of a file named by a notebook, a site's
// settings or the system (notebooks, text notebooks, settings, fonts,
// bibliographies, local images, kernel specs), so that each is bounded
// the same way:
//
//	f, err := os.Open(path)
//	if err != nil {
//		return nil, err
//	}
//	defer f.Close()
//	data, err := boundedfile.ReadRegular(f, limit)
//	if e, ok := errors.AsType[*boundedfile.TooLargeError](err); ok {
//		return nil, fmt.Errorf("%s: %w", path, e)
//	}
//
// It imports only the standard library.
package boundedfile
