"""What one seat can know (its view), and the consistency checks of states and views."""

from __future__ import annotations

from dataclasses import dataclass

from service.engine.cards import Cards, code, count, iter_cards
from service.engine.declarations import Declaration, declaration_problems, opens_round
from service.engine.errors import InvalidStateError, Problem
from service.engine.message import Message, Plural
from service.engine.moves import Move
from service.engine.rules import Rules
from service.engine.state import Play, State, legal_moves
from service.engine.variant_fields import VariantFields, variant_fields


@dataclass(frozen=True, slots=True)
class View(VariantFields):
    """The information set of one seat: its hand, the open cards, and the other hands' sizes.

    Declared hands are public; their cards still in a hand stay in ``unseen`` (a declared
    card's place is known, but the hidden-card count of the other hands includes it).
    """

    rules: Rules
    seat: int
    dealer: int
    to_move: int
    hand: Cards
    table: Cards
    piles: tuple[Cards, ...]
    scope: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    stock_size: int
    deals_made: int
    last_capturer: int | None
    history: tuple[Play, ...] = ()
    # Chkobba: the cutter's choice is pending (the drawn card is in ``cut_card`` for the cutter).
    cut_pending: bool = False

    @property
    def next_is_last_play(self) -> bool:
        """Whether the next card played is the last of the hand."""
        return self.stock_size == 0 and sum(self.hand_sizes) == 1

    @property
    def unseen(self) -> Cards:
        """The cards this seat cannot see: the other hands and the stock."""
        seen = self.hand | self.table
        if self.cut_card is not None:
            seen |= 1 << self.cut_card
        for pile in self.piles:
            seen |= pile
        return self.rules.pack_cards & ~seen


def view_of(state: State, seat: int) -> View:
    """The view of one seat of a full state."""
    return View(
        rules=state.rules,
        seat=seat,
        dealer=state.dealer,
        to_move=state.to_move,
        hand=state.hands[seat],
        table=state.table,
        piles=state.piles,
        scope=state.scope,
        hand_sizes=tuple(map(count, state.hands)),
        stock_size=len(state.stock),
        deals_made=state.deals_made,
        last_capturer=state.last_capturer,
        history=state.history,
        cut_pending=state.cut_pending,
        **{
            **variant_fields(state),
            "cut_card": state.cut_card if seat == state.to_move else None,
        },
    )


@dataclass(frozen=True, slots=True)
class Layout(VariantFields):
    """The shared shape of a state or a view, as the consistency check reads it; its problems
    name the fields of the value it was made of (a view's ``hand`` and ``hand_sizes``, a
    state's ``hands``)."""

    rules: Rules
    dealer: int
    to_move: int
    deals_made: int
    hand_sizes: tuple[int, ...]
    stock_size: int
    places: tuple[tuple[str, Cards], ...]
    piles: tuple[Cards, ...]
    scope: tuple[int, ...]
    last_capturer: int | None
    history: tuple[Play, ...]
    hidden: int
    cut_pending: bool = False
    # The seat of a view, whose hand is its ``hand`` field; None for a full state.
    viewer: int | None = None

    @property
    def sizes_field(self) -> str:
        """The field of the hands' sizes: a state's ``hands``, a view's ``hand_sizes``."""
        return "hands" if self.viewer is None else "hand_sizes"

    def hand_place(self, seat: int) -> str | None:
        """The field of a seat's hand: ``hands[1]`` in a state, ``hand`` for a view's own
        seat; None for a hand a view does not see."""
        if self.viewer is None:
            return f"hands[{seat}]"
        return "hand" if seat == self.viewer else None


def layout_problems(layout: Layout) -> list[Problem]:
    """Every way a layout cannot happen under its rules, all at once."""
    rules = layout.rules
    n = rules.players
    problems: list[Problem] = []
    if not 0 <= layout.dealer < n:
        problems.append(Problem("dealer", Message("must be a seat 0..{last}", last=n - 1)))
    if not 0 <= layout.to_move < n:
        problems.append(Problem("to_move", Message("must be a seat 0..{last}", last=n - 1)))
    if len(layout.hand_sizes) != n:
        problems.append(
            Problem(layout.sizes_field, Message("expected {count} hands, one per seat", count=n))
        )
    if len(layout.piles) != rules.sides:
        problems.append(
            Problem("piles", Message("expected {sides} piles, one per side", sides=rules.sides))
        )
    if len(layout.scope) != rules.sides:
        problems.append(
            Problem(
                "scope",
                Message("expected {sides} scope counts, one per side", sides=rules.sides),
            )
        )
    if not 1 <= layout.deals_made <= rules.deals:
        problems.append(Problem("deals_made", Message("must be 1..{deals}", deals=rules.deals)))
    problems += [
        Problem(f"history[{i}].seat", Message("must be a seat 0..{last}", last=n - 1))
        for i, play in enumerate(layout.history)
        if not 0 <= play.seat < n
    ]
    if problems:
        return problems
    problems += _card_places(layout)
    problems += _match_and_declarations(layout)
    if layout.cut_pending:
        return problems + _cut_problems(layout)
    problems += _sizes(layout)
    problems += _scope_and_capturer(layout)
    return problems


def _card_places(layout: Layout) -> list[Problem]:
    rules = layout.rules
    union = 0
    for _, cards in layout.places:
        if cards & union or cards & ~rules.pack_cards:
            return _misplaced_cards(layout)
        union |= cards
    return _unaccounted(layout, union)


def _misplaced_cards(layout: Layout) -> list[Problem]:
    """Cards outside the pack or in two places, each named, then the unaccounted count."""
    rules = layout.rules
    problems: list[Problem] = []
    owner: dict[int, str] = {}
    union = 0
    for place, cards in layout.places:
        outside = cards & ~rules.pack_cards
        if outside:
            listed = ", ".join(code(c) for c in iter_cards(outside))
            problems.append(
                Problem(
                    place,
                    Message("not in the {pack} pack: {cards}", pack=rules.pack, cards=listed),
                )
            )
        for c in iter_cards(cards & rules.pack_cards):
            if c in owner:
                problems.append(
                    Problem(
                        place, Message("{card} is also in {place}", card=code(c), place=owner[c])
                    )
                )
            else:
                owner[c] = place
        union |= cards
    return problems + _unaccounted(layout, union)


def _unaccounted(layout: Layout, union: int) -> list[Problem]:
    """The problem of a pack whose cards outside ``union`` are not the hidden count."""
    problems: list[Problem] = []
    missing = count(layout.rules.pack_cards & ~union)
    if missing != layout.hidden:
        problems.append(
            Problem(
                "cards",
                Plural(
                    "{count} card is unaccounted for, but the hidden hands and the stock hold "
                    "{hidden}",
                    "{count} cards are unaccounted for, but the hidden hands and the stock hold "
                    "{hidden}",
                    missing,
                    hidden=layout.hidden,
                ),
            )
        )
    return problems


def _match_and_declarations(layout: Layout) -> list[Problem]:
    """The match context, the claim and the declarations fit the rules."""
    rules = layout.rules
    problems: list[Problem] = []
    if layout.match_scores and len(layout.match_scores) != rules.sides:
        problems.append(
            Problem(
                "match_scores",
                Message("expected {sides} scores, one per side", sides=rules.sides),
            )
        )
    if layout.match_target is not None and layout.match_target < 1:
        problems.append(Problem("match_target", Message("must be at least 1")))
    if layout.claimed_by is not None:
        if not rules.claims:
            problems.append(Problem("claimed_by", Message("only with claims")))
        elif layout.claimed_by != layout.to_move:
            problems.append(Problem("claimed_by", Message("the claim is made by the seat to move")))
    problems += declaration_problems(rules, layout.declarations, layout.deals_made)
    problems += _declared_cards_placed(layout)
    problems += _round_problems(layout)
    return problems


def _declared_cards_placed(layout: Layout) -> list[Problem]:
    """A declared card is never in the stock or another seat's hand, and once its deal is
    over it is in no hand at all: it was played."""
    problems: list[Problem] = []
    for i, d in enumerate(layout.declarations):
        for place, cards in layout.places:
            if _may_hold(layout, place, d):
                continue
            for c in iter_cards(d.cards & cards):
                reason = Message(
                    "{card} is in {place}, but seat {seat} showed it in deal {deal}",
                    card=code(c),
                    place=place,
                    seat=d.seat,
                    deal=d.deal,
                )
                problems.append(Problem(f"declarations[{i}].cards", reason))
    return problems


def _may_hold(layout: Layout, place: str, declaration: Declaration) -> bool:
    """Whether a place may hold a card a declaration showed: the table, a pile, or the
    declarer's own hand while the deal lasts."""
    if place == "table" or place.startswith("piles["):
        return True
    return place == layout.hand_place(declaration.seat) and declaration.deal == layout.deals_made


def _round_problems(layout: Layout) -> list[Problem]:
    """An open declaration round follows a three-card deal before any card of it is played,
    and only the seats that already acted in it have declared in this deal."""
    rules = layout.rules
    if not layout.declaration_round:
        return []
    if not opens_round(rules, layout.deals_made):
        return [
            Problem(
                "declaration_round",
                Message("only right after a deal of three cards, with declarations"),
            )
        ]
    problems: list[Problem] = []
    size = rules.deal_sizes[layout.deals_made - 1]
    if layout.cut_pending or any(n != size for n in layout.hand_sizes):
        problems.append(
            Problem(
                "declaration_round", Message("closes before the first card of the deal is played")
            )
        )
    first = (layout.dealer + 1) % rules.players
    acted = (layout.to_move - first) % rules.players
    for i, d in enumerate(layout.declarations):
        if d.deal == layout.deals_made and (d.seat - first) % rules.players >= acted:
            problems.append(
                Problem(
                    f"declarations[{i}].seat",
                    Message(
                        "seat {seat} has not yet acted in the declaration round (seat {to_move} "
                        "is to act)",
                        seat=d.seat,
                        to_move=layout.to_move,
                    ),
                )
            )
    return problems


def _cut_problems(layout: Layout) -> list[Problem]:
    """A hand waiting for the cutter's choice: nothing dealt, played or captured yet."""
    rules = layout.rules
    problems: list[Problem] = []
    if not rules.first_card_choice:
        problems.append(Problem("cut_card", Message("only with first_card_choice")))
    if any(layout.hand_sizes) or dict(layout.places).get("table"):
        problems.append(Problem("cut_card", Message("nothing is dealt before the cutter's choice")))
    if any(layout.piles) or any(layout.scope) or layout.last_capturer is not None:
        problems.append(
            Problem("cut_card", Message("nothing is captured before the cutter's choice"))
        )
    if layout.deals_made != 1 or layout.stock_size != rules.pack_size - 1:
        problems.append(
            Problem(
                "stock",
                Message("before the cutter's choice {count} cards wait", count=rules.pack_size - 1),
            )
        )
    if layout.to_move != (layout.dealer + 1) % rules.players:
        problems.append(Problem("to_move", Message("the cutter, after the dealer, chooses first")))
    if layout.history:
        problems.append(Problem("history", Message("nothing is played before the cutter's choice")))
    return problems


def _sizes(layout: Layout) -> list[Problem]:
    rules = layout.rules
    n = rules.players
    problems: list[Problem] = []
    later = rules.deal_sizes[layout.deals_made :]
    expected_stock = n * sum(later)
    if layout.stock_size != expected_stock:
        problems.append(
            Problem(
                "stock",
                Message(
                    "{stock} still to deal, but after {deals} there must be {expected}",
                    stock=_cards(layout.stock_size),
                    deals=_deals(layout.deals_made),
                    expected=expected_stock,
                ),
            )
        )
    size = rules.deal_sizes[layout.deals_made - 1]
    played = n * size - sum(layout.hand_sizes)
    finished = expected_stock == 0 and played == n * size
    if played < 0 or played > n * size or (played == n * size and not finished):
        problems.append(
            Problem(
                layout.sizes_field,
                Message(
                    "{cards} in hands do not fit a deal of {size} each",
                    cards=_cards(sum(layout.hand_sizes)),
                    size=size,
                ),
            )
        )
        return problems
    first = (layout.dealer + 1) % n
    for offset in range(n):
        seat = (first + offset) % n
        turns = (played - offset + n - 1) // n if played > offset else 0
        if layout.hand_sizes[seat] != size - turns:
            problems.append(
                Problem(
                    f"{layout.sizes_field}[{seat}]",
                    Message(
                        "holds {cards}; after {plays} of this deal it must hold {expected}",
                        cards=_cards(layout.hand_sizes[seat]),
                        plays=_plays(played),
                        expected=size - turns,
                    ),
                )
            )
    if not finished and not layout.declaration_round and layout.to_move != (first + played) % n:
        problems.append(
            Problem(
                "to_move",
                Message(
                    "after {plays} of this deal seat {seat} is to move, not {to_move}",
                    plays=_plays(played),
                    seat=(first + played) % n,
                    to_move=layout.to_move,
                ),
            )
        )
    total_plays = n * sum(rules.deal_sizes[: layout.deals_made]) - sum(layout.hand_sizes)
    listed = sum(1 for p in layout.history if p.move.plays_card)
    if layout.history and listed != total_plays:
        problems.append(
            Problem(
                "history",
                Message(
                    "the history lists {listed}, but the hand has had {made}",
                    listed=_plays(listed),
                    made=_plays(total_plays),
                ),
            )
        )
    return problems


def _cards(count: int) -> Plural:
    """A number of cards, as a part of a longer message."""
    # TRANSLATORS: a number of cards, a part of a longer message.
    return Plural("{count} card", "{count} cards", count)


def _plays(count: int) -> Plural:
    """A number of card plays, as a part of a longer message."""
    # TRANSLATORS: a number of cards played, a part of a longer message.
    return Plural("{count} play", "{count} plays", count)


def _deals(count: int) -> Plural:
    """A number of deals, as a part of a longer message."""
    # TRANSLATORS: a number of deals made, a part of a longer message.
    return Plural("{count} deal", "{count} deals", count)


def _scope_and_capturer(layout: Layout) -> list[Problem]:
    rules = layout.rules
    n = rules.players
    problems: list[Problem] = []
    total_plays = n * sum(rules.deal_sizes[: layout.deals_made]) - sum(layout.hand_sizes)
    first = (layout.dealer + 1) % n
    seat_plays = [0] * n
    for i in range(total_plays):
        seat_plays[(first + i) % n] += 1
    for side, scope in enumerate(layout.scope):
        pile = layout.piles[side]
        side_plays = sum(seat_plays[s] for s in rules.seats_of(side))
        if scope < 0:
            problems.append(Problem(f"scope[{side}]", Message("must not be negative")))
        elif scope > side_plays:
            problems.append(
                Problem(
                    f"scope[{side}]",
                    Message(
                        "{scope} scope in only {plays} plays by the side",
                        scope=scope,
                        plays=side_plays,
                    ),
                )
            )
        elif 2 * scope > count(pile):
            problems.append(
                Problem(
                    f"scope[{side}]",
                    Message(
                        "{scope} scope need at least {cards} cards in the pile, which holds {held}",
                        scope=scope,
                        cards=2 * scope,
                        held=count(pile),
                    ),
                )
            )
    captured = any(layout.piles)
    if layout.last_capturer is None and captured:
        problems.append(
            Problem("last_capturer", Message("cards were captured, so someone captured last"))
        )
    if layout.last_capturer is not None:
        if not 0 <= layout.last_capturer < n:
            problems.append(
                Problem("last_capturer", Message("must be a seat 0..{last} or null", last=n - 1))
            )
        elif not layout.piles[rules.side_of(layout.last_capturer)]:
            problems.append(
                Problem("last_capturer", Message("the last capturer's side has an empty pile"))
            )
    return problems


def state_layout(state: State) -> Layout:
    """The layout of a full state: every card's place is known."""
    places = [(f"hands[{i}]", h) for i, h in enumerate(state.hands)]
    places += [("table", state.table)]
    places += [(f"piles[{i}]", p) for i, p in enumerate(state.piles)]
    stock = 0
    for c in state.stock:
        stock |= 1 << c
    places.append(("stock", stock))
    if state.cut_card is not None:
        places.append(("cut_card", 1 << state.cut_card))
    return Layout(
        rules=state.rules,
        dealer=state.dealer,
        to_move=state.to_move,
        deals_made=state.deals_made,
        hand_sizes=tuple(map(count, state.hands)),
        stock_size=len(state.stock),
        places=tuple(places),
        piles=state.piles,
        scope=state.scope,
        last_capturer=state.last_capturer,
        history=state.history,
        hidden=0,
        cut_pending=state.cut_pending,
        **variant_fields(state),
    )


def view_layout(view: View) -> Layout:
    """The layout of a view: the other hands and the stock are hidden."""
    places = [("hand", view.hand), ("table", view.table)]
    places += [(f"piles[{i}]", p) for i, p in enumerate(view.piles)]
    others = sum(s for i, s in enumerate(view.hand_sizes) if i != view.seat)
    if view.cut_card is not None:
        places.append(("cut_card", 1 << view.cut_card))
    elif view.cut_pending:
        others += 1
    return Layout(
        rules=view.rules,
        dealer=view.dealer,
        to_move=view.to_move,
        deals_made=view.deals_made,
        hand_sizes=view.hand_sizes,
        stock_size=view.stock_size,
        places=tuple(places),
        piles=view.piles,
        scope=view.scope,
        last_capturer=view.last_capturer,
        history=view.history,
        hidden=others + view.stock_size,
        cut_pending=view.cut_pending,
        viewer=view.seat,
        **variant_fields(view),
    )


def check_state(state: State) -> None:
    """Raise InvalidStateError listing every inconsistency of a full state."""
    problems = layout_problems(state_layout(state))
    if len(state.stock) != len(set(state.stock)):
        problems.append(Problem("stock", Message("a card is listed twice")))
    if problems:
        raise InvalidStateError(problems)


def check_view(view: View) -> None:
    """Raise InvalidStateError listing every inconsistency of a seat's view."""
    problems: list[Problem] = []
    if view.cut_card is not None and not (view.cut_pending and view.seat == view.to_move):
        problems.append(
            Problem("cut_card", Message("only the cutter sees it, while the choice is open"))
        )
    if not 0 <= view.seat < view.rules.players:
        problems.append(
            Problem("seat", Message("must be a seat 0..{last}", last=view.rules.players - 1))
        )
    elif (
        len(view.hand_sizes) == view.rules.players
        and count(view.hand) != view.hand_sizes[view.seat]
    ):
        problems.append(Problem("hand", Message("its size differs from the seat's hand size")))
    problems += layout_problems(view_layout(view))
    if problems:
        raise InvalidStateError(problems)


def view_moves(view: View) -> list[Move]:
    """Every legal move of the viewing seat, which is to move, from its view alone.

    Legal moves read only the mover's hand, the table, the cut card, the declarations, the
    claim and the rules, so a stand-in state with the view's open cards, the other hands
    empty and nothing to deal gives the same list as the full state.
    """
    hands = tuple(view.hand if seat == view.seat else 0 for seat in range(view.rules.players))
    stand_in = State(
        rules=view.rules,
        dealer=view.dealer,
        hands=hands,
        table=view.table,
        piles=view.piles,
        scope=view.scope,
        stock=(),
        deals_made=view.deals_made,
        to_move=view.to_move,
        last_capturer=view.last_capturer,
        history=view.history,
        **variant_fields(view),
    )
    return legal_moves(stand_in)
