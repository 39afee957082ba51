"""A preprint's page listing its versions: the other versions are the record's, not others'.

A preprint server's page for version 2 (``/preprints/psyarxiv/k7m3q_v2``) lists its versions
in a menu beside its "Download preprint" button, each version's page and its file. The
menu's "Version 1" is the record's own older version, not another article beside the
button (landing106, after its scoring: the button was refused as beside another
article). Version 1's file is still not the record's: the page names version 2, by a
segment of its address whose id has no run of digits ("k7m3q").

All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._regions import _page_in_another_version

SERVER = "https://preprints.example.org/preprints/psyarxiv"
TITLE = "Rumiación, uso nocturno del teléfono móvil y síntomas depresivos en adolescentes"


def _page(version: int) -> str:
    items = "".join(
        f"<li{' class=active' if v == version else ''}><a href='{SERVER}/k7m3q_v{v}'>"
        f"Version {v} <small>(2024)</small></a>"
        + (
            f"<a class='version-download' href='{SERVER}/k7m3q_v{v}/download' "
            f"title='Download version {v}'><span class='fa fa-download'></span></a>"
            if v != version
            else ""
        )
        + "</li>"
        for v in (2, 1)
    )
    return (
        f"<html><head><title>{TITLE}</title></head><body><main><h1>{TITLE}</h1>"
        f"<div class='header-actions'><div class='dropdown'><button>Version {version}</button>"
        f"<ul class='dropdown-menu'>{items}</ul></div>"
        f"<a class='btn btn-primary' href='{SERVER}/k7m3q_v{version}/download'>Download preprint</a>"
        f"</div><p>Resumen del trabajo.</p></main></body></html>"
    )


def test_the_button_beside_the_version_menu_is_the_records_file() -> None:
    found = find_candidates(_page(2), f"{SERVER}/k7m3q_v2")
    assert [c.url for c in found.candidates] == [f"{SERVER}/k7m3q_v2/download"]
    older = next(c for c in found.rejected if c.url == f"{SERVER}/k7m3q_v1/download")
    assert "version v1 where the page is v2" in older.evidence


def test_two_addresses_in_two_versions() -> None:
    assert _page_in_another_version(f"{SERVER}/k7m3q_v1", f"{SERVER}/k7m3q_v2")
    assert _page_in_another_version(
        "https://x.example/abs/2402.09876v1", "https://x.example/abs/2402.09876v3"
    )
    assert _page_in_another_version(
        "https://x.example/m/202405.0789/v1", "https://x.example/m/202405.0789/v2"
    )
    assert not _page_in_another_version(f"{SERVER}/k7m3q_v2", f"{SERVER}/k7m3q_v2/")
    assert not _page_in_another_version(f"{SERVER}/k7m3q_v1", f"{SERVER}/abcde_v2")
    assert not _page_in_another_version("https://x.example/a/v1", "https://y.example/a/v2")
