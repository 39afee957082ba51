"""What `OaiPager.from_url` is given, as tables: a contact made a User-Agent, sickle's spellings."""

from __future__ import annotations

from typing import Any

import pytest

from politeharvest import Politeness
from politeharvest.oai._contact import listing_arguments, policy_for


@pytest.mark.parametrize(
    ("contact", "agent"),
    [
        ("me@example.org", "politeharvest/0.1 (mailto:me@example.org)"),
        ("mailto:me@example.org", "politeharvest/0.1 (mailto:me@example.org)"),
        ("  me@example.org ", "politeharvest/0.1 (mailto:me@example.org)"),
        ("https://lab.example.org/bot", "politeharvest/0.1 (+https://lab.example.org/bot)"),
        ("http://lab.example.org/", "politeharvest/0.1 (+http://lab.example.org/)"),
        # the command line's forms: a name, then the address or URL (issue 23)
        ("me (mailto:me@example.org)", "politeharvest/0.1 (me; mailto:me@example.org)"),
        ("Jane Doe (jane@example.org)", "politeharvest/0.1 (Jane Doe; mailto:jane@example.org)"),
        ("Jane Doe <jane@example.org>", "politeharvest/0.1 (Jane Doe; mailto:jane@example.org)"),
        (
            "lab bot (+https://lab.example.org/bot)",
            "politeharvest/0.1 (lab bot; +https://lab.example.org/bot)",
        ),
        ("(mailto:me@example.org)", "politeharvest/0.1 (mailto:me@example.org)"),
    ],
)
def test_the_contact_goes_into_the_user_agent(contact: str, agent: str) -> None:
    assert policy_for(contact).user_agent == agent


@pytest.mark.parametrize(
    "contact",
    [
        "me",
        "",
        "me at example.org",
        "ftp://example.org/",
        "me (nobody)",
        "me (a@b@c)",
        "@example.org",
    ],
)
def test_a_contact_nobody_can_reach_is_refused(contact: str) -> None:
    with pytest.raises(ValueError, match="e-mail address or a URL"):
        policy_for(contact)


def test_the_base_policy_keeps_all_but_its_user_agent() -> None:
    base = Politeness(max_response_bytes=1234)
    policy = policy_for("me@example.org", base=base)
    assert policy.max_response_bytes == 1234
    assert policy.user_agent.endswith("(mailto:me@example.org)")


@pytest.mark.parametrize(
    ("options", "arguments"),
    [
        (
            {"metadataPrefix": "marc21", "set": "cs", "from": "2024-01-01"},
            {"metadata_prefix": "marc21", "set_spec": "cs", "from_": "2024-01-01"},
        ),
        (
            {"metadata_prefix": "mods", "set_spec": "x", "from_": "2024", "until": "2025"},
            {"metadata_prefix": "mods", "set_spec": "x", "from_": "2024", "until": "2025"},
        ),
        ({"lenient": True}, {"lenient": True}),
        ({}, {}),
    ],
)
def test_sickle_spellings_and_ours(options: dict[str, Any], arguments: dict[str, Any]) -> None:
    assert listing_arguments(options) == arguments


def test_an_unknown_listing_argument_names_the_known_ones() -> None:
    with pytest.raises(TypeError, match=r"unknown listing argument 'sett'; use one of .*set_spec"):
        listing_arguments({"sett": "cs"})
