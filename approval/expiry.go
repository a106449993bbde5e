package approval

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/clauz3/clauz3/securitymod/audit"
)

// DefaultClientGrace is how long a pending request stays pending after its
// client's last long-poll ended (or after it was submitted, or the service
// started) with none in progress. A client re-polls at once, so a longer
// silence means it went away: the request then expires rather than stay
// pending forever with nobody to run it.
const DefaultClientGrace = 2 * time.Minute

// clientGone reports whether the client of pending request e went away:
// no long-poll in progress and none within the grace period.
func (s *Service) clientGone(e Entry, now time.Time) (bool, time.Duration) {
	last := e.CreatedAt
	if s.started.After(last) {
		last = s.started // a restart ended every long-poll; clients get the grace again
	}
	s.waiters.mu.Lock()
	active := s.waiters.m[e.ID] != nil && s.waiters.m[e.ID].n > 0
	if t, ok := s.waiters.seen[e.ID]; ok && t.After(last) {
		last = t
	}
	s.waiters.mu.Unlock()
	silent := now.Sub(last)
	return !active && silent > s.cfg.ClientGrace, silent
}

// expireIfGone decides pending request e "expired" when its client went
// away, and answers the entry as it now is. A decision that won the race
// stands (ErrAlreadyDecided is no error here).
func (s *Service) expireIfGone(ctx context.Context, e Entry) (Entry, error) {
	if e.Decision != nil {
		return e, nil
	}
	now := s.cfg.Now()
	gone, silent := s.clientGone(e, now)
	if !gone {
		return e, nil
	}
	why := fmt.Sprintf("the client that submitted it went away: it has not waited for a decision for %s (more than %s)", silent.Round(time.Second), s.cfg.ClientGrace)
	d := Decision{Decision: StatusExpired, Reason: why, DecidedBy: "service", DecidedAt: now}
	_, err := s.cfg.Store.Decide(context.WithoutCancel(ctx), e.ID, d, nil, audit.Event{At: now, Kind: "decision.expired", RequestID: e.ID, Actor: "service", Detail: why})
	if err != nil && !errors.Is(err, ErrAlreadyDecided) {
		return e, err
	}
	s.waiters.forget(e.ID)
	return s.cfg.Store.Get(ctx, e.ID)
}

// expireGone expires every pending request of the list whose client went
// away, and updates the summaries.
func (s *Service) expireGone(ctx context.Context, sums []Summary) error {
	for i, sm := range sums {
		if sm.Status != StatusPending {
			continue
		}
		e, err := s.cfg.Store.Get(ctx, sm.ID)
		if err != nil {
			return err
		}
		if e, err = s.expireIfGone(ctx, e); err != nil {
			return err
		}
		if e.Decision != nil {
			sums[i].Status, sums[i].DecidedBy = e.Decision.Decision, e.Decision.DecidedBy
		}
	}
	return nil
}
