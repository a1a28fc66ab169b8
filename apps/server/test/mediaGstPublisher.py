#!/usr/bin/python3
"""A WHIP publisher the way OBS is one: H.264 (packetization-mode 1) + Opus only, no VP8, no trickle.

GStreamer's webrtcbin (Debian: gstreamer1.0-plugins-bad, -nice, -ugly for x264, python3-gi,
gir1.2-gst-plugins-bad-1.0, gir1.2-nice-0.1). The encoder makes keyframes only when asked (a PLI),
so a viewer that gets a picture proves the SFU's keyframe requests reach an H.264 publisher.

    MEDIA=video mediaGstPublisher.py WHIP_URL TOKEN

Prints `OFFER <codecs>`, then `LOCATION <session url>` after the 201, then `STATE <ice state>`
changes. SIGTERM: DELETE the session and exit. libnice gathers no loopback candidate, so the agent
is given 127.0.0.1 as its only address (the tests keep all media on 127.0.0.0/8).
"""
import re
import signal
import os
import sys
import urllib.request

import gi

gi.require_version('Gst', '1.0')
gi.require_version('GstWebRTC', '1.0')
gi.require_version('GstSdp', '1.0')
gi.require_version('Nice', '0.1')
from gi.repository import GLib, Gst, GstSdp, GstWebRTC, Nice  # noqa: E402

URL, TOKEN = sys.argv[1], sys.argv[2]
Gst.init(None)

# MEDIA: "video" (as OBS with its audio off) or "audio" publishes that kind alone; both by default.
MEDIA = os.environ.get('MEDIA', 'audio video').split()
VIDEO = (
    'videotestsrc is-live=true pattern=ball ! video/x-raw,width=320,height=240,framerate=20/1 ! videoconvert ! '
    'x264enc tune=zerolatency speed-preset=ultrafast key-int-max=100000 bitrate=400 ! video/x-h264,profile=constrained-baseline ! '
    'rtph264pay config-interval=-1 aggregate-mode=zero-latency pt=102 ! '
    'application/x-rtp,media=video,encoding-name=H264,payload=102,clock-rate=90000 ! w. '
)
AUDIO = (
    'audiotestsrc is-live=true wave=sine ! audioconvert ! audioresample ! opusenc ! rtpopuspay pt=111 ! '
    'application/x-rtp,media=audio,encoding-name=OPUS,payload=111,clock-rate=48000 ! w.'
)
PIPELINE = 'webrtcbin name=w bundle-policy=max-bundle ' + (VIDEO if 'video' in MEDIA else '') + (AUDIO if 'audio' in MEDIA else '')

pipe = Gst.parse_launch(PIPELINE)
webrtc = pipe.get_by_name('w')
loop = GLib.MainLoop()
location = None

# Keep the ICE object referenced from Python for the process's life: PyGObject drops the
# reference of this introspection-less type when the last Python handle goes.
ice = webrtc.get_property('ice-agent')
agent = ice.get_property('agent')
loopback = Nice.Address.new()
# ICE_ADDRESS: the host side of a test namespace's veth when the server is a Janus inside it.
loopback.set_from_string(os.environ.get('ICE_ADDRESS', '127.0.0.1'))
agent.add_local_address(loopback)


def say(*words):
    print(*words, flush=True)


def post_offer():
    global location
    sdp = webrtc.get_property('local-description').sdp.as_text()
    say('OFFER', ' '.join(sorted(set(re.findall(r'a=rtpmap:\d+ ([^/\s]+)', sdp)))))
    req = urllib.request.Request(URL, data=sdp.encode(), method='POST', headers={
        'content-type': 'application/sdp', 'authorization': f'Bearer {TOKEN}'})
    try:
        res = urllib.request.urlopen(req, timeout=10)
    except urllib.error.HTTPError as err:
        say('REFUSED', err.code, err.read().decode(errors='replace'))
        loop.quit()
        return
    location = urllib.parse.urljoin(URL, res.headers['location'])
    answer = res.read().decode()
    _, msg = GstSdp.SDPMessage.new_from_text(answer)
    desc = GstWebRTC.WebRTCSessionDescription.new(GstWebRTC.WebRTCSDPType.ANSWER, msg)
    webrtc.emit('set-remote-description', desc, Gst.Promise.new())
    say('LOCATION', location)


def on_gathering(element, _pspec):
    if element.get_property('ice-gathering-state') == GstWebRTC.WebRTCICEGatheringState.COMPLETE:
        GLib.idle_add(lambda: post_offer() and False)


def on_ice_state(element, _pspec):
    say('STATE', element.get_property('ice-connection-state').value_nick)


def on_offer(promise, _user):
    reply = promise.get_reply()
    offer = reply.get_value('offer') if reply and reply.has_field('offer') else None
    if offer is None:
        # Asked before the encoders' caps were known: ask again shortly.
        GLib.timeout_add(100, lambda: on_negotiation_needed(webrtc) and False)
        return
    webrtc.emit('set-local-description', offer, Gst.Promise.new())


def on_negotiation_needed(element):
    element.emit('create-offer', None, Gst.Promise.new_with_change_func(on_offer, None))


def stop(*_args):
    if location:
        try:
            urllib.request.urlopen(urllib.request.Request(location, method='DELETE', headers={'authorization': f'Bearer {TOKEN}'}), timeout=3)
        except Exception:  # noqa: BLE001 - best effort, the server times the session out anyway
            pass
    loop.quit()


webrtc.connect('on-negotiation-needed', on_negotiation_needed)
webrtc.connect('notify::ice-gathering-state', on_gathering)
webrtc.connect('notify::ice-connection-state', on_ice_state)
for sig in (signal.SIGTERM, signal.SIGINT):
    GLib.unix_signal_add(GLib.PRIORITY_DEFAULT, sig, stop)

# Only send: the answer must not make webrtcbin expect media back.
for t in range(len(MEDIA)):
    tr = webrtc.emit('get-transceiver', t)
    if tr:
        tr.set_property('direction', GstWebRTC.WebRTCRTPTransceiverDirection.SENDONLY)
pipe.set_state(Gst.State.PLAYING)
loop.run()
pipe.set_state(Gst.State.NULL)
