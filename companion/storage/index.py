"""The matches list: one small summary per match, spread over bucket files by id."""

from collections.abc import Callable, Iterable

from tinydb import TinyDB
from tinydb.table import Document, Table

from companion.storage.records import (
    MATCH_ID,
    MatchSummary,
    read_summary,
    summary_document,
)
from companion.storage.stats import StatsBook
from companion.storage.storages import put_document

OpenBucket = Callable[[str], TinyDB]
TABLE = "matches"
STALE = -1
"""The revision noted for an entry written before the stats: no file has it."""


def bucket_of(match_id: str) -> str:
    """The bucket file a match's summary lives in: 256 of them, by id prefix."""
    return match_id[:2]


def _doc_id(match_id: str) -> int:
    return int(match_id, 16)


class MatchIndex:
    """Every match's summary and file revision, in memory and in bucket files.

    Saving a round rewrites only its match's bucket, so the cost of a save does
    not grow with the number of stored matches. The match files are the truth:
    the index records which revision of each it describes, to be checked on open.
    `stats` follows every entry, so the figures never need the match files.
    """

    def __init__(self, open_bucket: OpenBucket, buckets: Iterable[str]) -> None:
        self._open_bucket = open_bucket
        self._tables: dict[str, Table] = {}
        self._entries: dict[str, tuple[MatchSummary, int]] = {}
        for bucket in buckets:
            for document in self._table(bucket).all():
                summary, revision = read_summary(document)
                if summary.facts is None:
                    revision = STALE
                self._entries[summary.id] = (summary, revision)
        self.stats = StatsBook(summary for summary, _ in self._entries.values())

    def _table(self, bucket: str) -> Table:
        table = self._tables.get(bucket)
        if table is None:
            table = self._open_bucket(bucket).table(TABLE)
            self._tables[bucket] = table
        return table

    def summaries(self) -> list[MatchSummary]:
        """Every match, newest first."""
        entries = [summary for summary, _ in self._entries.values()]
        return sorted(entries, key=lambda s: (s.created, s.id), reverse=True)

    def revisions(self) -> dict[str, int]:
        """Each match id with the revision of its file that the index describes."""
        return {match_id: entry[1] for match_id, entry in self._entries.items()}

    def revision(self, match_id: str) -> int | None:
        """The revision of a match's file that its entry describes."""
        entry = self._entries.get(match_id)
        return None if entry is None else entry[1]

    def get(self, match_id: str) -> MatchSummary | None:
        """One match's summary, or None if there is no such match."""
        entry = self._entries.get(match_id)
        return None if entry is None else entry[0]

    def put(self, summary: MatchSummary, revision: int) -> None:
        """Record a match's summary (in memory even if the bucket write fails)."""
        self._entries[summary.id] = (summary, revision)
        self.stats.put(summary)
        document = summary_document(summary, revision)
        put_document(self._table(bucket_of(summary.id)), document, _doc_id(summary.id))

    def remove(self, match_id: str) -> None:
        """Forget a match."""
        if self._entries.pop(match_id, None) is not None:
            self.stats.remove(match_id)
            self._table(bucket_of(match_id)).remove(doc_ids=[_doc_id(match_id)])

    def rewrite(
        self, entries: Iterable[tuple[MatchSummary, int]], gone: Iterable[str]
    ) -> None:
        """Replace many entries at once, writing each touched bucket once."""
        touched: set[str] = set()
        for match_id in gone:
            if self._entries.pop(match_id, None) is not None:
                self.stats.remove(match_id)
                touched.add(bucket_of(match_id))
        for summary, revision in entries:
            self._entries[summary.id] = (summary, revision)
            self.stats.put(summary)
            touched.add(bucket_of(summary.id))
        documents: dict[str, list[Document]] = {bucket: [] for bucket in touched}
        for match_id, (summary, revision) in self._entries.items():
            bucket = bucket_of(match_id)
            if bucket in documents:
                # A stale entry stays stale when read back (it has no facts).
                document = summary_document(summary, max(revision, 0))
                documents[bucket].append(Document(document, _doc_id(match_id)))
        for bucket, bucket_documents in sorted(documents.items()):
            table = self._table(bucket)
            table.truncate()
            table.insert_multiple(bucket_documents)


def repair_index(
    index: MatchIndex,
    on_disk: dict[str, int],
    read: Callable[[str], tuple[MatchSummary | None, int]],
) -> int:
    """Bring the index in line with the match files; returns how many were wrong.

    A crash between writing a match file and its index entry leaves the entry
    naming an older revision (or no entry, or an entry for a deleted match).
    """
    indexed = index.revisions()
    gone = [match_id for match_id in indexed if match_id not in on_disk]
    fresh: list[tuple[MatchSummary, int]] = []
    for match_id, revision in on_disk.items():
        if not MATCH_ID.match(match_id) or indexed.get(match_id) == revision:
            continue
        summary, revision = read(match_id)
        if summary is None:
            gone.append(match_id)
        else:
            fresh.append((summary, revision))
    gone = [match_id for match_id in gone if match_id in indexed]
    if gone or fresh:
        index.rewrite(fresh, gone)
    return len(gone) + len(fresh)
