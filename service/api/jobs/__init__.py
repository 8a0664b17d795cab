"""Jobs: batch reviews and insights run as one task per record on a Dramatiq queue, their
results kept in Redis (or, on one machine without Redis, in an SQLite file)."""
