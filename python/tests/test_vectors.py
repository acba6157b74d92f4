import gc
# The golden transcripts of tests/vectors replay move for move: every event,
# the scores and the winners are CPython's (EXPECTED["vectors"]). Transcripts
# of rules with a round or roll limit (max_rounds, max_rolls), which this
# layer does not offer, are left out.

LIMITS = ("max_rounds", "max_rolls")


def offered():
    return [v for v in EXPECTED["vectors"]
            if not any(v.get("rules", {}).get(name) for name in LIMITS)]


def vector_game(v):
    if v["family"] == "domino":
        return domino.Game(domino.Rules(**v["rules"]), seed=v["seed"])
    if v["family"] == "caminos":
        rules = caminos.Rules(v["variant"], players=v["players"], rounds=v["rounds"])
        deal = v["deal"]
        return caminos.Game(rules, seed=v["seed"],
                            deal=caminos.Deal(**deal) if deal else None)
    return dice.Game(dice.Rules(**v["rules"]), players=v["players"], seed=v["seed"],
                     first_player=v["first_player"])


def test_vectors():
    for v in offered():
        gc.collect()
        game = vector_game(v)
        for move in v["moves"]:
            game.play(move)
        assert transcript_digest(v["moves"], game_events(game), game.scores) == v["digest"], v["name"]
        assert list(game.scores) == v["scores"], v["name"]
        assert list(game.winners) == v["winners"], v["name"]
        assert digest(game.to_bytes()) == v["save"], v["name"]


def test_vectors_survive_a_save_midway():
    for v in offered():
        gc.collect()
        game = vector_game(v)
        half = len(v["moves"]) // 2
        for move in v["moves"][:half]:
            game.play(move)
        game = type(game).from_bytes(game.to_bytes())
        for move in v["moves"][half:]:
            game.play(move)
        assert transcript_digest(v["moves"], game_events(game), game.scores) == v["digest"], v["name"]
