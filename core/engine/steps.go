package engine

import "slices"

// Steps is a module's queue of pending steps, the first one now: what the
// game waits for before it goes on (a roll, a draw, a flip). While one is
// pending, the events its stage lists answer it (Stages). Its methods
// replace the slice, never write into it: an earlier state may share it.
// As JSON it is the list of steps, first first.
type Steps[T any] []T

// Head is the step pending now, or nil.
func (q Steps[T]) Head() *T {
	if len(q) == 0 {
		return nil
	}
	return &q[0]
}

// Set replaces the queue with steps (an empty queue, never nil, with none).
func (q *Steps[T]) Set(steps ...T) { *q = append(Steps[T]{}, steps...) }

// Pop drops the step pending now, which has been answered.
func (q *Steps[T]) Pop() { *q = (*q)[1:] }

// First puts steps before those waiting. steps is taken as the new queue's
// start: the caller passes a slice of its own.
func (q *Steps[T]) First(steps ...T) { *q = append(steps, *q...) }

// Then puts steps after those waiting.
func (q *Steps[T]) Then(steps ...T) { *q = append(slices.Clip(*q), steps...) }

// ReplaceHead swaps the step pending now for steps, keeping the rest.
func (q *Steps[T]) ReplaceHead(steps ...T) {
	*q = append(append(Steps[T]{}, steps...), (*q)[1:]...)
}

// Stage is what a pending step of one kind lets apply: the event types that
// answer it (boardgame.io's stages).
type Stage struct {
	Step   string   // the step's stage: its kind, or a finer name the module gives
	Events []string // the event types that answer it
}

// Stages are a module's stages: the one table of which event types answer
// which pending step. Both the module's legality and its tests read it.
type Stages []Stage

// Takes says whether an event of type t answers a step in stage step.
func (ss Stages) Takes(step, t string) bool {
	for _, s := range ss {
		if s.Step == step && slices.Contains(s.Events, t) {
			return true
		}
	}
	return false
}

// with is ss with event type t answering the step stage (added, in order).
func (ss Stages) with(stage, t string) Stages {
	for i, s := range ss {
		if s.Step == stage {
			ss[i].Events = append(ss[i].Events, t)
			return ss
		}
	}
	return append(ss, Stage{Step: stage, Events: []string{t}})
}

// Answers is the first stage an event of type t answers, if it answers any:
// an event that does waits for its step.
func (ss Stages) Answers(t string) (string, bool) {
	for _, s := range ss {
		if slices.Contains(s.Events, t) {
			return s.Step, true
		}
	}
	return "", false
}
