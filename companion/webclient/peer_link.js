// Direct data channels to other phones over WebRTC, with no server at all:
// no STUN or TURN, so only addresses on the same network connect. The page
// drives it by commands and hears back by events, both plain objects, so the
// static site's worker (where Python runs, and RTCPeerConnection does not
// exist) can send them over postMessage as they are. Python turns the SDP
// this hands out into the QR code's digits, and the scanned digits back.
//
//   PeerLinks.listen(event => ...)      every link's events:
//     {link, event: "state", state}     connecting, connected, disconnected,
//                                       failed, closed (RTCPeerConnection's)
//     {link, event: "open"}             the data channel can send
//     {link, event: "quiet"}            no heartbeat for QUIET_MS: the other
//                                       phone's tab, screen or Wi-Fi is gone
//     {link, event: "heard"}            heartbeats again after "quiet"
//     {link, event: "closed"}           the data channel is gone, for good
//     {link, event: "message", text}
//     {link, event: "dropped", reason}  a message not passed on (binary, long)
//   PeerLinks.handle(command) -> Promise of {ok: true, ...} or {ok: false, error}
//     {op: "offer", link}               -> {sdp}: the host's, for a new guest
//     {op: "answer", link, sdp}         -> {sdp}: the guest's, to the offer
//     {op: "accept", link, sdp}         the host takes the guest's answer
//     {op: "send", link, text}
//     {op: "close", link}
"use strict";

(function () {
  const GATHER_MS = 5000;
  // ICE gathering on a phone with one or two networks and no STUN server ends
  // in well under a second; a network that never answers must not hold the code.
  const BEAT_MS = 1000;
  const QUIET_MS = 4000;
  // A closed tab or a dropped Wi-Fi sends no goodbye, and ICE takes 30 s to
  // give up: a heartbeat a second says so within a few. Background tabs still
  // run a timer a second.
  const MAX_MESSAGE_CHARS = 262144;
  // Chromium's and Safari's max-message-size; Python checks what it takes.
  const TABLE = { negotiated: true, id: 0 };
  const BEAT = { negotiated: true, id: 1 };
  // Both sides make the same channels, so the guest needs no ondatachannel.

  const links = new Map();
  let report = function () {};

  function gathered(connection) {
    return new Promise(function (done) {
      const timer = setTimeout(finish, GATHER_MS);
      function finish() {
        clearTimeout(timer);
        connection.removeEventListener("icegatheringstatechange", check);
        done(connection.localDescription.sdp);
      }
      function check() {
        if (connection.iceGatheringState === "complete") {
          finish();
        }
      }
      connection.addEventListener("icegatheringstatechange", check);
      check();
    });
  }

  function received(link, message) {
    if (typeof message.data !== "string") {
      report({ link: link, event: "dropped", reason: "binary" });
    } else if (message.data.length > MAX_MESSAGE_CHARS) {
      report({ link: link, event: "dropped", reason: "too-long" });
    } else {
      report({ link: link, event: "message", text: message.data });
    }
  }

  function listenForBeats(link, entry) {
    entry.beat.addEventListener("message", function () {
      entry.heardAt = performance.now();
      if (entry.quiet) {
        entry.quiet = false;
        report({ link: link, event: "heard" });
      }
    });
    entry.beat.addEventListener("open", function () {
      entry.heardAt = performance.now();
      entry.timer = setInterval(function () {
        if (entry.beat.readyState === "open") {
          entry.beat.send("b");
        }
        if (!entry.quiet && performance.now() - entry.heardAt > QUIET_MS) {
          entry.quiet = true;
          report({ link: link, event: "quiet" });
        }
      }, BEAT_MS);
    });
  }

  function open(link) {
    if (links.has(link)) {
      throw new Error("link-exists");
    }
    const connection = new RTCPeerConnection({ iceServers: [] });
    const entry = {
      connection: connection,
      channel: connection.createDataChannel("table", TABLE),
      beat: connection.createDataChannel("beat", BEAT),
      heardAt: 0,
      quiet: false,
      timer: null,
    };
    links.set(link, entry);
    connection.addEventListener("connectionstatechange", function () {
      report({ link: link, event: "state", state: connection.connectionState });
    });
    entry.channel.addEventListener("open", function () {
      report({ link: link, event: "open" });
    });
    entry.channel.addEventListener("close", function () {
      if (links.get(link) === entry) {
        discard(link);
      }
      report({ link: link, event: "closed" });
    });
    entry.channel.addEventListener("message", function (message) {
      received(link, message);
    });
    listenForBeats(link, entry);
    return connection;
  }

  function known(link) {
    const entry = links.get(link);
    if (!entry) {
      throw new Error("no-such-link");
    }
    return entry;
  }

  function discard(link) {
    const entry = known(link);
    links.delete(link);
    clearInterval(entry.timer);
    entry.channel.close();
    entry.beat.close();
    entry.connection.close();
  }

  // A new link's description, gathered; a link that failed on the way is gone.
  async function described(link, steps) {
    const connection = open(link);
    try {
      await steps(connection);
      return { sdp: await gathered(connection) };
    } catch (error) {
      discard(link);
      throw error;
    }
  }

  function offer(command) {
    return described(command.link, async function (connection) {
      await connection.setLocalDescription(await connection.createOffer());
    });
  }

  function answer(command) {
    return described(command.link, async function (connection) {
      await connection.setRemoteDescription({ type: "offer", sdp: command.sdp });
      await connection.setLocalDescription(await connection.createAnswer());
    });
  }

  async function accept(command) {
    const connection = known(command.link).connection;
    await connection.setRemoteDescription({ type: "answer", sdp: command.sdp });
    return {};
  }

  function send(command) {
    const channel = known(command.link).channel;
    if (channel.readyState !== "open") {
      throw new Error("not-open");
    }
    channel.send(String(command.text));
    return {};
  }

  function close(command) {
    discard(command.link);
    return {};
  }

  const operations = { offer, answer, accept, send, close };

  async function handle(command) {
    const operation = operations[command && command.op];
    if (!operation) {
      return { ok: false, error: "unknown-op" };
    }
    try {
      return Object.assign({ ok: true }, await operation(command));
    } catch (error) {
      return { ok: false, error: error.message || String(error) };
    }
  }

  globalThis.PeerLinks = {
    handle: handle,
    listen: function (listener) {
      report = listener;
    },
  };
})();
