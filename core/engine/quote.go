package engine

import "fmt"

// QuoteShort quotes s for an error message, cut to its first 40
// characters: a name refused for its length must not make the message as long.
func QuoteShort(s string) string {
	const keep = 40
	n := 0
	for i := range s {
		if n == keep {
			return fmt.Sprintf("%q…", s[:i])
		}
		n++
	}
	return fmt.Sprintf("%q", s)
}
