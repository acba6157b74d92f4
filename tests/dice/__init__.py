"""Tests of the dice games (pintas.dice): Dice of Doom and Farkle."""
