package quest

// scanShape reads the file's structure, not its values, before the TOML
// decoder sees it: it finds the first place where a value sits deeper than
// MaxDepth (table header parts, plus the dotted parts of every key on the
// way, plus every array around it). The decoder's time and memory grow with
// the square of that depth. It knows TOML's strings and comments, so
// brackets and dots inside them do not count; whatever else is wrong is left
// to the decoder. It takes one pass over the file.
func scanShape(file string, data []byte) *Problem {
	s := shapeScanner{data: data, line: 1, keyPos: true, lineStart: true}
	for ; s.i < len(data); s.i++ {
		if s.skipBlank() {
			continue
		}
		first := s.lineStart
		s.lineStart = false
		if s.token(first) {
			return &Problem{File: file, Line: s.line, ID: "quest.nesting", Args: map[string]any{"Max": MaxDepth}}
		}
	}
	return nil
}

// shapeFrame is an array or inline table still open.
type shapeFrame struct {
	kind  byte // '[' or '{'
	depth int  // the depth of the value the bracket opens
}

// shapeScanner is scanShape's place in the file.
type shapeScanner struct {
	data      []byte
	i         int          // the byte being read
	line      int          // its line
	open      []shapeFrame // the arrays and inline tables still open
	header    int          // the parts of the current table header
	keyPos    bool         // a key comes next (or is being read)
	base      int          // the depth a key starts from
	dots      int          // dots in the key being read
	here      int          // the depth of the value being read
	lineStart bool         // nothing but blanks yet on this line
}

// skipBlank passes over a line break, a blank or a comment at s.i, saying
// whether there was one.
func (s *shapeScanner) skipBlank() bool {
	switch s.data[s.i] {
	case '\n':
		s.line++
		s.lineStart = true
		if len(s.open) == 0 {
			s.keyPos, s.base, s.dots = true, s.header, 0
		}
	case ' ', '\t', '\r':
	case '#':
		for s.i+1 < len(s.data) && s.data[s.i+1] != '\n' {
			s.i++
		}
	default:
		return false
	}
	return true
}

// token reads the token at s.i (first on its line or not), saying whether
// it is too deep.
func (s *shapeScanner) token(first bool) bool {
	switch b := s.data[s.i]; b {
	case '"', '\'':
		end, lines := skipString(s.data, s.i)
		s.i, s.line = end-1, s.line+lines
		return s.keyPos && s.base+1 > MaxDepth
	case '.':
		if s.keyPos {
			s.dots++
			return s.base+s.dots+1 > MaxDepth
		}
	case '=':
		s.here, s.keyPos = s.base+s.dots+1, false
		return s.here > MaxDepth
	case '[':
		return s.openBracket(first)
	case '{':
		if s.open = append(s.open, shapeFrame{b, s.here}); len(s.open) > MaxDepth {
			return true
		}
		s.keyPos, s.base, s.dots = true, s.here, 0
	case ']', '}':
		if len(s.open) > 0 {
			s.here = s.open[len(s.open)-1].depth
			s.open = s.open[:len(s.open)-1]
		}
	case ',':
		s.comma()
	}
	return false
}

// openBracket reads a table header ([name] or [[name]]) at a line's start
// outside any array, an array's opening bracket otherwise.
func (s *shapeScanner) openBracket(first bool) bool {
	if first && len(s.open) == 0 {
		end, parts, lines := skipHeader(s.data, s.i)
		if parts > MaxDepth {
			return true
		}
		s.i, s.line = end-1, s.line+lines
		s.header, s.base, s.keyPos, s.dots = parts, parts, true, 0
		return false
	}
	if s.open = append(s.open, shapeFrame{'[', s.here}); s.here+1 > MaxDepth || len(s.open) > MaxDepth {
		return true
	}
	s.here++
	return false
}

// comma ends a key's value in an inline table, an array's item otherwise.
func (s *shapeScanner) comma() {
	if n := len(s.open); n > 0 && s.open[n-1].kind == '{' {
		s.keyPos, s.base, s.dots = true, s.open[n-1].depth, 0
	} else if n > 0 {
		s.here = s.open[n-1].depth + 1
	}
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
