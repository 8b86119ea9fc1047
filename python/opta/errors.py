"""Opta's exception."""


class OptaError(ValueError):
    """A failure inside Opta: a scenario, action or array it cannot use, or a file it cannot write.

    The message is the text the ``opta`` command line prints after ``opta: error:`` for the same
    problem (for scenario data, the JSON path and what is allowed). ``code`` is the ``opta_status``
    of ``opta.h``: 1 a wrong argument, 2 data that does not validate, 3 a file problem.
    """

    def __init__(self, message: str, code: int = 2):
        super().__init__(message)
        self.code = code
