"""Where a terminal game draws: on a terminal, one screen updated in place (Rich ``Live``); on
anything else (a file, a pipe, a test's console) frame after frame, as a log."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from types import TracebackType

from rich.console import Console, Group, RenderableType
from rich.control import Control
from rich.live import Live
from rich.segment import ControlType
from rich.text import Text

__all__ = ["Screen"]


class Screen:
    """The table, the last few lines of news and the question, drawn in place on a terminal.

    Use it as a context manager.  ``say`` adds a line of news (printed at once when not on a
    terminal); ``ask`` shows the table with the news and the question, and returns the answer.
    """

    def __init__(self, console: Console, input_fn: Callable[[str], str], *,
                 news_lines: int = 8) -> None:
        self.console = console
        self.input_fn = input_fn
        self.in_place = console.is_terminal and not console.is_dumb_terminal
        self.news: deque[RenderableType] = deque(maxlen=news_lines)
        self._unseen: list[RenderableType] = []  # news since the last frame
        self._live: Live | None = None

    def __enter__(self) -> Screen:
        if self.in_place:
            self._live = Live(console=self.console, auto_refresh=False, transient=False,
                              redirect_stdout=False, redirect_stderr=False,
                              vertical_overflow="crop")
            self._live.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()

    def close(self) -> None:
        """Leave the in-place screen (its last frame stays, then the news it did not show);
        what follows prints as usual."""
        if self._live is not None:
            self._live.stop()
            self._live = None
            self.console.print()
            for line in self._unseen:
                self.console.print(line)
            self._unseen.clear()

    def say(self, line: RenderableType) -> None:
        """A line of news: what happened, what was refused, the help."""
        if self._live is None:
            self.console.print(line)
        else:
            self.news.append(line)
            self._unseen.append(line)

    def ask(self, table: RenderableType, question: str) -> str:
        """Show ``table`` and the news, ask ``question``; the answer as typed."""
        if self._live is None:
            self.console.print(table)
            return self.input_fn(question)
        self._live.update(self._frame(table, question), refresh=True)
        self._unseen.clear()
        answer = self.input_fn("")
        # The answer's Enter moved the cursor below the frame: back onto its last line, so that
        # the next frame is drawn over this one.
        self.console.control(Control((ControlType.CURSOR_UP, 1)))
        return answer

    def _frame(self, table: RenderableType, question: str) -> RenderableType:
        """The table, as much news as fits the terminal's height, and the question last."""
        width = self.console.options.max_width
        used = len(self.console.render_lines(table, self.console.options.update(width=width),
                                             pad=False))
        room = max(0, self.console.height - used - 2)
        news = list(self.news)[-room:] if room else []
        self.news.clear()
        self.news.extend(news)
        return Group(table, *news, Text(question, end=""))
