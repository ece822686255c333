/** Dates and figures of the Outbound API screen, in the reader's locale. */
const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const number = new Intl.NumberFormat();

export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
export const formatCount = (value: number) => number.format(value);
export const formatMs = (value: number | null) => (value === null ? '–' : `${number.format(value)} ms`);
