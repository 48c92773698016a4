"""The sync protocol between the devices' outboxes and the central store (plain functions under thin routes)."""
