"""Ludeum: rules engines and board views for ancient and abstract board games."""
