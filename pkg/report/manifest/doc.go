// Package manifest is the record of what render wrote into a site's
// folder: every file, with the SHA-256 sums of the contents it wrote
// there, and every page, with the notebook it was made from. Package site
// keeps it, so that a build deletes or overwrites only files render wrote
// and removes the pages of notebooks that are gone; package preview reads
// it, so that the server serves those files and no others.
//
//	m, err := manifest.Read("site") // an empty manifest if there is none yet
//	if m.Has("pe310.html") { ... }
//	err = m.Write("site")           // atomically, as Name
//
// The manifest is a JSON file named Name in the folder. Read refuses one
// that is larger than MaxSize or names a path outside the folder (absolute,
// with "..", or a hidden name), wrapping ErrInvalid, so that a manifest
// someone else wrote cannot lead a build to delete a file elsewhere.
package manifest
