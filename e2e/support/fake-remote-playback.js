// A stand-in for the browser's Remote Playback API (HTMLMediaElement.remote) inside the frame player of
// e2e/embed.e2e.ts: headless Chromium finds no Cast device, so this one "has" a TV. It keeps the real
// API's names and shapes (watchAvailability, cancelWatchAvailability, prompt, state, and the connecting /
// connect / disconnect events): prompt() connects, and prompted again while connected, disconnects
// (Chrome's picker offers "stop casting" there). window.fakeRemote.prompts counts the pickers opened.
(() => {
  if (!location.pathname.startsWith('/promo/web/embed')) return;
  const remotes = new WeakMap();
  window.fakeRemote = { prompts: 0 };
  class FakeRemotePlayback extends EventTarget {
    constructor() {
      super();
      this.state = 'disconnected';
    }
    async watchAvailability(callback) {
      setTimeout(() => callback(true), 0);
      return 1;
    }
    async cancelWatchAvailability() {}
    async prompt() {
      window.fakeRemote.prompts += 1;
      const next = this.state === 'connected' ? ['disconnected'] : ['connecting', 'connected'];
      for (const state of next) {
        this.state = state;
        this.dispatchEvent(
          new Event(state === 'connected' ? 'connect' : state === 'connecting' ? 'connecting' : 'disconnect'),
        );
      }
    }
  }
  Object.defineProperty(HTMLMediaElement.prototype, 'remote', {
    configurable: true,
    get() {
      let remote = remotes.get(this);
      if (!remote) {
        remote = new FakeRemotePlayback();
        remotes.set(this, remote);
      }
      return remote;
    },
  });
})();
