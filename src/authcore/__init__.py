"""authcore: generator and verified library of message-authentication hardware cores."""

__version__ = "0.1.0"
