"""Every table, imported here so SQLModel.metadata knows them all."""

from .accounts import ROLES, Company, SignInThrottle, User  # noqa: F401
from .audit import AuditEvent  # noqa: F401
from .devices import Device, PartialPhoto, PhotoClaim, SyncConflict, SyncMutation  # noqa: F401
from .enforcement import GROUNDS, ORDER_STATUSES, OrderEvent, StopWorkOrder  # noqa: F401
from .findings import FINDING_STATES, Finding  # noqa: F401
from .inspections import ANSWERS, INSPECTION_KINDS, Answer, Inspection, Photo  # noqa: F401
from .permits import (  # noqa: F401
    PERMIT_STATUSES,
    ControlMeasureNotice,
    ControlPlanDocument,
    Permit,
    PermitEvent,
    PermitExtension,
    PlanModificationRequest,
    StoredFile,
    SuretyBond,
)
from .public import PublicRecords  # noqa: F401
from .rain import GAUGE_KINDS, NotificationLog, RainEvent, RainGauge, RainReading, SiteGauge  # noqa: F401
from .seals import Seal, VerifyRun  # noqa: F401
from .sites import PROJECT_KINDS, Site  # noqa: F401
