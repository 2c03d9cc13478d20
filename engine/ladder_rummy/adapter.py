"""JSON in, JSON out: the one door between the page (or the endpoint) and the engine.

Every function takes and returns JSON text, so the JavaScript bridge needs only
``JSON.parse``. One game lives in the interpreter at a time. Errors never escape
as tracebacks: an answer is ``{"ok": true, ...}`` or ``{"ok": false, "error": reason}``, with the
refusal's ``code`` and ``params`` when it has them (the page words those in the reader's language).

A game keeps the computer players of the engine version that started it: its save
names that version (``engine``), and resuming or watching it plays its computer
moves as that version did (see :data:`.verify.REPLAY_COMPATIBLE`), so an update never
breaks a game in progress or a Daily finished offline.
"""

from __future__ import annotations

import json
from typing import Any, Callable

from . import __version__
from .bots.registry import DAILY_DIFFICULTY, DIFFICULTIES, daily_version
from .cards import JOKER, JOKERS_IN_DECK, SUITS, Card, format_cards, parse_cards
from .contracts import CONTRACTS, Requirement, meld_for
from .melds import Meld, run_in_order
from .errors import InvalidMeldError, LadderRummyError, ReplayError, SaveError
from .match import PERSON, Match, person_and_bots
from .bots import make_bot
from .bots.reading import Reading
from .challenge import challenge_of, check_settings, compare_results, verify_challenge
from .actions import Action, Discard, Draw
from .evaluate import progress
from .replay import Replay
from .seeds import derive
from .seeds import check_seed, daily_seed, is_daily_seed, new_seed, parse_date, today_utc
from .verify import REPLAY_COMPATIBLE

SAVE_FORMAT = 1
_session: dict[str, Any] = {}
_watching: dict[str, Any] = {}


def new_game(args_json: str) -> str:
    """Start a Daily (``{"mode": "daily", "date": ...}``, with ``"past": true`` for a past Daily
    started after its day, which has hints: see :func:`_past`) or a New Game
    (``{"mode": "new", "difficulty": ...}``)."""
    return _answer(lambda: _start(_load_object(args_json, "new game arguments")))


def act(command: str) -> str:
    """Play the person's action (a canonical string), then the computers up to the person's next decision."""
    return _answer(lambda: _act(command))


def check(command: str) -> str:
    """Whether the person's action would be accepted now: ``{"ok": true, "action": logged}`` or the
    refusal :func:`act` would give. Nothing changes, and no computer plays (the Arrange panel asks)."""
    def checked() -> dict[str, Any]:
        if not isinstance(command, str):
            raise LadderRummyError("a command must be text")
        return {"action": str(_match().check_person(command))}
    return _answer_with(checked)


def check_slots(args_json: str) -> str:
    """``{"slots": ["7H 7S 7C", "8D 9D"]}``, one text per meld of the person's contract, in its
    order: ``{"ok": true, "slots": [{"ok": true, "cards": ...} | refusal]}``, each judged as the
    meld it stands for (:func:`.contracts.meld_for`), ``cards`` the meld as it would be laid down.
    Nothing changes; the Arrange panel marks the slots that hold their meld already."""
    def judged() -> dict[str, Any]:
        slots = _load_object(args_json, "slots").get("slots")
        needs = CONTRACTS[_match().game.players[PERSON].step]
        if not isinstance(slots, list) or len(slots) != len(needs) or not all(isinstance(s, str) for s in slots):
            raise LadderRummyError(f"slots must be a list of {len(needs)} texts of cards, one per meld of the contract")
        return {"slots": [_slot_verdict(text, need) for text, need in zip(slots, needs)]}
    return _answer_with(judged)


def _slot_verdict(text: str, need: Requirement) -> dict[str, Any]:
    """``{"ok": true, "cards": meld, "stands_for": [...]}`` if the slot's cards make the meld
    ``need`` asks for, else the refusal. A run's slot is tapped, not written: a play-test tapped
    K♦ Q♦ J♦ 10♦ into one and was told they were out of order, another 5♣ 4♣ 7♣ 6♣. Cards that
    make no run as tapped are read high to low (a joker keeps the place it was tapped in), then
    put in order (:func:`.melds.run_in_order`). The notation stays low to high: the lay-down the
    panel sends is ``cards``, and ``stands_for`` says what each of its jokers stands for."""
    try:
        cards = parse_cards(text)
        try:
            meld = meld_for(cards, need)
        except InvalidMeldError as err:
            if need.kind != "run" or err.code not in ("meld_order", "meld_order_ace", "meld_gap"):
                raise
            meld = _run_as_tapped(cards, need, err)
    except LadderRummyError as err:
        return json.loads(_refusal(err))
    return {"ok": True, "cards": str(meld), "stands_for": meld.stands_for()}


def _run_as_tapped(cards: list[Card], need: Requirement, err: InvalidMeldError) -> Meld:
    """The run a slot's cards make when read high to low or put in order, else ``err`` (or, when
    only a card is missing, the error that names it)."""
    try:
        return meld_for(cards[::-1], need)
    except InvalidMeldError as turned:
        ordered = run_in_order(cards)
        if ordered is not None:
            return meld_for(ordered, need)
        # A card missing (as tapped, or high to low): that card, not the order, is the fault.
        gap = next((e for e in (err, turned) if e.code == "meld_gap"), None)
        if gap is not None:
            raise gap from None
        # Order is not asked of a slot, so "put them low to high" would not help: say what would.
        shown = format_cards(cards)
        raise InvalidMeldError(f"{shown} is not a run in any order: a gap the jokers cannot fill, or a card twice",
                               "slot_no_run", cards=shown) from None


def resume(save_json: str) -> str:
    """Resume a saved game by replaying its log; a bad save is refused with the reason, and a
    save of a version this engine cannot replay with its own code (:func:`_unreplayable`)."""
    try:
        save = _load_object(save_json, "saved game")  # read once: the version, then the whole save
    except LadderRummyError as err:
        return _refusal(err)
    return _unreplayable(save.get("engine"), "this game was saved") or _answer(lambda: _resume(save))


def _unreplayable(version: object, what: str) -> str | None:
    """``{"ok": false, "code": "engine_version", "saved_by": version, "error"}`` for a version
    (named by a save or a challenge) that this engine cannot replay, else None. Said apart from
    other refusals: the page keeps such a save aside and says a newer page may read it."""
    if not isinstance(version, str) or version in REPLAY_COMPATIBLE:
        return None
    shown = version[:40]
    return json.dumps({"ok": False, "code": "engine_version", "saved_by": shown,
                       "error": f"{what} by engine {shown!r}, which this engine cannot replay"})


def current() -> str:
    """The view and save of the game in progress."""
    return _answer(lambda: None)


def watch(save_json: str) -> str:
    """Open a replay of a saved or leaderboard game (a Save: mode, seed, difficulty, log); frame 0."""
    def open_replay() -> dict[str, Any]:
        save = _load_object(save_json, "game to watch")
        settings = check_save({"format": SAVE_FORMAT, **save})
        replay, _ = _replayed(settings, lambda version: Replay(
            settings["seed"], save["log"], person_and_bots(settings["difficulty"], version)))
        _watching.clear()
        _watching.update(settings, replay=replay)
        return {"frame": replay.frame(0)}
    return _answer_with(open_replay)


def watch_frame(index: int) -> str:
    """Frame ``index`` (0 to the number of actions) of the open replay, every hand face up."""
    def frame() -> dict[str, Any]:
        replay = _watching.get("replay")
        if replay is None:
            raise LadderRummyError("no replay is open")
        return {"frame": replay.frame(int(index))}
    return _answer_with(frame)


def recent_events(count: int) -> str:
    """The last ``count`` events of the game in progress, as the person saw them.

    The page's Plays log lives in memory; after a reload it is rebuilt from these (a stock
    draw of another seat comes without its card, exactly as it did during play).
    """
    def events() -> dict[str, Any]:
        game = _match().game
        wanted = max(0, int(count))
        recent = game.events[-wanted:] if wanted else []
        return {"events": [game._event_for(event, PERSON) for event in recent]}
    return _answer_with(events)


def _refusal(err: Exception) -> str:
    """``{"ok": false, "error": message}``, with the ``code`` and ``params`` the page words in the
    reader's language when the error has them (see :class:`LadderRummyError`)."""
    answer: dict[str, Any] = {"ok": False, "error": str(err)}
    if isinstance(err, LadderRummyError) and err.code:
        answer.update(code=err.code, params=err.params)
    if isinstance(err, ReplayError):
        answer["index"] = err.index  # the first entry of a log that does not replay (a save cut there resumes)
    return json.dumps(answer)


def _answer_with(step: Callable[[], dict[str, Any]]) -> str:
    """Like :func:`_answer`, for calls that do not concern the game in progress."""
    try:
        return json.dumps({"ok": True, **step()})
    except (LadderRummyError, ValueError, TypeError) as err:
        return _refusal(err)


HINT_PLAYER = "normal"
"""Who the hint button asks: this engine version's Normal (see :func:`hint`)."""


def hint() -> str:
    """New Game and past Daily only: the move this engine's Normal would make in the person's seat now.

    Normal, not engine 1.0.0's strong player: that one handed a down rival a card it could lay
    off (0.36 times a game), and the hint button would have taught the same habit. Normal, not
    Hard: as strong (docs/BOTS.md) and a hint is never kept waiting on a search."""
    def suggest() -> dict[str, Any]:
        match = _match()
        if not _hints():
            raise LadderRummyError("hints are off in the Daily: everyone plays the same deals unaided")
        game = match.game
        if game.is_over:
            raise LadderRummyError("the game is over", "game_over")
        if game.current_seat != PERSON:
            raise LadderRummyError("it is not your turn", "not_your_turn")
        rng = derive(game.seed, "hint", len(game.log))
        action = make_bot(HINT_PLAYER).choose(game.bot_view(PERSON), game.legal_actions(), rng)
        return {"hint": str(action), "missing": _discard_effect(match, action), "top": _draw_effect(match, action),
                "kept": _kept_effect(match, action)}
    return _answer_with(suggest)


def challenge(args_json: str) -> str:
    """Check a challenge link's game (``{"seed", "difficulty", "engine", "moves"}``) and replay its
    moves with the computer players of the engine version that played it: the true result and the
    whole log, or the reason. A short link (``moves`` null) has only its game checked.

    Three refusals the page words apart: ``engine_version`` (a version this engine cannot replay:
    a newer page may; as :func:`resume` says it), ``challenge_game`` (the link's seed or difficulty:
    no game to play at all), and moves that do not replay (the link was changed)."""
    try:
        args = _load_object(args_json, "challenge")
    except LadderRummyError as err:
        return _refusal(err)
    version = args.get("engine")
    refused = _unreplayable(version, "this challenge was played")
    if refused:
        return refused
    try:
        check_settings(args.get("seed"), args.get("difficulty"), version)
    except LadderRummyError as err:
        return json.dumps({"ok": False, "code": "challenge_game", "error": str(err), "reason": json.loads(_refusal(err))})
    if args.get("moves") is None:
        return json.dumps({"ok": True, "result": None, "log": None})
    return _answer_with(lambda: verify_challenge(args["seed"], args["difficulty"], args["moves"], version))


def challenge_link(save_json: str) -> str:
    """What a challenge link carries of a finished New Game (its save): the result and the person's moves."""
    def carried() -> dict[str, Any]:
        settings = check_save(_load_object(save_json, "finished game"))
        if settings["mode"] != "new":
            raise LadderRummyError("only a New Game can be sent as a challenge")
        save = _load_object(save_json, "finished game")
        return challenge_of(settings["seed"], save["log"])
    return _answer_with(carried)


def compare(args_json: str) -> str:
    """``{"mine": result, "theirs": result}`` → ``{"outcome": "won" | "lost" | "tied"}``, by the game's ranking."""
    def outcome() -> dict[str, Any]:
        args = _load_object(args_json, "results to compare")
        try:
            return {"outcome": compare_results(args["mine"], args["theirs"])}
        except (KeyError, TypeError) as err:
            raise LadderRummyError(f"a result to compare lacks its contracts or penalty ({err})") from None
    return _answer_with(outcome)


def _start(args: dict[str, Any]) -> None:
    mode = args.get("mode")
    if mode == "daily":
        date = parse_date(str(args.get("date") or today_utc().isoformat())).isoformat()
        # The date's computer players, whichever version this is (bots/registry.py, DAILY_PLAYERS_FROM).
        settings = {"mode": "daily", "date": date, "seed": daily_seed(date), "difficulty": DAILY_DIFFICULTY,
                    "engine": daily_version(date), "past": _past(args, "daily", date)}
    elif mode == "new":
        difficulty = args.get("difficulty", "normal")
        if difficulty not in DIFFICULTIES:
            raise LadderRummyError(f"{difficulty!r} is not a difficulty (easy, normal or hard)", "no_difficulty",
                                   difficulty=str(difficulty)[:40])
        seed = check_seed(args.get("seed") or new_seed())
        if is_daily_seed(seed):
            raise LadderRummyError(f"the seed {seed!r} is a Daily's: a New Game cannot deal it (a past Daily is in the calendar)",
                                   "daily_seed", seed=seed)
        # A challenge is played against the computer players of the engine that played it.
        version = args.get("engine") or __version__
        if version not in REPLAY_COMPATIBLE:
            raise LadderRummyError(f"engine {version!r} is not one this engine plays ({', '.join(REPLAY_COMPATIBLE)})")
        settings = {"mode": "new", "date": None, "seed": seed, "difficulty": difficulty, "engine": version,
                    "past": _past(args, "new", None)}
    else:
        raise LadderRummyError(f"{mode!r} is not a mode (daily or new)")
    match = Match.against(settings["seed"], settings["difficulty"], settings["engine"])
    match.advance()
    _session.clear()
    _session.update(settings, match=match)


def _act(command: str) -> None:
    match = _match()
    if not isinstance(command, str):
        raise LadderRummyError("a command must be text")
    _session.pop("left", None)
    match.play_person(command, played=lambda: _session.update(left=_standing(match)))


def _resume(save: dict[str, Any]) -> None:
    settings = check_save(save)
    match, version = _replayed(settings, lambda version: Match.replay(
        settings["seed"], save["log"], person_and_bots(settings["difficulty"], version)))
    match.advance()
    _session.clear()
    _session.update({k: v for k, v in settings.items() if k != "versions"}, engine=version, match=match)


def _replayed(settings: dict[str, Any], replay: Callable[[str], Any]) -> tuple[Any, str]:
    """``replay(version)`` with the save's engine version; for a save that names none (a
    leaderboard game), with the newest version whose computer players replay it."""
    versions = settings["versions"] or list(reversed(REPLAY_COMPATIBLE))
    for version in versions[:-1]:
        try:
            return replay(version), version
        except ReplayError:
            continue
    return replay(versions[-1]), versions[-1]


def check_save(save: dict[str, Any]) -> dict[str, Any]:
    """The settings of a save, or :class:`SaveError` naming what is wrong with it."""
    if save.get("format") != SAVE_FORMAT:
        raise SaveError(f"this saved game has format {save.get('format')!r}; this engine reads format {SAVE_FORMAT}",
                        "save_format", format=str(save.get("format"))[:20])
    mode, seed, log = save.get("mode"), save.get("seed"), save.get("log")
    if mode not in ("daily", "new") or not isinstance(seed, str) or not isinstance(log, list):
        raise SaveError("this saved game is missing its mode, seed or log", "save_fields")
    difficulty = DAILY_DIFFICULTY if mode == "daily" else save.get("difficulty")
    if difficulty not in DIFFICULTIES:
        raise SaveError(f"this saved game names an unknown difficulty {difficulty!r}", "no_difficulty",
                        difficulty=str(difficulty)[:20])
    date = save.get("date") if mode == "daily" else None
    if mode == "daily" and (not isinstance(date, str) or daily_seed(date) != seed):
        raise SaveError("this saved Daily's date and seed do not match", "save_seed")
    if mode == "daily" and parse_date(date) > today_utc():
        raise SaveError(f"this saved Daily is of {date}, a date that has not begun (UTC)", "save_future", date=date)
    if mode == "new" and is_daily_seed(seed):
        raise SaveError(f"this saved New Game deals the seed {seed!r}, which is a Daily's", "save_seed")
    return {"mode": mode, "date": date, "seed": seed, "difficulty": difficulty,
            "versions": _engine_of(save), "past": _past(save, mode, date, SaveError)}


def _past(args: dict[str, Any], mode: str, date: str | None,
          error: type[LadderRummyError] = LadderRummyError) -> bool:
    """Whether a game is a past Daily (``"past": true``): one started after its day, which the page
    never sends to the leaderboard, so it has the hints and the contract panel of a New Game.
    Today's Daily, the one that counts, never does: ``past`` is refused for it and for a New Game."""
    past = args.get("past", False)
    if not isinstance(past, bool):
        raise error(f"'past' must be true or false, not {str(past)[:40]!r}")
    if past and (mode != "daily" or date is None or parse_date(date) >= today_utc()):
        what = "a New Game" if mode != "daily" else f"the Daily of {date}, which is not before today (UTC)"
        raise error(f"only a Daily of a day gone by can be a past Daily, not {what}", "past_only_gone")
    return past


def _hints() -> bool:
    """Hints and the contract panel: in a New Game and a past Daily, never in a Daily that counts."""
    return _session["mode"] == "new" or bool(_session.get("past"))


def _engine_of(save: dict[str, Any]) -> list[str]:
    """The engine version a save names, as a list of one (none named: an empty list), or
    :class:`SaveError` for a version whose games this engine cannot replay."""
    if "engine" not in save:
        return []
    version = save["engine"]
    if version not in REPLAY_COMPATIBLE:
        raise SaveError(f"this saved game was played by engine {version!r}; this engine replays the games"
                        f" of {', '.join(REPLAY_COMPATIBLE)}")
    return [version]


def _match() -> Match:
    match = _session.get("match")
    if match is None:
        raise LadderRummyError("no game is in progress")
    return match


def snapshot() -> dict[str, Any]:
    """The person's view and the save of the game in progress."""
    match = _match()
    save = {"format": SAVE_FORMAT, "engine": _session["engine"], "log": list(match.game.log),
            **{k: _session[k] for k in ("mode", "date", "seed", "difficulty")}}
    if _session.get("past"):
        save["past"] = True  # only then: every other save reads as it always did
    view = match.game.view(PERSON)
    hints = _hints()
    view["hints"] = hints
    view["progress"] = _progress(match) if hints else None
    view["ended_progress"] = _ended_progress(view["events"], _session.get("left")) if hints else None
    return {"view": view, "save": save}


def _discard_effect(match: Match, action: Action) -> dict[str, int] | None:
    """A hinted discard before the person is down: the cards the hand lacks now and without it.

    The contract panel names one plan, and a good discard may be a card of it (another plan is
    as close, or its points weigh more near the deal's end): the page says which, so the hint
    and the panel do not read as two contrary orders (a play-test). None for any other move.
    """
    me = match.game.players[PERSON]
    if not isinstance(action, Discard) or me.laid_down:
        return None
    after = list(me.hand)
    after.remove(action.card)
    return {"now": progress(me.hand, me.step).missing, "after": progress(after, me.step).missing}


def _draw_effect(match: Match, action: Action) -> dict[str, Any] | None:
    """A hinted draw: what the top discard would do for the person, so the hint can say why it is
    taken or left (a play-test saw the hint take a card the contract panel did not count on).

    Before laying down: the cards to go now and with the top card (``now``, ``with``), and whether
    more cards would then bring the hand closer (``more``: why Normal mostly takes a card that
    is no step closer), or fewer (``fewer``: why it leaves one that is a step closer; in 22 of 22
    such hints over 25 games, a play-test having read "draw from the stock" with no reason beside
    the very card the panel asked for). A card taken that does neither may stand in for a held
    card worth more points (``instead``: a play-test's hint took 6♣ beside 7♣–10♣ and said
    nothing; 10♣ went next). Once down: whether it fits a meld on the table (``fits``). None for
    any other move.
    Facts about the hand, not Normal's own reasons, so the page says only what they show."""
    game = match.game
    if not isinstance(action, Draw) or not game.discard:
        return None
    me = game.players[PERSON]
    top = game.discard[-1]
    if me.laid_down:
        return {"card": str(top), "fits": any(meld.meld.ends_accepting(top) for meld in game.table)}
    now, with_top = progress(me.hand, me.step), progress([*me.hand, top], me.step)
    more, fewer = len(with_top.outs) > len(now.outs), len(with_top.outs) < len(now.outs)
    instead = _stands_in_for(me.hand, top, me.step, now.missing) if with_top.missing == now.missing and not more else None
    return {"card": str(top), "now": now.missing, "with": with_top.missing, "more": more, "fewer": fewer,
            "instead": str(instead) if instead else None}


def _stands_in_for(hand: list[Card], top: Card, step: int, missing: int) -> Card | None:
    """The held natural card of most points that ``top`` can replace with the contract no further
    away: taking ``top`` and letting that card go leaves a hand as close, for fewer points."""
    swaps = [card for card in set(hand) if not card.is_joker and card.points > top.points]
    for card in sorted(swaps, key=lambda card: (-card.points, str(card))):
        kept = list(hand)
        kept.remove(card)
        if progress([*kept, top], step).missing <= missing:
            return card
    return None


def _kept_effect(match: Match, action: Action) -> dict[str, Any] | None:
    """A hinted discard that keeps a card worth more points: that card, and a fact about the hand
    that says why it may be kept (a play-test read "discard 5♣" while holding 9♣ as a slip).

    The card is the highest in points the person could discard instead (a joker never). Before
    laying down: the contract lacks more cards without it (``needed``), or as many but more cards
    would bring the hand closer with it (``outs``); once down: it fits a meld (``fits``: laid
    down this turn, so laid off from the next), or would once one card is laid off at a run's end
    (``near``), or a rival collects its rank (``collects``, with that rival's ``seat``). None when
    no such fact holds, or for any other move.
    Facts about the hand and the table, as with the other hint effects, not Normal's own reasons."""
    game = match.game
    if not isinstance(action, Discard):
        return None
    higher = [a.card for a in game.legal_actions()
              if isinstance(a, Discard) and not a.card.is_joker and a.card.points > action.card.points]
    if not higher:
        return None
    kept = max(higher, key=lambda card: card.points)
    me = game.players[PERSON]
    if not me.laid_down:
        why = _needed_more(me.hand, me.step, action.card, kept)
        return {"card": str(kept), "why": why} if why else None
    why = _near_fit(game, kept)
    if why:
        return {"card": str(kept), "why": why}
    seat = _collector(game, kept)
    return {"card": str(kept), "why": "collects", "seat": seat} if seat is not None else None


def _collector(game: Any, card: Card) -> int | None:
    """The seat of a rival not yet down whose contract has a group and who took a card of
    ``card``'s rank from the discard pile and, as far as the table shows, still holds it: a
    group of that rank may come down, and ``card`` lay off on it. Once down, the hint keeps
    such a card for 90 of the 124 discards it could not explain in 40 games (a play-test read
    "discard 3♠" beside a dead K♠ as a slip). Read from the person's own view, as a player can."""
    for rival in Reading(game.bot_view(PERSON)).rivals:
        if not rival.laid_down and rival.wants_groups and any(held.rank == card.rank for held in rival.held):
            return rival.seat
    return None


def _needed_more(hand: list[Card], step: int, thrown: Card, kept: Card) -> str | None:
    """Why keeping ``kept`` (and throwing ``thrown``) helps the contract: ``needed``, ``outs`` or None."""
    def without(card: Card) -> list[Card]:
        rest = list(hand)
        rest.remove(card)
        return rest
    keep, lose = progress(without(thrown), step), progress(without(kept), step)
    if lose.missing > keep.missing:
        return "needed"
    return "outs" if lose.missing == keep.missing and len(keep.outs) > len(lose.outs) else None


def _near_fit(game: Any, card: Card) -> str | None:
    """``fits`` when ``card`` fits a meld on the table (it is laid off from the next turn: the
    person laid down this turn), ``near`` when it would fit a run once one more card is laid off
    at the run's end, else None."""
    if any(table_meld.meld.ends_accepting(card) for table_meld in game.table):
        return "fits"
    naturals = [Card(rank, suit) for suit in SUITS for rank in range(1, 14)]
    for table_meld in game.table:
        meld = table_meld.meld
        if meld.kind != "run":
            continue
        for step_card in naturals:
            if any(meld.lay_off(step_card, end).ends_accepting(card) for end in meld.ends_accepting(step_card)):
                return "near"
    return None


def _progress(match: Match) -> dict[str, Any] | None:
    """What the person still lacks for the contract (New Game only), from the engine's evaluator."""
    return _line(_standing(match))


def _standing(match: Match) -> tuple[int, list[Card], int, bool, int]:
    """What the contract panel's line is worked out from, cheap to keep: the deal, the person's
    hand and step, whether they are down (or the game over), and the jokers on the table."""
    me = match.game.players[PERSON]
    on_table = sum(card.is_joker for meld in match.game.table for card in meld.meld.cards)
    return match.game.deal, list(me.hand), me.step, me.laid_down or match.game.is_over, on_table


def _line(standing: tuple[int, list[Card], int, bool, int]) -> dict[str, Any] | None:
    """The contract panel's line for a :func:`_standing`, or None once down."""
    _, hand, step, down, on_table = standing
    if down:
        return None
    shown = progress(hand, step)
    # A joker on the table stays there all deal: once every joker is there or in this hand, the
    # panel no longer says "or a joker" (a play-test read it with all three on the table).
    if on_table + hand.count(JOKER) >= JOKERS_IN_DECK:
        shown = shown.without(JOKER)
    return shown.to_json()


def _ended_progress(events: list[dict[str, Any]], left: tuple[int, list[Card], int, bool, int] | None) -> dict[str, Any] | None:
    """What the person lacked when a deal among ``events`` ended, their contract not down.

    The computer players' turns that end a deal are shown after the engine has dealt the next
    one, whose hand the view's ``progress`` is about: the panel went blank through those turns
    (a play-test). ``left`` is what the person's last move left (:func:`_act`, kept as a
    :func:`_standing` and worked out only here, off the hot path), read as ``progress`` is (a
    joker that can no longer come is not offered); a deal that ended in that move itself, or a
    page resumed since, has none."""
    end = next((event for event in events if event["type"] == "deal_end"), None)
    return _line(left) if end and left and left[0] == end["deal"] else None


def _answer(step: Callable[[], None]) -> str:
    try:
        step()
        return json.dumps({"ok": True, **snapshot()})
    except ValueError as err:  # LadderRummyError is one
        return _refusal(err)


def _load_object(text: str, what: str) -> dict[str, Any]:
    try:
        value = json.loads(text) if isinstance(text, str) else text
    except json.JSONDecodeError as err:
        raise SaveError(f"the {what} is not readable JSON ({err.msg} at character {err.pos})") from None
    if not isinstance(value, dict):
        raise SaveError(f"the {what} must be a JSON object")
    return value
