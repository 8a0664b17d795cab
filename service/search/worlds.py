"""Determinization: the view's open cards and the plays seen, ready for the world loop."""

from __future__ import annotations

import random
from collections.abc import Mapping

from service.engine.history import tables_before
from service.engine.moves import Move, MoveKind
from service.engine.state import State
from service.engine.view import View
from service.search.kernel import loop
from service.search.kernel.fast import FastRules, Pos, cards_of
from service.search.kernel.inference import Observation
from service.search.kernel.leaf import LeafModel
from service.search.kernel.loop import RootSetup


def observations_of(view: View) -> tuple[Observation, ...]:
    """The cards other seats played in the current deal, for inference (``kernel.inference``),
    seat by seat: only those seats' plays while they still hold hidden cards tell of the hidden
    hands."""
    plays = view.history
    if not plays:
        return ()
    rules = view.rules
    tables = tables_before(rules, plays, view.table)
    card_plays = [i for i, p in enumerate(plays) if p.move.plays_card]
    earlier = rules.players * sum(rules.deal_sizes[: view.deals_made - 1])
    current = card_plays[earlier:]
    # Cards in hands or in the stock now; with the cards played since, those of any moment.
    live = view.hand | view.unseen
    found = []
    for k in range(len(current) - 1, -1, -1):
        play = plays[current[k]]
        live |= 1 << play.move.card
        if (
            play.seat == view.seat
            or play.move.kind is not MoveKind.PLAY
            or not view.hand_sizes[play.seat]
        ):
            continue
        later = 0
        following = (play.seat + 1) % rules.players
        # This deal's hands are only played from: the next seat's size then is its size now
        # and the cards it played since.
        next_size = view.hand_sizes[following]
        for j in current[k + 1 :]:
            if plays[j].seat == play.seat:
                later |= 1 << plays[j].move.card
            next_size += plays[j].seat == following
        partner = rules.side_of(following) == rules.side_of(play.seat)
        found.append(
            Observation(
                play.seat,
                play.move.card,
                play.move.capture,
                tables[current[k]],
                later,
                live,
                next_size,
                partner,
            )
        )
    # Each seat's plays in one run, in the order they were made (inference.log_likelihood).
    found.reverse()
    return tuple(sorted(found, key=lambda seen: seen.seat))


def root_setup(
    view: View,
    moves: list[Move],
    solve_cards: int,
    *,
    playout_solve_cards: int = 0,
    inference: bool = True,
    leaf: LeafModel | None = None,
    known: Mapping[int, int] | None = None,
) -> RootSetup:
    """What the world loop needs from a view and the root moves; ``known``: cards the search
    is told are in other seats' hands (seat: card mask), checked against the view."""
    masks = known_masks(view, known or {})
    told = 0
    for mask in masks:
        told |= mask
    return RootSetup(
        seat=view.seat,
        side=view.rules.side_of(view.seat),
        dealer=view.dealer,
        deals_made=view.deals_made,
        to_move=view.to_move,
        last_capturer=-1 if view.last_capturer is None else view.last_capturer,
        hand=view.hand,
        table=view.table,
        piles=view.piles,
        scope=view.scope,
        unseen=tuple(cards_of(view.unseen & ~told)),
        sizes=view.hand_sizes,
        moves=tuple((m.card, m.capture, m.kind is MoveKind.PASS) for m in moves),
        solve_cards=solve_cards,
        playout_solve_cards=playout_solve_cards,
        observations=observations_of(view) if inference else (),
        leaf=leaf,
        known=masks if told else (),
    )


def known_masks(view: View, known: Mapping[int, int]) -> tuple[int, ...]:
    """One mask a seat of the cards known to be in its hand; ValueError for cards the view
    shows, the seat's own hand, or more cards than a hand holds."""
    masks = [0] * view.rules.players
    told = 0
    for seat, mask in known.items():
        if not 0 <= seat < view.rules.players or seat == view.seat:
            raise ValueError(f"known cards of seat {seat}: not another seat of the table")
        if mask & ~view.unseen or mask & told:
            raise ValueError(f"known cards of seat {seat}: not among the cards the seat cannot see")
        if mask.bit_count() > view.hand_sizes[seat]:
            raise ValueError(f"known cards of seat {seat}: more than its hand holds")
        masks[seat] = mask
        told |= mask
    return tuple(masks)


def sample_world(
    view: View,
    rng: random.Random,
    *,
    inference: bool = True,
    known: Mapping[int, int] | None = None,
) -> Pos:
    """One world as the search samples it: the unseen cards dealt at random into the other
    hands (exact sizes, with the ``known`` cards where they are known to be) and the stock,
    likely given the plays seen when ``inference``."""
    fr = FastRules(view.rules)
    setup = root_setup(view, [], 0, inference=inference, known=known)
    return loop.sample_world(fr, setup, rng)


def pos_of_state(state: State) -> Pos:
    """The fast position of a full engine state."""
    return Pos(
        list(state.hands),
        state.table,
        list(state.piles),
        list(state.scope),
        list(state.stock),
        state.dealer,
        state.deals_made,
        state.to_move,
        -1 if state.last_capturer is None else state.last_capturer,
    )
