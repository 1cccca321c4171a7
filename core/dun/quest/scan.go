package quest

// scanShape reads the file's structure, not its values, before the TOML
// decoder sees it: it finds the first place where a value sits deeper than
// MaxDepth (table header parts, plus the dotted parts of every key on the
// way, plus every array around it). The decoder's time and memory grow with
// the square of that depth. It knows TOML's strings and comments, so
// brackets and dots inside them do not count; whatever else is wrong is left
// to the decoder. It takes one pass over the file.
func scanShape(file string, data []byte) *Problem {
	type frame struct {
		kind  byte // '[' or '{'
		depth int  // the depth of the value the bracket opens
	}
	line := 1
	var open []frame  // the arrays and inline tables still open
	header := 0       // the parts of the current table header
	keyPos := true    // a key comes next (or is being read)
	base := 0         // the depth a key starts from
	dots := 0         // dots in the key being read
	here := 0         // the depth of the value being read
	lineStart := true // nothing but blanks yet on this line
	tooDeep := func() *Problem {
		return &Problem{File: file, Line: line, ID: "quest.nesting", Args: map[string]any{"Max": MaxDepth}}
	}
	for i := 0; i < len(data); i++ {
		b := data[i]
		switch b {
		case '\n':
			line++
			lineStart = true
			if len(open) == 0 {
				keyPos, base, dots = true, header, 0
			}
			continue
		case ' ', '\t', '\r':
			continue
		case '#':
			for i+1 < len(data) && data[i+1] != '\n' {
				i++
			}
			continue
		}
		first := lineStart
		lineStart = false
		switch b {
		case '"', '\'':
			end, lines := skipString(data, i)
			i, line = end-1, line+lines
			if keyPos && base+1 > MaxDepth {
				return tooDeep()
			}
		case '.':
			if keyPos {
				if dots++; base+dots+1 > MaxDepth {
					return tooDeep()
				}
			}
		case '=':
			here, keyPos = base+dots+1, false
			if here > MaxDepth {
				return tooDeep()
			}
		case '[':
			if first && len(open) == 0 {
				// A table header: [name] or [[name]].
				end, parts, lines := skipHeader(data, i)
				if parts > MaxDepth {
					return tooDeep()
				}
				i, line = end-1, line+lines
				header, base, keyPos, dots = parts, parts, true, 0
				continue
			}
			if open = append(open, frame{b, here}); here+1 > MaxDepth || len(open) > MaxDepth {
				return tooDeep()
			}
			here++
		case '{':
			if open = append(open, frame{b, here}); len(open) > MaxDepth {
				return tooDeep()
			}
			keyPos, base, dots = true, here, 0
		case ']', '}':
			if len(open) > 0 {
				here = open[len(open)-1].depth
				open = open[:len(open)-1]
			}
		case ',':
			if n := len(open); n > 0 && open[n-1].kind == '{' {
				keyPos, base, dots = true, open[n-1].depth, 0
			} else if n > 0 {
				here = open[n-1].depth + 1
			}
		}
	}
	return nil
}

// skipString returns the index just after the string that starts at i (a
// basic or literal string, on one line or several) and how many line breaks
// it holds. An unterminated one-line string ends at the line's end, a
// multi-line one at the file's end: the decoder reports either.
func skipString(data []byte, i int) (end, lines int) {
	q := data[i]
	triple := i+2 < len(data) && data[i+1] == q && data[i+2] == q
	j := i + 1
	if triple {
		j = i + 3
	}
	for j < len(data) {
		c := data[j]
		switch {
		case c == '\\' && q == '"':
			if j+1 < len(data) && data[j+1] == '\n' {
				lines++
			}
			j += 2
			continue
		case c == '\n':
			if !triple {
				return j, lines
			}
			lines++
		case c == q && !triple:
			return j + 1, lines
		case c == q && j+2 < len(data) && data[j+1] == q && data[j+2] == q:
			j += 3
			for k := 0; k < 2 && j < len(data) && data[j] == q; k++ {
				j++ // up to two quotes may end the content
			}
			return j, lines
		}
		j++
	}
	return len(data), lines
}

// skipHeader returns the index just after the table header that starts at
// i, how many dotted parts its name has (counting stops past MaxDepth) and
// how many line breaks it holds (none, unless it is malformed).
func skipHeader(data []byte, i int) (end, parts, lines int) {
	parts = 1
	for j := i + 1; j < len(data); j++ {
		switch data[j] {
		case '"', '\'':
			e, l := skipString(data, j)
			j, lines = e-1, lines+l
		case '.':
			if parts++; parts > MaxDepth {
				return j, parts, lines // too deep already: the rest does not matter
			}
		case ']':
			if j+1 < len(data) && data[j+1] == ']' {
				j++
			}
			return j + 1, parts, lines
		case '\n':
			return j, parts, lines // malformed: the decoder says so
		}
	}
	return len(data), parts, lines
}
