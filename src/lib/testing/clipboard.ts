/**
 * Replaces the Clipboard API for a story (a headless browser may refuse it) and records what was
 * written; returns the cleanup with the writes attached.
 */
export function stubClipboard(refuse = false): (() => void) & { writes: string[] } {
  const writes: string[] = [];
  const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: {
      writeText: async (text: string) => {
        if (refuse) throw new DOMException('Write permission denied.', 'NotAllowedError');
        writes.push(text);
      },
    },
  });
  return Object.assign(
    () => {
      if (original) Object.defineProperty(navigator, 'clipboard', original);
      else delete (navigator as { clipboard?: unknown }).clipboard;
    },
    { writes },
  );
}
