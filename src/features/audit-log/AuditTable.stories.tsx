import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { DESKTOP_GLOBALS, expectCardsInFull, expectColumnsInFull } from '@/lib/testing/tables';
import { AuditTable } from './AuditTable';
import { AUDIT_ENTRIES, ERASURE_ENTRIES, REFUSED_ENTRY, SCRUB_ENTRY, SCRUBBED_EXPORT_ENTRY } from './fixtures';

const meta = {
  title: 'Administration/Audit Log/Entries',
  component: AuditTable,
  args: { entries: [...ERASURE_ENTRIES, ...AUDIT_ENTRIES] },
} satisfies Meta<typeof AuditTable>;
export default meta;

type Story = StoryObj<typeof meta>;

const rowOf = (canvasElement: HTMLElement, id: string) => {
  const row = canvasElement.querySelector<HTMLElement>(`[role="row"][data-id="${id}"]`);
  if (!row) throw new Error(`No row for ${id}`);
  return row;
};
const cellOf = (row: HTMLElement, field: string) => row.querySelector<HTMLElement>(`[role="gridcell"][data-field="${field}"]`)!;

/** A person's erasure: Navout replaced their identifiers, and the entries that named them show the hash. */
export const Erasure: Story = {
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByRole('grid', { name: 'Audit log entries' });
    const scrub = rowOf(canvasElement, SCRUB_ENTRY.id);
    await expect(cellOf(scrub, 'action')).toHaveTextContent("Erased person's identifiers replaced");
    await expect(cellOf(scrub, 'actor')).toHaveTextContent('Navout');
    await expect(cellOf(scrub, 'target')).toHaveTextContent('Person: j***@example.com');
    await expect(cellOf(scrub, 'changes')).toHaveTextContent('entries: 2; replacedBy: ["[erased:3f9a1c0be27d4a58]"]');
    const exported = rowOf(canvasElement, SCRUBBED_EXPORT_ENTRY.id);
    await expect(cellOf(exported, 'action')).toHaveTextContent("Person's data exported");
    await expect(cellOf(exported, 'target')).toHaveTextContent('Person: [erased:3f9a1c0be27d4a58]');
    await expect(cellOf(rowOf(canvasElement, REFUSED_ENTRY.id), 'changes')).toHaveTextContent('Refused: invalid_credentials');
  },
};

/** At phone width, a card per entry with each column's label beside its value. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvasElement }) => {
    const list = await within(canvasElement).findByRole('list', { name: 'Audit log entries' });
    const cards = await expectCardsInFull(list, ['When', 'Action', 'Actor', 'Address', 'Target', 'Change']);
    await expect(cards[0]).toHaveTextContent("Erased person's identifiers replaced");
    await expect(cards[0]).toHaveTextContent('Navout');
    await expectNoSidewaysScroll(canvasElement);
  },
};

/** 1440 px: the times, actions, actors' addresses and targets in full; long changes wrap rather than being cut. */
export const WideScreen: Story = {
  globals: DESKTOP_GLOBALS,
  play: async ({ canvasElement }) => {
    const grid = await within(canvasElement).findByRole('grid', { name: 'Audit log entries' });
    await expectColumnsInFull(grid, ['createdAt', 'action', 'actor', 'address', 'target', 'changes']);
  },
};
