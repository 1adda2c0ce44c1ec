"""The heuristic bot's Judge in C (`_judge.c`): `bots.Judge` calls it when it is built."""

from collections.abc import Sequence

class Forecast:
    """One seat's part of a battle (`bots.SeatForecast` in Python)."""

    @property
    def final(self) -> dict[int, float]: ...
    @property
    def meet(self) -> float: ...
    @property
    def above(self) -> list[float]: ...
    @property
    def tie(self) -> list[float]: ...
    @property
    def bust(self) -> float: ...

class Valuer:
    """What one decision's Judge knows, for valuing its positions."""

    def __init__(
        self,
        me: int,
        threat: Sequence[float],
        needs: Sequence[int],
        game_win: float,
        my_heart: float,
        rival_hearts: Sequence[float],
        card: Sequence[tuple[int, float]],
        stop_gap: int,
    ) -> None: ...
    def forecast(
        self,
        hidden: tuple[tuple[int, int, float], ...],
        colours: tuple[int, ...],
        shown: int,
        shift: int,
        draws: int,
        hp: int,
        conditions: tuple[int, ...],
        /,
    ) -> Forecast: ...
    def value(
        self,
        forecasts: list[Forecast],
        cards: tuple[int, ...],
        hp: int,
        bonus: int,
        runner_up: bool,
        mercy: bool,
        /,
    ) -> float: ...

def next_sums(sums: dict[int, float], card: Sequence[tuple[int, float]], /) -> dict[int, float]: ...
