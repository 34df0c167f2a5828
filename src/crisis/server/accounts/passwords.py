"""Names, e-mail addresses and passwords: what is accepted, and how passwords are kept.

Passwords are hashed with Argon2id (argon2-cffi, RFC 9106's low-memory profile) and compared
in constant time; a hash made with older parameters is replaced at the next sign-in. A password
is normalised (NFKC) first, so that the same characters typed on another keyboard match. No
password, hash or reset secret is ever logged.
"""

from __future__ import annotations

import re
import unicodedata

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError, VerifyMismatchError
from argon2.profiles import RFC_9106_LOW_MEMORY

from crisis.server.accounts.errors import BadEmail, BadName, LongPassword, WeakPassword

#: Names: 3 to 20 characters, ASCII letters, digits, ``_`` and ``-``, starting with a letter,
#: so that every name reads the same everywhere and none poses as another with look-alikes.
NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{2,19}")
MIN_NAME, MAX_NAME = 3, 20
#: Names nobody may take (compared casefolded): they would read as the site or a bot.
RESERVED = frozenset(
    {"admin", "administrator", "bot", "crisis", "guest", "mod", "moderator", "root", "system"}
)
#: Passwords: at least this many characters, at most this many (Argon2 takes any length, but
#: a megabyte of password is a way to make the server work, not a password).
MIN_PASSWORD, MAX_PASSWORD = 10, 128
#: An e-mail address: something, one @, a domain with a dot; no spaces or control characters
#: (the link it receives is the real check). At most 254 characters (RFC 5321's path).
EMAIL = re.compile(r"[^@\s\x00-\x1f\x7f]{1,64}@[^@\s\x00-\x1f\x7f]+\.[^@\s\x00-\x1f\x7f.]+")
MAX_EMAIL = 254
#: Passwords people pick first (the top of the published leak lists), refused outright.
COMMON = frozenset(
    """
    123456789012 1234567890 0123456789 1q2w3e4r5t 1qaz2wsx3edc qwertyuiop qwertyuiop123
    password123 password1234 passw0rd123 iloveyou123 abc1234567 aaaaaaaaaa 1111111111
    letmein123 welcome123 administrator trustno1234 football123 baseball123 princess123
    sunshine123 superman123 starwars123 dragon1234 monkey1234 qwerty1234 qwerty12345
    asdfghjkl123 zxcvbnm123 changeme123 password12 password01 timeofcrisis romeincrisis
    """.split()  # noqa: SIM905 (a word list reads better as words)
)

_hasher = PasswordHasher.from_parameters(RFC_9106_LOW_MEMORY)


def name_key(name: str) -> str:
    """What names are compared by: two names with the same key are the same name."""
    return name.casefold()


def email_key(email: str) -> str:
    """What addresses are compared by (the whole address lowercased)."""
    return email.strip().lower()


def check_name(name: str) -> str:
    """``name`` if it may be an account's name, else :class:`BadName`."""
    if not NAME.fullmatch(name):
        raise BadName(
            f"a name is {MIN_NAME} to {MAX_NAME} letters, digits, '_' or '-', "
            "starting with a letter"
        )
    if name_key(name) in RESERVED:
        raise BadName(f"the name {name!r} is reserved")
    return name


def check_email(email: str) -> str:
    """``email`` (without surrounding spaces) if it reads as an address, else
    :class:`BadEmail`."""
    email = email.strip()
    if len(email) > MAX_EMAIL or not EMAIL.fullmatch(email):
        raise BadEmail("that is not an e-mail address")
    return email


def normal(password: str) -> str:
    """The password as it is hashed (Unicode NFKC)."""
    return unicodedata.normalize("NFKC", password)


def check_password(password: str, *, name: str = "", email: str = "") -> str:
    """``password`` normalised if it is strong enough, else :class:`WeakPassword` or
    :class:`LongPassword` (saying why)."""
    if len(password) > MAX_PASSWORD:
        raise LongPassword(f"a password has at most {MAX_PASSWORD} characters")
    password = normal(password)
    if len(password) < MIN_PASSWORD:
        raise WeakPassword(f"a password has at least {MIN_PASSWORD} characters")
    folded = password.casefold()
    if folded in COMMON or len(set(folded)) < 5:
        raise WeakPassword("that password is among the first ones anybody guesses")
    for own in (name, email.split("@")[0] if email else ""):
        if len(own) >= 3 and own.casefold() in folded:
            raise WeakPassword("a password may not hold your name or your address")
    return password


def hash_password(password: str) -> str:
    """The Argon2id hash (a PHC string) of a password already checked and normalised."""
    return _hasher.hash(password)


def verify(stored: str, password: str) -> bool:
    """Whether ``password`` is the one ``stored`` was made from (constant time)."""
    try:
        return _hasher.verify(stored, normal(password))
    except (VerifyMismatchError, VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """Whether ``stored`` was made with other parameters than today's."""
    try:
        return _hasher.check_needs_rehash(stored)
    except InvalidHashError:
        return True


#: A hash to verify against when no account has the name asked for, so that a sign-in takes
#: as long for a name that does not exist as for one that does.
DUMMY = hash_password("not the password of anyone")
