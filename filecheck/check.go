package filecheck

// checkInput runs all check strings over the input. CHECK-LABEL directives
// first split the input into regions; each region is then checked
// separately, so a failure in one region does not hide failures in later
// ones.
func (fc *checker) checkInput() bool {
	failed := false
	bufStart, bufEnd := 0, len(fc.input.text)
	i, j, e := 0, 0, len(fc.checks)
	for {
		var regionStart, regionEnd int
		if j == e {
			regionStart, regionEnd = bufStart, bufEnd
		} else {
			label := fc.checks[j]
			if label.pat.ty.kind != kindLabel {
				j++
				continue
			}
			pos, n, ok := fc.checkString(label, bufStart, bufEnd, true)
			if !ok {
				return false
			}
			regionStart, regionEnd = bufStart, pos+n
			bufStart = pos + n
			j++
		}
		// The first region keeps command-line variables for their first use.
		if i != 0 && fc.opts.EnableVarScope {
			fc.ctx.clearLocalVars()
		}
		for ; i != j; i++ {
			pos, n, ok := fc.checkString(fc.checks[i], regionStart, regionEnd, false)
			if !ok {
				failed = true
				i = j
				break
			}
			regionStart = pos + n
		}
		if j == e {
			break
		}
	}
	return !failed
}

// checkString matches cs in input[start:end] and returns the absolute
// position and length of its match. In label-scan mode only the pattern
// itself is matched; CHECK-DAG/NOT and line relations wait for the real
// pass over the region.
func (fc *checker) checkString(cs *checkString, start, end int, labelScan bool) (int, int, bool) {
	lastPos := start
	var nots []*pattern
	if !labelScan {
		p, ok := fc.checkDag(cs, start, end, &nots)
		if !ok {
			return 0, 0, false
		}
		lastPos = p
	}
	lastMatchEnd, firstMatchPos := lastPos, 0
	for i := 1; i <= max(cs.pat.ty.count, 1); i++ {
		r := fc.match(cs.pat, lastMatchEnd, end)
		if !fc.reportMatchResult(true, cs.prefix, cs.loc, cs.pat, i, lastMatchEnd, end, r) {
			return 0, 0, false
		}
		if i == 1 {
			firstMatchPos = r.pos
		}
		lastMatchEnd = r.pos + r.len
	}
	matchLen := lastMatchEnd - firstMatchPos
	if !labelScan {
		if fc.checkNext(cs, lastPos, firstMatchPos) || fc.checkSame(cs, lastPos, firstMatchPos) {
			fc.processMatchResult(matchFoundButWrongLine, cs.loc, cs.pat.ty, firstMatchPos, firstMatchPos+matchLen, fc.opts.Verbose > 0)
			return 0, 0, false
		}
		if fc.checkNot(cs, lastPos, firstMatchPos, nots) {
			return 0, 0, false
		}
	}
	return firstMatchPos, matchLen, true
}

// countNewlines counts line breaks in b, treating "\r\n" and "\n\r" as
// one, and returns the offset just after the first.
func countNewlines(b []byte) (int, int) {
	n, first := 0, -1
	for i := 0; i < len(b); i++ {
		c := b[i]
		if c != '\n' && c != '\r' {
			continue
		}
		n++
		if i+1 < len(b) && (b[i+1] == '\n' || b[i+1] == '\r') && b[i+1] != c {
			i++
		}
		if n == 1 {
			first = i + 1
		}
	}
	return n, first
}

// checkNext verifies that a CHECK-NEXT or CHECK-EMPTY match is on the line
// after the previous match; [start, end) is the text between them.
func (fc *checker) checkNext(cs *checkString, start, end int) bool {
	k := cs.pat.ty.kind
	if k != kindNext && k != kindEmpty {
		return false
	}
	name := cs.prefix + "-NEXT"
	if k == kindEmpty {
		name = cs.prefix + "-EMPTY"
	}
	n, first := countNewlines(fc.input.text[start:end])
	switch {
	case n == 0:
		printDiag(fc.w, cs.loc, kindError, name+": is on the same line as previous match")
	case n != 1:
		printDiag(fc.w, cs.loc, kindError, name+": is not on the line after the previous match")
	default:
		return false
	}
	printDiag(fc.w, loc{fc.input, end}, kindNote, "'next' match was here")
	printDiag(fc.w, loc{fc.input, start}, kindNote, "previous match ended here")
	if n != 0 {
		printDiag(fc.w, loc{fc.input, start + first}, kindNote, "non-matching line after previous match is here")
	}
	return true
}

// checkSame verifies that a CHECK-SAME match is on the previous match's line.
func (fc *checker) checkSame(cs *checkString, start, end int) bool {
	if cs.pat.ty.kind != kindSame {
		return false
	}
	if n, _ := countNewlines(fc.input.text[start:end]); n == 0 {
		return false
	}
	printDiag(fc.w, cs.loc, kindError, cs.prefix+"-SAME: is not on the same line as the previous match")
	printDiag(fc.w, loc{fc.input, end}, kindNote, "'next' match was here")
	printDiag(fc.w, loc{fc.input, start}, kindNote, "previous match ended here")
	return true
}

// checkNot reports every CHECK-NOT pattern found in [start, end) and
// returns whether any was.
func (fc *checker) checkNot(cs *checkString, start, end int, nots []*pattern) bool {
	failed := false
	for _, p := range nots {
		r := fc.match(p, start, end)
		if !fc.reportMatchResult(false, cs.prefix, p.loc, p, 1, start, end, r) {
			failed = true
		}
	}
	return failed
}

// checkDag matches the CHECK-DAG and CHECK-NOT patterns before cs. Each
// group of consecutive CHECK-DAGs matches in any order without overlapping;
// the CHECK-NOTs before a group must not occur between the previous
// position and the group's first match. It returns the end of the last
// group, where cs's own pattern starts searching.
func (fc *checker) checkDag(cs *checkString, start, end int, nots *[]*pattern) (int, bool) {
	if len(cs.dagNots) == 0 {
		return start, true
	}
	startPos := start
	type span struct{ pos, end int }
	var ranges []span // sorted, non-overlapping matches of the current group
	for idx, p := range cs.dagNots {
		if p.ty.kind == kindNot {
			*nots = append(*nots, p)
			continue
		}
		matchPos, matchLen := startPos, 0
		mi := 0
		for {
			r := fc.match(p, matchPos, end)
			if !r.found || len(r.errs) > 0 || fc.opts.Verbose >= 2 {
				if !fc.reportMatchResult(true, cs.prefix, p.loc, p, 1, matchPos, end, r) {
					return 0, false
				}
			}
			matchLen = r.len
			matchPos = r.pos
			m := span{matchPos, matchPos + matchLen}
			if fc.opts.AllowDeprecatedDAGOverlap {
				if len(ranges) == 0 {
					ranges = append(ranges, m)
				} else {
					ranges[0].pos = min(ranges[0].pos, m.pos)
					ranges[0].end = max(ranges[0].end, m.end)
				}
				break
			}
			overlap := false
			for ; mi < len(ranges); mi++ {
				if m.pos < ranges[mi].end {
					overlap = ranges[mi].pos < m.end
					break
				}
			}
			if !overlap {
				ranges = append(ranges, span{})
				copy(ranges[mi+1:], ranges[mi:])
				ranges[mi] = m
				break
			}
			if fc.opts.Verbose >= 2 {
				if !fc.collect {
					old := ranges[mi]
					printDiag(fc.w, loc{fc.input, old.pos}, kindNote, "match discarded, overlaps earlier DAG match here", srcRange{old.pos, old.end})
				} else {
					fc.adjustPrevDiags(matchFoundButDiscarded)
				}
			}
			matchPos = ranges[mi].end
		}
		if fc.opts.Verbose < 2 {
			fc.printMatch(true, cs.prefix, p.loc, p, 1, matchPos, end, matchResult{found: true, pos: matchPos, len: matchLen})
		}
		if idx+1 == len(cs.dagNots) || cs.dagNots[idx+1].ty.kind == kindNot {
			if len(*nots) > 0 {
				if fc.checkNot(cs, startPos, ranges[0].pos, *nots) {
					return 0, false
				}
				*nots = (*nots)[:0]
			}
			startPos = ranges[len(ranges)-1].end
			ranges = ranges[:0]
		}
	}
	return startPos, true
}
