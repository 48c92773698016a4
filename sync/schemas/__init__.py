"""The sync API's wire formats, declared once (docs/sync-protocol.md): `push` what devices send
(an inspection's models come from inspector/payloads.py, where the services read them), `records`
and `responses` what the server answers. The same models validate pushes, write pull bodies and
generate /api/v1/openapi.json (sync/openapi.py)."""
