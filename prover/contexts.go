package prover

import (
	"context"
	"sync"

	"github.com/clauz3/clauz3/prover/z3"
)

// Contexts hands Z3 contexts to the proofs of a long-lived process (the
// approval service, `clauz3 mcp`) and bounds how many proofs run at once.
//
// Making a context costs about 10 ms (80 ms for the first of a process)
// and deleting one up to 7 ms on Z3 4.8.12, a large part of a small
// proof. A Contexts makes them ahead of time on a goroutine of its own
// and deletes used ones on another, so neither cost lands on a proof.
// Every proof still gets a context no other proof has used: Z3 numbers
// its terms by creation, and some of its simplifications order terms by
// that number, so a reused context could decide a plan differently
// depending on the plans proved before it.
//
// At most n proofs hold a context at once (one per core is the intent):
// a proof waits for a free slot, or for its context.Context to end, in
// which case Prove refuses with Canceled. The zero value is not usable;
// make one with NewContexts and Close it when the process is done.
type Contexts struct {
	slots chan struct{}    // one token per proof running
	ready chan *z3.Context // made ahead, never used
	spent chan *z3.Context // used, to be deleted
	stop  chan struct{}    // closed by Close
	wg    sync.WaitGroup   // the maker and the deleter

	mu     sync.Mutex // guards closed and sends on spent
	closed bool
}

// NewContexts starts a pool for at most n proofs at once (at least 1).
func NewContexts(n int) *Contexts {
	n = max(n, 1)
	p := &Contexts{
		slots: make(chan struct{}, n),
		ready: make(chan *z3.Context, n),
		spent: make(chan *z3.Context, n),
		stop:  make(chan struct{}),
	}
	p.wg.Add(2)
	go p.make()
	go p.delete()
	return p
}

// make keeps ready full. It stops at the first failure to make a
// context: take then makes its own and reports that failure to its
// proof.
func (p *Contexts) make() {
	defer p.wg.Done()
	for {
		zc, err := z3.NewContext()
		if err != nil {
			return
		}
		select {
		case p.ready <- zc:
		case <-p.stop:
			zc.Close()
			return
		}
	}
}

// delete deletes used contexts until Close.
func (p *Contexts) delete() {
	defer p.wg.Done()
	for {
		select {
		case zc := <-p.spent:
			zc.Close()
		case <-p.stop:
			return
		}
	}
}

// take waits for a slot, then returns a fresh context (made now if none
// is ready, as after Close or a failure of the maker).
func (p *Contexts) take(ctx context.Context) (*z3.Context, error) {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	select {
	case zc, ok := <-p.ready:
		if ok {
			return zc, nil
		}
	default:
	}
	zc, err := z3.NewContext()
	if err != nil {
		<-p.slots
		return nil, err
	}
	return zc, nil
}

// give ends a proof's use of zc and frees its slot; zc is deleted on the
// deleter's goroutine, or here once the pool is closed or the deleter is
// behind.
func (p *Contexts) give(zc *z3.Context) {
	<-p.slots
	p.mu.Lock()
	if !p.closed {
		select {
		case p.spent <- zc:
			p.mu.Unlock()
			return
		default:
		}
	}
	p.mu.Unlock()
	zc.Close()
}

// Close stops making contexts and deletes the ones not handed out. Proofs
// still running finish; later proofs make their own context. Close is
// idempotent.
func (p *Contexts) Close() {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return
	}
	p.closed = true
	close(p.stop)
	p.mu.Unlock()
	p.wg.Wait()
	close(p.ready)
	for zc := range p.ready {
		zc.Close()
	}
	for {
		select {
		case zc := <-p.spent:
			zc.Close()
		default:
			return
		}
	}
}
