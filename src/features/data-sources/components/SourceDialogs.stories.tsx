import type { Meta, StoryObj } from '@storybook/react-vite';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { catalogueSource } from '@domain/data/catalogue';
import { DATA_SOURCE_LABELS } from '@domain/data/sources';
import { withSession } from '@/lib/testing/fixtures';
import { mockFetch } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { ACME_SOURCES, dataSourceApiRoutes, SOURCES, withConnectors } from '../fixtures';
import { SourceDialogs, type SourceDialogsProps } from './SourceDialogs';
import { useSourceDialogs } from './useSourceDialogs';

const salesforce = catalogueSource('salesforce')!;
/** The settings as they were when the dialog was opened; the list has saved a new name since. */
const OPENED_SETTINGS = { ...SOURCES.googleAnalytics, name: 'Web analytics (before the save)' };

/** The screen's buttons that open the dialogs, and the dialogs. */
function DialogsWithOpeners(props: Omit<SourceDialogsProps, 'dialogs'>) {
  const dialogs = useSourceDialogs();
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={() => dialogs.open.connect({ entry: salesforce })}>Connect Salesforce</Button>
        <Button onClick={() => dialogs.open.settings(OPENED_SETTINGS)}>Google Analytics settings</Button>
        <Button onClick={() => dialogs.open.remove(SOURCES.hubspot)}>Delete HubSpot</Button>
      </Stack>
      <SourceDialogs dialogs={dialogs} {...props} />
    </>
  );
}

const meta = {
  title: 'Data Sources/SourceDialogs',
  component: DialogsWithOpeners,
  parameters: { layout: 'padded' },
  decorators: [withConnectors, withSession('companyAdmin')],
  beforeEach: () => mockFetch(dataSourceApiRoutes()),
  args: {
    sources: ACME_SOURCES,
    canManage: true,
    showsCustom: true,
    companyId: undefined,
    onConfigureMapping: fn(),
    onDelete: fn(),
  },
} satisfies Meta<typeof DialogsWithOpeners>;
export default meta;

type Story = StoryObj<typeof meta>;

const DELETE_QUESTION = 'Are you sure you want to delete HubSpot? Its 3,120 records will be deleted with it. This action cannot be undone.';

/** Delete asks first; once confirmed it hands the source over and closes, its question shown to the end. */
export const DeleteConfirms: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete HubSpot' }));
    const dialog = await screen.findByRole('dialog', { name: DATA_SOURCE_LABELS.deleteSource });
    await expect(dialog).toHaveTextContent(DELETE_QUESTION);
    await userEvent.click(within(dialog).getByRole('button', { name: DATA_SOURCE_LABELS.delete }));
    await expect(args.onDelete).toHaveBeenCalledWith(SOURCES.hubspot);
    // Closing, it still asks what it asked.
    await expect(dialog).toHaveTextContent(DELETE_QUESTION);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** The settings show the source as the list has it, saved, not as it was when opened; Cancel closes them. */
export const SettingsFromTheList: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Google Analytics settings' }));
    const dialog = await screen.findByRole('dialog', { name: `${SOURCES.googleAnalytics.name} Settings` });
    await expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue(SOURCES.googleAnalytics.name);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** A source gone from the list (deleted elsewhere): its settings do not open. */
export const SettingsOfAGoneSource: Story = {
  args: { sources: ACME_SOURCES.filter((source) => source.id !== SOURCES.googleAnalytics.id) },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Google Analytics settings' }));
    await expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  },
};

/** Connect opens the catalogue entry's form; Cancel closes it. */
export const Connect: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Connect Salesforce' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect Salesforce' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  },
};

/** A phone: the delete question fits the screen, nothing sideways. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete HubSpot' }));
    await expect(await screen.findByRole('dialog', { name: DATA_SOURCE_LABELS.deleteSource })).toHaveTextContent(DELETE_QUESTION);
    await expectNoSidewaysScroll(canvasElement);
  },
};
