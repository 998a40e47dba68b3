"""Detection: one linear scan for geometry spans in every encoding (WKT/EWKT, GeoJSON, hex WKB, GML, KML, escaped in strings), and their parse with shapely.

See ARCHITECTURE.md for the modules and the arrows between the stages.
"""
