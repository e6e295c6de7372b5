"""The catalogues: every language has every English key, with the same placeholders and plural
forms its language has; and every English key is used somewhere in the product."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel import Locale

from tricktable.i18n import DOMAINS, LANGUAGES
from tricktable.i18n.catalogues import Template, locales_dir

SRC = Path(__file__).resolve().parents[2] / "src" / "tricktable"
PLACEHOLDER = re.compile(r"\{([a-z_][a-z0-9_]*)\}", re.IGNORECASE)
SOURCES = ("*.py", "*.js", "*.html", "*.toml")
"""Where keys are used: code, pages, and the structure files the rules pages are built from."""


def _read(language: str, domain: str) -> dict[str, Template]:
    path = locales_dir() / language / f"{domain}.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def _placeholders(template: Template) -> set[str]:
    texts = [template] if isinstance(template, str) else list(template.values())
    return {name for text in texts for name in PLACEHOLDER.findall(text)}


def test_no_catalogue_file_is_outside_the_known_languages_and_domains() -> None:
    for path in locales_dir().glob("*/*"):
        assert path.parent.name in LANGUAGES, path
        assert path.suffix == ".json" and path.stem in DOMAINS, path


@pytest.mark.parametrize("language", [lang for lang in LANGUAGES if lang != "en"])
@pytest.mark.parametrize("domain", DOMAINS)
def test_every_language_has_exactly_the_english_keys(language: str, domain: str) -> None:
    english, translated = _read("en", domain), _read(language, domain)
    assert sorted(set(english) - set(translated)) == [], f"missing in {language}/{domain}.json"
    assert sorted(set(translated) - set(english)) == [], f"not in en/{domain}.json"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("domain", DOMAINS)
def test_translations_keep_the_placeholders_and_use_the_language_s_plural_forms(
    language: str, domain: str
) -> None:
    english = _read("en", domain)
    categories = Locale.parse(language).plural_form.tags | {"other"}
    for key, template in _read(language, domain).items():
        assert isinstance(template, str | dict), key
        if isinstance(template, dict):
            assert "other" in template and set(template) <= categories, (language, key)
            # A plural's singular form may say "one card" where others say "{count} cards".
            assert _placeholders(template) | {"count"} >= _placeholders(english[key]), key
            assert _placeholders(template) <= _placeholders(english[key]) | {"count"}, key
        else:
            assert _placeholders(template) == _placeholders(english[key]), (language, key)
        assert all(text.strip() for text in ([template] if isinstance(template, str)
                                             else template.values())), (language, key)


def test_every_english_key_is_used() -> None:
    text = "\n".join(
        path.read_text(encoding="utf-8")
        for pattern in SOURCES
        for path in SRC.rglob(pattern)
        if "locales" not in path.parts
    )
    used = set(re.findall(r"""["'`]([a-z][a-z0-9_-]*(?:\.[a-z0-9_-]+)+)["'`]""", text))
    unused = [
        f"{domain}: {key}"
        for domain in DOMAINS
        for key in _read("en", domain)
        if key not in used
    ]
    assert unused == []
