"""Tests of Caminos (pintas.caminos)."""
