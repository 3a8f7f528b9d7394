// A picture held up to the page's camera (tests/browser/peer_site.py): the
// scanner (companion/publish/qr_scanner.js) draws each camera frame on a
// canvas and reads it back with getImageData; from now on that read gives
// the picture instead, scaled to 85 % of the frame's height in the middle of
// a grey room, as fake_camera.py films one. The real scanner and the real
// jsQR then read it. Called again, it shows the new picture.
async (png) => {
  'use strict';
  if ('BarcodeDetector' in self) {
    // The scanner would read the fake camera's own frames with it, not jsQR.
    throw new Error('this Chromium has a BarcodeDetector: the picture is not read');
  }
  const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
  const picture = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
  const prototype = CanvasRenderingContext2D.prototype;
  // The browser's own read, kept from the first call (later ones see ours).
  const read = self.cameraPictureRead || prototype.getImageData;
  self.cameraPictureRead = read;
  const room = document.createElement('canvas');
  const context = room.getContext('2d', {willReadFrequently: true});
  prototype.getImageData = function (x, y, width, height) {
    room.width = width;
    room.height = height;
    context.fillStyle = '#6b6b6b';
    context.fillRect(0, 0, width, height);
    const scale = (height * 0.85) / Math.max(picture.width, picture.height);
    const shownWidth = picture.width * scale;
    const shownHeight = picture.height * scale;
    context.drawImage(picture, (width - shownWidth) / 2, (height - shownHeight) / 2,
        shownWidth, shownHeight);
    return read.call(context, 0, 0, width, height);
  };
}
