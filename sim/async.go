package sim

// asyncState is what a CTA keeps of its asynchronous and barrier
// machinery besides the threads' own queues: wgmma results in flight,
// the side state of its mbarriers (with the TMA loads that complete on
// them), its named barriers, and reusable copy buffers. A worker reuses
// it from CTA to CTA; reset forgets the previous CTA's.
type asyncState struct {
	wg    wgmmaState
	mbars mbarriers
	named [16]namedBarrier
	// loads and stores are free TMA copy records.
	loads  []*tmaLoad
	stores []*bulkStore
	// maps are the tensor maps last decoded, by address (kept from CTA to
	// CTA: each use compares the bytes again).
	maps map[uint64]*cachedMap
}

func (s *asyncState) reset() {
	s.wg.reset()
	for _, m := range s.mbars.byAddr {
		s.loads = append(s.loads, m.loads...)
	}
	s.mbars.reset()
	for i := range s.named {
		s.named[i].reset()
	}
}

// newLoad returns a cleared TMA load record.
func (s *asyncState) newLoad() *tmaLoad {
	if n := len(s.loads); n > 0 {
		l := s.loads[n-1]
		s.loads = s.loads[:n-1]
		return l
	}
	return &tmaLoad{}
}

// newStore returns a cleared bulk store record.
func (s *asyncState) newStore() *bulkStore {
	if n := len(s.stores); n > 0 {
		st := s.stores[n-1]
		s.stores = s.stores[:n-1]
		return st
	}
	return &bulkStore{}
}
