import { expect, type Locator, type Page } from '@playwright/test';
import { currentTheme, DEMO, signIn, test, toggleThemeAndCheck } from './support';

/** The picker's types, in the order the survey asks them; the first two carry the condition. */
const QUESTIONS = [
  ['Yes / No', 'Do you shop with us online?'],
  ['Short Text', 'Which store do you visit most?'],
  ['Long Text', 'What could we do better?'],
  ['Multiple Choice', 'How did you hear about us?'],
  ['Checkboxes', 'Which departments did you visit?'],
  ['Dropdown', 'Which region do you live in?'],
  ['Rating', 'How satisfied are you overall?'],
  ['Date', 'When did you last visit?'],
  ['Email', 'Where can we reach you?'],
  ['Number', 'How many times a month do you shop?'],
  ['Single Choice', 'Would you recommend us?'],
] as const;

const snack = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();

async function addQuestions(page: Page) {
  await page.getByRole('button', { name: 'Add New Field' }).click();
  const editor = page.getByRole('dialog', { name: 'Create New Survey' });
  for (const [index, [type, title]] of QUESTIONS.entries()) {
    await editor.getByRole('button', { name: type, exact: true }).click();
    if (index === 0) await expect(editor.getByText('No previous questions available for conditions')).toBeVisible();
    await editor.getByRole('textbox', { name: /Question Title/ }).fill(title);
    if (index === 1) {
      // Hide the store question from those who shop online.
      await editor.getByRole('button', { name: 'Add Condition' }).click();
      await editor.getByRole('combobox', { name: 'If the answer to' }).click();
      await page.getByRole('option', { name: /Question 1/ }).click();
      await editor.getByRole('combobox', { name: 'Value' }).click();
      await page.getByRole('option', { name: 'Yes', exact: true }).click();
      await editor.getByRole('combobox', { name: 'Then' }).click();
      await page.getByRole('option', { name: 'Hide this question' }).click();
    }
    if (index === 2) {
      // A follow-up for those who do not shop online: hidden until Question 1 is answered No.
      await editor.getByRole('button', { name: 'Add Condition' }).click();
      await editor.getByRole('combobox', { name: 'If the answer to' }).click();
      await page.getByRole('option', { name: /Question 1/ }).click();
      await editor.getByRole('combobox', { name: 'Value' }).click();
      await page.getByRole('option', { name: 'No', exact: true }).click();
      await expect(editor.getByText(/this rule changes nothing/)).toBeVisible();
      await editor.getByRole('radio', { name: 'Show only when a rule matches' }).check();
      await expect(editor.getByText(/; hidden while Question 1 is unanswered or no rule matches\.$/)).toBeVisible();
      await expect(editor.getByText(/this rule changes nothing/)).toBeHidden();
    }
    await editor.getByRole('button', { name: 'Save Question' }).click();
    await expect(editor.getByRole('list', { name: `In this survey (${index + 1})` })).toBeVisible();
  }
  await editor.getByRole('button', { name: 'Review Survey' }).click();
  await expect(editor).toBeHidden();
  await expect(page.getByRole('heading', { name: `Questions (${QUESTIONS.length})` })).toBeVisible();
}

/** The question titles of the builder's list, in order. */
async function builderOrder(page: Page) {
  return page.getByRole('listitem', { name: /^Question \d+ \(/ }).evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')));
}

async function previewButtonColour(preview: Locator) {
  return preview.getByRole('button', { name: /Submit|Next/ }).first().evaluate((button) => getComputedStyle(button).backgroundColor);
}

for (const theme of ['light', 'dark'] as const) {
  test(`a company admin builds, drafts, publishes, runs, styles and removes a survey (${theme} theme)`, async ({ page }) => {
    test.setTimeout(240_000);
    const name = `E2E Shopper Survey ${theme}`;
    const renamed = `${name} (renamed)`;
    await signIn(page, DEMO.acmeAdmin);
    if ((await currentTheme(page)) !== theme) await toggleThemeAndCheck(page);

    // Build: every question type, and a condition on an earlier question.
    await page.goto('/zero-party/survey-creation');
    await page.getByRole('tab', { name: 'Survey Builder' }).click();
    await page.getByRole('button', { name: 'New Survey' }).click();
    await page.getByRole('textbox', { name: 'Survey Title' }).fill(name);
    await addQuestions(page);

    // The preview hides the store question for online shoppers and shows it again otherwise;
    // the Show-only-when follow-up waits for a No.
    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Survey preview' }).or(page.locator('[aria-label="Survey preview"]')).first();
    const storeQuestion = preview.getByText(QUESTIONS[1][1]);
    const followUp = preview.getByText(QUESTIONS[2][1]);
    await expect(storeQuestion).toBeVisible();
    await expect(followUp).toBeHidden();
    await preview.getByRole('radio', { name: 'Yes', exact: true }).first().check();
    await expect(storeQuestion).toBeHidden();
    await expect(followUp).toBeHidden();
    await preview.getByRole('radio', { name: 'No', exact: true }).first().check();
    await expect(storeQuestion).toBeVisible();
    await expect(followUp).toBeVisible();

    // Reorder with the keyboard: the long-text question moves above the short-text one.
    await page.getByRole('tab', { name: 'Survey Builder' }).click();
    const before = await builderOrder(page);
    await page.getByRole('button', { name: `Reorder Question 3 ("${QUESTIONS[2][1]}")` }).focus();
    // What the builder announces to a screen reader says where the drag stands.
    const announcement = page.locator('[id^="DndLiveRegion"]');
    await page.keyboard.press('Space');
    // Picked up, then over its own place once dnd-kit has measured the list.
    await expect(announcement).toContainText(`Question 3 ("${QUESTIONS[2][1]}") moved to position 3.`);
    // An arrow dnd-kit ignores (pressed while it still measures) is pressed again until the move is announced.
    await expect(async () => {
      if (!(await announcement.textContent())?.includes('moved to position 2.')) await page.keyboard.press('ArrowUp');
      await expect(announcement).toContainText(`Question 3 ("${QUESTIONS[2][1]}") moved to position 2.`, { timeout: 3_000 });
    }).toPass({ timeout: 20_000 });
    await page.keyboard.press('Space');
    await expect.poll(() => builderOrder(page)).toEqual([before[0], `Question 2 ("${QUESTIONS[2][1]}")`, `Question 3 ("${QUESTIONS[1][1]}")`, ...before.slice(3)]);

    // Save a draft, change it, and find the change auto-saved after a reload.
    await page.getByRole('button', { name: 'Save as Draft' }).click();
    const saveDialog = page.getByRole('dialog', { name: 'Save as Draft' });
    await saveDialog.getByRole('textbox', { name: /Draft Name/ }).fill(name);
    await saveDialog.getByRole('button', { name: 'Save Draft' }).click();
    await expect(snack(page, 'Draft saved successfully!')).toBeVisible();
    const autosaved = page.waitForResponse(
      (response) =>
        response.request().method() === 'PUT' &&
        /\/api\/surveys\/drafts\/[^/]+$/.test(new URL(response.url()).pathname) &&
        (response.request().postData() ?? '').includes('Five minutes about your last visit'),
    );
    await page.getByRole('textbox', { name: 'Survey Description' }).fill('Five minutes about your last visit');
    expect((await autosaved).ok()).toBe(true);
    await page.reload();
    await page.getByRole('tab', { name: 'Survey Builder' }).click();
    await expect(page.getByRole('textbox', { name: 'Survey Description' })).toHaveValue('Five minutes about your last visit');

    // Rename it in the drafts grid.
    await page.getByRole('tab', { name: 'Drafts' }).click();
    const draft = page.getByRole('article', { name });
    await draft.getByRole('heading', { name }).dblclick();
    const nameField = draft.getByRole('textbox', { name: 'Draft name' });
    await nameField.fill(renamed);
    await nameField.press('Enter');
    await expect(page.getByText('✅ Survey name saved successfully!')).toBeVisible();
    await expect(page.getByRole('article', { name: renamed })).toBeVisible();

    // Publish: the draft goes, the survey is in LiveIQ.
    await page.getByRole('article', { name: renamed }).getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(/\/zero-party\/survey-published/);
    await expect(snack(page, 'Survey published successfully and moved to published surveys!')).toBeVisible();
    const card = page.getByRole('article', { name: renamed });
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

    // Start with an end condition, then stop.
    await card.getByRole('button', { name: 'Start' }).click();
    const start = page.getByRole('dialog', { name: 'Start Survey' });
    await start.getByRole('radio', { name: 'After a number of days' }).check();
    await start.getByRole('button', { name: 'Start Survey' }).click();
    await expect(start.getByText('Please enter a valid number of days')).toBeVisible();
    await start.getByRole('spinbutton', { name: /Number of days/ }).fill('7');
    await start.getByRole('button', { name: 'Start Survey' }).click();
    await expect(snack(page, 'Survey started successfully!')).toBeVisible();
    await expect(card.getByText('Active', { exact: true })).toBeVisible();
    await expect(card.getByText('Ends in: 7 day(s)')).toBeVisible();
    await card.getByRole('button', { name: 'Stop' }).click();
    await expect(snack(page, 'Survey stopped successfully!')).toBeVisible();
    await expect(card.getByText('Inactive', { exact: true })).toBeVisible();

    // Style it: a new button colour changes the live preview; save, then keep it as a theme.
    await card.getByRole('button', { name: 'Customize Display' }).click();
    const livePreview = page.locator('[aria-label="Survey preview"]').first();
    // The published survey kept Show only when: its follow-up waits for an answer here too.
    await expect(livePreview.getByText(QUESTIONS[0][1])).toBeVisible();
    await expect(livePreview.getByText(QUESTIONS[2][1])).toBeHidden();
    const defaultColour = 'rgb(0, 123, 255)';
    await expect.poll(() => previewButtonColour(livePreview)).toBe(defaultColour);
    await page.getByRole('tab', { name: /Colours & Typography/ }).click();
    await page.getByRole('textbox', { name: 'Button Color', exact: true }).fill('#c2410c');
    const styledColour = 'rgb(194, 65, 12)';
    await expect.poll(() => previewButtonColour(livePreview)).toBe(styledColour);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(snack(page, 'Settings saved successfully!')).toBeVisible();

    const themeName = `Autumn ${theme}`;
    await page.getByRole('tab', { name: /Theme Management/ }).click();
    await page.getByRole('button', { name: 'Save Theme' }).click();
    const themeDialog = page.getByRole('dialog', { name: 'Save Theme' });
    await themeDialog.getByRole('textbox', { name: /Theme name/ }).fill(themeName);
    await themeDialog.getByRole('button', { name: 'Save Theme' }).click();
    await expect(snack(page, 'Theme saved successfully!')).toBeVisible();
    await page.getByRole('button', { name: 'Reset to Default' }).click();
    await expect(snack(page, 'Reset to default theme!')).toBeVisible();
    await expect.poll(() => previewButtonColour(livePreview)).toBe(defaultColour);
    await page.getByRole('button', { name: `Load ${themeName}` }).click();
    await expect(snack(page, `Theme "${themeName}" loaded successfully!`)).toBeVisible();
    await expect.poll(() => previewButtonColour(livePreview)).toBe(styledColour);

    // Edit makes a copy as a draft; the published survey stays.
    await page.getByRole('tab', { name: 'Deploy' }).click();
    await card.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Create Draft Copy' }).click();
    await expect(page).toHaveURL(/\/zero-party\/survey-creation/);
    await expect(page.getByRole('textbox', { name: 'Draft Name' })).toHaveValue(`${renamed} (Copy)`);

    // Delete the published survey.
    await page.goto('/zero-party/survey-published');
    await page.getByRole('article', { name: renamed }).getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(snack(page, 'Survey deleted successfully!')).toBeVisible();
    await expect(page.getByRole('article', { name: renamed })).toHaveCount(0);
  });
}
