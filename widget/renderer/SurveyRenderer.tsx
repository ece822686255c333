/**
 * The one survey renderer. Written against React's API only (hooks and JSX): the dashboard's
 * previews render it with React inside a shadow root, and the widget ships it with Preact
 * (`react` aliased to preact/compat), in a shadow root too, with the same stylesheet (css.ts).
 */
import { useEffect, useId, useRef, type CSSProperties, type RefObject } from 'react';
import { questionLabel } from '@domain/survey/check';
import type { Answers, EmbedSettings, Question, Survey, SurveyLogo, SurveySettings } from '@domain/survey/types';
import { isEmptyAnswer } from '@domain/survey/visibility';
import { RENDERER_LABELS } from './labels';
import { QuestionField } from './questions/QuestionField';
import { themeVars } from './themeVars';
import { useSurveyForm, type FocusRequest } from './useSurveyForm';

type SurveyForm = ReturnType<typeof useSurveyForm>;

export interface SurveyRendererProps {
  survey: Survey;
  /** Styling to wear; the survey's own settings when absent. */
  settings?: SurveySettings | EmbedSettings;
  /** 'preview' checks the answers and sends nothing; 'live' hands them to onSubmit. */
  mode: 'preview' | 'live';
  /** Live mode: receives the answers of the visible questions; a rejection shows a retry message. */
  onSubmit?: (answers: Answers) => void | Promise<void>;
  /** Every change, with all answers so far (hidden questions' included). */
  onAnswersChange?: (answers: Answers) => void;
  /** Answers to start from; read once, when the survey mounts. */
  initialAnswers?: Answers;
  /**
   * Origin that a stored logo's address (/api/files/…) is relative to: the widget runs on a
   * customer's site, where a relative address would point at the customer's server.
   */
  assetBase?: string;
}

export function SurveyRenderer({ survey, settings = survey.settings, mode, onSubmit, onAnswersChange, initialAnswers, assetBase }: SurveyRendererProps) {
  const { display } = settings;
  const carousel = display.viewMode === 'carousel';
  const form = useSurveyForm({ survey, mode, carousel, initialAnswers, onSubmit, onAnswersChange });
  const { visible, current, status, focus } = form;

  const uid = useId();
  const titleId = `${uid}-title`;
  const containers = useRef(new Map<string, HTMLDivElement>());
  const doneRef = useRef<HTMLDivElement>(null);
  useFocusWhereSurveyWent(focus, containers, doneRef);

  const title = survey.title.trim();
  const shown = carousel ? visible.slice(current, current + 1) : visible;
  const last = current >= visible.length - 1;
  const answered = visible.filter((question) => !isEmptyAnswer(form.answers[question.id])).length;

  return (
    // Custom properties are not in React's CSSProperties; both React and Preact set them.
    <div className="nv-root" style={themeVars(settings) as CSSProperties}>
      <div className="nv-survey">
        <SurveyHeader logo={settings.logo} title={title} titleId={titleId} description={survey.description.trim()} assetBase={assetBase} />
        {status === 'submitted' ? (
          <div className="nv-done" ref={doneRef} tabIndex={-1} role="status">
            {RENDERER_LABELS.thankYou}
          </div>
        ) : (
          <form
            className="nv-form"
            noValidate
            aria-labelledby={title ? titleId : undefined}
            onSubmit={(event) => {
              event.preventDefault();
              // Enter in a field moves a carousel on, like Next; on the last step it submits.
              if (carousel && !last) form.next();
              else void form.submit();
            }}
          >
            {display.showProgress && visible.length > 0 && (
              <Progress
                value={carousel ? current + 1 : answered}
                total={visible.length}
                text={carousel ? RENDERER_LABELS.counter(current + 1, visible.length) : RENDERER_LABELS.answered(answered, visible.length)}
              />
            )}
            <QuestionList questions={shown} survey={survey} form={form} idBase={uid} containers={containers} />
            {visible.length > 0 && (
              <StepActions form={form} carousel={carousel} canGoBack={display.allowBackNavigation} />
            )}
            {/* Present from the start, so screen readers announce what appears in it. */}
            <div className="nv-status" role="status">
              {status === 'previewed' && <p className="nv-notice">{RENDERER_LABELS.previewNotice}</p>}
            </div>
            {status === 'failed' && (
              <p className="nv-error nv-submit-error" role="alert">
                {RENDERER_LABELS.submitFailed}
              </p>
            )}
          </form>
        )}
      </div>
    </div>
  );
}

/**
 * Keyboard and screen-reader users land where the survey went: the new step's heading, the first
 * answer to fix, or the thank-you.
 */
function useFocusWhereSurveyWent(focus: FocusRequest | null, containers: RefObject<Map<string, HTMLDivElement>>, doneRef: RefObject<HTMLDivElement | null>) {
  // Runs when focus changes: the refs are the same objects on every render.
  useEffect(() => {
    if (!focus) return;
    if (focus.target === 'done') {
      doneRef.current?.focus();
      return;
    }
    const container = focus.questionId ? containers.current.get(focus.questionId) : undefined;
    if (!container) return;
    const title = container.querySelector<HTMLElement>('.nv-question-title');
    const field =
      container.querySelector<HTMLElement>('input:checked') ?? container.querySelector<HTMLElement>('input, select, textarea');
    (focus.target === 'field' ? (field ?? title) : title)?.focus();
  }, [focus, containers, doneRef]);
}

interface QuestionListProps {
  /** The questions on screen: the carousel's step, or every visible one. */
  questions: Question[];
  survey: Survey;
  form: SurveyForm;
  idBase: string;
  /** Each question's container by id, where focus is looked for. */
  containers: RefObject<Map<string, HTMLDivElement>>;
}

function QuestionList({ questions, survey, form, idBase, containers }: QuestionListProps) {
  return (
    <div className="nv-questions">
      {questions.map((question) => {
        const index = survey.questions.indexOf(question);
        return (
          <QuestionField
            key={question.id}
            question={question}
            title={question.title.trim() || questionLabel(question, index)}
            answer={form.answers[question.id]}
            error={form.errorOf(question)}
            idBase={`${idBase}-q${index}`}
            onChange={(value) => form.answer(question, value)}
            onLeave={() => form.leave(question)}
            containerRef={(element) => {
              if (element) containers.current.set(question.id, element);
              else containers.current.delete(question.id);
            }}
          />
        );
      })}
    </div>
  );
}

interface StepActionsProps {
  form: SurveyForm;
  carousel: boolean;
  canGoBack: boolean;
}

function StepActions({ form, carousel, canGoBack }: StepActionsProps) {
  const { current, status } = form;
  const total = form.visible.length;
  const last = current >= total - 1;
  return (
    <div className="nv-actions">
      {carousel && <p className="nv-counter">{RENDERER_LABELS.counter(current + 1, total)}</p>}
      {carousel && canGoBack && current > 0 && (
        <button type="button" className="nv-button nv-button--secondary" onClick={form.previous}>
          {RENDERER_LABELS.previous}
        </button>
      )}
      {/* Keyed apart: reusing Next's element as the submit button while its click is still
          being handled would submit the survey from the second-to-last question. */}
      {carousel && !last ? (
        <button key="next" type="button" className="nv-button" onClick={form.next}>
          {RENDERER_LABELS.next}
        </button>
      ) : (
        <button key="submit" type="submit" className="nv-button" disabled={status === 'submitting'}>
          {status === 'submitting' ? RENDERER_LABELS.submitting : RENDERER_LABELS.submit}
        </button>
      )}
    </div>
  );
}

interface SurveyHeaderProps {
  logo: SurveyLogo;
  title: string;
  titleId: string;
  description: string;
  assetBase?: string;
}

function SurveyHeader({ logo, title, titleId, description, assetBase }: SurveyHeaderProps) {
  const showLogo = logo.enabled && logo.url !== '';
  if (!showLogo && !title && !description) return null;
  const src = assetBase && logo.url.startsWith('/') ? assetBase.replace(/\/+$/, '') + logo.url : logo.url;
  return (
    <div className={`nv-header nv-header--${logo.position}`}>
      {showLogo && (
        <img
          className="nv-logo"
          src={src}
          alt={RENDERER_LABELS.logo}
          style={{
            width: logo.width,
            height: logo.height,
            margin: logo.margin,
            objectFit: logo.objectFit,
            borderRadius: logo.borderRadius,
            opacity: String(logo.opacity),
          }}
        />
      )}
      {(title || description) && (
        <div className="nv-header-text">
          {title && (
            <h2 className="nv-title" id={titleId}>
              {title}
            </h2>
          )}
          {description && <p className="nv-description">{description}</p>}
        </div>
      )}
    </div>
  );
}

interface ProgressProps {
  value: number;
  total: number;
  text: string;
}

function Progress({ value, total, text }: ProgressProps) {
  const percent = total > 0 ? Math.round((value / total) * 100) : 0;
  return (
    <div
      className="nv-progress"
      role="progressbar"
      aria-label={RENDERER_LABELS.progress}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      aria-valuetext={text}
    >
      <div className="nv-progress-bar" style={{ width: `${percent}%` }} />
    </div>
  );
}
