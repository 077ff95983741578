import logging


class WithoutTraceback(logging.Filter):
    """Keeps a record's message and drops its traceback (for expected, noisy errors)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.exc_info = None
        record.exc_text = None
        return True
