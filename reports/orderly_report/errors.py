"""Bad input: reported as one line on stderr with exit code 2, nothing written."""


class InputError(Exception):
    """A missing directory, malformed JSON, an unknown schema, a field of the wrong type."""


def object_list(data: dict, key: str, where: str) -> list:
    """data[key] as a list of JSON objects, or InputError naming the file and the field."""
    value = data.get(key)
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise InputError(f"{where}: '{key}' is not a list of objects")
    return value
