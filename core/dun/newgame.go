package dun

// newGameDefaults fills what a new game's setup leaves out with today's
// rules: the latest rules edition (Rules.withEdition), and a quest's Leader
// paid at its own VP ("Setup", step 3: the quest says what its Leader costs).
func (s Setup) newGameDefaults() Setup {
	s.Rules = s.Rules.withEdition()
	if s.QuestData != nil && s.LeaderVP == 0 {
		s.LeaderVP = s.QuestData.Leader.VP
	}
	return s
}

// StartingReserve is the ADP's reserve before the first event ("Setup",
// steps 2 and 3): the group's VP, less the Leader's.
func (s Setup) StartingReserve() int { return s.GroupVP - s.LeaderVP }

// validateNew refuses what only a new game must not do: a Leader VP other
// than the quest's.
func (s Setup) validateNew() error {
	if q := s.QuestData; q != nil && s.LeaderVP != q.Leader.VP {
		return SetupErrors{{Field: "leader_vp", ID: "setup.leader_vp.quest", Args: map[string]any{"Value": s.LeaderVP, "QuestVP": q.Leader.VP}}}
	}
	return nil
}
