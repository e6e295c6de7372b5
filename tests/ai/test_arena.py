"""The arena: line-ups, duplicate seating, seeds, and the figures on a made-up game."""

import json
import math
from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.ai.busy import busy_cores
from tricktable.ai import players
from tricktable.ai.arena import registry
from tricktable.ai.arena import runner as arena
from tricktable.ai.arena.adapter import Column, DealPlay, Seating, TimedPlayer
from tricktable.ai.arena.runner import (
    ArenaSpec,
    deal_seed,
    fill_lineup,
    run_arena,
    seating,
)
from tricktable.ai.arena.stats import LatencyHistogram, mean_ci
from tricktable.cli import app
from tricktable.game import RandomPlayer, Seed


def test_a_short_lineup_is_filled_out_with_its_last_name() -> None:
    assert fill_lineup(["strong", "basic"], 5) == ("strong", "basic", "basic", "basic", "basic")
    assert fill_lineup(["basic"], 2) == ("basic", "basic")
    with pytest.raises(ValueError, match="5 seats"):
        fill_lineup(["a"] * 6, 5)
    with pytest.raises(ValueError):
        fill_lineup([""], 5)


def test_rotations_put_every_lineup_position_in_every_seat() -> None:
    lineup = ("a", "b", "c", "d", "e")
    seatings = [seating(lineup, r) for r in range(5)]
    for position, name in enumerate(lineup):
        assert sorted(s.index(name) for s in seatings) == list(range(5))
        assert seatings[0].index(name) == position
    assert seatings[1] == ("e", "a", "b", "c", "d")


# --- A made-up three-seat game whose scores are known -----------------------------------------

SKILL = {"ace": 2.0, "duffer": 0.0, "par": 1.0}
SEAT_BONUS = (0.5, 0.0, -0.5)
CALLS: list[tuple[Seed, int, tuple[str, ...], tuple[float, ...]]] = []


class MadeUpGame:
    """Seat ``s`` scores its player's skill + a seat bonus + the deal number."""

    game = "madeup"
    seats = 3
    score_label = "points/hand"
    columns = (Column("wins", "wins"),)

    def play_deal(self, seating: Seating) -> DealPlay:
        names = tuple(p.name for p in seating.players)
        CALLS.append((seating.seed, seating.deal, names, tuple(r.random() for r in seating.rngs)))
        scores = tuple(SKILL[n] + SEAT_BONUS[s] + seating.deal for s, n in enumerate(names))
        counters = tuple({"hands": 1.0, "wins": float(s == max(scores))} for s in scores)
        return DealPlay(scores=scores, hands=1, counters=counters)

    def figures(self, counters: Mapping[str, float]) -> dict[str, float | None]:
        return {"wins": counters.get("wins", 0) / counters["hands"]}


@pytest.fixture
def madeup(monkeypatch: pytest.MonkeyPatch) -> None:
    CALLS.clear()
    monkeypatch.setitem(registry.ADAPTERS, "madeup", MadeUpGame)
    # A factory takes the player's budget (compiled, RandomPlayer itself would swallow it).
    monkeypatch.setitem(players.PLAYERS, "madeup",
                        dict.fromkeys(SKILL, lambda budget: RandomPlayer()))


@pytest.mark.usefixtures("madeup")
def test_duplicate_play_seats_every_player_everywhere_with_the_same_deals() -> None:
    run_arena(ArenaSpec(game="madeup", players=("ace", "duffer"), deals=4, seed=9))
    assert len(CALLS) == 4 * 3
    for deal in range(4):
        calls = [c for c in CALLS if c[1] == deal]
        assert {c[0] for c in calls} == {deal_seed(9, deal)}  # the same cards every time
        seats_of_ace = sorted(c[2].index("ace") for c in calls)
        assert seats_of_ace == [0, 1, 2]
        assert all(c[2].count("duffer") == 2 for c in calls)
    # Each seat's generator depends on deal, rotation and seat: all different.
    draws = [x for c in CALLS for x in c[3]]
    assert len(set(draws)) == len(draws)


@pytest.mark.usefixtures("madeup")
def test_mean_interval_and_hands_are_over_deals() -> None:
    report = run_arena(ArenaSpec(game="madeup", players=("ace", "duffer"), deals=5, seed=1))
    ace, duffer = report.players["ace"], report.players["duffer"]
    assert ace.hands == 5 * 3 and duffer.hands == 5 * 3 * 2
    # ace sits once in each seat per deal: mean bonus 0, so deal d gives 2 + d.
    expected = mean_ci([2.0 + d for d in range(5)])
    assert ace.score.mean == pytest.approx(expected.mean)
    assert ace.score.ci95() == pytest.approx(expected.ci95())
    assert duffer.score.mean == pytest.approx(2.0)  # 0 + mean bonus 0 + mean deal 2
    assert ace.figures["wins"] == pytest.approx(1.0)
    assert set(ace.to_json()) >= {"mean", "ci95", "hands", "wins", "latency_ms"}


@pytest.mark.usefixtures("madeup")
def test_the_gain_compares_the_first_player_with_the_baseline_in_its_seat() -> None:
    report = run_arena(ArenaSpec(game="madeup", players=("ace", "duffer"), deals=6, seed=1,
                                 baseline="par"))
    assert report.gain is not None and report.baseline is not None
    assert report.gain.mean == pytest.approx(1.0)  # skill 2 against skill 1, seat for seat
    assert report.gain.ci95() == pytest.approx([1.0, 1.0])
    assert report.baseline.score.mean == pytest.approx(1.0 + 2.5)
    # The baseline replays the same deal, rotation and generators.
    main = [c for c in CALLS if "par" not in c[2]]
    again = [c for c in CALLS if "par" in c[2]]
    assert len(main) == len(again) == 6 * 3
    assert [c[3] for c in main] == [c[3] for c in again]
    data = report.to_json()
    assert data["gain"]["mean"] == pytest.approx(1.0) and data["gain"]["baseline"] == "par"


@pytest.mark.usefixtures("madeup")
def test_unknown_players_and_games_are_refused() -> None:
    with pytest.raises(ValueError, match="no madeup player"):
        run_arena(ArenaSpec(game="madeup", players=("nobody",), deals=1))
    with pytest.raises(ValueError, match="no game"):
        run_arena(ArenaSpec(game="chess", players=("x",), deals=1))


# --- Sheepshead -------------------------------------------------------------------------------


def test_a_small_sheepshead_run_repeats_exactly_with_any_number_of_processes() -> None:
    spec = ArenaSpec(game="sheepshead", players=("basic", "random"), deals=6, seed=3,
                     baseline="random")
    one = run_arena(spec)
    two = run_arena(replace(spec, jobs=2))

    def figures(report: arena.ArenaReport) -> dict[str, object]:
        data = report.to_json()
        for player in [*data["players"].values(), data["baseline"]]:
            player.pop("latency_ms")
        data.pop("seconds")
        return data

    assert figures(one) == figures(two)
    basic = one.players["basic"]
    assert basic.hands == 6 * 5 and one.players["random"].hands == 6 * 5 * 4
    expected = {"pick_rate", "picker_win_rate", "leaster_rate", "picker_team_points",
                "schneider_rate", "schneidered_rate", "defender_trump_lead_with_fail",
                "schmear_rate"}
    assert expected <= set(basic.figures)
    assert basic.latency_p50 is not None and basic.latency_p95 is not None


@pytest.mark.parametrize("preset", ["pagat", "tavern"])
def test_throw_ins_are_redealt_until_someone_picks(preset: str) -> None:
    report = run_arena(ArenaSpec(game="sheepshead", players=("random", "basic"), deals=6,
                                 seed=2, preset=preset))
    for player in report.players.values():
        assert player.figures["leaster_rate"] == 0


def test_the_arena_command_prints_a_table_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    result = CliRunner().invoke(app, [
        "arena", "sheepshead", "--players", "basic,random", "--deals", "3", "--jobs", "1",
        "--seed", "5", "--baseline", "random", "--json", str(out),
    ])
    assert result.exit_code == 0, result.output
    assert "score/hand" in result.output and "gain of basic over random" in result.output
    data = json.loads(out.read_text())
    assert data["game"] == "sheepshead" and data["deals"] == 3 and data["seed"] == 5
    assert set(data["players"]) == {"basic", "random"}
    basic = data["players"]["basic"]
    assert {"mean", "ci95", "hands", "latency_ms"} <= set(basic)
    assert set(basic["latency_ms"]) == {"p50", "p95", "p99"}
    assert basic["latency_ms"]["p50"] <= basic["latency_ms"]["p99"]
    assert set(data["gain"]) >= {"mean", "ci95"}


def test_the_cpu_clock_reaches_every_search_player_and_the_report(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    result = CliRunner().invoke(app, [
        "arena", "sheepshead", "--players", "basic,random", "--deals", "2", "--jobs", "1",
        "--cpu-clock", "--json", str(out),
    ])
    assert result.exit_code == 0, result.output
    assert "CPU clock" in result.output and json.loads(out.read_text())["cpu_clock"] is True
    timed = TimedPlayer("pimc", players.make_player("sheepshead", "pimc", cpu_clock=True),
                        LatencyHistogram(), cpu_clock=True)
    assert timed.player.budget.cpu_clock  # type: ignore[attr-defined]


def test_a_line_up_keeps_each_players_own_settings_together() -> None:
    assert arena.split_lineup("basic,random") == ("basic", "random")
    assert arena.split_lineup("strong:play_z=0.25,samples=48,basic") == (
        "strong:play_z=0.25,samples=48", "basic")
    assert arena.split_lineup("strong:samples=8,strong:play_z=1,margin=0,basic") == (
        "strong:samples=8", "strong:play_z=1,margin=0", "basic")
    assert arena.split_lineup("policy:a=b.npz,basic") == ("policy:a=b.npz", "basic")


def test_the_arena_command_takes_a_variant_with_several_settings(tmp_path: Path) -> None:
    out = tmp_path / "arena.json"
    result = CliRunner().invoke(app, [
        "arena", "sheepshead", "--players", "strong:samples=4,margin=0,basic", "--deals", "1",
        "--jobs", "1", "--json", str(out),
    ])
    assert result.exit_code == 0, result.output
    assert set(json.loads(out.read_text())["players"]) == {"strong:samples=4,margin=0", "basic"}


def test_the_arena_command_explains_a_bad_player_name() -> None:
    result = CliRunner().invoke(app, ["arena", "sheepshead", "--players", "nobody",
                                      "--deals", "1", "--jobs", "1"])
    assert result.exit_code == 2 and "no sheepshead player" in result.output


# --- Spades -----------------------------------------------------------------------------------


def test_spades_plays_each_game_in_both_seatings(monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktable.ai.arena import spades as arena_spades

    monkeypatch.setattr(arena_spades, "MAX_HANDS", 2)  # random players rarely reach 500
    report = run_arena(ArenaSpec(game="spades", players=("random",), deals=2, seed=4))
    player = report.players["random"]
    assert player.hands == 2 * 2 * 2 * 2  # deals × seatings × seats × hands per game
    assert {"game_win_rate", "bid_made_rate", "bid_exact_rate", "nil_success_rate",
            "bags_per_hand"} <= set(player.figures)
    assert math.isfinite(player.score.mean)


def test_spades_strong_gives_the_same_results_on_busy_cores(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from tricktable.ai.arena import spades as arena_spades

    monkeypatch.setattr(arena_spades, "MAX_HANDS", 1)  # one hand a game keeps it quick
    spec = ArenaSpec(game="spades", players=("strong", "basic"), deals=1, seed=6, jobs=1,
                     baseline="basic")

    def results() -> dict[str, object]:
        data = run_arena(spec).to_json()
        for player in [*data["players"].values(), data["baseline"]]:
            player.pop("latency_ms")
        data.pop("seconds")
        return data

    idle = results()
    with busy_cores(2):
        busy = results()
    assert busy == idle
