"""Files in a minified Nuxt 2 payload, a web component's source, a file list's own names.

landing99 (scored once on 35deab0): three classes of page gave no candidate.
- Nuxt 2 minifies its state as ``window.__NUXT__=(function(a,b,...){return {item:{title:b,
  asset:{original:{url:d}}}}}("…","…"))``: every value is an argument, so the object held
  names, not addresses. `unfolded` puts each argument where its name stands as a value.
- A web component showed the article (``<pdf-reader src="/media/articles/….pdf">``): a
  custom element's ``.pdf`` source is the file it displays, as an ``<embed>``'s is.
- A repository portal's state listed the item's files as ``{"name": "…_PhD_thesis.pdf",
  "mimetype": "application/pdf", "downloadUrl": …}``: the media type was read as the file's
  label and the name passed over, so neither the thesis nor the poster beside it was told
  apart. The file's own name now labels it: the poster is refused, the thesis tried.
And from landing101: an ``<object>``'s relative data ("../trabalhos/eixo4/T0412.pdf") was
read from the object's own address, doubling its folder; it is read from the page's.
Guards: a parameter standing as a key is not replaced; a custom element without a ``.pdf``
source gives nothing; a payload of 50,000 arguments is read in linear time (in a child).
All pages are written here; none is copied from a corpus.
"""

from __future__ import annotations

from politeharvest.fulltext._landing import find_candidates
from politeharvest.fulltext._state import unfolded
from tests.support.timed import seconds_in_child

SITE = "https://preprints.example.org"
TITLE = "Ligand-accelerated nickel-catalysed C–N coupling of aryl sulfamates"
OWN = f"{SITE}/assets/item/6650a1/original/ligand-accelerated-nickel.pdf"
SUPPLEMENT = f"{SITE}/assets/item/6650a2/original/supporting-information.pdf"


def _nuxt() -> str:
    return (
        'window.__NUXT__=(function(a,b,c,d,e){return {layout:"x",data:[{item:{id:a,title:b,'
        'doi:"10.5555\\u002Fx-2024-q7k2m-v2",asset:{mimeType:c,original:{url:d}},suppItems:'
        '[{id:"6650a2",title:"Supporting Information",asset:{mimeType:c,original:{url:e}}}]}'
        f'}}]}}}}("6650a1","{TITLE}","application/pdf","{OWN}","{SUPPLEMENT}"));'
    )


def _page(body: str) -> str:
    return (
        f"<html><head><title>{TITLE}</title><meta name='citation_title' content='{TITLE}'>"
        f"<meta name='citation_doi' content='10.5555/x-2024-q7k2m-v2'></head><body><main>"
        f"<h1>{TITLE}</h1><p>Nickel catalysis at room temperature.</p>{body}</main></body></html>"
    )


def test_unfolded_puts_the_arguments_where_their_names_stand() -> None:
    text = unfolded(_nuxt())
    assert text is not None
    assert f'original:{{url:"{OWN}"}}' in text
    assert '{id:"6650a1"' in text  # a key named like a parameter ("id") stays a key
    assert unfolded('window.__NUXT__={"item":{"id":1}}') is None  # a plain literal


def test_a_nuxt2_payloads_own_file_is_a_candidate_and_its_supplement_refused() -> None:
    found = find_candidates(_page(f"<script>{_nuxt()}</script>"), f"{SITE}/article/6650a1")
    assert [c.url for c in found.candidates] == [OWN]
    assert any(c.url == SUPPLEMENT for c in found.rejected)


def test_a_web_components_pdf_source_is_the_file_it_shows() -> None:
    body = "<pdf-reader src='/media/articles/2024/9/a8f2e1c4.pdf' page='1'></pdf-reader>"
    found = find_candidates(_page(body), f"{SITE}/ar/articles/1342")
    assert [c.url for c in found.candidates] == [f"{SITE}/media/articles/2024/9/a8f2e1c4.pdf"]
    # a component whose source is no PDF (an image carousel) gives nothing
    other = "<image-carousel src='/media/gallery/1342.json'></image-carousel>"
    assert find_candidates(_page(other), f"{SITE}/ar/articles/1342").candidates == ()


def test_a_file_lists_own_names_tell_the_thesis_from_the_poster() -> None:
    state = (
        'window.__PORTAL_STATE__ = {"item":{"id":26013457,"files":['
        '{"id":1,"name":"Okonkwo_2023_BES_poster.pdf","mimetype":"application/pdf",'
        f'"downloadUrl":"{SITE}/ndownloader/files/1"}},'
        '{"id":2,"name":"Okonkwo_C_2024_PhD_thesis.pdf","mimetype":"application/pdf",'
        f'"downloadUrl":"{SITE}/ndownloader/files/2"}}]}}}};'
    )
    found = find_candidates(_page(f"<script>{state}</script>"), f"{SITE}/articles/26013457")
    assert [c.url for c in found.candidates] == [f"{SITE}/ndownloader/files/2"]
    assert any(c.url == f"{SITE}/ndownloader/files/1" for c in found.rejected)


def test_a_hostile_payload_is_unfolded_in_linear_time() -> None:
    script = "\n".join(
        [
            "import time",
            "from politeharvest.fulltext._state import unfolded",
            "n = 50_000",  # (1.8 MB: below the 2 MB a script is read to)
            "names = ','.join(f'a{i}' for i in range(n))",
            "body = ','.join(f'k{i}:a{i}' for i in range(n))",
            "args = ','.join(f'\"/f/{i}.pdf\"' for i in range(n))",
            "text = f'window.__NUXT__=(function({names}){{return {{{body}}}}}({args}));'",
            "started = time.process_time()",
            "assert unfolded(text) is not None",
            "print(time.process_time() - started)",
        ]
    )
    seconds = seconds_in_child(script, timeout=90)
    assert len(seconds) == 1 and seconds[0] < 8.0, seconds


def test_an_objects_relative_data_is_read_from_the_pages_address() -> None:
    # landing101: "../trabalhos/eixo4/T0412.pdf" in an <object> was read from its own
    # address, doubling its folder ("…/trabalhos/trabalhos/eixo4/T0412.pdf")
    body = (
        "<object data='../trabalhos/eixo4/T0412.pdf#view=FitH' type='application/pdf'>"
        "<embed src='../trabalhos/eixo4/T0412.pdf#view=FitH' type='application/pdf'></object>"
    )
    found = find_candidates(_page(body), f"{SITE}/anais/ver/T0412.php").candidates
    assert found[0].url == f"{SITE}/anais/trabalhos/eixo4/T0412.pdf"
    assert not any("trabalhos/trabalhos" in c.url for c in found)
