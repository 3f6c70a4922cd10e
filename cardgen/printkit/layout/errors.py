"""The one error every layout module raises, kept apart so elements and templates share it."""


class LayoutError(ValueError):
    """A layout that cannot be used; the message names the file and the element."""
