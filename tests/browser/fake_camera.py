"""A video for Chromium's fake camera, made from a picture in Python (no ffmpeg).

Chromium plays a Y4M file in a loop to every page that asks for the camera
(`--use-file-for-fake-video-capture`): a header, then raw I420 frames (the
full-size Y plane, then U and V at half size each way).
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image

FRAME_SIZE = (640, 480)
"""What a phone's camera gives a page unless asked for more."""


def camera_args(video: Path) -> list[str]:
    """Chromium's flags for a fake camera that plays `video`, allowed without asking."""
    return [
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={video}",
    ]


def filmed(picture: Image.Image, background: str = "#6b6b6b") -> Image.Image:
    """`picture` as a camera held in front of it sees it: scaled to fill most
    of the frame's height, in the middle of a grey room."""
    width, height = FRAME_SIZE
    side = int(height * 0.85)
    scale = side / max(picture.size)
    shown = picture.convert("RGB").resize(
        (round(picture.width * scale), round(picture.height * scale)),
        Image.Resampling.LANCZOS,
    )
    frame = Image.new("RGB", FRAME_SIZE, background)
    frame.paste(shown, ((width - shown.width) // 2, (height - shown.height) // 2))
    return frame


def write_y4m(frame: Image.Image, path: Path, frames: int = 10, fps: int = 10) -> Path:
    """`frame` (even width and height) as a Y4M video of `frames` equal frames."""
    width, height = frame.size
    if width % 2 or height % 2:
        raise ValueError("I420 needs an even width and height")
    luma, blue, red = frame.convert("YCbCr").split()
    half = (width // 2, height // 2)
    planes = luma.tobytes() + b"".join(
        plane.resize(half, Image.Resampling.BOX).tobytes() for plane in (blue, red)
    )
    header = f"YUV4MPEG2 W{width} H{height} F{fps}:1 Ip A1:1 C420jpeg\n"
    with path.open("wb") as video:
        video.write(header.encode())
        for _ in range(frames):
            video.write(b"FRAME\n" + planes)
    return path
