import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, screen, waitFor, within } from 'storybook/test';
import type { CompanySso } from '@domain/auth/types';
import { ACME_SSO, adminApiRoutes, BOB_SSO, SESSIONS, USERS, withSession } from '@/lib/testing/fixtures';
import { failure, mockFetch, type MockCall } from '@/lib/testing/mockFetch';
import { expectNoSidewaysScroll, PHONE_GLOBALS } from '@/lib/testing/phone';
import { expectShown } from '@/lib/testing/storyHelpers';
import { SsoPanel } from './SsoPanel';

const acmeSsoPath = `/api/companies/${USERS.alice.companyId}/sso`;

/** The requests the story's stand-in BFF received. */
let calls: MockCall[] = [];

const meta = {
  title: 'Administration/Users/SsoPanel',
  component: SsoPanel,
  decorators: [withSession('companyAdmin')],
  beforeEach: () => {
    const restore = mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin }));
    calls = restore.calls;
    return restore;
  },
  args: { companyId: USERS.alice.companyId },
} satisfies Meta<typeof SsoPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

type Canvas = Parameters<NonNullable<Story['play']>>[0]['canvas'];

const events = async (canvas: Canvas) =>
  within(await canvas.findByRole('list', { name: 'Single sign-on events' })).getAllByRole('listitem');
const linkingSwitch = (canvas: Canvas) => canvas.getByRole('switch', { name: /Link active accounts at their first single sign-on/ });

/** Links, unlinks and refused sign-ins, newest first, each refusal with its reason in plain words. */
export const WithEvents: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Single Sign-On' })).toBeVisible();
    const shown = await events(canvas);
    await expect(shown).toHaveLength(ACME_SSO.events.length);
    await expect(shown[0]).toHaveTextContent(
      `Refused 00u3xq7mallory as ${USERS.bob.email}: the account is linked to another identity`,
    );
    await expect(shown[1]).toHaveTextContent(
      `Refused 00u5ivy2invitee as ${USERS.ivy.email}: the provider did not vouch for the e-mail address`,
    );
    await expect(shown[2]).toHaveTextContent(`Linked ${USERS.bob.email} to ${BOB_SSO.subject}`);
    await expect(shown[3]).toHaveTextContent(`${USERS.alice.name} unlinked ${USERS.bob.email} from 00u1bob0laptop`);
    await expect(canvas.getByRole('alert')).toHaveTextContent('2 refused sign-ins among the latest events.');

    await expect(linkingSwitch(canvas)).not.toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Verified e-mail domains' })).toHaveValue('acme.example');
  },
};

/** The administrator allows linking and vouches for a second domain; the saved settings come back as the server keeps them. */
export const EditSettings: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('switch', { name: /Link active accounts/ }));
    await expect(linkingSwitch(canvas)).toBeChecked();
    const domains = canvas.getByRole('textbox', { name: 'Verified e-mail domains' });
    await userEvent.clear(domains);
    await userEvent.type(domains, 'acme.example, Acme-Stores.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Single Sign-On Settings' }));

    await expectShown(() => screen.getByText('Single sign-on settings saved'));
    const saved = calls.find((call) => call.method === 'PUT' && call.path === acmeSsoPath);
    await expect(saved?.body).toEqual({ verifiedDomains: ['acme.example', 'Acme-Stores.example'], allowLinking: true });
    // The form starts again from what was saved: lower-case, sorted.
    await waitFor(() =>
      expect(canvas.getByRole('textbox', { name: 'Verified e-mail domains' })).toHaveValue('acme-stores.example, acme.example'),
    );
    await expect(linkingSwitch(canvas)).toBeChecked();
  },
};

export const SaveFails: Story = {
  beforeEach: () =>
    mockFetch({
      ...adminApiRoutes({ session: SESSIONS.companyAdmin }),
      // The server names the first field that failed, as it does for every invalid body.
      [`PUT ${acmeSsoPath}`]: failure('validation_failed', {
        error: 'Enter a domain such as acme.example',
        message: 'Check these fields: verifiedDomains[1].',
        fields: { 'verifiedDomains[1]': 'Enter a domain such as acme.example' },
      }),
    }),
  play: async ({ canvas, userEvent }) => {
    const domains = await canvas.findByRole('textbox', { name: 'Verified e-mail domains' });
    await userEvent.type(domains, ', acme');
    await userEvent.click(canvas.getByRole('button', { name: 'Save Single Sign-On Settings' }));
    await expectShown(() => screen.getByText('Failed to save single sign-on settings: Enter a domain such as acme.example'));
    // What was typed stays, to be corrected.
    await expect(domains).toHaveValue('acme.example, acme');
    await expect(canvas.getByRole('button', { name: 'Save Single Sign-On Settings' })).toBeEnabled();
  },
};

const noSso: CompanySso = { verifiedDomains: [], allowLinking: true, events: [] };

/** A company whose users have not used single sign-on yet. */
export const Empty: Story = {
  beforeEach: () => mockFetch(adminApiRoutes({ session: SESSIONS.companyAdmin, sso: noSso })),
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No single sign-on links or refused sign-ins yet.')).toBeVisible();
    await expect(canvas.queryByRole('list', { name: 'Single sign-on events' })).not.toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(linkingSwitch(canvas)).toBeChecked();
    await expect(canvas.getByRole('textbox', { name: 'Verified e-mail domains' })).toHaveValue('');
  },
};

/** At phone width the long event lines and the switch's label wrap: nothing scrolls sideways. */
export const Phone: Story = {
  globals: PHONE_GLOBALS,
  play: async ({ canvas, canvasElement }) => {
    await expect(await events(canvas)).toHaveLength(ACME_SSO.events.length);
    await expect(canvas.getByRole('button', { name: 'Save Single Sign-On Settings' })).toBeVisible();
    await expectNoSidewaysScroll(canvasElement);
  },
};

export const LoadFails: Story = {
  beforeEach: () => mockFetch({ [`GET ${acmeSsoPath}`]: failure('internal_error', { error: 'Database unavailable' }) }),
  play: async ({ canvas }) => {
    await expectShown(() => canvas.getByText('Failed to load single sign-on settings'));
    await expectShown(() => canvas.getByRole('button', { name: 'Retry' }));
  },
};

export const Loading: Story = {
  beforeEach: () => mockFetch({ [`GET ${acmeSsoPath}`]: { delayMs: Infinity } }),
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading…')).toBeVisible();
  },
};
