// Card Table Companion: the page's direct links to other phones
// (webclient/peer_link.js, run before this) for Python in its worker
// (companion/serving/page_peers.py). Python's `peer` messages carry a
// command and its number; the answer goes back as `peer-reply` with that
// number, and every link's events as `peer-event`. Before a link is offered
// or answered the page opens the camera for a moment, once a page: a browser
// shows the phone's real address only to a page that may use the camera
// (Chrome: once it is granted; Safari: once this page has captured), and
// without it the other phone has nothing to connect to.
(() => {
  'use strict';
  const settings = self.companionSettings.peer_page;
  let captured = false;

  async function cameraOpenedOnce() {
    if (captured) {
      return true;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({video: true});
      for (const track of stream.getTracks()) {
        track.stop();
      }
      captured = true;
    } catch {
      // Refused, or no camera: the page can offer no address.
      return false;
    }
    return true;
  }

  async function carriedOut(command) {
    const describing = command.op === 'offer' || command.op === 'answer';
    if (describing && !(await cameraOpenedOnce())) {
      return {ok: false, error: 'camera-refused'};
    }
    return self.PeerLinks.handle(command);
  }

  self.PeerLinks.listen((event) => {
    self.companionPython.tell({kind: settings.event, ...event});
  });
  self.companionPython.on(settings.command, (message) => {
    carriedOut(message.command).then((reply) => {
      self.companionPython.tell({kind: settings.reply, id: message.id, reply});
    });
  });
})();
