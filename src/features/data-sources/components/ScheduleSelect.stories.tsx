import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import { CONNECTOR_LABELS, CONNECTOR_MESSAGES, SYNC_SCHEDULE_LABELS, SYNC_SCHEDULES } from '@domain/data/connectors';
import { API_ERRORS } from '@domain/errors';
import { withReason } from '@/lib/failure';
import { withSession } from '@/lib/testing/fixtures';
import { failure, heldRequest, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectShown } from '@/lib/testing/storyHelpers';
import { useDataSources } from '../api';
import { dataSourceApiRoutes, READ_ONLY_SESSION, SOURCES, withDataSession } from '../fixtures';
import { ScheduleSelect, type ScheduleSelectProps } from './ScheduleSelect';

let calls: MockCall[] = [];
/** The request a story holds in flight until it has seen what shows meanwhile. */
let held = heldRequest();

/** The select as a card shows it: with its source as the list reads it again after a save. */
function ScheduleOfListedSource({ source, disabled }: ScheduleSelectProps) {
  const { data } = useDataSources(undefined);
  return <ScheduleSelect source={data?.find((each) => each.id === source.id) ?? source} disabled={disabled} />;
}

const source = SOURCES.hubspot;
const schedulePath = `/api/data-sources/${source.id}/schedule`;
const scheduleWrites = () => calls.filter((call) => call.method === 'PUT' && call.path === schedulePath);
const combobox = (canvas: { getByRole: typeof screen.getByRole }) => canvas.getByRole('combobox', { name: new RegExp(`^${CONNECTOR_LABELS.schedule}`) });

const meta = {
  title: 'Data Sources/ScheduleSelect',
  component: ScheduleSelect,
  render: (args) => <ScheduleOfListedSource {...args} />,
  args: { source, disabled: false },
  decorators: [withSession('companyAdmin')],
  beforeEach: () => {
    const restore = mockFetch(dataSourceApiRoutes());
    calls = restore.calls;
    return restore;
  },
} satisfies Meta<typeof ScheduleSelect>;
export default meta;

type Story = StoryObj<typeof meta>;

/** "Every hour" is saved at once through the schedule call, said in a notice, and stays chosen. */
export const ChooseEveryHour: Story = {
  play: async ({ canvas, userEvent }) => {
    const select = combobox(canvas);
    await expect(select).toHaveTextContent(SYNC_SCHEDULE_LABELS[source.schedule]);
    await userEvent.click(select);
    const options = within(await screen.findByRole('listbox')).getAllByRole('option');
    await expect(options.map((option) => option.textContent)).toEqual(SYNC_SCHEDULES.map((schedule) => SYNC_SCHEDULE_LABELS[schedule]));
    await userEvent.click(screen.getByRole('option', { name: SYNC_SCHEDULE_LABELS.hourly }));

    await expectShown(() => screen.getByText(CONNECTOR_MESSAGES.scheduleSaved(source.name, 'hourly')));
    await expect(scheduleWrites().map((call) => call.body)).toEqual([{ schedule: 'hourly' }]);
    await waitFor(() => expect(combobox(canvas)).toHaveTextContent(SYNC_SCHEDULE_LABELS.hourly));
    await expect(combobox(canvas)).not.toHaveAttribute('aria-disabled');
  },
};

/** Choosing the schedule it already has saves nothing. */
export const SameChoiceSavesNothing: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(combobox(canvas));
    await userEvent.click(await screen.findByRole('option', { name: SYNC_SCHEDULE_LABELS[source.schedule] }));
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await expect(scheduleWrites()).toHaveLength(0);
  },
};

/** While saving, the choice shows and the select waits; refused, the stored schedule comes back with the reason. */
export const SaveFails: Story = {
  beforeEach: () => {
    held = heldRequest();
    const restore = mockFetch({ ...dataSourceApiRoutes(), [`PUT ${schedulePath}`]: { ...failure('internal_error'), until: held.released } });
    calls = restore.calls;
    return restore;
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(combobox(canvas));
    await userEvent.click(await screen.findByRole('option', { name: SYNC_SCHEDULE_LABELS.daily }));
    await waitFor(() => expect(combobox(canvas)).toHaveAttribute('aria-disabled', 'true'));
    await expect(combobox(canvas)).toHaveTextContent(SYNC_SCHEDULE_LABELS.daily);
    held.release();

    const reason = withReason(CONNECTOR_MESSAGES.scheduleFailed(source.name), new Error(API_ERRORS.internal_error.error));
    await expectShown(() => screen.getByText(reason));
    await expect(combobox(canvas)).toHaveTextContent(SYNC_SCHEDULE_LABELS[source.schedule]);
    await expect(combobox(canvas)).not.toHaveAttribute('aria-disabled');
  },
};

/** A user who may read the data but not manage it sees the schedule and cannot change it. */
export const CannotManage: Story = {
  args: { source: SOURCES.restApi, disabled: true },
  decorators: [withDataSession(READ_ONLY_SESSION)],
  play: async ({ canvas }) => {
    const select = combobox(canvas);
    await expect(select).toHaveTextContent(SYNC_SCHEDULE_LABELS[SOURCES.restApi.schedule]);
    await expect(select).toHaveAttribute('aria-disabled', 'true');
    await expect(select).not.toHaveAttribute('tabindex', '0');
    await expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  },
};
