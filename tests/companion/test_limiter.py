"""The limit on guesses at the host PIN and the setup code (issue "Secrets that hold", item 4): a
few tries a minute per address and per server, then lock-outs that double, in bounded tables;
time moves by hand (no sleeping)."""

from __future__ import annotations

import threading

import pytest

from companion.store.limiter import Allowance, Limiter, TooManyTries, spoken


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


def limiter(clock: Clock, tries: int = 3, server: int = 100, most: int = 50) -> Limiter:
    return Limiter(Allowance(tries), Allowance(server), most_addresses=most, clock=clock)


def tries_allowed(limit: Limiter, address: str, asked: int) -> int:
    allowed = 0
    for _ in range(asked):
        try:
            limit.attempt(address)
            allowed += 1
        except TooManyTries:
            pass
    return allowed


def test_an_address_gets_its_few_tries_then_waits_a_minute():
    clock = Clock()
    limit = limiter(clock)
    assert tries_allowed(limit, "10.0.0.5", 3) == 3
    with pytest.raises(TooManyTries, match="try again in 60 s") as refused:
        limit.attempt("10.0.0.5")
    assert refused.value.wait == 60
    clock.advance(59)
    assert limit.wait("10.0.0.5") == pytest.approx(1)
    assert tries_allowed(limit, "10.0.0.5", 1) == 0  # a refused try does not lengthen the wait
    assert limit.wait("10.0.0.5") == pytest.approx(1)
    clock.advance(1)
    assert tries_allowed(limit, "10.0.0.5", 3) == 3


def test_tries_spread_over_more_than_the_window_never_lock_out():
    clock = Clock()
    limit = limiter(clock)
    for _ in range(30):
        limit.attempt("10.0.0.5")
        clock.advance(21)  # three tries in any minute, never four


def test_each_lock_out_doubles_up_to_the_longest_and_a_quiet_hour_forgets():
    clock = Clock()
    allowance = Allowance(2, first_lockout=60, longest_lockout=480, forget_after=3600)
    limit = Limiter(allowance, Allowance(1000), clock=clock)
    waits = []
    for _ in range(6):
        tries_allowed(limit, "10.0.0.5", 2)
        with pytest.raises(TooManyTries) as refused:
            limit.attempt("10.0.0.5")
        waits.append(refused.value.wait)
        clock.advance(refused.value.wait)
    assert waits == [60, 120, 240, 480, 480, 480]
    clock.advance(3600)
    tries_allowed(limit, "10.0.0.5", 2)
    with pytest.raises(TooManyTries) as refused:
        limit.attempt("10.0.0.5")
    assert refused.value.wait == 60


def test_addresses_are_counted_apart():
    clock = Clock()
    limit = limiter(clock)
    assert tries_allowed(limit, "10.0.0.5", 10) == 3
    assert tries_allowed(limit, "10.0.0.6", 10) == 3


def test_the_server_counts_every_address_together():
    """Many addresses (one attacker may have many) share the server's few tries a minute."""
    clock = Clock()
    limit = limiter(clock, tries=3, server=10)
    allowed = sum(tries_allowed(limit, f"10.0.{n}.1", 3) for n in range(20))
    assert allowed == 10
    with pytest.raises(TooManyTries):
        limit.attempt("10.0.99.1")  # a new address waits too
    clock.advance(60)
    assert tries_allowed(limit, "10.0.99.1", 1) == 1


def test_the_right_secret_forgives_the_address():
    clock = Clock()
    limit = limiter(clock)
    tries_allowed(limit, "10.0.0.5", 3)
    limit.forgive("10.0.0.5")
    assert tries_allowed(limit, "10.0.0.5", 3) == 3


def test_at_most_so_many_addresses_are_tracked_the_server_count_still_holds():
    clock = Clock()
    limit = limiter(clock, tries=1, server=10_000, most=50)
    for n in range(5000):
        limit.attempt(f"10.{n // 250}.{n % 250}.1")
    assert limit.tracked == 50
    assert len(limit._server.tries) == 5000  # all within the window, all counted
    with pytest.raises(TooManyTries):
        limit.attempt("10.19.249.1")  # the latest are remembered


def test_the_tables_stay_bounded_however_long_the_guessing():
    clock = Clock()
    limit = limiter(clock, tries=3, server=20, most=16)
    for n in range(20_000):
        tries_allowed(limit, f"fd00::{n % 40:x}", 1)
        clock.advance(0.5)
    assert limit.tracked <= 16
    assert len(limit._server.tries) <= 20
    assert all(len(r.tries) <= 3 for r in limit._addresses.values())


def test_parallel_tries_share_the_allowance():
    """Sixteen threads asking at once get exactly the allowed tries, not sixteen times them."""
    clock = Clock()
    limit = limiter(clock, tries=5, server=100)
    counted, start = [], threading.Barrier(16)

    def guess() -> None:
        start.wait()
        counted.append(tries_allowed(limit, "10.0.0.5", 50))

    threads = [threading.Thread(target=guess) for _ in range(16)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sum(counted) == 5


@pytest.mark.parametrize(("seconds", "said"), [
    (0.2, "1 s"), (45, "45 s"), (89, "89 s"), (89.5, "2 min"), (120, "2 min"), (121, "3 min"),
    (3600, "1 h"), (3900, "1 h 5 min"),
])  # fmt: skip
def test_a_wait_reads_as_a_person_says_it(seconds: float, said: str):
    assert spoken(seconds) == said
