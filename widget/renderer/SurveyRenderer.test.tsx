import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ANSWER_MESSAGES, BUILDER_MESSAGES } from '@domain/survey/messages';
import type { QuestionType } from '@domain/survey/types';
import { conditionalSurvey, everyTypeSurvey, question, survey, threeStepSurvey } from './fixtures';
import { SurveyRenderer, type SurveyRendererProps } from './SurveyRenderer';

function setup(props: Partial<SurveyRendererProps> = {}) {
  const all = { survey: everyTypeSurvey, mode: 'preview' as const, ...props };
  return { user: userEvent.setup(), ...render(<SurveyRenderer {...all} />) };
}

describe('SurveyRenderer: question types', () => {
  it('renders the control of every question type', () => {
    const onAnswersChange = vi.fn();
    setup({ onAnswersChange });
    expect(screen.getByRole('textbox', { name: /What is your name\?/ })).toHaveAttribute('placeholder', 'Your name');
    expect(screen.getByRole('textbox', { name: 'What is your name? (required)' })).toHaveAttribute('maxlength', '60');
    expect(screen.getByRole('textbox', { name: 'Tell us about your visit' }).tagName).toBe('TEXTAREA');
    for (const name of ['How did you hear of us?', 'How often do you visit?', 'Which store did you visit?']) {
      expect(within(screen.getByRole('radiogroup', { name })).getAllByRole('radio')).toHaveLength(name.startsWith('Which') ? 2 : 3);
    }
    expect(within(screen.getByRole('group', { name: 'What did you buy?' })).getAllByRole('checkbox')).toHaveLength(3);
    expect(within(screen.getByRole('combobox', { name: 'Your age group' })).getAllByRole('option')).toHaveLength(5);
    const rating = screen.getByRole('radiogroup', { name: /How would you rate your visit\?/ });
    expect(within(rating).getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    const party = screen.getByRole('spinbutton', { name: 'How many people were with you?' });
    expect(party).toHaveAttribute('min', '0');
    expect(party).toHaveAttribute('max', '20');
    expect(party).toHaveAttribute('step', '1');
    expect(screen.getByLabelText('When did you visit?')).toHaveAttribute('type', 'date');
    expect(screen.getByRole('textbox', { name: 'Your e-mail address' })).toHaveAttribute('type', 'email');
    fireEvent.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(onAnswersChange).toHaveBeenLastCalledWith({ return: 'yes' });
  });

  it.each([
    ['date', 'date'],
    ['datetime-local', 'datetime-local'],
    ['time', 'time'],
  ] as const)('uses the %s date format as the input type', (dateFormat, type) => {
    setup({ survey: survey([question('date', 'd', 'When?', { settings: { dateFormat } })]) });
    expect(screen.getByLabelText('When?')).toHaveAttribute('type', type);
  });

  it('answers a checkbox question with the chosen options in their order', () => {
    const onAnswersChange = vi.fn();
    setup({ onAnswersChange });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Beans' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Coffee' }));
    expect(onAnswersChange).toHaveBeenLastCalledWith({ bought: ['Coffee', 'Beans'] });
  });

  it.each(['multiple-choice', 'multiple_choice', 'single-choice', 'checkbox', 'dropdown'] as QuestionType[])(
    'says a %s question without options has none',
    (type) => {
      setup({ survey: survey([question(type, 'q', 'Pick one', { options: [] })]) });
      expect(screen.getByText(BUILDER_MESSAGES.noOptions(type))).toBeInTheDocument();
      expect(screen.getByText(`No options configured for this ${type} question`)).toBeInTheDocument();
    },
  );

  it('names an untitled question by its position, and rating runs to maxValue', () => {
    setup({ survey: survey([question('text', 'a', 'First'), question('rating', 'b', '', { settings: { maxValue: 7 } })]) });
    expect(within(screen.getByRole('radiogroup', { name: 'Question 2' })).getAllByRole('radio')).toHaveLength(7);
  });

  it('starts from the initial answers', () => {
    setup({ initialAnswers: { name: 'Ada', bought: ['Pastry'], score: 4, party: 3 } });
    expect(screen.getByRole('textbox', { name: /What is your name\?/ })).toHaveValue('Ada');
    expect(screen.getByRole('checkbox', { name: 'Pastry' })).toBeChecked();
    expect(screen.getByRole('radio', { name: '4' })).toBeChecked();
    expect(screen.getByRole('spinbutton', { name: 'How many people were with you?' })).toHaveValue(3);
  });
});

describe('SurveyRenderer: checking answers', () => {
  it('checks an answer when the field is left, and clears the message once it is fixed', async () => {
    const { user } = setup();
    const name = screen.getByRole('textbox', { name: /What is your name\?/ });
    // Leaving an untouched empty field says nothing yet.
    await user.click(name);
    await user.tab();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user.type(name, 'A');
    await user.tab();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ANSWER_MESSAGES.tooShort(2));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAccessibleDescription(ANSWER_MESSAGES.tooShort(2));

    await user.type(name, 'da');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(name).not.toHaveAttribute('aria-invalid');
  });

  it('checks e-mail and number answers with the domain messages', async () => {
    const { user } = setup();
    await user.type(screen.getByRole('textbox', { name: 'Your e-mail address' }), 'not-an-address');
    await user.type(screen.getByRole('spinbutton', { name: 'How many people were with you?' }), '25');
    await user.tab();
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([ANSWER_MESSAGES.range(0, 20), ANSWER_MESSAGES.email]);
  });

  it('on a failed Submit shows every error and focuses the first invalid field', async () => {
    const onSubmit = vi.fn();
    const { user } = setup({ onSubmit });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([ANSWER_MESSAGES.required, ANSWER_MESSAGES.required]);
    await waitFor(() => expect(screen.getByRole('textbox', { name: /What is your name\?/ })).toHaveFocus());
    expect(screen.getByRole('radiogroup', { name: /How would you rate/ })).toHaveAttribute('aria-invalid', 'true');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('in preview mode, a valid Submit says nothing was sent and calls nobody', async () => {
    const onSubmit = vi.fn();
    const { user } = setup({ onSubmit, initialAnswers: { name: 'Ada', score: 5 } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('status')).toHaveTextContent('This is a preview: your answers were checked but not sent.');
    expect(onSubmit).not.toHaveBeenCalled();
  });
});

describe('SurveyRenderer: live submission', () => {
  it('sends the visible answers, numbers as numbers, and thanks the visitor', async () => {
    const onSubmit = vi.fn().mockResolvedValue(undefined);
    const { user } = setup({
      mode: 'live',
      onSubmit,
      survey: survey([
        question('number', 'n', 'How many?'),
        question('yes-no', 'more', 'Anything else?'),
        question('text', 'what', 'What else?', { conditions: [{ id: 'c', targetQuestionId: 'more', operator: 'equals', value: 'no', action: 'hide' }] }),
      ]),
    });
    await user.type(screen.getByRole('spinbutton', { name: 'How many?' }), '3');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByRole('textbox', { name: 'What else?' }), 'More seats');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    expect(screen.queryByRole('textbox', { name: 'What else?' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));

    expect(onSubmit).toHaveBeenCalledWith({ n: 3, more: 'no' });
    const thanks = await screen.findByText('Thank you! Your answers have been submitted.');
    await waitFor(() => expect(thanks).toHaveFocus());
  });

  it('says so when sending fails, and keeps the answers', async () => {
    const { user } = setup({ mode: 'live', onSubmit: vi.fn().mockRejectedValue(new Error('offline')), initialAnswers: { name: 'Ada', score: 2 } });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your answers could not be sent. Please try again.');
    expect(screen.getByRole('textbox', { name: /What is your name\?/ })).toHaveValue('Ada');
  });
});

describe('SurveyRenderer: carousel', () => {
  it('counts visible questions only', async () => {
    const { user } = setup({ survey: { ...conditionalSurvey, settings: { ...conditionalSurvey.settings, display: { viewMode: 'carousel', showProgress: false, allowBackNavigation: false } } } });
    expect(screen.getByText('1 of 4')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '5' }));
    expect(screen.getByText('1 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('2 of 3')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Would you like our newsletter?' })).toHaveFocus();
    // Back navigation is off.
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
  });

  it('moves on with Enter in a field, and submits from the last step', async () => {
    const { user } = setup({ survey: threeStepSurvey });
    await user.type(screen.getByRole('textbox', { name: /What brought you here/ }), 'Prices{Enter}');
    expect(await screen.findByText('2 of 3')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('progressbar', { name: 'Survey progress' })).toHaveAttribute('aria-valuetext', '3 of 3');
    expect(within(screen.getByRole('radiogroup', { name: /recommend/ })).getAllByRole('radio')).toHaveLength(10);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('This is a preview: your answers were checked but not sent.')).toBeInTheDocument();
  });
});

describe('SurveyRenderer: header and styling', () => {
  it('shows the logo with its alt text, at its position, from the asset origin', () => {
    const { container } = setup({
      assetBase: 'https://navout.example/',
      survey: survey([], { settings: { logo: { enabled: true, url: '/api/files/abc', width: '120px', height: 'auto', position: 'right', margin: '0', objectFit: 'contain', borderRadius: '4px', opacity: 0.8 } } }),
    });
    const logo = screen.getByRole('img', { name: 'Logo' });
    expect(logo).toHaveAttribute('src', 'https://navout.example/api/files/abc');
    expect(logo).toHaveStyle({ width: '120px', opacity: '0.8' });
    expect(container.querySelector('.nv-header')).toHaveClass('nv-header--right');
  });

  it('puts the theme on the root as custom properties', () => {
    const { container } = setup({ settings: { ...everyTypeSurvey.settings, theme: { ...everyTypeSurvey.settings.theme, primaryColor: '#123456', fontFamily: 'Georgia' } } });
    const root = container.querySelector<HTMLElement>('.nv-root');
    expect(root?.style.getPropertyValue('--nv-primary')).toBe('#123456');
    expect(root?.style.getPropertyValue('--nv-font')).toContain('Georgia');
  });
});
