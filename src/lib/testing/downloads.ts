/** A file a story's code handed to the browser to download (lib/download's saveFile), caught instead. */
export interface CaughtDownload {
  name: string;
  text: Promise<string>;
}

/**
 * Catches the files handed to the browser through a link with `download`, before the headless
 * browser would save them, and records each with its contents; returns the cleanup with the
 * downloads attached (a Storybook `beforeEach` can return it).
 */
export function catchDownloads(): (() => void) & { downloads: CaughtDownload[] } {
  const downloads: CaughtDownload[] = [];
  const blobs = new Map<string, Blob>();
  const createObjectURL = URL.createObjectURL;
  const click = HTMLAnchorElement.prototype.click;
  URL.createObjectURL = (blob: Blob | MediaSource) => {
    const url = createObjectURL.call(URL, blob);
    if (blob instanceof Blob) blobs.set(url, blob);
    return url;
  };
  HTMLAnchorElement.prototype.click = function catchDownload(this: HTMLAnchorElement) {
    if (this.download) downloads.push({ name: this.download, text: blobs.get(this.href)?.text() ?? Promise.resolve('') });
    else click.call(this);
  };
  return Object.assign(
    () => {
      URL.createObjectURL = createObjectURL;
      HTMLAnchorElement.prototype.click = click;
    },
    { downloads },
  );
}
