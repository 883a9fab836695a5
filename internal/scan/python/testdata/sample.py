"""A module shaped like real code: every form the extractor reads."""
from __future__ import annotations

import importlib
import os.path as osp, sys
from typing import TYPE_CHECKING

from . import _compat
from .models import (
    User,
    Group as UserGroup,  # renamed
)
from ..core.base import *

try:
    import ujson as json
except ImportError:  # pragma: no cover
    import json

if TYPE_CHECKING:
    from collections.abc import Iterator

__all__ = ["load", "Registry"]
__all__ += ("VERSION",)

VERSION = "1.0"


def load(name: str):
    """Load a plugin by name."""
    module = importlib.import_module(f"plugins.{name}")
    return module


@dataclass(frozen=True)
class Registry:
    def items(self) -> Iterator[str]:
        import itertools
        return itertools.chain()


async def _refresh():
    __import__("pkg.refresh")


def helper():
    pass
