"""Splitting: strategy from density, prose boundaries, the packing engine, the chunk builder, overlap/blanks/rewrap, the oversize escape, budget sweeps and naive baselines.

See ARCHITECTURE.md for the modules and the arrows between the stages.
"""
