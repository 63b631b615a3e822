"""Prefect flows: thin orchestration over tasks/.

Casewright is offline first: Prefect's client-side telemetry is switched off before Prefect
is imported anywhere in the project (DO_NOT_TRACK), and the local server runs with its
analytics disabled (flows/server.py).
"""

import os

os.environ.setdefault("DO_NOT_TRACK", "1")
os.environ.setdefault("PREFECT_SERVER_ANALYTICS_ENABLED", "false")
