"""Bad input: reported as one line on stderr with exit code 2, nothing written."""


class InputError(Exception):
    """A missing directory, malformed JSON, an unknown schema, a field of the wrong type."""
