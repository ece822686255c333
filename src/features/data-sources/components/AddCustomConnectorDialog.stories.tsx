import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, screen, waitFor, within } from 'storybook/test';
import { CUSTOM_CONNECTOR_LABELS } from '@domain/data/customConnectors';
import { mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { expectShown } from '@/lib/testing/storyHelpers';
import { dataSourceApiRoutes, STORY_CUSTOM_CONNECTORS, STORY_CUSTOM_DEFINITION } from '../fixtures';
import { AddCustomConnectorDialog } from './AddCustomConnectorDialog';

let calls: MockCall[] = [];

const meta = {
  title: 'Data Sources/AddCustomConnectorDialog',
  component: AddCustomConnectorDialog,
  args: { open: true, companyId: undefined, onClose: fn(), onAdded: fn() },
  beforeEach: () => {
    // No connector yet: a definition of any name is new.
    const restore = mockFetch(dataSourceApiRoutes({ customConnectors: [] }));
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof AddCustomConnectorDialog>;
export default meta;

type Story = StoryObj<typeof meta>;

const dialog = async () => within(await screen.findByRole('dialog', { name: CUSTOM_CONNECTOR_LABELS.addTitle }));
const field = (form: Awaited<ReturnType<typeof dialog>>) => form.getByRole('textbox', { name: new RegExp(`^${CUSTOM_CONNECTOR_LABELS.definition.replace(/[()]/g, '\\$&')}`) });
const text = JSON.stringify(STORY_CUSTOM_DEFINITION, null, 2);

/** A pasted definition is read as the server reads it, then stored. */
export const PasteDefinition: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog();
    await userEvent.click(field(form));
    await userEvent.paste(text);
    await userEvent.click(form.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.save }));
    await waitFor(() => expect(args.onAdded).toHaveBeenCalledWith(expect.objectContaining({ name: 'Field Sales CRM', fields: ['id', 'email', 'full_name', 'region'] })));
    await expect(calls.find((call) => call.method === 'POST' && call.path === '/api/data-sources/custom-connectors')?.body).toEqual({ definition: text });
  },
};

/** A mistake is named by its path in the definition before anything is sent. */
export const NamesTheFieldPath: Story = {
  play: async ({ args, userEvent }) => {
    const form = await dialog();
    const wrong = JSON.parse(text) as typeof STORY_CUSTOM_DEFINITION & { streams: Array<{ retriever: { paginator: Record<string, unknown> } }> };
    wrong.streams[0]!.retriever.paginator.max_pages = 'many';
    await userEvent.click(field(form));
    await userEvent.paste(JSON.stringify(wrong));
    await userEvent.click(form.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.save }));
    await expectShown(() => form.getByText(/^streams\[0\]\.retriever\.paginator\.max_pages: /));
    await expect(field(form)).toHaveAttribute('aria-invalid', 'true');
    await expect(args.onAdded).not.toHaveBeenCalled();
    await expect(calls.some((call) => call.method === 'POST')).toBe(false);
  },
};

/** The server's refusal (a name the company already uses) shows on the field. */
export const NameTaken: Story = {
  beforeEach: () => mockFetch(dataSourceApiRoutes()),
  play: async ({ args, userEvent }) => {
    const form = await dialog();
    await userEvent.click(field(form));
    await userEvent.paste(text);
    await userEvent.click(form.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.save }));
    await expectShown(() => form.getByText('A custom connector named Field Sales CRM already exists.'));
    await expect(args.onAdded).not.toHaveBeenCalled();
  },
};

/** An uploaded .json file fills the field. */
export const UploadFile: Story = {
  play: async ({ canvasElement, userEvent }) => {
    const form = await dialog();
    const input = canvasElement.ownerDocument.querySelector('input[type="file"]') as HTMLInputElement;
    await userEvent.upload(input, new File([text], 'crm.json', { type: 'application/json' }));
    await waitFor(() => expect(field(form)).toHaveValue(text));
  },
};

/** Edit: the stored definition fills the field; Save stores a new version (here with one more field) in place of the old. */
export const EditDefinition: Story = {
  args: { connector: STORY_CUSTOM_CONNECTORS[0], onUpdated: fn() },
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes());
    calls = restore.calls;
    return restore;
  },
  play: async ({ args, userEvent }) => {
    const form = within(await screen.findByRole('dialog', { name: CUSTOM_CONNECTOR_LABELS.editTitle }));
    const stored = JSON.stringify(STORY_CUSTOM_CONNECTORS[0]!.definition, null, 2);
    await expect(field(form)).toHaveValue(stored);
    const changed = JSON.parse(stored) as typeof STORY_CUSTOM_DEFINITION;
    (changed.streams[0]!.fields as Record<string, string>).phone = 'phone';
    await userEvent.clear(field(form));
    await userEvent.click(field(form));
    await userEvent.paste(JSON.stringify(changed));
    await userEvent.click(form.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.saveChanges }));
    await waitFor(() => expect(args.onUpdated).toHaveBeenCalledWith(expect.objectContaining({ id: STORY_CUSTOM_CONNECTORS[0]!.id, fields: ['id', 'email', 'full_name', 'region', 'phone'] })));
    await expect(calls.find((call) => call.method === 'PUT')).toMatchObject({ path: `/api/data-sources/custom-connectors/${STORY_CUSTOM_CONNECTORS[0]!.id}`, body: { definition: JSON.stringify(changed) } });
    await expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await expect(args.onAdded).not.toHaveBeenCalled();
  },
};

/** Editing into another connector's name is refused on the field, naming the name. */
export const EditNameTaken: Story = {
  args: { connector: STORY_CUSTOM_CONNECTORS[0], onUpdated: fn() },
  beforeEach: () => mockFetch(dataSourceApiRoutes()),
  play: async ({ args, userEvent }) => {
    const form = within(await screen.findByRole('dialog', { name: CUSTOM_CONNECTOR_LABELS.editTitle }));
    await userEvent.clear(field(form));
    await userEvent.click(field(form));
    await userEvent.paste(JSON.stringify({ ...STORY_CUSTOM_DEFINITION, name: STORY_CUSTOM_CONNECTORS[1]!.name }));
    await userEvent.click(form.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.saveChanges }));
    await expectShown(() => form.getByText(`A custom connector named ${STORY_CUSTOM_CONNECTORS[1]!.name} already exists.`));
    await expect(args.onUpdated).not.toHaveBeenCalled();
  },
};

/** At phone width the dialog takes the screen and the definition wraps inside its field. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async (context) => {
    const form = await dialog();
    await context.userEvent.click(field(form));
    await context.userEvent.paste(text);
    await expect(form.getByRole('button', { name: CUSTOM_CONNECTOR_LABELS.upload })).toBeVisible();
    await expectNoSidewaysScroll(context.canvasElement);
  },
};
