import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { mockFetch } from '@/lib/testing/mockFetch';
import { ACME_IDENTIFIERS, PUBLISHED, publishedApiRoutes, withSurveySession } from '../../fixtures';
import { LOGO_FIELD_LABELS } from '../../styling/LogoFields';
import { editorValuesOf } from '../displayEditorForm';
import { withEditorForm } from './editorStoryHarness';
import { EditorStepFields } from './EditorStepFields';
import { GLOBAL_IDENTIFIERS_UNAVAILABLE } from './IdentifierOverrideSection';
import { RESET_THEME_LABEL } from './ThemeManagementStep';

const meta = {
  title: 'Surveys/LiveIQ/Custom Display/EditorStepFields',
  component: EditorStepFields,
  args: { step: 'themes', survey: PUBLISHED.satisfaction, global: ACME_IDENTIFIERS, globalUnavailable: false },
  decorators: [withEditorForm(), withSurveySession()],
  beforeEach: () => mockFetch(publishedApiRoutes()),
} satisfies Meta<typeof EditorStepFields>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Themes: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: RESET_THEME_LABEL })).toBeVisible();
    await expect(await canvas.findByText('Acme Green')).toBeVisible();
  },
};

const withLogo = editorValuesOf(PUBLISHED.satisfaction);
withLogo.settings.logo = { ...withLogo.settings.logo, enabled: true, url: 'https://cdn.acme.example/logo.png' };

/** The logo step shows the form's logo. */
export const Logo: Story = {
  args: { step: 'logo' },
  decorators: [withEditorForm({ values: withLogo })],
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: LOGO_FIELD_LABELS.url })).toHaveValue('https://cdn.acme.example/logo.png');
    await expect(canvas.getByRole('switch', { name: LOGO_FIELD_LABELS.enabled })).toBeChecked();
  },
};

export const Colours: Story = {
  args: { step: 'colours' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Primary Color' })).toBeVisible();
  },
};

/** The targeting step: the identifier override, the page rules and the audience; a failed load of the company's rules is said. */
export const TargetingWithoutCompanyRules: Story = {
  args: { step: 'targeting', globalUnavailable: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(GLOBAL_IDENTIFIERS_UNAVAILABLE)).toBeVisible();
    await expect(canvas.getByRole('switch', { name: 'Show on some pages only' })).not.toBeChecked();
    await expect(canvas.getByText('Show on some pages only')).toBeVisible();
  },
};
