"""Generation engines: demo (offline), webhook (the documented automation contract), openai."""

from services.engines.base import EngineError, EngineResult, get_engine

__all__ = ["EngineError", "EngineResult", "get_engine"]
