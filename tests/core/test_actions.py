import pytest

from westfront.core.actions import Action, act


def test_text_round_trip():
    a = act("move", "1st-US-Army", "1414")
    assert str(a) == "move 1st-US-Army 1414"
    assert Action.parse("move 1st-US-Army 1414") == a
    assert Action.parse("  end  ") == Action("end")


@pytest.mark.parametrize("bad", [("move", ("a b",)), ("", ()), ("move", ("",)), ("move", (["x"],)), (None, ()),
                                 ("move\t", ()), ("mové", ())])
def test_bad_tokens_are_refused_even_after_good_ones_were_seen(bad):
    act("move", "ok-unit")  # the token cache must not let anything else through
    with pytest.raises(ValueError):
        Action(bad[0], bad[1])  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Action.parse("")


def test_actions_are_shared_values_with_the_dataclass_semantics():
    import copy
    import pickle

    a = act("move", "u-1", "0405")
    assert a is Action("move", ("u-1", "0405")) is Action.parse("move u-1 0405")  # interned
    assert act("to", 12) == Action("to", ("12",))  # arguments are str()-ed
    assert hash(a) == hash(("move", ("u-1", "0405")))  # as the frozen dataclass hashed
    assert a != ("move", ("u-1", "0405")) and a != "move u-1 0405"
    assert sorted([act("b"), act("a", "2"), act("a", "1"), act("a")]) == [act("a"), act("a", "1"), act("a", "2"),
                                                                          act("b")]
    assert act("a", "z") < act("b") and act("b") >= act("a", "z")
    with pytest.raises(TypeError):
        _ = act("a") < "b"
    with pytest.raises(AttributeError):
        a.verb = "x"  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(a)) == a and copy.deepcopy(a) == a
    assert repr(act("end")) == "Action(verb='end', args=())"
    assert a.text == a.to_json() == str(a) == "move u-1 0405"
