"""Outgoing e-mail through a pluggable sender: the console (log) sender by default, so nothing outside is
needed, or SMTP when MAIL_SENDER = "smtp" and the SMTP_* settings are given."""

from __future__ import annotations

import logging
import smtplib
from dataclasses import dataclass
from email.message import EmailMessage

log = logging.getLogger("fairwater.mail")


def one_line(text: str) -> str:
    """The text with every run of white space, line breaks included, as one space: what a header or a
    one-line field holds (an e-mail header with a line break is refused when the message is built)."""
    return " ".join(text.split())


@dataclass(frozen=True)
class Message:
    to: str
    subject: str
    body: str

    def __post_init__(self):
        # A subject made from a record's words (a site's name) is one line, whatever the record holds.
        object.__setattr__(self, "subject", one_line(self.subject))


class ConsoleSender:
    """Writes each e-mail to the log (and keeps it, so a test or the CLI can show what was sent)."""

    def __init__(self, sender: str):
        self.sender = sender
        self.sent: list[Message] = []

    def send(self, message: Message) -> None:
        log.info("E-mail to %s: %s\n%s", message.to, message.subject, message.body)
        self.sent.append(message)


class SmtpSender:
    def __init__(
        self,
        sender: str,
        host: str,
        port: int = 587,
        user: str | None = None,
        password: str | None = None,
        timeout: float = 20,
    ):
        self.sender, self.host, self.port = sender, host, port
        self.user, self.password, self.timeout = user, password, timeout

    def email(self, message: Message) -> EmailMessage:
        """The message as it goes on the wire (raises ValueError for a header it cannot hold)."""
        email = EmailMessage()
        email["From"], email["To"], email["Subject"] = self.sender, message.to, message.subject
        email.set_content(message.body)
        return email

    def send(self, message: Message) -> None:
        email = self.email(message)
        with smtplib.SMTP(self.host, self.port, timeout=self.timeout) as smtp:
            smtp.starttls()  # credentials never travel in the clear
            if self.user:
                smtp.login(self.user, self.password or "")
            smtp.send_message(email)


def sender_from_config(config) -> ConsoleSender | SmtpSender:
    kind = config.get("MAIL_SENDER", "console")
    if kind == "smtp":
        if not config.get("SMTP_HOST"):
            raise RuntimeError("MAIL_SENDER is smtp but SMTP_HOST is not set.")
        return SmtpSender(
            config["MAIL_FROM"],
            config["SMTP_HOST"],
            int(config.get("SMTP_PORT") or 587),
            config.get("SMTP_USER"),
            config.get("SMTP_PASSWORD"),
        )
    if kind != "console":
        raise RuntimeError(f"Unknown MAIL_SENDER {kind!r}: use console or smtp.")
    return ConsoleSender(config["MAIL_FROM"])
