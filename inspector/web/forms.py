"""Forms shared by the page blueprints (Flask-WTF: CSRF on every one)."""

from __future__ import annotations

from datetime import datetime

from flask import abort, current_app, flash
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import (
    BooleanField,
    DateField,
    DateTimeLocalField,
    FloatField,
    IntegerField,
    PasswordField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import (
    DataRequired,
    Email,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    StopValidation,
    ValidationError,
)

from ..mail import one_line
from ..models import PROJECT_KINDS, ROLES
from ..models.sites import EXCLUDED_USES
from ..passwords import MIN_LENGTH, TOO_SHORT
from ..payloads import FIRST_YEAR, LAST_YEAR
from ..rules import clocks
from ..services import ServiceError

# WTForms says "Not a valid float value." of "43,1" or "about 3": these say what to type.
NOT_A_NUMBER = "Enter a number in figures, with a point for decimals (43.07, not 43,07)."
NOT_A_WHOLE_NUMBER = "Enter a whole number in figures, such as 30."


class NumberField(FloatField):
    def __init__(self, label=None, validators=None, **kwargs):
        kwargs.setdefault("invalid_value_message", NOT_A_NUMBER)
        super().__init__(label, validators, **kwargs)


class WholeNumberField(IntegerField):
    def __init__(self, label=None, validators=None, **kwargs):
        kwargs.setdefault("invalid_value_message", NOT_A_WHOLE_NUMBER)
        super().__init__(label, validators, **kwargs)


KIND_LABELS = {
    "land_disturbance": "Land disturbance or land development",
    "subdivision_plat": "Subdivision plat",
    "building_lot": "Commercial, industrial or institutional building lot",
    "street_work": "Street, highway, road or bridge work",
    "underground_pipe": "Underground pipe or facility",
}
NUM = "Enter a number."


def _one_line(value):
    """A one-line field's text as one line: a browser's text box cannot hold a line break, a crafted
    request can, and a name with one would break the e-mail subjects it goes into."""
    return one_line(value) if isinstance(value, str) else value


ONE_LINE = [_one_line]


def on_the_calendar(form, field):
    """A local time the Village's clock can turn into UTC: one typed or crafted at the calendar's
    very edge (23:59 on 9999-12-31) is past its end there."""
    if field.data is not None and not FIRST_YEAR <= field.data.year <= LAST_YEAR:
        what = "time" if isinstance(field.data, datetime) else "date"
        raise ValidationError(f"Enter a {what} between the years {FIRST_YEAR} and {LAST_YEAR}.")


class SiteForm(FlaskForm):
    name = StringField(
        "Site name", validators=[DataRequired(message="A site needs a name."), Length(max=200)]
    )
    address = StringField("Address", validators=[Optional(), Length(max=300)])
    legal_description = TextAreaField(
        "Legal description", validators=[Optional(), Length(max=2000)]
    )
    latitude = NumberField(
        "Latitude", validators=[Optional(), NumberRange(-90, 90, "Between -90 and 90.")]
    )
    longitude = NumberField(
        "Longitude", validators=[Optional(), NumberRange(-180, 180, "Between -180 and 180.")]
    )
    project_kind = SelectField("Project kind", choices=[(k, KIND_LABELS[k]) for k in PROJECT_KINDS])
    area_acres = NumberField(
        "Area", validators=[Optional(), NumberRange(0, 100000, "Between 0 and 100,000 acres.")]
    )
    length_ft = NumberField(
        "Length", validators=[Optional(), NumberRange(0, 528000, "Between 0 and 528,000 feet.")]
    )
    disturbed_acres = NumberField(
        "Disturbed at one time",
        validators=[Optional(), NumberRange(0, 100000, "Between 0 and 100,000 acres.")],
    )
    channel_originates = BooleanField("A channel originates in the disturbed area")
    state_funded = BooleanField("State funded or state conducted construction")
    extraterritorial = BooleanField("Outside the Village, under its extraterritorial authority")
    has_stockpiles = BooleanField("Soil or dirt stockpiles on site")
    has_dewatering = BooleanField("Site dewatering (pumping)")
    # validate_choice off: the service refuses an unknown use, naming the field
    excluded_use = SelectField(
        "Excluded land use",
        validate_choice=False,
        choices=[("", "None: land disturbing construction activity")]
        + [(u, u.replace("_", " ").capitalize()) for u in EXCLUDED_USES],
    )

    def site_data(self) -> dict:
        return {
            name: self[name].data
            for name in (
                "name",
                "address",
                "legal_description",
                "latitude",
                "longitude",
                "project_kind",
                "area_acres",
                "length_ft",
                "disturbed_acres",
                "channel_originates",
                "state_funded",
                "extraterritorial",
                "has_stockpiles",
                "has_dewatering",
                "excluded_use",
            )
        }


class PermitApplicationForm(FlaskForm):
    company = SelectField("Permittee (company)", coerce=int)
    applicant_name = StringField(
        "Applicant",
        validators=[DataRequired(message="Enter the applicant's name."), Length(max=200)],
        filters=ONE_LINE,
    )
    application_received_on = DateField(
        "Application received", validators=[DataRequired(message="Enter a date.")]
    )
    fee_paid_on = DateField("Application fee paid on", validators=[Optional()])
    # The permit runs to this day when it is later than 180 days from issue (§ 256-8D(1)): a day at
    # the calendar's end (9999-12-31) left a permit no extension could be added to.
    building_permit_until = DateField(
        "Building permit or other authorization valid until",
        validators=[Optional(), on_the_calendar],
    )


class DocumentForm(FlaskForm):
    kind = SelectField("Document")
    file = FileField("File (PDF, JPEG or PNG)", validators=[FileRequired(message="Choose a file.")])


class FeeForm(FlaskForm):
    fee_paid_on = DateField(
        "Application fee paid on", validators=[DataRequired(message="Enter a date.")]
    )


class IssueForm(FlaskForm):
    issued_on = DateField("Issue date", validators=[DataRequired(message="Enter a date.")])


def _rulebook():
    return current_app.extensions["rulebook"]


class DenyForm(FlaskForm):
    reasons = TextAreaField("Reasons for disapproval")

    def validate_reasons(self, field):
        if not (field.data or "").strip():
            citation = _rulebook()["clocks.plan_review.citation"]
            raise StopValidation(f"Give the reasons ({citation}).")


class ExtendForm(FlaskForm):
    """The longest extension is the rulebook's (§ 256-8D(1)), in the input's max and the message."""

    # InputRequired, not DataRequired: "thirty" keeps its own message, and 0 days is the service's.
    days = WholeNumberField(
        "Extend by", validators=[InputRequired(message="Enter a number of days.")]
    )
    conditions = TextAreaField(
        "Additional control measures required as a condition",
        validators=[Optional()],
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.days.render_kw = {"min": 1, "max": _rulebook()["clocks.extension.max_days"]}

    def validate_days(self, field):
        if field.data is None:  # not a whole number: said already
            return
        problem = clocks.check_extension_days(field.data, _rulebook())
        if problem:
            raise ValidationError(problem)


class BondForm(FlaskForm):
    kind = SelectField(
        "Kind",
        choices=[
            ("surety_bond", "Surety bond"),
            ("letter_of_credit", "Irrevocable letter of credit"),
        ],
    )
    amount = NumberField(
        "Amount",
        validators=[
            DataRequired(message="Enter an amount."),
            NumberRange(0.01, 1e9, "Above zero."),
        ],
    )
    issuer = StringField(
        "Issuer", validators=[DataRequired(message="Enter the issuer."), Length(max=200)]
    )
    effective_on = DateField("Effective", validators=[DataRequired(message="Enter a date.")])
    expires_on = DateField("Expires", validators=[Optional()])


class CommencementForm(FlaskForm):
    commenced_at = DateTimeLocalField(
        "Land disturbance began",
        format="%Y-%m-%dT%H:%M",
        validators=[DataRequired(message="Enter the date and time."), on_the_calendar],
    )


class CompletionForm(FlaskForm):
    measure = StringField(
        "Control measure",
        validators=[DataRequired(message="Name the control measure."), Length(max=200)],
    )
    installed_on = DateField("Installed on", validators=[DataRequired(message="Enter a date.")])


class ModificationForm(FlaskForm):
    description = TextAreaField(
        "Requested change to the control plan",
        validators=[DataRequired(message="Describe the change.")],
    )


class DecisionForm(FlaskForm):
    decision = SelectField(
        "Decision", choices=[("granted", "Grant in writing"), ("refused", "Refuse in writing")]
    )
    text = TextAreaField(
        "Written decision",
        validators=[DataRequired(message="The decision must be given in writing.")],
    )


class UserForm(FlaskForm):
    email = StringField(
        "E-mail",
        validators=[
            DataRequired(message="Enter an e-mail."),
            Email(message="Enter a valid e-mail."),
            Length(max=254),
        ],
    )
    name = StringField(
        "Name",
        validators=[DataRequired(message="Enter a name."), Length(max=200)],
        filters=ONE_LINE,
    )
    role = SelectField("Role", choices=[(r, r.capitalize()) for r in ROLES])
    company = StringField(
        "Company (permittees)",
        validators=[Optional(), Length(max=200)],
        filters=ONE_LINE,
        render_kw={"list": "companies", "autocomplete": "off"},  # the companies on record
    )
    new_company = BooleanField("This is a new company, not one on record")
    password = PasswordField(
        "Password",
        validators=[
            DataRequired(message="Enter a password."),
            Length(min=MIN_LENGTH, message=TOO_SHORT),
        ],
    )


class CertificationForm(FlaskForm):
    """A person's inspector certification (all empty: none on file)."""

    certification_type = StringField("Certification", validators=[Optional(), Length(max=120)])
    certification_number = StringField("Number", validators=[Optional(), Length(max=60)])
    certification_expires_on = DateField(
        "Expires on",
        validators=[Optional()],
    )


class ConfirmForm(FlaskForm):
    """A form with nothing but its CSRF token, for one-button actions."""


def commit_or_refuse(session, form: FlaskForm, action):
    """Run one service call as one transaction: (True, its result) once committed; on a refusal, roll back,
    show the message at its field (or as a flash message) and return (False, None). A refusal with
    another status than 400 (403, 404) becomes that HTTP error."""
    try:
        result = action()
        session.commit()
    except ServiceError as exc:
        session.rollback()
        if exc.status != 400:
            abort(exc.status)
        if not apply_service_error(form, exc):
            flash(exc.message, "error")
        return False, None
    return True, result


def apply_service_error(form: FlaskForm, exc) -> bool:
    """Put a service's refusal next to its field; True when it found one."""
    if exc.field and exc.field in form:
        form[exc.field].errors = list(form[exc.field].errors) + [exc.message]
        return True
    return False
