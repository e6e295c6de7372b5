"""The lessons' routes: the page ``/learn`` and ``GET /api/learn``, ``GET /api/learn/{lesson}``.

``GET /api/learn/{lesson}?moves=pick,bury 7S 10H`` replays the moves (comma-separated action
texts) and answers the lesson up to its next decision (:func:`~.runner.run`), in the request's
language.  Moves the lesson cannot replay are a 400 that says why.  The Sheepshead lessons
(:data:`~.lessons.LESSONS`) come first, then the Spades ones
(:data:`~.spades_lessons.SPADES_LESSONS`), each replayed by its game's runner.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import HTMLResponse

from tricktable.i18n import translate
from tricktable.web.contract import errors
from tricktable.web.language import request_language
from tricktable.web.learn.lessons import LESSONS, Lesson
from tricktable.web.learn.runner import LessonError, run
from tricktable.web.learn.spades_lessons import SPADES_LESSONS, SpadesLesson
from tricktable.web.learn.spades_runner import run_spades
from tricktable.web.pages.render import page

__all__ = ["router"]

router = APIRouter(tags=["learn"])
_ALL: tuple[Lesson | SpadesLesson, ...] = (*LESSONS, *SPADES_LESSONS)
_BY_ID = {lesson.id: lesson for lesson in _ALL}
_MAX_MOVES = 12


@router.api_route("/learn", methods=["GET", "HEAD"], include_in_schema=False,
                  response_class=HTMLResponse)
def learn_page(request: Request) -> HTMLResponse:
    """The lessons' page: the list, and the lesson the script opens (``?lesson=``)."""
    return page(request, "learn.html", headers={"Cache-Control": "no-cache"}, lessons=LESSONS,
                spades_lessons=SPADES_LESSONS)


@router.get("/api/learn", summary="The lessons, in order")
def lessons(request: Request) -> dict[str, Any]:
    """``{"lessons": [{"id", "game", "title", "summary"}]}`` in the request's language."""
    language = request_language(request)
    return {"lessons": [{"id": lesson.id, "game": lesson.game,
                         "title": translate(language, lesson.title),
                         "summary": translate(language, lesson.summary)} for lesson in _ALL]}


@router.get("/api/learn/{lesson}", summary="A lesson up to its next decision",
            responses=errors(400, 404))
def lesson(request: Request, lesson: str, moves: str = "") -> dict[str, Any]:
    """The lesson replayed through the engine with ``moves`` (comma-separated action texts)."""
    language = request_language(request)
    found = _BY_ID.get(lesson)
    if found is None:
        raise HTTPException(404, translate(language, "learn.error.no-lesson", lesson=repr(lesson),
                                           lessons=", ".join(_BY_ID)))
    made = [m.strip() for m in moves.split(",") if m.strip()]
    if len(made) > _MAX_MOVES:
        raise HTTPException(400, translate(language, "learn.error.moves", error="too many moves"))
    try:
        if isinstance(found, SpadesLesson):
            return run_spades(found, made, language)
        return run(found, made, language)
    except LessonError as error:
        raise HTTPException(400, translate(language, "learn.error.moves",
                                           error=error.words(language))) from None
