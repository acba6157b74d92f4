"""Tests of the line games (pintas.domino): Muggins, Capicua and Dominican."""
