// jsdom has HTMLDialogElement (with `open`) but not showModal / close / the
// Escape "cancel" event. This fills in just that behaviour for component tests;
// the real <dialog> (top layer, inert page, focus trap) is exercised by the
// Chromium e2e tests.
const proto = globalThis.HTMLDialogElement?.prototype as
  | (HTMLDialogElement & { showModal?: () => void })
  | undefined;

if (proto && typeof proto.showModal !== 'function') {
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.show = function show(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute('open')) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    const dialogs = document.querySelectorAll<HTMLDialogElement>('dialog[open]');
    const top = dialogs[dialogs.length - 1];
    if (!top) return;
    // As browsers do: a cancelable "cancel" event, then close unless prevented.
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
