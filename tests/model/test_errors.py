import pickle

from refmanager.model import AlreadyInLibrary, InputError


def test_input_error_survives_pickling_between_processes() -> None:
    err = InputError("paper.pdf", "encrypted with a password; --password opens it")
    back = pickle.loads(pickle.dumps(err))
    assert isinstance(back, InputError)
    assert (back.source, back.cause) == (err.source, err.cause)
    assert str(back) == "paper.pdf: encrypted with a password; --password opens it"


def test_input_error_without_source_is_just_the_cause() -> None:
    assert str(InputError("", "empty query")) == "empty query"


def test_already_in_library_is_an_input_error_told_apart_by_type() -> None:
    error = AlreadyInLibrary("paper.pdf")
    assert isinstance(error, InputError) and str(error) == "paper.pdf: already in the library"
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is AlreadyInLibrary and again.cause == error.cause
