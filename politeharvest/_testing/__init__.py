"""The parts behind `politeharvest.testing` (loopback servers, sample repositories)."""
