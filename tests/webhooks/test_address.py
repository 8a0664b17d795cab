"""Where a webhook may go: public https:// addresses, unless the operator allows plain HTTP or
some networks; a host is judged by every address it resolves to."""

from __future__ import annotations

import ipaddress

import pytest

from service.webhooks.address import (
    AddressPolicy,
    RefusedAddressError,
    checked_target,
    networks_of,
)

STRICT = AddressPolicy()


@pytest.mark.parametrize(
    "url",
    [
        "https://127.0.0.1/hook",
        "https://10.1.2.3/hook",
        "https://172.16.0.9/hook",
        "https://192.168.1.1/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://100.64.0.1/hook",
        "https://0.0.0.0/hook",
        "https://[::1]/hook",
        "https://[fe80::1]/hook",
        "https://[fd00::1]/hook",
        "https://[::ffff:127.0.0.1]/hook",
        "https://224.0.0.1/hook",
        "https://localhost/hook",
    ],
)
def test_loopback_private_link_local_and_multicast_addresses_are_refused(url: str) -> None:
    with pytest.raises(RefusedAddressError, match="non-public"):
        checked_target(url, STRICT)


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("http://93.184.216.34/hook", "plain HTTP"),
        ("ftp://93.184.216.34/hook", "not an https:// URL"),
        ("hook.example.org", "not an https:// URL"),
        ("https:///hook", "no host"),
        ("https://user:pw@93.184.216.34/hook", "user or password"),
        ("https://93.184.216.34/hook#part", "fragment"),
        ("https://93.184.216.34:99999/hook", "port"),
        ("https://scopa-no-such-host.invalid/hook", "does not resolve"),
        ("https://93.184.216.34/" + "a" * 2100, "longer than"),
    ],
)
def test_a_url_the_service_will_not_call_says_why(url: str, reason: str) -> None:
    with pytest.raises(RefusedAddressError, match=reason):
        checked_target(url, STRICT)


def test_a_public_address_is_called_at_the_address_checked() -> None:
    target = checked_target("https://93.184.216.34:8443/hooks/scopa?source=1", STRICT)
    assert (target.host, target.port, target.target, target.addresses) == (
        "93.184.216.34",
        8443,
        "/hooks/scopa?source=1",
        ("93.184.216.34",),
    )


def test_the_operator_may_allow_plain_http_and_some_networks() -> None:
    policy = AddressPolicy(allow_http=True, allowed_networks=networks_of("127.0.0.0/8, 10.0.0.0/8"))
    assert checked_target("http://127.0.0.1:8080/hook", policy).addresses == ("127.0.0.1",)
    assert checked_target("https://10.9.9.9/hook", policy).port == 443
    with pytest.raises(RefusedAddressError, match="non-public"):
        checked_target("http://192.168.0.1/hook", policy)
    assert policy.allows(ipaddress.ip_address("::ffff:10.0.0.1"))


def test_a_bad_network_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="does not appear to be an IPv4 or IPv6 network"):
        networks_of("10.0.0.0/8, nonsense")
