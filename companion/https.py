"""The companion over HTTPS at the table, with one command (`make run HTTPS=1`, or
`companion-https`).

A tablet's browser opens its camera only for `localhost` or an HTTPS page, and at a real table
the tablet opens the host machine's LAN address. So the host becomes a small certificate
authority of its own: a CA made once and kept in `.companion/tls/` (its key never leaves the
host), and a server certificate it signs for the host's current LAN addresses and names, made
again whenever they change or it nears its end. A device trusts the CA once (the README says how
on iPad and Android: the CA is served at `/app/static/table-ca.crt`), and every later
certificate is trusted with it; the CA's fingerprint is printed so that a player can check that
the certificate they install is this host's.

Then Streamlit is started with the certificate, and the console shows the address, the
fingerprint and a QR code of the address. Seat QR codes use the address the table was opened
with, so a table opened over HTTPS hands out HTTPS links.
"""

from __future__ import annotations

import argparse
import datetime as dt
import ipaddress
import os
import shutil
import socket
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import NoReturn

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

CA_DAYS = 3650  # the CA a device trusts once: ten years
SERVER_DAYS = 397  # the longest a browser accepts for a server certificate
RENEW_DAYS = 30  # a server certificate this close to its end is made again
CA_NAME = "Tabletop companion (this host's own CA)"
STATIC_NAME = "table-ca.crt"  # served by Streamlit at /app/static/table-ca.crt


class HttpsError(RuntimeError):
    """A certificate that cannot be made or read; the message is one line."""


@dataclass(frozen=True)
class Certificates:
    """Where the files are, and the CA's SHA-256 fingerprint as devices show it."""

    folder: Path
    ca: Path
    cert: Path
    key: Path
    fingerprint: str
    made: bool  # whether the server certificate was made now (not reused)


def default_folder() -> Path:
    from cardgen.data.project import REPO_ROOT

    return REPO_ROOT / ".companion" / "tls"


def lan_addresses() -> list[str]:
    """The host's addresses a device on the same network can reach: the one its default route
    leaves by (found without sending anything) and those its name resolves to; loopback last."""
    found: list[str] = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # UDP: no packet is sent
            found.append(probe.getsockname()[0])
        except OSError:
            pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.append(str(info[4][0]))
    except OSError:
        pass
    lan = [a for a in dict.fromkeys(found) if not ipaddress.ip_address(a).is_loopback]
    return [*lan, "127.0.0.1"]


def prepare(
    folder: Path, addresses: Sequence[str], names: Sequence[str] = ("localhost",)
) -> Certificates:
    """The CA (made once) and a server certificate for `addresses` and `names`, reused while it
    covers them and is not near its end. Files are written whole; the keys readable by the
    owner only."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        ca_key, ca_cert = _ca(folder)
        cert_path, key_path = folder / "server.pem", folder / "server.key"
        made = not _covers(cert_path, ca_cert, addresses, names)
        if made:
            key = ec.generate_private_key(ec.SECP256R1())
            cert = _server_certificate(key, ca_key, ca_cert, addresses, names)
            _write(key_path, _key_bytes(key), private=True)
            _write(cert_path, cert.public_bytes(serialization.Encoding.PEM))
    except (OSError, ValueError) as exc:
        raise HttpsError(f"cannot make the certificates in {folder}: {exc}") from None
    return Certificates(folder, folder / "ca.pem", cert_path, key_path, fingerprint(ca_cert), made)


def fingerprint(cert: x509.Certificate) -> str:
    """SHA-256 in the colon-separated hex that iPad and Android settings show."""
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()


def _ca(folder: Path) -> tuple[ec.EllipticCurvePrivateKey, x509.Certificate]:
    key_path, cert_path = folder / "ca.key", folder / "ca.pem"
    if key_path.is_file() and cert_path.is_file():
        key = serialization.load_pem_private_key(key_path.read_bytes(), password=None)
        cert = x509.load_pem_x509_certificate(cert_path.read_bytes())
        if not isinstance(key, ec.EllipticCurvePrivateKey):
            raise ValueError(f"{key_path} is not this tool's CA key")
        if cert.not_valid_after_utc > _now() + dt.timedelta(days=RENEW_DAYS):
            return key, cert
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, CA_NAME)])
    now = _now()
    cert = (
        x509.CertificateBuilder()
        .subject_name(name)
        .issuer_name(name)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(now + dt.timedelta(days=CA_DAYS))
        .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True,
                key_cert_sign=True,
                crl_sign=True,
                content_commitment=False,
                key_encipherment=False,
                data_encipherment=False,
                key_agreement=False,
                encipher_only=False,
                decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), False)
        .sign(key, hashes.SHA256())
    )
    _write(key_path, _key_bytes(key), private=True)
    _write(cert_path, cert.public_bytes(serialization.Encoding.PEM))
    return key, cert


def _server_certificate(
    key: ec.EllipticCurvePrivateKey,
    ca_key: ec.EllipticCurvePrivateKey,
    ca_cert: x509.Certificate,
    addresses: Iterable[str],
    names: Iterable[str],
) -> x509.Certificate:
    alt: list[x509.GeneralName] = [x509.DNSName(n) for n in names]
    alt += [x509.IPAddress(ipaddress.ip_address(a)) for a in addresses]
    now = _now()
    subject = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Tabletop companion")])
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(ca_cert.subject)
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(minutes=5))
        .not_valid_after(min(now + dt.timedelta(days=SERVER_DAYS), ca_cert.not_valid_after_utc))
        .add_extension(x509.SubjectAlternativeName(alt), critical=False)
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()), False
        )
        .sign(ca_key, hashes.SHA256())
    )


def _covers(
    path: Path, ca_cert: x509.Certificate, addresses: Iterable[str], names: Iterable[str]
) -> bool:
    """Whether the server certificate at `path` was signed by this CA, names every address and
    name, and is not near its end."""
    try:
        cert = x509.load_pem_x509_certificate(path.read_bytes())
        alt = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
        cert.verify_directly_issued_by(ca_cert)
    except Exception:  # unreadable, malformed or another CA's: made again
        return False
    ips = {str(ip) for ip in alt.get_values_for_type(x509.IPAddress)}
    dns = set(alt.get_values_for_type(x509.DNSName))
    fresh = cert.not_valid_after_utc > _now() + dt.timedelta(days=RENEW_DAYS)
    return fresh and set(addresses) <= ips and set(names) <= dns


def _key_bytes(key: ec.EllipticCurvePrivateKey) -> bytes:
    return key.private_bytes(
        serialization.Encoding.PEM,
        serialization.PrivateFormat.PKCS8,
        serialization.NoEncryption(),
    )


def _write(path: Path, data: bytes, private: bool = False) -> None:
    partial = path.with_name(f".{path.name}.partial")
    fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600 if private else 0o644)
    with os.fdopen(fd, "wb") as handle:
        handle.write(data)
    os.replace(partial, path)


def _now() -> dt.datetime:
    return dt.datetime.now(dt.UTC)


# The command ----------------------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="companion-https",
        description="Start the table companion over HTTPS for the tablets on this network.",
    )
    parser.add_argument("--port", type=int, default=8501)
    parser.add_argument("--folder", type=Path, default=None, help="where the certificates live")
    parser.add_argument(
        "--address", action="append", default=[], help="another address to certify (repeatable)"
    )
    parser.add_argument(
        "--prepare-only", action="store_true", help="make the certificates; start nothing"
    )
    return parser


def _fail(message: str) -> NoReturn:
    print(f"companion-https: {message}", file=sys.stderr)
    raise SystemExit(1)


def announce(certs: Certificates, address: str, port: int) -> str:
    """What the console shows: the address, the CA's fingerprint, where to get the CA, and a
    QR code of the address for the tablet's camera app."""
    import segno

    url = f"https://{address}:{port}/"
    lines = [
        f"The companion, over HTTPS: {url}",
        f"This host's certificate authority (trust it once on each device): "
        f"{url}app/static/{STATIC_NAME}",
        f"Its SHA-256 fingerprint: {certs.fingerprint}",
        "README.md, 'HTTPS at the table', says how to trust it on iPad and Android.",
    ]
    qr = segno.make(url, error="m")
    from io import StringIO

    drawn = StringIO()
    qr.terminal(out=drawn, compact=True)
    return "\n".join(lines) + "\n" + drawn.getvalue()


def main(argv: Sequence[str] | None = None) -> None:
    args = _parser().parse_args(argv)
    folder = args.folder or default_folder()
    found = lan_addresses()
    addresses = list(dict.fromkeys([*args.address, *found]))
    try:
        for a in addresses:
            ipaddress.ip_address(a)
    except ValueError:
        _fail(f"{a!r} is not an IP address")
    try:
        certs = prepare(folder, addresses, ("localhost", socket.gethostname()))
    except HttpsError as exc:
        _fail(str(exc))
    app_dir = Path(__file__).resolve().parent
    static = app_dir / "static"
    static.mkdir(exist_ok=True)
    shutil.copyfile(certs.ca, static / STATIC_NAME)
    print(announce(certs, addresses[0], args.port), flush=True)
    if args.prepare_only:
        return
    os.execv(sys.executable, [
        sys.executable, "-m", "streamlit", "run", str(app_dir / "app.py"),
        "--server.headless", "true", "--server.port", str(args.port),
        "--server.address", "0.0.0.0",
        "--server.sslCertFile", str(certs.cert), "--server.sslKeyFile", str(certs.key),
        "--server.enableStaticServing", "true", "--browser.gatherUsageStats", "false",
    ])  # fmt: skip


if __name__ == "__main__":
    main()
