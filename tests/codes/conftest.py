"""The companion's page fixtures, for the scan control's headless tests."""

from tests.companion.test_app_riposte import home  # noqa: F401  (a fixture: its own database)
from tests.companion.test_app_vita_luna import db  # noqa: F401  (the same, for Vita Luna)
