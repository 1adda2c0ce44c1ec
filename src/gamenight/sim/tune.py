"""Rule tuning: search a game's declared options for the settings whose simulated games hit
target figures (``length=8,first_player=0.25``), with Optuna's TPE sampler.

A target names one of `METRICS`. A trial plays ``games`` games with one setting of the
searched options; its error is the sum over the targets of the squared relative error
``((measured - target) / max(|target|, floor)) ** 2`` (the floor keeps a target of 0, such as
``truncated=0``, usable). Every trial plays the same game seeds (common random numbers: two
settings meet the same deals, so a difference between them is the rules', not the luck's).
The best setting is then confirmed on other seeds with more games, next to the defaults on
those same seeds, each metric with its 95% interval.

The search space is every declared option the game lets vary between bounds (integers and
decimals with a minimum and a maximum, booleans, choices) but the safety limits (options whose
help begins with "safety limit": they end games early rather than change the rules), less the
options fixed by the caller; naming options to search replaces that default. An integer or
decimal range spanning a factor of 100 or more is searched on a log scale.

Seeds: one seed decides everything, so a study is reproducible: the trials' games, the
sampler (reseeded from the number of trials already done, so a resumed study is reproducible
too) and the confirmation's games each derive from it.
"""

from __future__ import annotations

import json
import math
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from gamenight import agents as agent_registry
from gamenight.kernel import make
from gamenight.kernel.errors import N_, InvalidInput
from gamenight.kernel.limits import QUOTE_CHARS, clip, quote
from gamenight.kernel.options import Option

from .backends import check_workers
from .result import SimulationResult
from .runner import MAX_GAMES, derive_seed, lineup_for, simulate
from .stats import Rate

if TYPE_CHECKING:
    import optuna

SAFETY_LIMIT = "safety limit"  # how the help of an option that only stops runaway games begins
LOG_SCALE_SPAN = 100  # a range with max >= this x min (min >= 1) is searched on a log scale
MAX_TRIALS = 100_000
BATCHES = 10  # the confirmation plays its games in this many batches: the spread of the
T_95 = 2.2621571627409915  # batch means gives a mean's interval (Student's t, 9 degrees)
STUDY = "gamenight-tune"  # the study's name in a --db file
# Seed streams: derive_seed(seed, index, stream) with these streams.
TRIAL_GAMES, SAMPLER, CONFIRMATION = 0, 1, 2


@dataclass(frozen=True)
class Metric:
    """A figure of a simulation that a target may name."""

    name: str
    help: str
    floor: float  # the relative error's scale when the target is smaller (a target of 0)
    share: bool  # a share of games or seat-games in [0, 1] rather than a mean per game

    def rate(self, result: SimulationResult) -> Rate:
        """A share metric as wins out of trials (`share` metrics only)."""
        if self.name == "first_player":
            return result.seats[0]
        if self.name == "truncated":
            return Rate(result.truncated, result.games)
        return Rate(result.no_winner, result.games)

    def value(self, result: SimulationResult) -> float:
        """This metric's value in one simulation."""
        if self.share:
            return self.rate(result).rate
        if self.name == "length":
            return result.figures.get(length_unit(result), result.mean_actions)
        return result.mean_actions


METRICS = {
    metric.name: metric
    for metric in (
        Metric(
            "length",
            "mean game length in the game's unit: rounds if it counts them, else turns, "
            "else actions",
            1.0,
            False,
        ),
        Metric("actions", "mean actions per game", 1.0, False),
        Metric(
            "first_player",
            "win rate of seat 0 (a shared win counts); 1/players when seats are even",
            0.05,
            True,
        ),
        Metric("truncated", "share of games a safety limit ended", 0.05, True),
        Metric("no_winner", "share of games that ended without a winner", 0.05, True),
    )
}


def length_unit(result: SimulationResult) -> str:
    """The unit of the ``length`` metric for this game: rounds, turns or actions."""
    return next((unit for unit in ("rounds", "turns") if unit in result.figures), "actions")


def known_metrics() -> str:
    """``length, actions, ...``: the list an error shows."""
    return ", ".join(METRICS)


def parse_targets(text: str) -> dict[str, float]:
    """``"length=8,first_player=0.25"`` -> ``{"length": 8.0, "first_player": 0.25}``.

    An unknown metric (the error lists the metrics), a repeated one, a value that is not a
    finite number >= 0, or a share above 1 raises `ValueError` naming it.
    """
    targets: dict[str, float] = {}
    for item in text.split(","):
        name, sep, number = (part.strip() for part in item.partition("="))
        if not sep or not name:
            raise InvalidInput(
                N_("a target is metric=value, got {value}"), value=quote(item.strip())
            )
        if name in targets:
            raise InvalidInput(N_("target {metric} is given twice"), metric=name)
        try:
            value = float(number)
        except ValueError:
            raise InvalidInput(
                N_("target {metric} must be a number, got {value}"),
                metric=name,
                value=quote(number),
            ) from None
        targets[name] = check_target(name, value)
    return targets


def check_target(name: str, value: float) -> float:
    """`value` if it is a valid target for the metric `name`, else `ValueError`."""
    metric = METRICS.get(name)
    if metric is None:
        raise InvalidInput(
            N_("unknown target metric {metric}; the metrics are: {metrics}"),
            metric=quote(name),
            metrics=known_metrics(),
        )
    if not math.isfinite(value) or value < 0:
        raise InvalidInput(
            N_("target {metric} must be a finite number >= 0, got {value}"),
            metric=name,
            value=quote(value),
        )
    if metric.share and value > 1:
        raise InvalidInput(
            N_("target {metric} is a share: from 0 to 1, got {value}"),
            metric=name,
            value=quote(value),
        )
    return value


def error(targets: Mapping[str, float], figures: Mapping[str, float]) -> float:
    """The sum over the targets of the squared relative error of `figures`."""
    total = 0.0
    for name, target in targets.items():
        scale = max(abs(target), METRICS[name].floor)
        total += ((figures[name] - target) / scale) ** 2
    return total


def searchable(option: Option) -> bool:
    """Whether the search can vary `option`: choices, a boolean, or a bounded number."""
    if option.choices is not None or option.type is bool:
        return True
    return option.type in (int, float) and option.min is not None and option.max is not None


def default_search(specs: Sequence[Option], fixed: Mapping[str, Any]) -> tuple[str, ...]:
    """The options searched when none are named: searchable, not fixed, not safety limits."""
    return tuple(
        option.name
        for option in specs
        if option.name not in fixed and searchable(option) and not _safety_limit(option)
    )


def _safety_limit(option: Option) -> bool:
    return option.help.lower().startswith(SAFETY_LIMIT)


def _log_scale(option: Option) -> bool:
    low, high = option.min, option.max
    return low is not None and high is not None and low >= 1 and high >= LOG_SCALE_SPAN * low


@dataclass(frozen=True)
class TuneConfig:
    """What a study searches and how; `plan` builds a checked one."""

    game_id: str
    players: int
    agents: tuple[str, ...]  # as given; the last fills the remaining seats
    targets: dict[str, float]
    fixed: dict[str, Any]  # options held at these values
    search: tuple[str, ...]  # the options searched
    games: int  # per trial
    trials: int
    confirm_games: int
    seed: int

    def identity(self) -> dict[str, Any]:
        """What a resumed study must share with the stored one (more trials may be asked)."""
        data = asdict(self)
        del data["trials"], data["confirm_games"]
        return data


def plan(
    game_id: str,
    players: int,
    agents: Sequence[str],
    targets: Mapping[str, float],
    fixed: Mapping[str, Any] | None = None,
    search: Sequence[str] | None = None,
    games: int = 100,
    trials: int = 50,
    confirm_games: int | None = None,
    seed: int | None = None,
) -> TuneConfig:
    """A checked `TuneConfig`: every bad argument raises `ValueError` before anything runs.

    `targets` come from `parse_targets` (or a dict of the same shape); `fixed` options are
    held; `search` names the options searched (default: `default_search`); the confirmation
    plays `confirm_games` games (default 4 x `games`); without a seed a random one is drawn.
    """
    fixed = dict(fixed or {})
    probe = make(game_id, players, 0, **fixed)  # checks the game, players and fixed options
    specs = {option.name: option for option in probe.options_spec}
    lineup = lineup_for(agents, players)
    for name in dict.fromkeys(lineup):
        agent_registry.make(name, game_id, 0)  # an unknown agent fails now
    if not targets:
        raise InvalidInput(
            N_("give at least one target; the metrics are: {metrics}"), metrics=known_metrics()
        )
    targets = {name: check_target(name, value) for name, value in targets.items()}
    if search is None:
        search = default_search(probe.options_spec, fixed)
    else:
        search = tuple(dict.fromkeys(name.strip() for name in search))
        known = ", ".join(specs) or "none"
        strange = [name for name in search if name not in specs]
        if strange:
            names = clip(", ".join(strange), QUOTE_CHARS)
            raise InvalidInput(
                N_("unknown option(s) {names} for {game}; known: {known}"),
                names=names,
                game=game_id,
                known=known,
            )
        both = [name for name in search if name in fixed]
        if both:
            raise InvalidInput(
                N_("option(s) {names} both fixed and searched: choose one"), names=", ".join(both)
            )
        for name in search:
            if not searchable(specs[name]):
                raise InvalidInput(
                    N_("option {option} cannot be searched: it has no bounds or choices"),
                    option=name,
                )
    if not search:
        raise InvalidInput(N_("no option of {game} is left to search"), game=game_id)
    confirm_games = 4 * games if confirm_games is None else confirm_games
    for template, count, low, high in (
        (N_("games must be an integer from {least} to {most}, got {value}"), games, 1, MAX_GAMES),
        (
            N_("trials must be an integer from {least} to {most}, got {value}"),
            trials,
            1,
            MAX_TRIALS,
        ),
        (
            N_("confirmation games must be an integer from {least} to {most}, got {value}"),
            confirm_games,
            BATCHES,
            MAX_GAMES,
        ),
    ):
        if isinstance(count, bool) or not isinstance(count, int) or not low <= count <= high:
            raise InvalidInput(template, least=f"{low:,}", most=f"{high:,}", value=quote(count))
    if seed is None:
        seed = secrets.randbits(63)
    elif isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidInput(N_("seed must be an integer, got {value}"), value=quote(seed))
    return TuneConfig(
        game_id,
        players,
        tuple(agents.split(",") if isinstance(agents, str) else agents),
        targets,
        fixed,
        tuple(search),
        games,
        trials,
        confirm_games,
        seed,
    )


@dataclass(frozen=True)
class Trial:
    """One trial of the study: the searched options' values, the figures and the error."""

    number: int
    options: dict[str, Any]
    figures: dict[str, float]
    error: float


@dataclass(frozen=True)
class Estimate:
    """A metric measured over many games, with its 95% interval."""

    value: float
    low: float
    high: float


@dataclass(frozen=True)
class Confirmation:
    """One setting played on the confirmation's seeds: every metric with its interval."""

    options: dict[str, Any]  # every option's value
    games: int
    length_unit: str
    figures: dict[str, Estimate]
    error: float  # against the targets, as a trial's

    def to_dict(self) -> dict[str, Any]:
        return {
            "options": self.options,
            "games": self.games,
            "length_unit": self.length_unit,
            "figures": {name: asdict(estimate) for name, estimate in self.figures.items()},
            "error": self.error,
        }


@dataclass(frozen=True)
class TuneResult:
    """What `tune` found: every trial, the best, and the confirmation of best and defaults."""

    config: TuneConfig
    trials: list[Trial]  # the completed ones, in order
    best: Trial
    tuned: Confirmation
    default: Confirmation
    elapsed: float  # seconds, this run only

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready summary."""
        return {
            "config": {
                **self.config.identity(),
                "trials": self.config.trials,
                "confirm_games": self.config.confirm_games,
            },
            "metrics": {name: metric.help for name, metric in METRICS.items()},
            "best": asdict(self.best),
            "tuned": self.tuned.to_dict(),
            "default": self.default.to_dict(),
            "trials": [asdict(trial) for trial in self.trials],
            "elapsed_s": self.elapsed,
        }


TrialProgress = Callable[[int, int, Trial], None]  # (trials done, in all, the best so far)
GameProgress = Callable[[int, int], None]  # (confirmation games done, in all)


def tune(
    config: TuneConfig,
    workers: int = 1,
    db: str | Path | None = None,
    on_trial: TrialProgress | None = None,
    on_confirm: GameProgress | None = None,
) -> TuneResult:
    """Run the study of `config` to ``config.trials`` completed trials, then confirm.

    Trials run one after another, each spreading its games over `workers` processes. With
    `db` (an SQLite file) the trials are stored as they finish: the same call again resumes
    an interrupted study, or extends it with more trials; a file holding a study of other
    settings raises `ValueError`.
    """
    library = _optuna()
    check_workers(workers)  # before the study file is made
    started = time.perf_counter()
    study = _open_study(config, db)
    done = len(_completed(study))
    sampler_seed = derive_seed(config.seed, done, SAMPLER) % 2**32  # numpy's seeds are 32-bit
    study.sampler = library.samplers.TPESampler(seed=sampler_seed)
    specs = {option.name: option for option in make(config.game_id, config.players, 0).options_spec}

    def objective(trial: optuna.Trial) -> float:
        options = {name: _suggest(trial, specs[name]) for name in config.search}
        result = _simulate(
            config, options, config.games, derive_seed(config.seed, 0, TRIAL_GAMES), workers
        )
        figures = {name: metric.value(result) for name, metric in METRICS.items()}
        trial.set_user_attr("figures", figures)
        return error(config.targets, figures)

    def report(study: optuna.Study, trial: optuna.trial.FrozenTrial) -> None:
        if on_trial is not None and trial.state == library.trial.TrialState.COMPLETE:
            on_trial(len(_completed(study)), config.trials, _trial(study.best_trial))

    if done < config.trials:
        study.optimize(objective, n_trials=config.trials - done, callbacks=[report])
    trials = [_trial(trial) for trial in _completed(study)]
    best = _trial(study.best_trial)

    progress = on_confirm or (lambda done, total: None)
    total = 2 * config.confirm_games
    tuned = _confirm(config, best.options, workers, lambda n: progress(n, total))
    default = _confirm(config, {}, workers, lambda n: progress(config.confirm_games + n, total))
    return TuneResult(config, trials, best, tuned, default, time.perf_counter() - started)


def stored_seed(db: str | Path) -> int | None:
    """The seed of the study in `db`, or None when there is none yet."""
    if not Path(db).is_file():
        return None
    try:
        study = _optuna().load_study(study_name=STUDY, storage=_storage(db))
    except KeyError:  # the file holds no study of that name
        return None
    except Exception as exc:  # SQLAlchemy's and Optuna's errors: not a study file
        raise _not_a_study(db, exc) from None
    identity = study.user_attrs.get("identity")
    return None if identity is None else int(identity["seed"])


def _not_a_study(db: str | Path, error: Exception) -> InvalidInput:
    """The refusal of a file the study storage cannot read, with the first line of why
    (SQLAlchemy's messages go on with the SQL and a web address)."""
    reason = (str(error).splitlines() or [type(error).__name__])[0]
    return InvalidInput(
        N_("{file} is not a tuning study file: {reason}"), file=str(db), reason=reason
    )


def _optuna() -> ModuleType:
    """Optuna, quiet (its log would mix with the progress bar), or a `ValueError` saying how
    to install it: it comes with the optional ``tune`` extra."""
    try:
        import optuna
    except ImportError:
        raise InvalidInput(N_("rule tuning needs Optuna: pip install 'gamenight[tune]'")) from None
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    return optuna


def _storage(db: str | Path) -> str:
    return f"sqlite:///{Path(db).resolve()}"


def _open_study(config: TuneConfig, db: str | Path | None) -> optuna.Study:
    library = _optuna()
    if db is None:
        study = library.create_study(direction="minimize")
    else:
        if Path(db).exists() and not Path(db).is_file():
            raise InvalidInput(N_("{file} is not a file"), file=str(db))
        try:
            study = library.create_study(
                storage=_storage(db), study_name=STUDY, direction="minimize", load_if_exists=True
            )
        except Exception as exc:  # SQLAlchemy's and Optuna's errors: not a study file
            raise _not_a_study(db, exc) from None
    identity = json.loads(json.dumps(config.identity()))  # as the storage gives it back
    stored = study.user_attrs.get("identity")
    if stored is None:
        study.set_user_attr("identity", identity)
    elif stored != identity:
        changed = ", ".join(key for key in identity if identity[key] != stored.get(key))
        raise InvalidInput(
            N_("{file} holds a study of other settings ({changed}): name a new file"),
            file=str(db),
            changed=changed,
        )
    return study


def _completed(study: optuna.Study) -> list[optuna.trial.FrozenTrial]:
    complete = _optuna().trial.TrialState.COMPLETE
    return study.get_trials(deepcopy=False, states=(complete,))


def _trial(trial: optuna.trial.FrozenTrial) -> Trial:
    assert trial.value is not None  # a completed trial
    return Trial(trial.number, dict(trial.params), dict(trial.user_attrs["figures"]), trial.value)


def _suggest(trial: optuna.Trial, option: Option) -> Any:
    if option.choices is not None:
        return trial.suggest_categorical(option.name, list(option.choices))
    if option.type is bool:
        return trial.suggest_categorical(option.name, [False, True])
    assert option.min is not None and option.max is not None  # searchable
    if option.type is int:
        return trial.suggest_int(option.name, option.min, option.max, log=_log_scale(option))
    return trial.suggest_float(option.name, option.min, option.max, log=_log_scale(option))


def _simulate(
    config: TuneConfig,
    options: Mapping[str, Any],
    games: int,
    seed: int,
    workers: int,
    progress: GameProgress | None = None,
) -> SimulationResult:
    try:
        return simulate(
            config.game_id,
            games=games,
            players=config.players,
            agents=config.agents,
            seed=seed,
            workers=workers,
            options={**config.fixed, **options},
            progress=progress,
        )
    except ValueError as exc:
        setting = ", ".join(f"{name}={value}" for name, value in options.items()) or "defaults"
        raise InvalidInput(N_("{setting}: {reason}"), setting=setting, reason=exc) from exc


def _confirm(
    config: TuneConfig, options: Mapping[str, Any], workers: int, progress: Callable[[int], None]
) -> Confirmation:
    """Play `options` on the confirmation's seeds, in `BATCHES` batches for the intervals."""
    results: list[SimulationResult] = []
    for batch in range(BATCHES):
        games = config.confirm_games // BATCHES + (batch < config.confirm_games % BATCHES)
        seed = derive_seed(config.seed, batch, CONFIRMATION)
        played = sum(result.games for result in results)
        results.append(_simulate(config, options, games, seed, workers, _offset(progress, played)))
    figures = {name: _estimate(metric, results) for name, metric in METRICS.items()}
    return Confirmation(
        dict(results[0].options),
        config.confirm_games,
        length_unit(results[0]),
        figures,
        error(config.targets, {name: figure.value for name, figure in figures.items()}),
    )


def _offset(progress: Callable[[int], None], played: int) -> GameProgress:
    """A batch's progress as the confirmation's: `played` games were played before it."""
    return lambda done, _total: progress(played + done)


def _estimate(metric: Metric, batches: Sequence[SimulationResult]) -> Estimate:
    """A share pooled over the batches with its Wilson interval; a mean with the t interval
    of the batch means."""
    if metric.share:
        rates = [metric.rate(batch) for batch in batches]
        pooled = Rate(sum(rate.wins for rate in rates), sum(rate.trials for rate in rates))
        return Estimate(pooled.rate, *pooled.interval)
    values = [metric.value(batch) for batch in batches]
    games = sum(batch.games for batch in batches)
    mean = sum(value * batch.games for value, batch in zip(values, batches, strict=True)) / games
    spread = sum((value - mean) ** 2 for value in values) / (len(values) - 1)
    half = T_95 * (spread / len(values)) ** 0.5
    return Estimate(mean, mean - half, mean + half)
