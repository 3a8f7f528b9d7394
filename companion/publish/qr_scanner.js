// Card Table Companion: a QR code scanner over the page, for Python in its
// worker (companion/serving/page_camera.py). Told `scan`, it shows the back
// camera over the app and reads each frame, with the browser's
// BarcodeDetector where it reads QR codes (Chrome on Android), else with
// jsQR, which ships with the site and loads the first time it is needed. It
// answers `scanned` with the text read, or the problem why none was; the
// camera is released before it answers: once a code is read, when the
// person closes it, and when the page is hidden or left. It knows nothing of
// what the text is for. Runs after page_channel.js.
(() => {
  'use strict';
  const settings = self.companionSettings.qr_scanner;
  const STYLE = `
#${settings.coverId} { position: fixed; inset: 0; z-index: 2147483000;
  background: #000; color: #fff; font: 16px/1.4 system-ui, sans-serif;
  display: flex; flex-direction: column; align-items: center;
  justify-content: flex-end; }
#${settings.coverId} video { position: absolute; inset: 0; width: 100%;
  height: 100%; object-fit: cover; }
#${settings.coverId} .frame { position: absolute; left: 50%; top: 42%;
  width: 72vmin; height: 72vmin; transform: translate(-50%, -50%);
  border: 3px solid #fff; border-radius: 16px;
  box-shadow: 0 0 0 100vmax rgba(0, 0, 0, 0.45); }
#${settings.coverId} p { position: relative; margin: 0 24px 16px;
  text-align: center; text-shadow: 0 1px 3px #000; }
#${settings.coverId} button { position: relative; min-height: 56px;
  min-width: 200px; padding: 0 24px; border: 0; border-radius: 28px;
  margin: 0 24px max(32px, env(safe-area-inset-bottom));
  background: #fff; color: #000; font: inherit; font-weight: 600; }
`;
  let open = null;
  let jsQRLoaded = null;

  function problemOf(error) {
    const name = error && error.name;
    if (name === 'NotAllowedError' || name === 'SecurityError') {
      return 'refused';
    }
    if (name === 'NotFoundError' || name === 'OverconstrainedError') {
      return 'no-camera';
    }
    return 'failed';
  }

  function loadJsQR() {
    if (jsQRLoaded === null) {
      jsQRLoaded = new Promise((resolve, reject) => {
        const script = document.createElement('script');
        script.src = settings.decoderUrl;
        script.addEventListener('load', () => {
          if (typeof self.jsQR === 'function') {
            resolve(self.jsQR);
          } else {
            reject(new Error('jsQR is not in its file'));
          }
        });
        script.addEventListener('error', () => {
          jsQRLoaded = null;
          reject(new Error('jsQR did not load'));
        });
        document.head.append(script);
      });
    }
    return jsQRLoaded;
  }

  // A function that reads the QR code in the video's frame (null: none).
  async function reader() {
    if ('BarcodeDetector' in self) {
      try {
        const formats = await self.BarcodeDetector.getSupportedFormats();
        if (formats.includes('qr_code')) {
          const detector = new self.BarcodeDetector({formats: ['qr_code']});
          return async (video) => {
            const found = await detector.detect(video);
            return found.length > 0 ? found[0].rawValue : null;
          };
        }
      } catch {
        // A detector that cannot say what it reads: jsQR instead.
      }
    }
    const jsQR = await loadJsQR();
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d', {willReadFrequently: true});
    return async (video) => {
      const side = Math.max(video.videoWidth, video.videoHeight);
      if (side === 0) {
        return null;
      }
      const scale = Math.min(1, settings.maxSide / side);
      const width = Math.round(video.videoWidth * scale);
      const height = Math.round(video.videoHeight * scale);
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      const pixels = context.getImageData(0, 0, width, height).data;
      // The app's codes are dark on light whatever the theme.
      const found = jsQR(pixels, width, height, {inversionAttempts: 'dontInvert'});
      return found ? found.data : null;
    };
  }

  function cover(words) {
    const box = document.createElement('div');
    box.id = settings.coverId;
    box.setAttribute('role', 'dialog');
    box.setAttribute('aria-modal', 'true');
    box.setAttribute('aria-label', words.hint);
    const style = document.createElement('style');
    style.textContent = STYLE;
    const video = document.createElement('video');
    video.muted = true;
    video.playsInline = true;
    video.setAttribute('aria-hidden', 'true');
    const frame = document.createElement('div');
    frame.className = 'frame';
    const hint = document.createElement('p');
    hint.textContent = words.hint;
    const close = document.createElement('button');
    close.type = 'button';
    close.textContent = words.close;
    box.append(style, video, frame, hint, close);
    const made = [];
    for (const other of document.body.children) {
      if (!other.inert) {
        other.inert = true;
        made.push(other);
      }
    }
    document.body.append(box);
    close.focus();
    return {box, video, close, made};
  }

  function uncover(shown) {
    shown.box.remove();
    for (const other of shown.made) {
      other.inert = false;
    }
  }

  async function scan(message) {
    if (open !== null) {
      open.finish({problem: 'closed'});
    }
    const words = {hint: String(message.hint || ''), close: String(message.close || '')};
    let stream = null;
    let shown = null;
    let stopped = false;
    const leave = () => finish({problem: 'closed'});
    const hidden = () => {
      if (document.visibilityState === 'hidden') {
        leave();
      }
    };
    const escape = (event) => {
      if (event.key === 'Escape') {
        leave();
      }
    };
    function finish(answer) {
      if (stopped) {
        return;
      }
      stopped = true;
      open = null;
      if (stream !== null) {
        for (const track of stream.getTracks()) {
          track.stop();
        }
      }
      if (shown !== null) {
        uncover(shown);
      }
      document.removeEventListener('visibilitychange', hidden);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('popstate', leave);
      window.removeEventListener('keydown', escape);
      self.companionPython.tell({kind: settings.scanned, ...answer});
    }
    open = {finish};
    const media = navigator.mediaDevices;
    if (!media || !media.getUserMedia) {
      finish({problem: 'no-camera'});
      return;
    }
    shown = cover(words);
    shown.close.addEventListener('click', leave);
    document.addEventListener('visibilitychange', hidden);
    window.addEventListener('pagehide', leave);
    window.addEventListener('popstate', leave);
    window.addEventListener('keydown', escape);
    try {
      const asked = await media.getUserMedia(
        {audio: false, video: {facingMode: {ideal: 'environment'}}});
      if (stopped) {
        // Closed while the browser asked: released at once.
        for (const track of asked.getTracks()) {
          track.stop();
        }
        return;
      }
      stream = asked;
    } catch (error) {
      finish({problem: problemOf(error)});
      return;
    }
    let read;
    try {
      shown.video.srcObject = stream;
      await shown.video.play();
      read = await reader();
    } catch {
      finish({problem: 'failed'});
      return;
    }
    while (!stopped) {
      let text = null;
      try {
        text = await read(shown.video);
      } catch {
        // A frame that could not be read: the next one may.
      }
      if (stopped) {
        return;
      }
      if (text) {
        finish({text});
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, settings.frameMs));
    }
  }

  self.companionPython.on(settings.scan, (message) => {
    scan(message);
  });
})();
