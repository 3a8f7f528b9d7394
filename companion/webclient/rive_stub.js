// Card Table Companion draws no Rive animation: the runtime never starts
// (companion/webclient/rive.py).
window.RiveNative = () => new Promise(() => {});
