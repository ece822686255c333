/**
 * The widget's renderer bundle (widget/vite.config.ts builds it with Preact): mounts the survey
 * in a shadow root, with the same stylesheet the dashboard's preview uses, so neither the host
 * page's CSS nor the survey's can reach the other. The loader (widget/loader) imports this module
 * with import() only when a survey must show.
 */
import { h, render, type FunctionComponent } from 'preact';
import { adoptStyles } from '../shadowStyles';
import { RENDERER_CSS } from './css';
import { SurveyRenderer, type SurveyRendererProps } from './SurveyRenderer';

export type { SurveyRendererProps } from './SurveyRenderer';
export { RENDERER_CSS } from './css';
// What a live survey sends, for the loader's saves of partial answers (visible questions only).
export { submittedAnswers } from './useSurveyForm';

export interface MountedSurvey {
  /** Renders again with new props (answers typed so far are kept). */
  update: (props: SurveyRendererProps) => void;
  unmount: () => void;
}

export interface MountOptions {
  /** Where in the shadow root the survey goes (the loader's dialog); the root itself by default. */
  container?: Element;
  /** The host page's nonce, for the <style> used where constructed stylesheets are missing. */
  nonce?: string;
}

/**
 * Mounts a survey into `target`: a shadow root, or an element that hosts one (its open shadow
 * root, attached when it has none). The stylesheet is adopted, not inlined, so a strict
 * Content-Security-Policy (style-src without 'unsafe-inline') lets it apply.
 */
export function mountSurvey(target: ShadowRoot | Element, props: SurveyRendererProps, options: MountOptions = {}): MountedSurvey {
  const root = target instanceof ShadowRoot ? target : (target.shadowRoot ?? target.attachShadow({ mode: 'open' }));
  adoptStyles(root, 'renderer', RENDERER_CSS, options.nonce);
  const container = document.createElement('div');
  (options.container ?? root).append(container);
  // SurveyRenderer is typed with React's types; in this build `react` is preact/compat, so the
  // same function is a Preact component.
  const component = SurveyRenderer as unknown as FunctionComponent<SurveyRendererProps>;
  const draw = (next: SurveyRendererProps) => render(h(component, next), container);
  draw(props);
  return {
    update: draw,
    unmount: () => {
      render(null, container);
      container.remove();
    },
  };
}
