"""What the follow screens say of a link that could not be made."""

from __future__ import annotations

from companion.access.sharing import MAX_PHONES, AccessError
from companion.sync.links import LinkProblem
from companion.words.i18n import Translator
from companion.words.messages import error_message


def problem_text(t: Translator, problem: LinkProblem, *, scanning_answer: bool) -> str:
    """Why no link came of it, and what to do; `scanning_answer` when this
    phone scanned (or was to scan) the other phone's answer."""
    if problem is LinkProblem.CAMERA:
        return t.gettext(
            "The app may not use the camera here. It needs it to scan the other "
            "phone's code, and browsers show the phone's address on the Wi-Fi "
            "only to an app that may use it. Allow the camera, then try again."
        )
    if problem is LinkProblem.NO_ADDRESS:
        return t.gettext(
            "This phone is on no network another phone could reach. Join the "
            "table's Wi-Fi, or turn on one phone's hotspot, then try again."
        )
    if problem is LinkProblem.WRONG_KIND and scanning_answer:
        return t.gettext(
            "That is another phone's first code. Scan the code the following "
            "phone shows once it has scanned this one's."
        )
    if problem is LinkProblem.WRONG_KIND:
        return t.gettext(
            "That is a following phone's answer. Scan the code the phone that "
            "keeps the score shows under Let a phone follow."
        )
    if problem is LinkProblem.MATCH_CODE:
        return t.gettext(
            "That is a match to add, not a connection code. To add it to this "
            "phone, use Scan a code on Matches."
        )
    if problem is LinkProblem.NEWER:
        return t.gettext(
            "That code comes from a newer version of the app. Update the app on "
            "this phone, then scan it again."
        )
    if problem is LinkProblem.FULL:
        return error_message(t, AccessError("follow-full", most=MAX_PHONES))
    if problem is LinkProblem.BROWSER:
        return t.gettext(
            "This browser would not make the connection. Hand the match over "
            "with its code instead."
        )
    return t.gettext(
        "That is not a connection code of Card Table Companion, or it was read "
        "wrongly. Scan it again."
    )


def unreached_text(t: Translator) -> str:
    """Two phones scanned each other's codes but never connected."""
    return t.gettext(
        "The two phones could not reach each other. They need to be on the same "
        "Wi-Fi, or one on the other's hotspot; a guest network keeps phones "
        "apart. Hand the match over with its code instead: it needs no network."
    )
