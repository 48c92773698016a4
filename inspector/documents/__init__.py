"""Printable and exported documents: PDF notices and reports (fpdf2), QR codes (segno), CSV and GeoJSON."""
