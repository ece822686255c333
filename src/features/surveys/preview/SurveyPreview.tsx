import { useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import type { Answers, EmbedSettings, Survey, SurveySettings } from '@domain/survey/types';
import { RENDERER_CSS } from '@widget/renderer/css';
import { SurveyRenderer } from '@widget/renderer/SurveyRenderer';

export interface SurveyPreviewProps {
  survey: Survey;
  /** Styling to show; the survey's own settings when absent. */
  settings?: SurveySettings | EmbedSettings;
  /** 'preview' (the default) checks the answers on Submit and sends nothing. */
  mode?: 'preview' | 'live';
  onSubmit?: (answers: Answers) => void | Promise<void>;
  onAnswersChange?: (answers: Answers) => void;
  initialAnswers?: Answers;
  /** Names the preview's region for assistive technology. */
  'aria-label'?: string;
}

/**
 * The survey as a visitor will see it: the widget's renderer and stylesheet in a shadow root, as
 * the widget mounts them, so the dashboard's MUI styles cannot reach the survey and the survey's
 * cannot reach the dashboard.
 */
export function SurveyPreview({ survey, settings, mode = 'preview', onSubmit, onAnswersChange, initialAnswers, 'aria-label': ariaLabel = 'Survey preview' }: SurveyPreviewProps) {
  const [shadowRoot, setShadowRoot] = useState<ShadowRoot | null>(null);
  // A host keeps its shadow root for life (React may hand the same node over again).
  const host = useCallback((element: HTMLDivElement | null) => {
    if (element) setShadowRoot(element.shadowRoot ?? element.attachShadow({ mode: 'open' }));
  }, []);

  return (
    <div ref={host} role="region" aria-label={ariaLabel} data-testid="survey-preview">
      {shadowRoot &&
        createPortal(
          <>
            <style>{RENDERER_CSS}</style>
            <SurveyRenderer
              survey={survey}
              settings={settings}
              mode={mode}
              onSubmit={onSubmit}
              onAnswersChange={onAnswersChange}
              initialAnswers={initialAnswers}
            />
          </>,
          shadowRoot,
        )}
    </div>
  );
}
