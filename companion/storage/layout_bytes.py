"""Varints, texts and bit fields: the bytes a match code is built of."""

from __future__ import annotations

MAX_VARINT_BYTES = 10
"""Enough for any 64-bit value; a longer varint is damage, never a number."""


class LayoutError(Exception):
    """The bytes are not a layout this code writes (a reason, for a bug report)."""


class TextTooLong(LayoutError):
    """A text longer, in bytes, than its reader allows: refused unread."""


class LayoutWriter:
    """Bytes written in order: varints (7 bits a byte, low first) and texts."""

    def __init__(self) -> None:
        self._out = bytearray()

    def uint(self, value: int) -> None:
        """A non-negative integer in as few bytes as it needs."""
        if value < 0:
            raise ValueError(value)
        while value > 0x7F:
            self._out.append(value & 0x7F | 0x80)
            value >>= 7
        self._out.append(value)

    def text(self, value: str) -> None:
        """A text as its UTF-8 length, then its UTF-8 bytes."""
        raw = value.encode("utf-8")
        self.uint(len(raw))
        self._out += raw

    def raw(self, value: bytes) -> None:
        """Bytes as they are (their length is known to the reader)."""
        self._out += value

    def bytes(self) -> bytes:
        """Everything written so far."""
        return bytes(self._out)


class LayoutReader:
    """Reads what LayoutWriter wrote; LayoutError for anything else."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    @property
    def left(self) -> int:
        """Bytes not read yet."""
        return len(self._data) - self._at

    def uint(self, most: int = 2**63) -> int:
        """A varint no larger than `most`."""
        value = 0
        for shift in range(0, 7 * MAX_VARINT_BYTES, 7):
            if self._at >= len(self._data):
                raise LayoutError("ends-early")
            byte = self._data[self._at]
            self._at += 1
            value |= (byte & 0x7F) << shift
            if not byte & 0x80:
                if value > most:
                    raise LayoutError("number-too-large")
                return value
        raise LayoutError("varint-too-long")

    def count(self, most: int) -> int:
        """How many items follow: at most `most`, and no more than bytes left
        (each item takes at least one), so a claimed count never costs memory."""
        value = self.uint(most)
        if value > self.left:
            raise LayoutError("count-past-end")
        return value

    def choice(self, options: tuple[str, ...]) -> str:
        """One of `options`, by its index."""
        return options[self.uint(len(options) - 1)]

    def flag(self) -> bool:
        """A yes (1) or no (0)."""
        return bool(self.uint(1))

    def raw(self, size: int) -> bytes:
        """The next `size` bytes."""
        if size > self.left:
            raise LayoutError("ends-early")
        chunk = self._data[self._at : self._at + size]
        self._at += size
        return chunk

    def text(self, most: int) -> str:
        """A text written by LayoutWriter.text, of at most `most` UTF-8 bytes
        (TextTooLong, before a byte of it is decoded)."""
        size = self.uint(self.left)
        if size > most:
            raise TextTooLong("text-too-long")
        try:
            return self.raw(size).decode("utf-8")
        except UnicodeDecodeError as error:
            raise LayoutError("not-utf-8") from error

    def end(self) -> None:
        """LayoutError unless every byte was read."""
        if self.left:
            raise LayoutError("bytes-left-over")


MAX_GAMMA_BITS = 64
"""The widest number an Elias gamma code here holds; more zeros are damage."""


class BitWriter:
    """Bits written most significant first, as few as each value needs."""

    def __init__(self) -> None:
        self._out = bytearray()
        self._held = 0
        self._bits = 0

    def bits(self, value: int, width: int) -> None:
        """`value` in exactly `width` bits."""
        if not 0 <= value < 1 << width:
            raise ValueError((value, width))
        self._held = self._held << width | value
        self._bits += width
        whole = self._bits // 8
        if whole:
            self._bits -= whole * 8
            self._out += (self._held >> self._bits).to_bytes(whole, "big")
            self._held &= (1 << self._bits) - 1

    def gamma(self, value: int) -> None:
        """A number from 1 up, in Elias gamma code: 1 is one bit, 2-3 three,
        4-7 five (zeros for its width less one, then its bits)."""
        width = value.bit_length()
        if value < 1 or width > MAX_GAMMA_BITS:
            raise ValueError(value)
        self.bits(0, width - 1)
        self.bits(value, width)

    def bytes(self) -> bytes:
        """Everything written, the last byte filled with zeros."""
        tail = bytes([self._held << (8 - self._bits)]) if self._bits else b""
        return bytes(self._out) + tail


class BitReader:
    """Reads what BitWriter wrote; LayoutError for anything else."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def bits(self, width: int) -> int:
        """The next `width` bits as a number."""
        end = self._at + width
        if end > len(self._data) * 8:
            raise LayoutError("ends-early")
        first, last = self._at // 8, (end + 7) // 8
        chunk = int.from_bytes(self._data[first:last], "big")
        self._at = end
        return chunk >> (last * 8 - end) & ((1 << width) - 1)

    def gamma(self) -> int:
        """A number written by BitWriter.gamma."""
        zeros = 0
        while not self.bits(1):
            zeros += 1
            if zeros >= MAX_GAMMA_BITS:
                raise LayoutError("gamma-too-long")
        return 1 << zeros | self.bits(zeros)

    def end(self) -> None:
        """LayoutError unless only the last byte's zero filling is left."""
        left = len(self._data) * 8 - self._at
        if left >= 8 or self.bits(left):
            raise LayoutError("bits-left-over")
