"""A static file's version follows its content and that of every file it leads to: a changed
file gets a new URL, and so does each file that imports it, directly or not, or names it in a
``url()``; the others keep theirs."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tricktable.web.assets import STATIC, Assets


def write(directory: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        (directory / name).parent.mkdir(parents=True, exist_ok=True)
        (directory / name).write_text(text)


FILES = {
    "js/app.js": "import { b } from './b.js';\nimport('./lazy.js');\nexport const a = b;\n",
    "js/b.js": "export { c as b } from './lib/c.js';\n",
    "js/lib/c.js": "export const c = '/static/img/pic.svg';\n",
    "js/lazy.js": "export const lazy = 1;\n",
    "js/x.js": "import { y } from './y.js';\nexport const x = 1;\n",
    "js/y.js": "import { x } from './x.js';\nexport const y = 2;\n",
    "css/site.css": "@import 'parts.css';\nbody { background: url(\"../img/bg.svg\"); }\n"
                    ".a { background: url(data:image/png;base64,AAAA); }\n",
    "css/parts.css": ".p { color: red; }\n",
    "img/pic.svg": "<svg/>",
    "img/bg.svg": "<svg></svg>",
}


def urls(directory: Path) -> dict[str, str]:
    assets = Assets(directory)
    return {name: assets.url(name) for name in FILES}


def test_a_file_s_references_are_rewritten_to_their_versions(tmp_path: Path) -> None:
    write(tmp_path, FILES)
    assets = Assets(tmp_path)
    version = {name: assets.files[name].version for name in FILES}
    assert assets.files["js/app.js"].body.decode() == (
        f"import {{ b }} from './b.js?v={version['js/b.js']}';\n"
        f"import('./lazy.js?v={version['js/lazy.js']}');\nexport const a = b;\n")
    assert f"'./lib/c.js?v={version['js/lib/c.js']}'" in assets.files["js/b.js"].body.decode()
    assert assets.files["js/lib/c.js"].body.decode() == (
        f"export const c = '/static/img/pic.svg?v={version['img/pic.svg']}';\n")
    css = assets.files["css/site.css"].body.decode()
    assert f"@import 'parts.css?v={version['css/parts.css']}'" in css
    assert f'url("../img/bg.svg?v={version["img/bg.svg"]}")' in css
    assert "url(data:image/png;base64,AAAA)" in css
    assert assets.files["img/pic.svg"].body == b"<svg/>"
    assert assets.url("js/app.js") == f"/static/js/app.js?v={version['js/app.js']}"
    with pytest.raises(ValueError, match=r"no static file 'js/nope\.js'"):
        assets.url("js/nope.js")


def test_a_changed_file_gets_a_new_url_and_so_does_what_leads_to_it(tmp_path: Path) -> None:
    write(tmp_path, FILES)
    before = urls(tmp_path)
    assert len(set(before.values())) == len(before)
    assert urls(tmp_path) == before  # the same files: the same URLs

    write(tmp_path, {"img/pic.svg": "<svg><g/></svg>"})  # named by c, imported by b, by app
    after = urls(tmp_path)
    changed = {name for name in FILES if after[name] != before[name]}
    assert changed == {"img/pic.svg", "js/lib/c.js", "js/b.js", "js/app.js"}

    write(tmp_path, {"css/parts.css": ".p { color: blue; }\n"})
    again = urls(tmp_path)
    assert {name for name in FILES if again[name] != after[name]} == {"css/parts.css",
                                                                       "css/site.css"}


def test_files_in_a_circle_change_together(tmp_path: Path) -> None:
    write(tmp_path, FILES)
    before = urls(tmp_path)
    write(tmp_path, {"js/y.js": FILES["js/y.js"] + "export const z = 3;\n"})
    after = urls(tmp_path)
    assert {name for name in FILES if after[name] != before[name]} == {"js/x.js", "js/y.js"}


def test_a_change_to_a_module_of_the_app_reaches_the_page_s_script(tmp_path: Path) -> None:
    """The real files: i18n.js changed, app.js (which imports it, and modules that import it)
    gets a new URL; the style sheets keep theirs."""
    shutil.copytree(STATIC, tmp_path / "static")
    before = Assets(tmp_path / "static")
    with (tmp_path / "static/js/i18n.js").open("a") as script:
        script.write("\n// a change\n")
    after = Assets(tmp_path / "static")
    for name in ("js/i18n.js", "js/app.js", "js/cards.js", "js/leaderboard.js"):
        assert after.url(name) != before.url(name), name
    for name in ("css/style.css", "cards/KD.svg", "js/settings.js"):
        assert after.url(name) == before.url(name), name


def test_made_files_are_versioned_beside_the_folder_s(tmp_path: Path) -> None:
    write(tmp_path, FILES)
    made = {"i18n/nl.json": b'{"language": "nl"}'}
    assets = Assets(tmp_path, made)
    assert assets.files["i18n/nl.json"].body == made["i18n/nl.json"]
    assert assets.files["i18n/nl.json"].media_type == "application/json"
    version = assets.files["i18n/nl.json"].version
    assert assets.url("i18n/nl.json") == f"/static/i18n/nl.json?v={version}"
    assert Assets(tmp_path, {"i18n/nl.json": b'{"language": "nl", "x": 1}'}).url(
        "i18n/nl.json") != assets.url("i18n/nl.json")  # new words, a new URL
    assert {name: assets.url(name) for name in FILES} == urls(tmp_path)  # the others keep theirs
    with pytest.raises(ValueError, match=r"made files \['js/app\.js'\]"):
        Assets(tmp_path, {"js/app.js": b""})
