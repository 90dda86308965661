#!/usr/bin/env python3
"""SQLite's own commit rate on this disk, the baseline of the vote benchmark: one-row
upserts, each its own transaction, in WAL mode with synchronous=FULL (the site's
settings), on a fresh database file in the given folder, for the given seconds. Prints
commits per second."""
import os, sqlite3, sys, time

folder, seconds = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 5.0
path = os.path.join(folder, "commit-rate.sqlite")
for suffix in ("", "-wal", "-shm"):
    if os.path.exists(path + suffix):
        os.remove(path + suffix)
db = sqlite3.connect(path, isolation_level=None)
db.execute("PRAGMA journal_mode=WAL")
db.execute("PRAGMA synchronous=FULL")
db.execute("CREATE TABLE votes (member INTEGER, product TEXT, stars INTEGER, PRIMARY KEY (member, product))")
n, start = 0, time.perf_counter()
while time.perf_counter() - start < seconds:
    db.execute("BEGIN IMMEDIATE")
    db.execute("INSERT INTO votes VALUES (?, 'p', ?) ON CONFLICT (member, product) DO UPDATE SET stars = excluded.stars", (n % 15000, n % 5 + 1))
    db.execute("COMMIT")
    n += 1
print(f"{n / (time.perf_counter() - start):.0f}")
db.close()
for suffix in ("", "-wal", "-shm"):
    if os.path.exists(path + suffix):
        os.remove(path + suffix)
