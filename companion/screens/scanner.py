"""The "Scan" control of every page that asks which card was played or drawn: a button that
opens the device's camera, and what it reads handed to the page's own handler.

The camera stays closed until asked for (opening it asks the browser for the camera, which a
page should not do unprompted). Once open, it scans live (`live_scan`): the card is read from
the video as soon as it is seen and handed over as a photo would be, with no further tap. Where
the browser gives no video, or the player chooses "Take a photo instead", it is the photo button
(`st.camera_input`) for the rest of the session. Once open, a control stays open for the next
card of the same kind (its `name`): the photo widget's key holds the page's moment, so each
moment starts with a live picture, not the last photo, and scanning card after card is one tap
each. What a photo means is the game's business (`companion.scan` reads the codes; the game's
`scan` module checks them against the rules and plays or enters the cards); this module takes
the picture and sorts what it reads into the cards to take and the reasons to say (`one`,
`several`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection

import streamlit as st

from cardgen.data.codes import CardRef
from companion.scan.cards import Allowed, Reading, scan
from companion.screens import live_scan
from companion.screens.keys import FLASH

OPEN = "scan_open"  # the name of the scan control whose camera is open (one at a time)
HOLD = ("Hold the card's code (the small square in its corner) close to the camera, in good "
        "light, so that the card fills most of the picture.")  # fmt: skip

Handler = Callable[[bytes], None]


def control(name: str, moment: int, label: str, on_photo: Handler) -> None:
    """A "Scan" button (keyed `<name>_open`); once tapped, the camera (`<name>_<moment>`). Each
    photo taken goes to `on_photo` (a callback: it may play an action, or set the page's flash
    to say why not)."""
    if st.session_state.get(OPEN) != name:
        st.button(label, key=f"{name}_open", width="stretch", wrap=True,
                  icon=":material/photo_camera:",  # Streamlit's own icon font: no emoji font needed
                  on_click=_open, args=(name,))  # fmt: skip
        return
    if live_scan.PHOTO not in st.session_state:  # live: a card is read as soon as it is seen
        live_scan.show(name, on_photo)
        st.button("Take a photo instead", key=f"{name}_photo", width="stretch", wrap=True,
                  icon=":material/photo_camera:", on_click=live_scan.take_photos)  # fmt: skip
    else:
        if why := st.session_state[live_scan.PHOTO]:  # the browser gave no video
            st.caption(why)
        key = f"{name}_{moment}"
        st.camera_input(label, key=key, help=HOLD, on_change=_taken, args=(key, on_photo),
                        resolution="1080p")  # fmt: skip
        st.button("Back to live scanning", key=f"{name}_live_again", width="stretch",
                  wrap=True, on_click=live_scan.scan_live)  # fmt: skip
    st.button("Close the camera", key=f"{name}_close", width="stretch", wrap=True,
              on_click=_close)  # fmt: skip


def _open(name: str) -> None:
    st.session_state[OPEN] = name


def _close() -> None:
    st.session_state.pop(OPEN, None)


def _taken(key: str, on_photo: Handler) -> None:
    photo = st.session_state.get(key)
    if photo is None:  # the photo was cleared to take another
        return
    on_photo(photo.getvalue())


def say(lines: list[str]) -> None:
    """Show `lines` once on the next run, where the page shows a refused tap."""
    if lines:
        st.session_state[FLASH] = " ".join(lines)


def read(
    photo: bytes,
    game: str,
    types: Collection[str],
    allowed: Allowed,
    several: bool = False,
) -> list[Reading] | None:
    """The photo's cards of `types`, left to right; None (and the reason said) when it holds
    none."""
    readings, none = scan(photo, game, types, allowed, several)
    if none:
        say([none])
        return None
    return readings


def refusals(readings: list[Reading]) -> list[str]:
    return [r.refusal for r in readings if r.refusal]


def enter_all(
    photo: bytes,
    game: str,
    types: Collection[str],
    allowed: Allowed,
    takes: list[tuple[str, str]],
    add: Callable[[str, str], None],
) -> None:
    """Enter every card of `types` in the photo that `allowed` lets in (it notes each in
    `takes`, as the list it goes to and the card): `add` each to its list, once the photo was
    read, and say the others, each with its reason."""
    readings = read(photo, game, types, allowed, several=True)
    if readings is None:
        return
    for where, card in takes:
        add(where, card)
    say(refusals(readings))


def one(
    photo: bytes, game: str, types: Collection[str], allowed: Allowed, what: str
) -> CardRef | None:
    """The one card in the photo that may be taken now, or None (and why said). `what` names
    the card asked for, in "scan only the card that came up"."""
    readings = read(photo, game, types, allowed)
    if readings is None:
        return None
    if len(readings) > 1:
        say([f"More than one card in the photo: scan only {what}."])
        return None
    if not readings[0].is_taken:
        say(refusals(readings))
        return None
    return readings[0].card


def several(
    photo: bytes,
    game: str,
    types: Collection[str],
    room: int,
    left: Counter[str],
    refusal: Callable[[CardRef], str],
) -> list[CardRef]:
    """The cards in the photo that may be entered, left to right: at most `room` of them, and
    of each design no more than `left` (what the page's picker would still offer; `refusal`
    says why not when none is left). The others are said, each with its reason."""
    taken: list[CardRef] = []
    used: Counter[str] = Counter()

    def allowed(card: CardRef) -> str | None:
        if len(taken) >= room:
            return f"{card.name}: no room for it, the cards asked for are all entered."
        if left[card.id] - used[card.id] <= 0:
            return refusal(card)
        used[card.id] += 1
        taken.append(card)
        return None

    readings = read(photo, game, types, allowed, several=True)
    if readings is not None:
        say(refusals(readings))
    return taken
