"""The lists of publishing cities and of regions printed after a city."""

from __future__ import annotations

import pytest

from refmanager.parse.places import is_city, is_region


@pytest.mark.parametrize("text", ["Paris", "New York", "Rio de Janeiro", "São Paulo", "St. Louis"])
def test_cities(text: str) -> None:
    assert is_city(text)
    assert not is_region(text) or text == "New York"


@pytest.mark.parametrize(
    "text", ["MA", "N.Y.", "N . Y .", "Calif.", "United Kingdom", "The Netherlands", "SI"]
)
def test_regions(text: str) -> None:
    assert is_region(text)
    assert not is_city(text)


@pytest.mark.parametrize("text", ["Gallimard", "Brill", "Springer", "The London", "PUF", "MIT"])
def test_publishers_are_neither(text: str) -> None:
    assert not is_city(text)
    assert not is_region(text)


@pytest.mark.parametrize(
    "text", ["Bogotá", "Köln", "Firenze", "Rennes", "Brasília", "Frankfurt a. M.", "Chengdu"]
)
def test_cities_of_the_languages_lists_print(text: str) -> None:
    assert is_city(text)


@pytest.mark.parametrize("text", ["Roma-Bari", "Paris/Berlin", "Milano – Torino"])
def test_two_cities_joined_are_a_place(text: str) -> None:
    assert is_city(text)


@pytest.mark.parametrize("text", ["Roma-Verlag", "Mulino-Bari", "Gallimard/Paris"])
def test_a_city_joined_to_another_word_is_no_place(text: str) -> None:
    assert not is_city(text)
