"""The Blood of an Englishman: Jack builds beanstalks from five open castles of cards while
the Giant arranges Fee Fi Fo Fum or starves him of beanstalk cards. `Englishman` is the Rules
object; the decisions RULES.md leaves open are listed in `rules`."""

from core.games.englishman.rules import Englishman
from core.games.englishman.state import EnglishmanState
from core.games.englishman.threats import Threats, threats

__all__ = ["Englishman", "EnglishmanState", "Threats", "threats"]
