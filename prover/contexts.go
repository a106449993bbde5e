package prover

import (
	"context"
	"sync"
	"sync/atomic"

	"github.com/clauz3/clauz3/prover/z3"
)

// Contexts hands Z3 contexts to the proofs of a long-lived process (the
// approval service, `clauz3 mcp`) and bounds how many proofs run at once.
//
// Making a context costs about 3 ms of CPU (80 ms for the first of a
// process) and deleting one more, a large part of a small proof. A
// Contexts makes its first contexts ahead of time on a goroutine of its
// own, and a proof that ends gives its context back recycled
// (z3.Context.Recycle): every solver, model and term of the proof is
// released and the next proof gets the Z3 context with nothing of the
// last one left in it, so a long-lived process pays for a context once
// per slot. A context that recorded an error is not recycled but
// deleted, on the pool's goroutine, and replaced by a fresh one.
//
// Z3 keeps numbering terms from where the last proof left off, and some
// of its heuristics order terms by that number: a recycled context can
// find a different counterexample, or spend a different part of its
// resource limit, than a fresh one. BenchmarkProveWarm proves every
// corpus plan both ways and counts what differs. Only the context is
// kept: a Z3 solver carried from proof to proof, even emptied, made
// later proofs slower by amounts that depend on the proofs before
// (prover/z3's documentation), so each proof makes its own.
//
// At most n proofs hold a context at once (one per core is the intent),
// and a context is used by one proof at a time: a proof waits for a free
// slot, or for its context.Context to end, in which case Prove refuses
// with Canceled. The zero value is not usable; make one with NewContexts
// and Close it when the process is done.
type Contexts struct {
	slots   chan struct{}    // one token per proof running
	ready   chan *z3.Context // made ahead or recycled, free
	spent   chan *z3.Context // not recyclable, to be deleted
	stop    chan struct{}    // closed by Close
	madeAll chan struct{}    // closed when the maker is done
	wg      sync.WaitGroup   // the maker and the deleter

	mu     sync.Mutex // guards closed and sends on spent
	closed bool

	made atomic.Int64 // contexts made, by the maker and by take
}

// NewContexts starts a pool for at most n proofs at once (at least 1).
func NewContexts(n int) *Contexts {
	n = max(n, 1)
	p := &Contexts{
		slots:   make(chan struct{}, n),
		ready:   make(chan *z3.Context, n),
		spent:   make(chan *z3.Context, n),
		stop:    make(chan struct{}),
		madeAll: make(chan struct{}),
	}
	p.wg.Add(2)
	go p.make()
	go p.delete()
	return p
}

// make makes the pool's first contexts, one per slot; from then on
// proofs give theirs back recycled. It stops at the first failure to
// make a context: take then makes its own and reports that failure to
// its proof.
func (p *Contexts) make() {
	defer p.wg.Done()
	defer close(p.madeAll)
	for range cap(p.slots) {
		zc, err := z3.NewContext()
		if err != nil {
			return
		}
		p.made.Add(1)
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

// take waits for a slot, then returns a ready context, fresh or recycled
// (made now if none is ready, as after Close or a failure of the maker).
func (p *Contexts) take(ctx context.Context) (*z3.Context, error) {
	select {
	case p.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	// While the maker makes the first contexts, one is on its way for
	// every slot: wait for it rather than make another.
	select {
	case zc, ok := <-p.ready:
		if ok {
			return zc, nil
		}
	case <-p.madeAll:
		select {
		case zc, ok := <-p.ready:
			if ok {
				return zc, nil
			}
		default:
		}
	case <-ctx.Done():
		<-p.slots
		return nil, ctx.Err()
	}
	zc, err := z3.NewContext()
	if err != nil {
		<-p.slots
		return nil, err
	}
	p.made.Add(1)
	return zc, nil
}

// Made is the number of Z3 contexts the pool made so far: one per slot
// while proofs give their contexts back recycled.
func (p *Contexts) Made() int {
	return int(p.made.Load())
}

// give ends a proof's use of zc and frees its slot. zc is recycled for
// the next proof; one that cannot be (it recorded an error) is deleted on
// the deleter's goroutine, or here once the pool is closed or the
// deleter is behind.
func (p *Contexts) give(zc *z3.Context) {
	// The slot is freed last, so that the next proof finds the context
	// in ready rather than making one of its own.
	defer func() { <-p.slots }()
	next, err := zc.Recycle()
	p.mu.Lock()
	defer p.mu.Unlock()
	if err != nil {
		if !p.closed {
			select {
			case p.spent <- zc:
				return
			default:
			}
		}
		zc.Close()
		return
	}
	if !p.closed {
		select {
		case p.ready <- next:
			return
		default:
		}
	}
	next.Close()
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
