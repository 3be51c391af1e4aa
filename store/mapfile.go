package store

// MapFile maps a file read-only where the platform can (CanMap), and
// reads it into memory elsewhere; unmap releases it.
func MapFile(path string) (b []byte, unmap func() error, err error) { return mapFile(path) }

// CanMap reports whether MapFile maps files rather than reading them.
const CanMap = canMap
