import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { DEFAULT_TRIGGER_SETTINGS } from '@domain/survey/collection';
import { DEFAULT_GLOBAL_IDENTIFIERS } from '@domain/survey/defaults';
import { acmeCompany } from '@/lib/testing/sessions';
import { ACME_TRIGGERS, embedCodeOf } from '../collectionFixtures';
import { ACME_IDENTIFIERS, withSurveySession } from '../fixtures';
import { stubClipboard } from '@/lib/testing/clipboard';
import { EmbedSnippetCard } from './EmbedSnippetCard';
import { embedSnippet } from './embedSnippets';

let clipboard: ReturnType<typeof stubClipboard>;

const meta = {
  title: 'Surveys/LiveIQ/Embed Code/EmbedSnippetCard',
  component: EmbedSnippetCard,
  args: { info: embedCodeOf(acmeCompany), triggers: ACME_TRIGGERS.triggerSettings, identifiers: ACME_IDENTIFIERS },
  decorators: [withSurveySession()],
  beforeEach: () => {
    clipboard = stubClipboard();
    return clipboard;
  },
} satisfies Meta<typeof EmbedSnippetCard>;
export default meta;

type Story = StoryObj<typeof meta>;

const code = (canvas: { getByRole: (role: string, options: { name: RegExp }) => HTMLElement }) =>
  (canvas.getByRole('textbox', { name: /code$/ }) as HTMLTextAreaElement).value;

/** The HTML tag by default, the React component on request; Copy takes the one shown. */
export const HtmlAndReact: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('button', { name: 'HTML Embed' })).toHaveAttribute('aria-pressed', 'true');
    await expect(code(canvas)).toBe(embedSnippet('html', args));
    await userEvent.click(canvas.getByRole('button', { name: 'React Component' }));
    await expect(code(canvas)).toBe(embedSnippet('react', args));
    await expect(canvas.getByRole('textbox', { name: 'React Component code' })).toHaveAttribute('readonly');
    await userEvent.click(canvas.getByRole('button', { name: 'Copy Code' }));
    await expect(clipboard.writes).toEqual([embedSnippet('react', args)]);
  },
};

/** A company with the default settings: no trigger, e-mail identifiers not required. */
export const Defaults: Story = {
  args: { triggers: DEFAULT_TRIGGER_SETTINGS, identifiers: DEFAULT_GLOBAL_IDENTIFIERS },
  play: async ({ canvas }) => {
    await expect(code(canvas)).toContain('data-trigger-type="none"');
    await expect(code(canvas)).toContain('data-require-identifier="false"');
  },
};
