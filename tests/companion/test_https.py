"""HTTPS at the table (issue 29): the host's own CA and a server certificate for its LAN
addresses, made once and reused, made again when an address changes; and the companion served
over HTTPS with them, checked by a client that trusts only that CA, as a tablet would once it
has installed it."""

from __future__ import annotations

import ssl
import subprocess
import sys
import time
from pathlib import Path

import pytest
import requests
from cryptography import x509

from companion import https
from tests.ports import start_listening

ADDRESSES = ["192.168.1.20", "127.0.0.1"]


def test_the_certificate_names_the_hosts_addresses_and_is_signed_by_its_ca(tmp_path: Path):
    certs = https.prepare(tmp_path, ADDRESSES, ("localhost", "tablehost"))
    ca = x509.load_pem_x509_certificate(certs.ca.read_bytes())
    cert = x509.load_pem_x509_certificate(certs.cert.read_bytes())
    cert.verify_directly_issued_by(ca)
    alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert sorted(str(ip) for ip in alt.get_values_for_type(x509.IPAddress)) == sorted(ADDRESSES)
    assert set(alt.get_values_for_type(x509.DNSName)) == {"localhost", "tablehost"}
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert not cert.extensions.get_extension_for_class(x509.BasicConstraints).value.ca
    assert (cert.not_valid_after_utc - cert.not_valid_before_utc).days <= https.SERVER_DAYS
    assert certs.fingerprint == https.fingerprint(ca) and certs.fingerprint.count(":") == 31
    assert (certs.key.stat().st_mode & 0o777) == 0o600
    assert ((tmp_path / "ca.key").stat().st_mode & 0o777) == 0o600


def test_certificates_are_reused_and_made_again_when_an_address_changes(tmp_path: Path):
    first = https.prepare(tmp_path, ADDRESSES)
    ca_before, cert_before = first.ca.read_bytes(), first.cert.read_bytes()
    again = https.prepare(tmp_path, ADDRESSES)
    assert not again.made and again.cert.read_bytes() == cert_before
    moved = https.prepare(tmp_path, ["10.0.0.7", "127.0.0.1"])
    assert moved.made and moved.cert.read_bytes() != cert_before
    assert moved.ca.read_bytes() == ca_before  # devices that trust the CA keep trusting it
    assert moved.fingerprint == first.fingerprint


def test_a_broken_certificate_is_made_again(tmp_path: Path):
    certs = https.prepare(tmp_path, ADDRESSES)
    certs.cert.write_text("not a certificate")
    assert https.prepare(tmp_path, ADDRESSES).made


def test_an_unusable_folder_is_one_line(tmp_path: Path):
    blocked = tmp_path / "file"
    blocked.write_text("x")
    with pytest.raises(https.HttpsError) as caught:
        https.prepare(blocked / "tls", ADDRESSES)
    assert "cannot make the certificates" in str(caught.value) and "\n" not in str(caught.value)


def test_the_console_shows_the_address_fingerprint_and_a_qr_code(tmp_path: Path):
    certs = https.prepare(tmp_path, ADDRESSES)
    shown = https.announce(certs, "192.168.1.20", 8501)
    assert "https://192.168.1.20:8501/" in shown
    assert certs.fingerprint in shown and "/app/static/table-ca.crt" in shown
    assert shown.count("\n") > 10  # the QR code, drawn in the terminal


@pytest.mark.slow
def test_the_companion_is_served_over_https_to_a_device_trusting_the_ca(tmp_path: Path):
    folder = tmp_path / "tls"

    def start(port: int) -> subprocess.Popen:
        command = [sys.executable, "-m", "companion.https", "--port", str(port)]
        return subprocess.Popen(
            [*command, "--folder", str(folder)],
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )

    port, server = start_listening(start)
    try:
        ca = str(folder / "ca.pem")
        deadline = time.time() + 60
        while True:
            try:
                health = requests.get(f"https://127.0.0.1:{port}/_stcore/health", verify=ca,
                                      timeout=5)  # fmt: skip
                break
            except requests.ConnectionError:
                if time.time() > deadline:
                    raise
                time.sleep(0.5)
        assert health.status_code == 200 and health.text == "ok"
        page = requests.get(f"https://127.0.0.1:{port}/", verify=ca, timeout=10)
        assert page.status_code == 200 and "<html" in page.text.lower()
        served = requests.get(f"https://127.0.0.1:{port}/app/static/table-ca.crt", verify=ca,
                              timeout=10)  # fmt: skip
        assert served.content == (folder / "ca.pem").read_bytes()
        with pytest.raises(requests.exceptions.SSLError):  # a device that trusts nothing else
            requests.get(f"https://127.0.0.1:{port}/_stcore/health", timeout=5,
                         verify=ssl.get_default_verify_paths().cafile or True)  # fmt: skip
        with pytest.raises(requests.ConnectionError):  # plain HTTP is not served
            requests.get(f"http://127.0.0.1:{port}/_stcore/health", timeout=5)
    finally:
        server.terminate()
        try:
            output = server.communicate(timeout=20)[0]
        except subprocess.TimeoutExpired:  # Streamlit may linger over its sessions
            server.kill()
            output = server.communicate(timeout=20)[0]
    assert "The companion, over HTTPS: https://" in output
