"""The words of a rule search: word forms meet, games are known by every name."""

from companion.words.rule_words import fold, game_names, named_game, stem


def test_every_game_is_known_by_its_names_in_all_four_languages():
    names = {game: {" ".join(n) for n in found} for game, found in game_names().items()}
    assert {"crazy eights", "vri atter", "olsen", "ocho loco"} <= names["crazy-eights"]
    assert "vandatta" in names["vandatta"]
    assert {"uno", "vriompeis"} <= names["uno"]


def test_word_forms_meet_their_stem():
    assert stem("eights", "en") == stem("eight", "en")
    assert stem("going", "en") == "go"
    assert stem(fold("åttere"), "nb") == stem(fold("åtter"), "nb")
    assert stem(fold("åttorna"), "sv") == stem(fold("åtta"), "sv")
    assert stem(fold("comodines"), "es") == stem(fold("comodín"), "es")
    assert stem("salir", "es") == stem("cerrar", "es")


def test_a_name_counts_whole_or_as_a_word_the_language_lacks():
    assert named_game(["ocho", "loco", "ocho"], frozenset()) == (
        "crazy-eights",
        ["ocho"],
    )
    assert named_game(["atta"], frozenset()) == ("vandatta", [])
    assert named_game(["atta"], frozenset({"atta"})) == (None, ["atta"])
    assert named_game(["eights"], frozenset()) == (None, ["eights"])
