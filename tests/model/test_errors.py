import pickle

from refmanager.model import InputError


def test_input_error_survives_pickling_between_processes() -> None:
    err = InputError("paper.pdf", "encrypted with a password; --password opens it")
    back = pickle.loads(pickle.dumps(err))
    assert isinstance(back, InputError)
    assert (back.source, back.cause) == (err.source, err.cause)
    assert str(back) == "paper.pdf: encrypted with a password; --password opens it"


def test_input_error_without_source_is_just_the_cause() -> None:
    assert str(InputError("", "empty query")) == "empty query"
